package orch

import (
	"fmt"
	"maps"
	"net/http"
	"net/netip"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

const (
	kindApplication = "application"
	blockedMessage  = `hook failed: "stop"`
)

var appNameRE = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]*[a-z][a-z0-9]*)*$`)

type unitRecord struct {
	api.Unit
	CreatedAt time.Time `json:"createdAt"`
}

type resourceState struct {
	Type        string `json:"type"`
	Revision    int    `json:"revision,omitempty"`
	Image       string `json:"image,omitempty"`
	Pinned      bool   `json:"pinned"`
	RegistryKey string `json:"registryKey,omitempty"`
}

// appRecord is an application as stored. Registry passwords are kept, as the
// controller must hand them to the cluster, but never answered.
type appRecord struct {
	DocID               string                            `json:"docId"`
	Name                string                            `json:"name"`
	ModelUUID           string                            `json:"modelUuid"`
	ModelType           string                            `json:"modelType"`
	Charm               api.CharmRef                      `json:"charm"`
	Arch                string                            `json:"arch"`
	Subordinate         bool                              `json:"subordinate"`
	UnitList            []unitRecord                      `json:"units"`
	NextUnit            int                               `json:"nextUnit"`
	Placed              bool                              `json:"placed"`
	Config              map[string]string                 `json:"config"`
	Constraints         string                            `json:"constraints"`
	Expose              *api.Expose                       `json:"expose,omitempty"`
	Bindings            map[string]string                 `json:"bindings"`
	Trust               bool                              `json:"trust"`
	Resources           map[string]resourceState          `json:"resources"`
	RegistryCredentials map[string]api.RegistryCredential `json:"registryCredentials"`
	StorageDirectives   map[string]string                 `json:"storageDirectives"`
	Storage             []api.StorageInstance             `json:"storage"`
	BlockRemoval        bool                              `json:"blockRemoval"`
	Life                string                            `json:"life"`
	RemoveAt            time.Time                         `json:"removeAt,omitzero"`
	CreatedAt           time.Time                         `json:"createdAt"`
	// LocalDef is the definition of a local charm, read from its archive.
	LocalDef *charmDef `json:"localDef,omitempty"`
}

func (a *appRecord) def() *charmDef {
	if a.LocalDef != nil {
		return a.LocalDef
	}
	return charmIndex[a.Charm.Name]
}

// setCharm records the resolved charm of an application.
func (a *appRecord) setCharm(rc *resolvedCharm, localHash string) {
	a.Charm = api.CharmRef{Name: rc.def.Name, Channel: rc.channel, Revision: rc.rev.Revision, Base: rc.base}
	a.LocalDef = nil
	if localHash != "" {
		a.Charm.Source, a.Charm.Hash, a.LocalDef = api.CharmSourceLocal, localHash, rc.def
	}
}

// removalIsBlocked: a unit in error (the test hook, or the charm's
// fail-removal option) blocks removal.
func (a *appRecord) removalIsBlocked() bool {
	return a.BlockRemoval || a.Config["fail-removal"] == "true"
}

func (a *appRecord) newUnit(machine, principal string, now time.Time) {
	u := unitRecord{Unit: api.Unit{Name: a.Name + "/" + itoa(a.NextUnit), Number: a.NextUnit, Machine: machine, Principal: principal, Life: api.LifeAlive}, CreatedAt: now}
	a.NextUnit++
	a.UnitList = append(a.UnitList, u)
}

func (s *server) loadApp(tx *store.Tx, modelUUID, name string) (*appRecord, error) {
	var a appRecord
	found, err := tx.Get(kindApplication, childID(modelUUID, name), &a)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, notFound("application %q not found in the model", name)
	}
	return &a, nil
}

func (s *server) putApp(tx *store.Tx, a *appRecord) error {
	return tx.Put(kindApplication, a.DocID, a.ModelUUID, a)
}

// appView is the application as it is at now.
func (s *server) appView(tx *store.Tx, a *appRecord, now time.Time) (api.Application, error) {
	out := api.Application{
		Name: a.Name, ModelUUID: a.ModelUUID, ModelType: a.ModelType, Charm: a.Charm, Subordinate: a.Subordinate,
		Scale: len(a.UnitList), Units: []api.Unit{}, Machines: []string{}, Placed: a.Placed, Config: orEmpty(a.Config),
		Constraints: a.Constraints, Trust: a.Trust, Resources: map[string]api.AppliedResource{},
		RegistryCredentials: map[string]api.RegistryCredential{}, StorageDirectives: orEmpty(a.StorageDirectives),
		Storage: append([]api.StorageInstance{}, a.Storage...), Life: a.Life, CreatedAt: a.CreatedAt, Status: "active",
	}
	if a.Expose != nil {
		e := *a.Expose
		out.Expose = &e
	}
	for _, ep := range append([]string{""}, a.def().endpointNames()...) {
		// An endpoint without a binding of its own is in the application's
		// default space, alpha unless the application binds one.
		space := a.Bindings[ep]
		if space == "" {
			space = a.Bindings[""]
		}
		if space == "" {
			space = api.AlphaSpace
		}
		out.EndpointBindings = append(out.EndpointBindings, api.EndpointBinding{Endpoint: ep, Space: space})
	}
	for k, v := range a.RegistryCredentials {
		out.RegistryCredentials[k] = api.RegistryCredential{Username: v.Username}
	}
	for name, r := range a.Resources {
		ar := api.AppliedResource{Type: r.Type, Origin: "store", Revision: r.Revision, Pinned: r.Pinned, RegistryCredential: r.RegistryKey}
		if r.Image != "" {
			ar = api.AppliedResource{Type: r.Type, Origin: "upload", Image: r.Image, Pinned: true, RegistryCredential: r.RegistryKey}
		}
		out.Resources[name] = ar
	}
	blocked := a.removalIsBlocked()
	listed := map[string]bool{}
	for i, u := range a.UnitList {
		unit := u.Unit
		unit.Status = "active"
		switch {
		case blocked && i == 0:
			unit.Status = "error"
		case a.ModelType == api.ModelTypeCAAS:
			if s.delay > 0 && now.Sub(u.CreatedAt) < s.delay {
				unit.Status = "waiting"
			}
		case u.Machine != "":
			mach, err := s.loadMachine(tx, a.ModelUUID, u.Machine)
			if err != nil || s.machineStatus(mach.CreatedAt, now) != api.MachineStatusActive {
				unit.Status = "waiting"
			}
		}
		if unit.Status == "waiting" && out.Status == "active" {
			out.Status = "waiting"
		}
		out.Units = append(out.Units, unit)
		if u.Machine != "" && !listed[u.Machine] {
			listed[u.Machine] = true
			out.Machines = append(out.Machines, u.Machine)
		}
	}
	if blocked {
		out.Status, out.StatusMessage, out.RemovalBlocked = "error", blockedMessage, true
	}
	return out, nil
}

func (s *server) listApplications(w http.ResponseWriter, r *http.Request) error {
	return listInModel(s, w, r, kindApplication, s.appView)
}

func (s *server) getApplication(w http.ResponseWriter, r *http.Request) error {
	return getInModel(s, w, r, "name", s.loadApp, s.appView)
}

// checkedSpec is an application spec with everything resolved against the
// charm and the model.
type checkedSpec struct {
	charm     *resolvedCharm
	localHash string
	cons      string
	storage   map[string]api.StorageDirective
	resources map[string]resourceState
}

// checkSpec applies every rule of an application spec that does not depend
// on the application's current state. current is nil on creation. The
// rules run in this order and the first that fails answers: the provider
// and the tests depend on which error comes first.
func (s *server) checkSpec(tx *store.Tx, m *modelRecord, spec *api.ApplicationSpec, current *appRecord) (*checkedSpec, error) {
	if spec.Charm.Name == "" {
		return nil, badRequest("charm.name", "required")
	}
	q, err := s.specCharmQuery(m, spec, current)
	if err != nil {
		return nil, err
	}
	rc, localHash, err := resolveSpecCharm(tx, m, spec, q)
	if err != nil {
		return nil, err
	}
	def := rc.def
	if err := checkCharmDeploysTo(m, def); err != nil {
		return nil, err
	}
	if err := checkUnitsOrMachines(m, def, spec); err != nil {
		return nil, err
	}
	if err := s.checkSpecMachines(tx, m, spec.Machines); err != nil {
		return nil, err
	}
	if err := checkConfig(m, def, spec.Config); err != nil {
		return nil, err
	}
	cons, err := checkConstraints(tx, m, spec.Constraints)
	if err != nil {
		return nil, err
	}
	if err := checkExpose(tx, m, def, spec.Expose); err != nil {
		return nil, err
	}
	if err := checkEndpointBindings(tx, m, def, spec.EndpointBindings); err != nil {
		return nil, err
	}
	if err := checkRegistryCredentials(m, spec.RegistryCredentials); err != nil {
		return nil, err
	}
	resources, err := checkResources(def, spec)
	if err != nil {
		return nil, err
	}
	storage, err := s.checkStorageDirectives(tx, m, def, spec.StorageDirectives)
	if err != nil {
		return nil, err
	}
	return &checkedSpec{charm: rc, localHash: localHash, cons: cons, storage: storage, resources: resources}, nil
}

// specCharmQuery is the charm lookup a spec asks for. On update (current is
// not nil) the charm keeps its name, and on an iaas model its base; what
// the spec leaves out is taken from the current charm.
func (s *server) specCharmQuery(m *modelRecord, spec *api.ApplicationSpec, current *appRecord) (charmQuery, error) {
	q := charmQuery{Name: spec.Charm.Name, Channel: spec.Charm.Channel, Revision: spec.Charm.Revision, Base: spec.Charm.Base,
		Prefix: "charm.", NameField: "charm.name", PreferredBase: s.configValue(m, "default-base")}
	if current == nil {
		return q, nil
	}
	if spec.Charm.Name != current.Charm.Name {
		return charmQuery{}, conflict("charm.name", "the charm of an application cannot change (%s to %s); replace the application", current.Charm.Name, spec.Charm.Name)
	}
	q.Arch = current.Arch
	// A switch between an uploaded charm and the store (as `refresh
	// --switch`) keeps the base but not the channel and revision, which
	// name different things in the two sources.
	sameSource := spec.Charm.Source == current.Charm.Source
	if q.Channel == "" && sameSource {
		q.Channel = current.Charm.Channel
	}
	if q.Base == "" {
		q.Base = current.Charm.Base
	}
	sameChannel := q.Channel == current.Charm.Channel || "latest/"+q.Channel == current.Charm.Channel
	if q.Revision == 0 && sameSource && sameChannel && q.Base == current.Charm.Base {
		q.Revision = current.Charm.Revision
	}
	if q.Base != current.Charm.Base && m.Type == api.ModelTypeIAAS {
		return charmQuery{}, conflict("charm.base", "the base of an application on an %s model cannot change (%s to %s); replace the application", m.Type, current.Charm.Base, q.Base)
	}
	return q, nil
}

