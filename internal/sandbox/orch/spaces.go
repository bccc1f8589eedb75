package orch

import (
	"fmt"
	"net/http"
	"net/netip"
	"regexp"
	"slices"
	"strings"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Spaces and subnets of a model (docs/api/orch.md, Spaces and subnets). A
// model knows the subnets of its cloud from its creation, all of them in
// the space alpha; an admin of the model adds spaces and moves subnets
// into them, whole and by CIDR. Application endpoints are bound to spaces,
// and a space that an application uses cannot be removed, as upstream's
// controller refuses it. Reading needs read access to the model; changes,
// admin.

const (
	kindSpace  = "space"
	kindSubnet = "subnet"
)

var spaceNameRE = regexp.MustCompile(api.SpaceNamePattern)

type spaceRecord struct {
	Name      string `json:"name"`
	ModelUUID string `json:"modelUuid"`
	Builtin   bool   `json:"builtin"`
}

// knownSubnets are the subnets the provider of a cloud type reports in a
// region: a kubernetes cluster's pod and service networks; on machine
// clouds the bridges of the hosts (IPv4 and IPv6) and a VLAN. They do not
// overlap (TestKnownSubnetsDoNotOverlap).
func knownSubnets(cloudType, region string) []api.Subnet {
	zones := []string{}
	if region != "" {
		zones = append(zones, region)
	}
	mk := func(cidr, network string, vlan int) api.Subnet {
		return api.Subnet{
			CIDR: cidr, ProviderID: "subnet-" + network + "-" + cidr, ProviderNetworkID: "net-" + network,
			VLANTag: vlan, Life: api.LifeAlive, SpaceName: api.AlphaSpace, Zones: zones,
		}
	}
	if cloudType == api.CloudTypeKubernetes {
		return []api.Subnet{mk("10.1.0.0/16", "pods", 0), mk("10.152.183.0/24", "services", 0)}
	}
	return []api.Subnet{
		mk("10.150.0.0/24", "br0", 0),
		mk("10.150.1.0/24", "br1", 0),
		mk("10.150.2.0/24", "br2", 0),
		mk("10.150.3.0/24", "br3", 0),
		mk("192.168.100.0/24", "mgmt", 100),
		mk("fd42:150::/64", "br0", 0),
	}
}

// seedNetworks gives a new model the space alpha and its cloud's subnets.
func seedNetworks(tx *store.Tx, modelUUID, cloudType, region string) error {
	alpha := spaceRecord{Name: api.AlphaSpace, ModelUUID: modelUUID, Builtin: true}
	if err := tx.Put(kindSpace, childID(modelUUID, alpha.Name), modelUUID, alpha); err != nil {
		return err
	}
	for _, sn := range knownSubnets(cloudType, region) {
		if err := tx.Put(kindSubnet, childID(modelUUID, sn.CIDR), modelUUID, sn); err != nil {
			return err
		}
	}
	return nil
}

// seedNetworksOnce gives the models of a store written before models had
// spaces their alpha space and subnets, once.
func (s *server) seedNetworksOnce(tx *store.Tx) error {
	var done bool
	if found, err := tx.Get("meta", "model-networks", &done); err != nil || found {
		return err
	}
	models, err := store.List[modelRecord](tx, kindModel, "")
	if err != nil {
		return err
	}
	for _, m := range models {
		if found, err := tx.Get(kindSpace, childID(m.UUID, api.AlphaSpace), &spaceRecord{}); err != nil {
			return err
		} else if found {
			continue
		}
		// A model whose cloud is gone (or that named none) gets the subnets
		// of a machine cloud.
		cloudType := ""
		if cl, err := s.loadCloud(tx, m.Cloud); err == nil {
			cloudType = cl.Type
		}
		if err := seedNetworks(tx, m.UUID, cloudType, m.Region); err != nil {
			return err
		}
	}
	return tx.Put("meta", "model-networks", "", true)
}

func (s *server) spaceRoutes() {
	m, p := s.Service, api.APIPrefix
	m.Handle("GET "+p+"/models/{uuid}/spaces", s.api(s.listSpaces))
	m.Handle("POST "+p+"/models/{uuid}/spaces", s.api(s.createSpace))
	m.Handle("GET "+p+"/models/{uuid}/spaces/{name}", s.api(s.getSpace))
	m.Handle("DELETE "+p+"/models/{uuid}/spaces/{name}", s.api(s.deleteSpace))
	m.Handle("POST "+p+"/models/{uuid}/spaces/{name}/subnets", s.api(s.moveSubnets))
	m.Handle("GET "+p+"/models/{uuid}/subnets", s.api(s.listSubnets))
}

func loadSpace(tx *store.Tx, m *modelRecord, name string) (*spaceRecord, error) {
	var sp spaceRecord
	found, err := tx.Get(kindSpace, childID(m.UUID, name), &sp)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, notFound("space %q not found in model %q", name, m.Name)
	}
	return &sp, nil
}

