package orch

import (
	"maps"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
)

var charmIndex = func() map[string]*charmDef {
	m := make(map[string]*charmDef, len(catalogue))
	for i := range catalogue {
		m[catalogue[i].Name] = &catalogue[i]
	}
	return m
}()

var (
	risks  = []string{"stable", "candidate", "beta", "edge"}
	baseRE = regexp.MustCompile(`^[a-z]+@[0-9]+\.[0-9]+$`)
)

// normalizeChannel returns "<track>/<risk>" for a channel given as
// "<track>/<risk>" or "<risk>".
func normalizeChannel(field, ch string) (string, error) {
	parts := strings.Split(ch, "/")
	switch {
	case len(parts) == 1 && slices.Contains(risks, parts[0]):
		return "latest/" + parts[0], nil
	case len(parts) == 2 && parts[0] != "" && slices.Contains(risks, parts[1]):
		return ch, nil
	case len(parts) == 3:
		return "", badRequest(field, "%q: channel branches are not supported; use <track>/<risk>", ch)
	}
	return "", badRequest(field, "%q is not a channel: use <track>/<risk> with risk one of %s", ch, strings.Join(risks, ", "))
}

// checkBase checks the form of a base.
func checkBase(field, base string) error {
	if !baseRE.MatchString(base) {
		return badRequest(field, "%q %s, for example %s", base, api.BaseForm, jammy)
	}
	return nil
}

// charmQuery is what a lookup asks for; Fields names the request fields for
// errors.
type charmQuery struct {
	Name, Channel, Base, Arch string
	Revision                  int
	// PreferredBase is used when Base is empty and the revision supports it
	// (the model's default-base).
	PreferredBase string
	Prefix        string // "" for GET /v1/charms, "charm." for applications
	NameField     string
}

// resolvedCharm is a charm revision chosen by a lookup.
type resolvedCharm struct {
	def     *charmDef
	rev     revisionDef
	channel string
	base    string
	arch    string
}

func (q charmQuery) field(name string) string { return q.Prefix + name }

func resolveCharm(q charmQuery) (*resolvedCharm, error) {
	def, ok := charmIndex[q.Name]
	if !ok {
		return nil, notFoundField(q.NameField, "charm %q not found in the charm store", q.Name)
	}
	arch := q.Arch
	if arch == "" {
		arch = api.DefaultArchitecture
	}
	if !slices.Contains(api.Architectures, arch) {
		return nil, badRequest(q.field("architecture"), "%q is not an architecture (%s)", arch, strings.Join(api.Architectures, ", "))
	}
	if q.Base != "" {
		if err := checkBase(q.field("base"), q.Base); err != nil {
			return nil, err
		}
	}
	if q.Revision < 0 {
		return nil, badRequest(q.field("revision"), "must not be negative")
	}
	channel := def.DefaultChannel
	if q.Channel != "" {
		var err error
		if channel, err = normalizeChannel(q.field("channel"), q.Channel); err != nil {
			return nil, err
		}
	}
	released, ok := def.Channels[channel]
	if !ok {
		return nil, notFoundField(q.field("channel"), "charm %q has no channel %q (channels: %s)", def.Name, channel, strings.Join(sortedKeys(def.Channels), ", "))
	}
	fits := func(r revisionDef) bool {
		return slices.Contains(r.Archs, arch) && (q.Base == "" || slices.Contains(r.Bases, q.Base))
	}
	var rev revisionDef
	if q.Revision > 0 {
		// As the store does, any revision of the charm can be deployed; the
		// channel is what later refreshes follow.
		i := slices.IndexFunc(def.Revisions, func(r revisionDef) bool { return r.Revision == q.Revision })
		if i < 0 {
			all := make([]string, len(def.Revisions))
			for j, r := range def.Revisions {
				all[j] = strconv.Itoa(r.Revision)
			}
			return nil, notFoundField(q.field("revision"), "charm %q has no revision %d (revisions: %s)", def.Name, q.Revision, strings.Join(all, ", "))
		}
		rev = def.Revisions[i]
		if !slices.Contains(rev.Archs, arch) {
			return nil, notFoundField(q.field("architecture"), "revision %d of charm %q is not built for %s (%s)", rev.Revision, def.Name, arch, strings.Join(rev.Archs, ", "))
		}
		if q.Base != "" && !slices.Contains(rev.Bases, q.Base) {
			return nil, notFoundField(q.field("base"), "revision %d of charm %q does not support %s (bases: %s)", rev.Revision, def.Name, q.Base, strings.Join(rev.Bases, ", "))
		}
	} else {
		found := false
		for i := len(released) - 1; i >= 0 && !found; i-- {
			r := def.revision(released[i])
			if fits(r) {
				rev, found = r, true
			}
		}
		if !found {
			var bases []string
			for _, n := range released {
				for _, b := range def.revision(n).Bases {
					if !slices.Contains(bases, b) {
						bases = append(bases, b)
					}
				}
			}
			if q.Base != "" {
				return nil, notFoundField(q.field("base"), "channel %q of charm %q has no revision for %s on %s (bases: %s)", channel, def.Name, q.Base, arch, strings.Join(bases, ", "))
			}
			return nil, notFoundField(q.field("architecture"), "channel %q of charm %q has no revision for %s", channel, def.Name, arch)
		}
	}
	base := q.Base
	if base == "" {
		base = rev.Bases[0]
		if q.PreferredBase != "" && slices.Contains(rev.Bases, q.PreferredBase) {
			base = q.PreferredBase
		}
	}
	return &resolvedCharm{def: def, rev: rev, channel: channel, base: base, arch: arch}, nil
}