// resolveSpecCharm finds the charm revision of a spec: in the store, or
// for a local charm among the model's uploads (with its archive's hash).
func resolveSpecCharm(tx *store.Tx, m *modelRecord, spec *api.ApplicationSpec, q charmQuery) (*resolvedCharm, string, error) {
	switch spec.Charm.Source {
	case "":
		rc, err := resolveCharm(q)
		return rc, "", err
	case api.CharmSourceLocal:
		return resolveLocalCharm(tx, m, api.CharmRef{Name: spec.Charm.Name, Channel: spec.Charm.Channel,
			Revision: q.Revision, Base: q.Base}, q.Arch, q.PreferredBase)
	}
	return nil, "", badRequest("charm.source", "%q is not a charm source (%q for a local charm, or omitted)", spec.Charm.Source, api.CharmSourceLocal)
}

// checkCharmDeploysTo refuses a charm made for the other type of model.
func checkCharmDeploysTo(m *modelRecord, def *charmDef) error {
	if !def.deploysTo(m.Type) {
		return badRequest("charm.name", "charm %q deploys to %s models; model %q is a %s model", def.Name, strings.Join(def.modelTypes(), " and "), m.Name, m.Type)
	}
	return nil
}

// checkUnitsOrMachines checks how many units a spec asks for: a number of
// units or the machines to place them on, within a request's limit, none
// for a subordinate, and machines only where there are machines.
func checkUnitsOrMachines(m *modelRecord, def *charmDef, spec *api.ApplicationSpec) error {
	if spec.Units != nil && len(spec.Machines) > 0 {
		return badRequest("machines", "mutually exclusive with units: give the number of units or the machines to place them on")
	}
	if spec.Units != nil && *spec.Units < 0 {
		return badRequest("units", "must not be negative")
	}
	if spec.Units != nil {
		if err := api.CheckUnits(int64(*spec.Units)); err != nil {
			return badRequest("units", "%v", err)
		}
	}
	if len(spec.Machines) > api.MaxUnitsPerRequest {
		return badRequest("machines", "%d machines: at most %d (the most units one request gives an application)", len(spec.Machines), api.MaxUnitsPerRequest)
	}
	if def.Subordinate && ((spec.Units != nil && *spec.Units != 0) || len(spec.Machines) > 0) {
		field := "units"
		if len(spec.Machines) > 0 {
			field = "machines"
		}
		return badRequest(field, "charm %q is subordinate: its units follow the principal units it is integrated with", def.Name)
	}
	if len(spec.Machines) > 0 && m.Type != api.ModelTypeIAAS {
		return badRequest("machines", "%s models have no machines", m.Type)
	}
	return nil
}