// spaceNames are the spaces of a model, for messages.
func spaceNames(tx *store.Tx, modelUUID string) (string, error) {
	all, err := store.List[spaceRecord](tx, kindSpace, modelUUID)
	var names []string
	for _, sp := range all {
		names = append(names, sp.Name)
	}
	return strings.Join(names, ", "), err
}

// checkSpaceOf answers a 404 naming field when the model has no such space.
func checkSpaceOf(tx *store.Tx, m *modelRecord, field, name string) error {
	found, err := tx.Get(kindSpace, childID(m.UUID, name), &spaceRecord{})
	if err != nil || found {
		return err
	}
	names, err := spaceNames(tx, m.UUID)
	if err != nil {
		return err
	}
	return notFoundField(field, "space %q not found in the model (spaces: %s)", name, names)
}

// checkConstraintSpaces answers a 404 naming constraints when their spaces
// constraint names, wanted or excluded, a space the model does not have, as
// upstream's controller refuses a deploy to an unknown space.
func checkConstraintSpaces(tx *store.Tx, m *modelRecord, cons string) error {
	for _, name := range api.ConstraintSpaces(cons) {
		found, err := tx.Get(kindSpace, childID(m.UUID, name), &spaceRecord{})
		if err != nil {
			return err
		}
		if found {
			continue
		}
		names, err := spaceNames(tx, m.UUID)
		if err != nil {
			return err
		}
		return notFoundField("constraints", "the spaces constraint names space %q, which the model does not have (spaces: %s)", name, names)
	}
	return nil
}

// spaceViews renders spaces with the CIDRs of their subnets.
func spaceViews(tx *store.Tx, modelUUID string) (func(*spaceRecord) api.Space, error) {
	subnets, err := store.List[api.Subnet](tx, kindSubnet, modelUUID)
	if err != nil {
		return nil, err
	}
	return func(sp *spaceRecord) api.Space {
		out := api.Space{Name: sp.Name, ModelUUID: sp.ModelUUID, Builtin: sp.Builtin, Subnets: []string{}}
		for _, sn := range subnets {
			if sn.SpaceName == sp.Name {
				out.Subnets = append(out.Subnets, sn.CIDR)
			}
		}
		return out
	}, nil
}