func (d *charmDef) revision(n int) revisionDef {
	for _, r := range d.Revisions {
		if r.Revision == n {
			return r
		}
	}
	panic("catalogue: charm " + d.Name + " releases unknown revision " + strconv.Itoa(n))
}

// modelTypes are the types of model the charm deploys to, its own first.
func (d *charmDef) modelTypes() []string {
	if d.Kubernetes && d.ModelType != api.ModelTypeCAAS {
		return []string{d.ModelType, api.ModelTypeCAAS}
	}
	return []string{d.ModelType}
}

// deploysTo tells whether the charm deploys to models of type mt.
func (d *charmDef) deploysTo(mt string) bool { return slices.Contains(d.modelTypes(), mt) }

// provides is the charm's provides endpoints, with the juju-info endpoint
// that every machine charm has.
func (d *charmDef) provides() map[string]api.CharmEndpoint {
	out := maps.Clone(d.Provides)
	if out == nil {
		out = map[string]api.CharmEndpoint{}
	}
	if api.HasImplicitEndpoint(d.ModelType, d.Subordinate) {
		if _, ok := out[api.ImplicitEndpoint]; !ok {
			out[api.ImplicitEndpoint] = ep(api.ImplicitEndpoint)
		}
	}
	return out
}

// endpoint finds an endpoint of the charm and its role.
func (d *charmDef) endpoint(name string) (api.CharmEndpoint, string, bool) {
	if e, ok := d.provides()[name]; ok {
		return e, api.RoleProvider, true
	}
	if e, ok := d.Requires[name]; ok {
		return e, api.RoleRequirer, true
	}
	if e, ok := d.Peers[name]; ok {
		return e, api.RolePeer, true
	}
	return api.CharmEndpoint{}, "", false
}

// endpointNames are all the endpoint names of the charm, sorted.
func (d *charmDef) endpointNames() []string {
	var names []string
	names = append(names, sortedKeys(d.provides())...)
	names = append(names, sortedKeys(d.Requires)...)
	names = append(names, sortedKeys(d.Peers)...)
	sort.Strings(names)
	return names
}

func (r *resolvedCharm) toAPI() api.Charm {
	d := r.def
	resources := map[string]api.CharmResource{}
	for name, res := range d.Resources {
		resources[name] = api.CharmResource{Type: res.Type, Filename: res.Filename, Description: res.Description,
			Revision: r.rev.Resources[name], Revisions: slices.Clone(res.Revisions)}
	}
	channels := map[string]api.ChannelRevisions{}
	for ch, released := range d.Channels {
		cr := api.ChannelRevisions{Revisions: map[string]int{}}
		for _, n := range released {
			rev := d.revision(n)
			if !slices.Contains(rev.Archs, r.arch) {
				continue
			}
			for _, b := range rev.Bases {
				cr.Revisions[b] = n // later releases win
			}
		}
		channels[ch] = cr
	}
	orEmpty := func(m map[string]api.CharmEndpoint) map[string]api.CharmEndpoint {
		if m == nil {
			return map[string]api.CharmEndpoint{}
		}
		return maps.Clone(m)
	}
	config := maps.Clone(d.Config)
	if config == nil {
		config = map[string]api.CharmOption{}
	}
	storage := maps.Clone(d.Storage)
	if storage == nil {
		storage = map[string]api.CharmStorage{}
	}
	return api.Charm{
		Name: d.Name, Channel: r.channel, Revision: r.rev.Revision, Base: r.base, Architecture: r.arch,
		Bases: slices.Clone(r.rev.Bases), ModelType: d.ModelType, ModelTypes: d.modelTypes(), Subordinate: d.Subordinate, Summary: d.Summary,
		Provides: d.provides(), Requires: orEmpty(d.Requires), Peers: orEmpty(d.Peers),
		Resources: resources, Config: config, Storage: storage, Actions: actionsOf(d.Name), Channels: channels, StoreURL: api.DefaultCharmStoreURL,
	}
}

func (s *server) getCharm(w http.ResponseWriter, r *http.Request) error {
	q := charmQuery{Name: r.PathValue("name"), Channel: r.URL.Query().Get("channel"), Base: r.URL.Query().Get("base"), Arch: r.URL.Query().Get("architecture"), NameField: "name"}
	if v := r.URL.Query().Get("revision"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return badRequest("revision", "%q is not a revision number", v)
		}
		q.Revision = n
	}
	// The seed's getCharm needs the channel with a revision; a deployment
	// does not (it takes the revision from the charm's default channel).
	if q.Revision > 0 && q.Channel == "" {
		return badRequest("channel", "required when a revision is given")
	}
	if u := r.URL.Query().Get("storeUrl"); u != "" && strings.TrimSuffix(u, "/") != api.DefaultCharmStoreURL {
		return notFoundField("storeUrl", "this controller's charm store is %s, not %s", api.DefaultCharmStoreURL, u)
	}
	rc, err := resolveCharm(q)
	if err != nil {
		return err
	}
	if mt := r.URL.Query().Get("modelType"); mt != "" {
		if mt != api.ModelTypeIAAS && mt != api.ModelTypeCAAS {
			return badRequest("modelType", "must be %s or %s", api.ModelTypeIAAS, api.ModelTypeCAAS)
		}
		if !rc.def.deploysTo(mt) {
			return notFoundField("modelType", "charm %q deploys to %s models, not %s", rc.def.Name, strings.Join(rc.def.modelTypes(), " and "), mt)
		}
	}
	httpx.WriteJSON(w, http.StatusOK, rc.toAPI())
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func itoa(i int) string { return strconv.Itoa(i) }