// checkSpecMachines checks that the machines a spec places units on are
// listed once each and are live machines of the model.
func (s *server) checkSpecMachines(tx *store.Tx, m *modelRecord, machines []string) error {
	seen := map[string]bool{}
	for i, id := range machines {
		f := fieldIndex("machines", i)
		if seen[id] {
			return badRequest(f, "machine %q is listed twice", id)
		}
		seen[id] = true
		mach, err := s.loadMachine(tx, m.UUID, id)
		if err != nil {
			return notFoundField(f, "machine %q not found in the model", id)
		}
		if mach.Life != api.LifeAlive {
			return conflict(f, "machine %q is being removed", id)
		}
	}
	return nil
}

// checkConfig checks each config key, in order: an option of the charm
// with a value of its type, or an application setting that is not a charm
// option (api.CheckApplicationSetting) on a model that takes it.
func checkConfig(m *modelRecord, def *charmDef, config map[string]string) error {
	for _, k := range sortedKeys(config) {
		opt, ok := def.Config[k]
		if !ok {
			if setting, err := api.CheckApplicationSetting(k, m.Name, m.Type); setting {
				if err != nil {
					return badRequest("config."+k, "%v", err)
				}
				continue
			}
			return badRequest("config."+k, "not an option of charm %q (options: %s)", def.Name, strings.Join(sortedKeys(def.Config), ", "))
		}
		if err := api.CheckOptionValue(opt.Type, config[k]); err != nil {
			return badRequest("config."+k, "option of type %s: %v", opt.Type, err)
		}
	}
	return nil
}

// checkConstraints normalises the constraints of a spec and checks that the
// spaces they name exist in the model.
func checkConstraints(tx *store.Tx, m *modelRecord, given string) (string, error) {
	cons, err := api.NormalizeConstraints(given)
	if err != nil {
		return "", badRequest("constraints", "%v", err)
	}
	if err := checkConstraintSpaces(tx, m, cons); err != nil {
		return "", err
	}
	return cons, nil
}

// checkExpose checks that an expose names endpoints of the charm, spaces of
// the model and CIDRs.
func checkExpose(tx *store.Tx, m *modelRecord, def *charmDef, e *api.Expose) error {
	if e == nil {
		return nil
	}
	endpoints := def.endpointNames()
	for i, ep := range e.Endpoints {
		if !slices.Contains(endpoints, ep) {
			return badRequest(fieldIndex("expose.endpoints", i), "%q is not an endpoint of charm %q (%s)", ep, def.Name, strings.Join(endpoints, ", "))
		}
	}
	for i, sp := range e.Spaces {
		if err := checkSpaceOf(tx, m, fieldIndex("expose.spaces", i), sp); err != nil {
			return err
		}
	}
	for i, cidr := range e.CIDRs {
		if _, err := netip.ParsePrefix(cidr); err != nil {
			return badRequest(fieldIndex("expose.cidrs", i), "%q is not a CIDR", cidr)
		}
	}
	return nil
}