func (s *server) listSpaces(w http.ResponseWriter, r *http.Request) error {
	name := r.URL.Query().Get("name")
	var out api.List[api.Space]
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.loadModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		view, err := spaceViews(tx, m.UUID)
		if err != nil {
			return err
		}
		out, err = listPage(tx, r, kindSpace, m.UUID, func(sp *spaceRecord) (api.Space, bool, error) {
			return view(sp), name == "" || sp.Name == name, nil
		})
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *server) getSpace(w http.ResponseWriter, r *http.Request) error {
	var out api.Space
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.loadModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		sp, err := loadSpace(tx, m, r.PathValue("name"))
		if err != nil {
			return err
		}
		view, err := spaceViews(tx, m.UUID)
		out = view(sp)
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *server) createSpace(w http.ResponseWriter, r *http.Request) error {
	var req api.CreateSpaceRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.Name == "" {
		return badRequest("name", "required")
	}
	if !spaceNameRE.MatchString(req.Name) {
		return badRequest("name", "%q is not a valid space name (lower-case letters and digits, in groups joined by single hyphens)", req.Name)
	}
	out := api.Space{Name: req.Name, Subnets: []string{}}
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModelWith(r, tx, r.PathValue("uuid"), api.ModelAccessAdmin)
		if err != nil {
			return err
		}
		if found, err := tx.Get(kindSpace, childID(m.UUID, req.Name), &spaceRecord{}); err != nil {
			return err
		} else if found {
			return alreadyExists("name", "space %q already exists in model %q", req.Name, m.Name)
		}
		out.ModelUUID = m.UUID
		if err := tx.Put(kindSpace, childID(m.UUID, req.Name), m.UUID, spaceRecord{Name: req.Name, ModelUUID: m.UUID}); err != nil {
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

// spaceUsers are the uses of a space that block its removal: application
// endpoint bindings (the default binding included), exposed spaces and
// spaces constraints (wanted or excluded), and the model's default space.
func spaceUsers(tx *store.Tx, m *modelRecord, name string) ([]string, error) {
	var uses []string
	if m.Config["default-space"] == name {
		uses = append(uses, "the model's default-space")
	}
	apps, err := store.List[appRecord](tx, kindApplication, m.UUID)
	if err != nil {
		return nil, err
	}
	for _, a := range apps {
		for _, ep := range sortedKeys(a.Bindings) {
			if a.Bindings[ep] != name {
				continue
			}
			if ep == "" {
				uses = append(uses, fmt.Sprintf("the default binding of the application %q", a.Name))
			} else {
				uses = append(uses, fmt.Sprintf("the endpoint %q of the application %q", ep, a.Name))
			}
		}
		if a.Expose != nil && slices.Contains(a.Expose.Spaces, name) {
			uses = append(uses, fmt.Sprintf("the exposure of the application %q", a.Name))
		}
		if slices.Contains(api.ConstraintSpaces(a.Constraints), name) {
			uses = append(uses, fmt.Sprintf("the constraints of the application %q (%s)", a.Name, a.Constraints))
		}
	}
	return uses, nil
}

// deleteSpace removes a space that nothing uses; its subnets go back to
// alpha.
func (s *server) deleteSpace(w http.ResponseWriter, r *http.Request) error {
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModelWith(r, tx, r.PathValue("uuid"), api.ModelAccessAdmin)
		if err != nil {
			return err
		}
		sp, err := loadSpace(tx, m, r.PathValue("name"))
		if err != nil {
			return err
		}
		if sp.Builtin {
			return removalBlocked("space %q holds the subnets no other space holds and cannot be removed", sp.Name)
		}
		uses, err := spaceUsers(tx, m, sp.Name)
		if err != nil {
			return err
		}
		if len(uses) > 0 {
			return removalBlocked("space %q cannot be removed while it is used by %s; bind them to another space, or change the constraints, first", sp.Name, strings.Join(uses, ", "))
		}
		subnets, err := store.List[api.Subnet](tx, kindSubnet, m.UUID)
		if err != nil {
			return err
		}
		for _, sn := range subnets {
			if sn.SpaceName == sp.Name {
				sn.SpaceName = api.AlphaSpace
				if err := tx.Put(kindSubnet, childID(m.UUID, sn.CIDR), m.UUID, sn); err != nil {
					return err
				}
			}
		}
		_, err = tx.Delete(kindSpace, childID(m.UUID, sp.Name))
		return err
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// findSubnet resolves a CIDR of a request to the model's subnet: a network
// address (no host bits) of a subnet the model knows; a CIDR that overlaps
// a known subnet without being it is refused naming that subnet, since
// subnets move whole.
func findSubnet(subnets []api.Subnet, field, cidr string) (int, error) {
	p, err := netip.ParsePrefix(cidr)
	if err != nil {
		return -1, badRequest(field, "%q is not a CIDR (such as 10.0.0.0/24 or fd00::/64)", cidr)
	}
	if p.Masked() != p {
		return -1, badRequest(field, "%q has host bits set; the network is %s", cidr, p.Masked())
	}
	var known []string
	for i, sn := range subnets {
		q := netip.MustParsePrefix(sn.CIDR)
		if q == p {
			return i, nil
		}
		if q.Overlaps(p) {
			return -1, badRequest(field, "%s overlaps the model's subnet %s; subnets are moved whole, by their CIDR", cidr, sn.CIDR)
		}
		known = append(known, sn.CIDR)
	}
	return -1, notFoundField(field, "the model knows no subnet %s (subnets: %s)", cidr, strings.Join(known, ", "))
}

// moveSubnets moves subnets of the model, by CIDR, into a space.
func (s *server) moveSubnets(w http.ResponseWriter, r *http.Request) error {
	var req api.MoveSubnetsRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if len(req.CIDRs) == 0 {
		return badRequest("cidrs", "required: at least one CIDR")
	}
	var out api.Space
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModelWith(r, tx, r.PathValue("uuid"), api.ModelAccessAdmin)
		if err != nil {
			return err
		}
		sp, err := loadSpace(tx, m, r.PathValue("name"))
		if err != nil {
			return err
		}
		subnets, err := store.List[api.Subnet](tx, kindSubnet, m.UUID)
		if err != nil {
			return err
		}
		seen := map[int]bool{}
		for i, cidr := range req.CIDRs {
			f := fieldIndex("cidrs", i)
			at, err := findSubnet(subnets, f, cidr)
			if err != nil {
				return err
			}
			if seen[at] {
				return badRequest(f, "%s is listed twice", cidr)
			}
			seen[at] = true
			sn := subnets[at]
			sn.SpaceName = sp.Name
			if err := tx.Put(kindSubnet, childID(m.UUID, sn.CIDR), m.UUID, sn); err != nil {
				return err
			}
		}
		view, err := spaceViews(tx, m.UUID)
		out = view(sp)
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// listSubnets lists the model's subnets, those of a space, a zone or a
// CIDR when the query names them.
func (s *server) listSubnets(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	space, zone, cidr := q.Get(api.QuerySpace), q.Get(api.QueryZone), q.Get(api.QueryCIDR)
	if cidr != "" {
		if _, err := netip.ParsePrefix(cidr); err != nil {
			return badRequest(api.QueryCIDR, "%q is not a CIDR (such as 10.0.0.0/24 or fd00::/64)", cidr)
		}
	}
	var out api.List[api.Subnet]
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.loadModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		if space != "" {
			if err := checkSpaceOf(tx, m, api.QuerySpace, space); err != nil {
				return err
			}
		}
		out, err = listPage(tx, r, kindSubnet, m.UUID, func(sn *api.Subnet) (api.Subnet, bool, error) {
			ok := (space == "" || sn.SpaceName == space) && (zone == "" || slices.Contains(sn.Zones, zone)) && (cidr == "" || sn.CIDR == cidr)
			return *sn, ok, nil
		})
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}