// checkEndpointBindings checks that each binding names an endpoint of the
// charm (or none, the default), once, and a space of the model.
func checkEndpointBindings(tx *store.Tx, m *modelRecord, def *charmDef, bindings []api.EndpointBinding) error {
	endpoints := def.endpointNames()
	bound := map[string]bool{}
	for i, b := range bindings {
		f := fieldIndex("endpointBindings", i)
		if b.Endpoint != "" && !slices.Contains(endpoints, b.Endpoint) {
			return badRequest(f+".endpoint", "%q is not an endpoint of charm %q (%s)", b.Endpoint, def.Name, strings.Join(endpoints, ", "))
		}
		if bound[b.Endpoint] {
			return badRequest(f+".endpoint", "endpoint %q is bound twice", b.Endpoint)
		}
		bound[b.Endpoint] = true
		if b.Space == "" {
			return badRequest(f+".space", "required")
		}
		if err := checkSpaceOf(tx, m, f+".space", b.Space); err != nil {
			return err
		}
	}
	return nil
}

// checkRegistryCredentials checks the OCI registry credentials of a spec:
// only cluster models take them, each keyed by a registry address and
// with a username and a password.
func checkRegistryCredentials(m *modelRecord, creds map[string]api.RegistryCredential) error {
	if len(creds) > 0 && m.Type != api.ModelTypeCAAS {
		return badRequest("registryCredentials", "only %s models pull OCI images", api.ModelTypeCAAS)
	}
	for _, key := range sortedKeys(creds) {
		f := "registryCredentials." + key
		k := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(key, "https://"), "http://"), "/")
		registry, _, _ := strings.Cut(k, "/")
		if registry == "" {
			return badRequest(f, "%q does not start with a registry host (<host>[:<port>][/<path>])", key)
		}
		if err := checkRegistryKey(registry); err != nil {
			return badRequest(f, "%v", err)
		}
		cred := creds[key]
		if cred.Username == "" {
			return badRequest(f+".username", "required")
		}
		if cred.Password == "" {
			return badRequest(f+".password", "required")
		}
	}
	return nil
}

// checkResources checks the resources a spec pins, in order of their names.
func checkResources(def *charmDef, spec *api.ApplicationSpec) (map[string]resourceState, error) {
	out := map[string]resourceState{}
	local := spec.Charm.Source == api.CharmSourceLocal
	for _, name := range sortedKeys(spec.Resources) {
		rs, err := checkResource(def, name, spec.Resources[name], local, spec.RegistryCredentials)
		if err != nil {
			return nil, err
		}
		out[name] = rs
	}
	return out, nil
}

// checkResource checks the value given for one resource: a resource of the
// charm, and either a revision it has or (not for a file) an OCI image
// reference, which takes the registry credential that matches it.
func checkResource(def *charmDef, name, v string, local bool, creds map[string]api.RegistryCredential) (resourceState, error) {
	f := "resources." + name
	rd, ok := def.Resources[name]
	if !ok {
		return resourceState{}, badRequest(f, "not a resource of charm %q (resources: %s)", def.Name, strings.Join(sortedKeys(def.Resources), ", "))
	}
	if local {
		if err := api.CheckLocalCharmResource(rd.Type, v); err != nil {
			return resourceState{}, badRequest(f, "resource %q of local charm %q: %v", name, def.Name, err)
		}
	}
	if rev, ok := api.IsRevision(v); ok {
		if !slices.Contains(rd.Revisions, rev) {
			return resourceState{}, notFoundField(f, "resource %q has no revision %d (revisions: %s)", name, rev, joinInts(rd.Revisions))
		}
		return resourceState{Type: rd.Type, Revision: rev, Pinned: true}, nil
	}
	if rd.Type == api.ResourceTypeFile {
		return resourceState{}, badRequest(f, "resources of type file take revision numbers only, not %q", v)
	}
	ref, err := api.ParseImageRef(v)
	if err != nil {
		return resourceState{}, badRequest(f, "neither a revision number nor an OCI image reference: %v", err)
	}
	return resourceState{Type: rd.Type, Image: v, Pinned: true, RegistryKey: api.MatchRegistryCredential(ref, creds)}, nil
}

// checkStorageDirectives parses the storage directives of a spec, in order
// of their labels.
func (s *server) checkStorageDirectives(tx *store.Tx, m *modelRecord, def *charmDef, directives map[string]string) (map[string]api.StorageDirective, error) {
	out := map[string]api.StorageDirective{}
	for _, label := range sortedKeys(directives) {
		d, err := s.checkStorageDirective(tx, m, def, label, directives[label])
		if err != nil {
			return nil, err
		}
		out[label] = d
	}
	return out, nil
}

// checkStorageDirective parses the directive for one storage of the charm
// and checks it against the storage: a pool of the model that provides its
// type, a count and a size within its bounds.
func (s *server) checkStorageDirective(tx *store.Tx, m *modelRecord, def *charmDef, label, directive string) (api.StorageDirective, error) {
	f := "storageDirectives." + label
	sd, ok := def.Storage[label]
	if !ok {
		if len(def.Storage) == 0 {
			return api.StorageDirective{}, badRequest(f, "charm %q defines no storage", def.Name)
		}
		return api.StorageDirective{}, badRequest(f, "not a storage of charm %q (storage: %s)", def.Name, strings.Join(sortedKeys(def.Storage), ", "))
	}
	d, err := api.ParseStorageDirective(directive)
	if err != nil {
		return api.StorageDirective{}, badRequest(f, "%v", err)
	}
	if d.Pool != "" {
		p, err := s.loadPool(tx, m.UUID, d.Pool)
		if err != nil {
			return api.StorageDirective{}, notFoundField(f, "storage pool %q not found in the model", d.Pool)
		}
		if kinds := poolProviders[m.Type][p.Provider]; !slices.Contains(kinds, sd.Type) {
			return api.StorageDirective{}, badRequest(f, "pool %q (%s) does not provide %s storage", p.Name, p.Provider, sd.Type)
		}
	}
	if d.Count != 0 && (d.Count < sd.MinCount || (sd.MaxCount >= 0 && d.Count > sd.MaxCount)) {
		return api.StorageDirective{}, badRequest(f, "count %d is outside %d..%d of storage %q", d.Count, sd.MinCount, sd.MaxCount, label)
	}
	if d.Size != 0 && d.Size < sd.MinSize {
		return api.StorageDirective{}, badRequest(f, "size %s is below the minimum %s of storage %q", api.FormatSizeMiB(d.Size), api.FormatSizeMiB(sd.MinSize), label)
	}
	return d, nil
}

var registryHostRE = regexp.MustCompile(`^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$`)

// checkRegistryKey checks the "<host>[:<port>]" part of a registry key.
func checkRegistryKey(registry string) error {
	host, port, hasPort := strings.Cut(registry, ":")
	if !registryHostRE.MatchString(host) {
		return fmt.Errorf("registry host %q is not a host name", host)
	}
	if hasPort {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return fmt.Errorf("registry port %q is not a port number", port)
		}
	}
	return nil
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = itoa(n)
	}
	return strings.Join(s, ", ")
}

// hasLXDPool reports whether the model is on an lxd cloud, whose models
// have the built-in pool lxd.
func (s *server) hasLXDPool(tx *store.Tx, m *modelRecord) bool {
	p, err := s.loadPool(tx, m.UUID, "lxd")
	return err == nil && p.Builtin && p.Provider == "lxd"
}

// storageInstance is what a label gets from a directive (or the charm's
// defaults when there is none).
func (s *server) storageInstance(tx *store.Tx, m *modelRecord, label string, sd api.CharmStorage, d api.StorageDirective) api.StorageInstance {
	pool := d.Pool
	if pool == "" {
		pool = s.configValue(m, "storage-default-"+sd.Type+"-source")
	}
	if pool == "" {
		switch {
		case m.Type == api.ModelTypeCAAS:
			pool = "kubernetes"
		case sd.Type == "block":
			pool = "loop"
		case s.hasLXDPool(tx, m):
			// As upstream's controller: filesystems of an lxd model default
			// to the lxd pool.
			pool = "lxd"
		default:
			pool = "rootfs"
		}
	}
	count := d.Count
	if count == 0 {
		count = max(sd.MinCount, 1)
	}
	size := d.Size
	if size == 0 {
		size = max(sd.MinSize, 1024)
	}
	return api.StorageInstance{Label: label, Pool: pool, Count: count, Size: size, SizeText: sizeText(size)}
}

// sizeText renders MiB with the largest unit that divides it.
func sizeText(mib int) string {
	switch {
	case mib%(1024*1024) == 0:
		return itoa(mib/(1024*1024)) + "T"
	case mib%1024 == 0:
		return itoa(mib/1024) + "G"
	}
	return itoa(mib) + "M"
}

// applyResources sets the resources of an application for its (new) charm
// revision: given values are pinned; the others follow the revision.
func applyResources(a *appRecord, rc *resolvedCharm, given map[string]resourceState) {
	out := map[string]resourceState{}
	for name, rd := range rc.def.Resources {
		if g, ok := given[name]; ok {
			out[name] = g
			continue
		}
		out[name] = resourceState{Type: rd.Type, Revision: rc.rev.Resources[name]}
	}
	a.Resources = out
}

func (s *server) createApplication(w http.ResponseWriter, r *http.Request) error {
	var spec api.ApplicationSpec
	if err := decode(r, &spec); err != nil {
		return err
	}
	if spec.Name == "" {
		return badRequest("name", "required")
	}
	if !appNameRE.MatchString(spec.Name) {
		return badRequest("name", "%q is not a valid application name (lowercase letters, digits and -, starting with a letter; no part of only digits after a -)", spec.Name)
	}
	var out api.Application
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		if existing, err := s.loadApp(tx, m.UUID, spec.Name); err == nil {
			if existing.Life == api.LifeDying {
				return conflict("name", "the application %q is being removed; wait until it is gone", spec.Name)
			}
			return alreadyExists("name", "application %q already exists in the model", spec.Name)
		}
		if _, err := s.loadRemoteApp(tx, m.UUID, spec.Name); err == nil {
			return alreadyExists("name", "the model consumes an offer under the name %q", spec.Name)
		}
		cs, err := s.checkSpec(tx, m, &spec, nil)
		if err != nil {
			return err
		}
		rc := cs.charm
		a := &appRecord{
			DocID: childID(m.UUID, spec.Name), Name: spec.Name, ModelUUID: m.UUID, ModelType: m.Type,
			Arch:        rc.arch,
			Subordinate: rc.def.Subordinate, UnitList: []unitRecord{}, Config: orEmpty(spec.Config), Constraints: cs.cons,
			Expose: spec.Expose, Bindings: bindingMap(spec.EndpointBindings), Trust: spec.Trust,
			RegistryCredentials: cloneCreds(spec.RegistryCredentials), StorageDirectives: orEmpty(spec.StorageDirectives),
			Life: api.LifeAlive, CreatedAt: requestTime(r),
		}
		a.setCharm(rc, cs.localHash)
		applyResources(a, rc, cs.resources)
		for label, sd := range rc.def.Storage {
			d, given := cs.storage[label]
			if given || sd.MinCount > 0 {
				a.Storage = append(a.Storage, s.storageInstance(tx, m, label, sd, d))
			}
		}
		sort.Slice(a.Storage, func(i, j int) bool { return a.Storage[i].Label < a.Storage[j].Label })
		if len(spec.Machines) > 0 {
			if err := checkUnitRoom(tx, m, a, len(spec.Machines), "machines"); err != nil {
				return err
			}
			a.Placed = true
			for _, id := range spec.Machines {
				a.newUnit(id, "", requestTime(r))
			}
		} else if !a.Subordinate {
			n := 1
			if spec.Units != nil {
				n = *spec.Units
			}
			if err := checkUnitRoom(tx, m, a, n, "units"); err != nil {
				return err
			}
			if err := s.addUnits(tx, m, a, n, requestTime(r)); err != nil {
				return err
			}
		}
		if out, err = s.storeApp(tx, m, a, requestTime(r)); err != nil {
			return err
		}
		return rememberCreated(r, tx, out)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

func bindingMap(bs []api.EndpointBinding) map[string]string {
	out := map[string]string{}
	for _, b := range bs {
		out[b.Endpoint] = b.Space
	}
	return out
}

func cloneCreds(m map[string]api.RegistryCredential) map[string]api.RegistryCredential {
	if m == nil {
		return map[string]api.RegistryCredential{}
	}
	return maps.Clone(m)
}

// checkUnitRoom refuses to give application a want units when the model
// would then hold more than api.MaxModelUnits (400 naming field). Only
// growth is refused: a model above the limit may still shrink.
func checkUnitRoom(tx *store.Tx, m *modelRecord, a *appRecord, want int, field string) error {
	if want <= len(a.UnitList) {
		return nil
	}
	apps, err := store.List[appRecord](tx, kindApplication, m.UUID)
	if err != nil {
		return err
	}
	held := 0
	for _, o := range apps {
		if o.Name != a.Name {
			held += len(o.UnitList)
		}
	}
	if held+want > api.MaxModelUnits {
		return badRequest(field, "model %q holds %d units of other applications; %d more would exceed the limit of %d units per model", m.Name, held, want, api.MaxModelUnits)
	}
	return nil
}

// addUnits adds n units; on iaas models each gets a new machine of its own,
// within the model's limit of machines (400 naming units).
func (s *server) addUnits(tx *store.Tx, m *modelRecord, a *appRecord, n int, now time.Time) error {
	if m.Type == api.ModelTypeIAAS {
		if err := checkMachineRoom(tx, m, n, "units"); err != nil {
			return err
		}
	}
	for range n {
		machine := ""
		if m.Type == api.ModelTypeIAAS {
			cons := a.Constraints
			if cons == "" {
				cons = m.Constraints
			}
			rec, err := s.newMachine(tx, m, now, a.Charm.Base, cons, "", "")
			if err != nil {
				return err
			}
			rec.Application = a.Name
			if err := tx.Put(kindMachine, rec.DocID, m.UUID, rec); err != nil {
				return err
			}
			machine = rec.ID
		}
		a.newUnit(machine, "", now)
	}
	return nil
}

// dropUnits removes units, and the machines created for them.
func (s *server) dropUnits(tx *store.Tx, m *modelRecord, a *appRecord, names []string, now time.Time) error {
	drop := map[string]bool{}
	for _, name := range names {
		drop[name] = true
	}
	var dropped []unitRecord
	a.UnitList = slices.DeleteFunc(a.UnitList, func(u unitRecord) bool {
		if drop[u.Name] {
			dropped = append(dropped, u)
		}
		return drop[u.Name]
	})
	for _, u := range dropped {
		if u.Machine == "" || u.Principal != "" {
			continue
		}
		mach, err := s.loadMachine(tx, m.UUID, u.Machine)
		if err != nil || mach.Application != a.Name || mach.Life != api.LifeAlive {
			continue
		}
		mach.Life, mach.RemoveAt = api.LifeDying, now.Add(s.delay)
		if err := tx.Put(kindMachine, mach.DocID, m.UUID, mach); err != nil {
			return err
		}
		if err := s.scheduleRemoval(tx, kindMachine, mach.DocID, mach.RemoveAt); err != nil {
			return err
		}
	}
	return nil
}

func (s *server) updateApplication(w http.ResponseWriter, r *http.Request) error {
	var spec api.ApplicationSpec
	if err := decode(r, &spec); err != nil {
		return err
	}
	name := r.PathValue("name")
	if spec.Name != "" && spec.Name != name {
		return conflict("name", "an application cannot be renamed (%s to %s)", name, spec.Name)
	}
	var out api.Application
	err := s.tx(r, func(tx *store.Tx) error {
		now := requestTime(r)
		m, err := s.liveModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		a, err := s.loadApp(tx, m.UUID, name)
		if err != nil {
			return err
		}
		if a.Life != api.LifeAlive {
			return conflict("", "application %q is being removed", a.Name)
		}
		cs, err := s.checkSpec(tx, m, &spec, a)
		if err != nil {
			return err
		}
		if err := checkStorageKept(a, spec.StorageDirectives); err != nil {
			return err
		}
		s.addDirectedStorage(tx, m, a, cs)
		applySpec(a, &spec, cs)
		if err := s.rescale(tx, m, a, &spec, now); err != nil {
			return err
		}
		out, err = s.storeApp(tx, m, a, now)
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// checkStorageKept refuses an update that drops or changes a storage
// directive of the application: its storage exists, and only a replaced
// application gets other storage.
func checkStorageKept(a *appRecord, directives map[string]string) error {
	for _, label := range sortedKeys(a.StorageDirectives) {
		newValue, ok := directives[label]
		if !ok {
			return conflict("storageDirectives."+label, "storage %q cannot be detached from a deployed application; replace the application", label)
		}
		if newValue != a.StorageDirectives[label] {
			return conflict("storageDirectives."+label, "changing the storage directive %q (%s to %s) needs the application to be replaced", label, a.StorageDirectives[label], newValue)
		}
	}
	return nil
}

// addDirectedStorage adds the storage of the spec's new directives (labels
// the application has no directive for yet) to the application's storage.
func (s *server) addDirectedStorage(tx *store.Tx, m *modelRecord, a *appRecord, cs *checkedSpec) {
	for _, label := range sortedKeys(cs.storage) {
		if _, ok := a.StorageDirectives[label]; ok {
			continue
		}
		inst := s.storageInstance(tx, m, label, cs.charm.def.Storage[label], cs.storage[label])
		i := slices.IndexFunc(a.Storage, func(st api.StorageInstance) bool { return st.Label == label })
		if i >= 0 {
			// The label had the charm's default storage; the directive
			// adds to it.
			a.Storage[i].Count += inst.Count
		} else {
			a.Storage = append(a.Storage, inst)
		}
	}
	sort.Slice(a.Storage, func(i, j int) bool { return a.Storage[i].Label < a.Storage[j].Label })
}

// applySpec gives an application the storage directives, charm, resources
// and settings of a checked spec.
func applySpec(a *appRecord, spec *api.ApplicationSpec, cs *checkedSpec) {
	a.StorageDirectives = orEmpty(spec.StorageDirectives)
	rc := cs.charm
	a.setCharm(rc, cs.localHash)
	applyResources(a, rc, cs.resources)
	a.Config, a.Constraints, a.Expose, a.Bindings, a.Trust = orEmpty(spec.Config), cs.cons, spec.Expose, bindingMap(spec.EndpointBindings), spec.Trust
	a.RegistryCredentials = cloneCreds(spec.RegistryCredentials)
}

// rescale gives an application the units a spec asks for: one on each
// machine it lists, or the number it gives; a spec with neither keeps the
// units, and a subordinate's units follow its principals.
func (s *server) rescale(tx *store.Tx, m *modelRecord, a *appRecord, spec *api.ApplicationSpec, now time.Time) error {
	switch {
	case a.Subordinate:
	case len(spec.Machines) > 0:
		return s.placeUnits(tx, m, a, spec.Machines, now)
	case spec.Units != nil:
		return s.scaleUnits(tx, m, a, *spec.Units, now)
	}
	return nil
}

// placeUnits leaves an application one unit on each of machines: units
// elsewhere go, and machines without one get one.
func (s *server) placeUnits(tx *store.Tx, m *modelRecord, a *appRecord, machines []string, now time.Time) error {
	if err := checkUnitRoom(tx, m, a, len(machines), "machines"); err != nil {
		return err
	}
	listed := map[string]bool{}
	for _, id := range machines {
		listed[id] = true
	}
	var drop []string
	for _, u := range a.UnitList {
		if !listed[u.Machine] {
			drop = append(drop, u.Name)
		}
	}
	if err := s.dropUnits(tx, m, a, drop, now); err != nil {
		return err
	}
	placed := map[string]bool{}
	for _, u := range a.UnitList {
		placed[u.Machine] = true
	}
	for _, id := range machines {
		if !placed[id] {
			a.newUnit(id, "", now)
		}
	}
	a.Placed = true
	return nil
}

// scaleUnits gives an application want units, adding new ones or dropping
// the last ones.
func (s *server) scaleUnits(tx *store.Tx, m *modelRecord, a *appRecord, want int, now time.Time) error {
	if err := checkUnitRoom(tx, m, a, want, "units"); err != nil {
		return err
	}
	if have := len(a.UnitList); want > have {
		if err := s.addUnits(tx, m, a, want-have, now); err != nil {
			return err
		}
	} else if want < have {
		var drop []string
		for _, u := range a.UnitList[want:] {
			drop = append(drop, u.Name)
		}
		if err := s.dropUnits(tx, m, a, drop, now); err != nil {
			return err
		}
	}
	a.Placed = false
	return nil
}

// storeApp stores an application, brings the model's subordinate units in
// line, and answers the application as then stored (syncSubordinates may
// have changed it).
func (s *server) storeApp(tx *store.Tx, m *modelRecord, a *appRecord, now time.Time) (api.Application, error) {
	if err := s.putApp(tx, a); err != nil {
		return api.Application{}, err
	}
	if err := s.syncSubordinates(tx, m, now); err != nil {
		return api.Application{}, err
	}
	a, err := s.loadApp(tx, m.UUID, a.Name)
	if err != nil {
		return api.Application{}, err
	}
	return s.appView(tx, a, now)
}

func (s *server) deleteApplication(w http.ResponseWriter, r *http.Request) error {
	force, err := queryFlag(r, "force")
	if err != nil {
		return err
	}
	app := r.PathValue("name")
	err = s.releaseRemotes(r, r.PathValue("uuid"), app, force, func(tx *store.Tx, m *modelRecord) error {
		if m.Life != api.LifeAlive {
			return conflict("", "model %q is being destroyed", m.Name)
		}
		a, err := s.loadApp(tx, m.UUID, app)
		if err != nil || a.Life != api.LifeAlive {
			return err
		}
		return appRemovalRefused(tx, m, a, force)
	})
	if err != nil {
		return err
	}
	return acceptRemoval(s, w, r, "name", s.loadApp, func(a *appRecord) bool { return a.Life == api.LifeAlive },
		func(tx *store.Tx, m *modelRecord, a *appRecord, now time.Time) error {
			return s.removeApp(tx, m, a, force, now)
		}, s.appView)
}

// removeApp accepts the removal of an application: its units, their
// machines, its integrations and grants go, and it is gone after the delay.
func (s *server) removeApp(tx *store.Tx, m *modelRecord, a *appRecord, force bool, now time.Time) error {
	if err := appRemovalRefused(tx, m, a, force); err != nil {
		return err
	}
	offers, err := store.List[offerRecord](tx, kindOffer, m.UUID)
	if err != nil {
		return err
	}
	for _, o := range offers {
		if o.ApplicationName != a.Name {
			continue
		}
		if err := removeOfferConsumers(tx, o.URL); err != nil {
			return err
		}
		if _, err := tx.Delete(kindOffer, o.DocID); err != nil {
			return err
		}
	}
	var names []string
	for _, u := range a.UnitList {
		names = append(names, u.Name)
	}
	if err := s.dropUnits(tx, m, a, names, now); err != nil {
		return err
	}
	rels, err := store.List[integrationRecord](tx, kindIntegration, m.UUID)
	if err != nil {
		return err
	}
	for _, r := range rels {
		if r.involves(a.Name) {
			if err := removeIntegration(tx, m.UUID, &r); err != nil {
				return err
			}
		}
	}
	secrets, err := store.List[secretRecord](tx, kindSecret, m.UUID)
	if err != nil {
		return err
	}
	for _, sec := range secrets {
		if slices.Contains(sec.Applications, a.Name) {
			sec.Applications = slices.DeleteFunc(sec.Applications, func(n string) bool { return n == a.Name })
			if err := tx.Put(kindSecret, sec.DocID, m.UUID, sec); err != nil {
				return err
			}
		}
	}
	a.Life, a.RemoveAt = api.LifeDying, now.Add(s.delay)
	if err := s.putApp(tx, a); err != nil {
		return err
	}
	if err := s.scheduleRemoval(tx, kindApplication, a.DocID, a.RemoveAt); err != nil {
		return err
	}
	return s.syncSubordinates(tx, m, now)
}

// appRemovalRefused is why an application cannot be removed without force:
// a unit in error, or an offer of it.
func appRemovalRefused(tx *store.Tx, m *modelRecord, a *appRecord, force bool) error {
	if force {
		return nil
	}
	if a.removalIsBlocked() {
		return removalBlocked("application %q cannot be removed: unit %s is in error (%s); remove it with force=true", a.Name, firstUnit(a), blockedMessage)
	}
	offers, err := store.List[offerRecord](tx, kindOffer, m.UUID)
	if err != nil {
		return err
	}
	for _, o := range offers {
		if o.ApplicationName == a.Name {
			return removalBlocked("application %q is offered as %s; remove the offer first or use force=true", a.Name, o.URL)
		}
	}
	return nil
}

func firstUnit(a *appRecord) string {
	if len(a.UnitList) > 0 {
		return a.UnitList[0].Name
	}
	return a.Name + "/0"
}

// blockRemoval is the test hook that puts a unit in error (a failed stop
// hook), or resolves it.
func (s *server) blockRemoval(block bool) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if !superuser(r) {
			return forbidden("only a superuser uses the block-removal test hook")
		}
		var out api.Application
		err := s.tx(r, func(tx *store.Tx) error {
			m, err := s.liveModel(r, tx, r.PathValue("uuid"))
			if err != nil {
				return err
			}
			a, err := s.loadApp(tx, m.UUID, r.PathValue("name"))
			if err != nil {
				return err
			}
			a.BlockRemoval = block
			if err := s.putApp(tx, a); err != nil {
				return err
			}
			out, err = s.appView(tx, a, requestTime(r))
			return err
		})
		if err != nil {
			return err
		}
		httpx.WriteJSON(w, http.StatusOK, out)
		return nil
	}
}

// syncSubordinates gives each subordinate application one unit next to each
// unit of the principals it is integrated with over a container-scoped
// endpoint, and removes units whose principal went.
func (s *server) syncSubordinates(tx *store.Tx, m *modelRecord, now time.Time) error {
	added := 0
	apps, err := store.List[appRecord](tx, kindApplication, m.UUID)
	if err != nil {
		return err
	}
	byName := map[string]*appRecord{}
	for i := range apps {
		byName[apps[i].Name] = &apps[i]
	}
	rels, err := store.List[integrationRecord](tx, kindIntegration, m.UUID)
	if err != nil {
		return err
	}
	for i := range apps {
		sub := &apps[i]
		if !sub.Subordinate || sub.Life != api.LifeAlive {
			continue
		}
		want := map[string]string{} // principal unit -> machine
		var order []string
		for _, r := range rels {
			if r.Life != api.LifeAlive || !r.ContainerScoped || !r.involves(sub.Name) {
				continue
			}
			other := r.other(sub.Name)
			p, ok := byName[other]
			if !ok || p.Subordinate || p.Life != api.LifeAlive {
				continue
			}
			for _, u := range p.UnitList {
				if _, dup := want[u.Name]; !dup {
					want[u.Name] = u.Machine
					order = append(order, u.Name)
				}
			}
		}
		kept := slices.DeleteFunc(slices.Clone(sub.UnitList), func(u unitRecord) bool {
			_, ok := want[u.Principal]
			return !ok
		})
		changed := len(kept) != len(sub.UnitList)
		sub.UnitList = kept
		has := map[string]bool{}
		for _, u := range sub.UnitList {
			has[u.Principal] = true
		}
		for _, pu := range order {
			if !has[pu] {
				sub.newUnit(want[pu], pu, now)
				changed, added = true, added+1
			}
		}
		if changed {
			if err := s.putApp(tx, sub); err != nil {
				return err
			}
		}
	}
	if added > 0 {
		held := 0
		for _, a := range apps {
			held += len(a.UnitList)
		}
		if held > api.MaxModelUnits {
			return badRequest("", "model %q would hold %d units, those of subordinate applications included; the limit is %d units per model", m.Name, held, api.MaxModelUnits)
		}
	}
	return nil
}
