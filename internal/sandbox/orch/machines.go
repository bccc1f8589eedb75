package orch

import (
	"crypto/sha256"
	"fmt"
	"net"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

const kindMachine = "machine"

var (
	containerPlacementRE = regexp.MustCompile(`^(lxd|kvm):([0-9]+(?:/(?:lxd|kvm)/[0-9]+)*)$`)
	sshAddressRE         = regexp.MustCompile(`^(?:([a-z_][a-z0-9_-]*)@)?([A-Za-z0-9][A-Za-z0-9.:-]*)$`)
	publicKeyRE          = regexp.MustCompile(`^(ssh-(rsa|ed25519|dss)|ecdsa-sha2-nistp(256|384|521)|sk-(ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com) [A-Za-z0-9+/=]+( .*)?$`)
)

type machineRecord struct {
	api.Machine
	DocID    string    `json:"docId"`
	RemoveAt time.Time `json:"removeAt,omitzero"`
	// Name and instance are fixed at creation and shown once started.
	HostnameWhenStarted string `json:"hostnameWhenStarted"`
	InstanceWhenStarted string `json:"instanceWhenStarted"`
}

// machineStatus is where a machine created at created is at now.
func (s *server) machineStatus(created, now time.Time) string {
	switch elapsed := now.Sub(created); {
	case s.delay <= 0 || elapsed >= 2*s.delay:
		return api.MachineStatusActive
	case elapsed >= s.delay:
		return api.MachineStatusStarted
	}
	return api.MachineStatusPending
}

// view is the machine as it is at now, with the units it hosts.
func (s *server) machineView(tx *store.Tx, m *machineRecord, now time.Time) (api.Machine, error) {
	units, err := unitsByMachine(tx, m.ModelUUID)
	if err != nil {
		return api.Machine{}, err
	}
	return s.machineViewOf(m, now, units), nil
}

// unitsByMachine maps each machine of a model to the units it hosts, in the
// order of their applications and then of their units: the model's
// applications are read once, so that a listing of machines costs what the
// model holds, not that for each machine.
func unitsByMachine(tx *store.Tx, modelUUID string) (map[string][]string, error) {
	apps, err := store.List[appRecord](tx, kindApplication, modelUUID)
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, a := range apps {
		for _, u := range a.UnitList {
			if u.Machine != "" {
				out[u.Machine] = append(out[u.Machine], u.Name)
			}
		}
	}
	return out, nil
}

// machineViewOf is the machine as it is at now, with the units units says
// it hosts (unitsByMachine).
func (s *server) machineViewOf(m *machineRecord, now time.Time, units map[string][]string) api.Machine {
	out := m.Machine
	out.Status = s.machineStatus(m.CreatedAt, now)
	out.IPAddresses = []string{}
	if out.Status != api.MachineStatusPending {
		out.Hostname, out.InstanceID = m.HostnameWhenStarted, m.InstanceWhenStarted
		out.IPAddresses = machineAddresses(m)
	}
	out.Units = append([]string{}, units[m.ID]...)
	if out.Annotations == nil {
		out.Annotations = map[string]string{}
	}
	return out
}

func (s *server) loadMachine(tx *store.Tx, modelUUID, id string) (*machineRecord, error) {
	var m machineRecord
	found, err := tx.Get(kindMachine, childID(modelUUID, id), &m)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, notFound("machine %q not found in the model", id)
	}
	return &m, nil
}

// listMachines reads the model's applications once for the units of every
// machine listed (unitsByMachine).
func (s *server) listMachines(w http.ResponseWriter, r *http.Request) error {
	var out api.List[api.Machine]
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.loadModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		units, err := unitsByMachine(tx, m.UUID)
		if err != nil {
			return err
		}
		out, err = listPage(tx, r, kindMachine, m.UUID, func(rec *machineRecord) (api.Machine, bool, error) {
			return s.machineViewOf(rec, requestTime(r), units), true, nil
		})
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *server) getMachine(w http.ResponseWriter, r *http.Request) error {
	return getInModel(s, w, r, "id", s.loadMachine, s.machineView)
}

// defaultBase is the base of machines and applications that name none.
func (s *server) defaultBase(m *modelRecord) string {
	if b := s.configValue(m, "default-base"); b != "" {
		return b
	}
	return noble
}

func checkMachineBase(field, base string) error {
	if err := checkBase(field, base); err != nil {
		return err
	}
	if !slices.Contains(SupportedBases, base) {
		return badRequest(field, "%q is not a supported base (%s)", base, strings.Join(SupportedBases, ", "))
	}
	return nil
}

// modelMachinesRef files each machine under its model, so that the
// machines a model holds are counted without reading them.
func modelMachinesRef(modelUUID string) string { return "model:" + modelUUID }

// checkMachineRoom refuses n more machines in a model that would then hold
// more than api.MaxModelMachines (400 naming field; dying machines count
// until they are gone).
func checkMachineRoom(tx *store.Tx, m *modelRecord, n int, field string) error {
	held, err := tx.CountByRef(kindMachine, modelMachinesRef(m.UUID))
	if err != nil {
		return err
	}
	if held+n > api.MaxModelMachines {
		return badRequest(field, "model %q holds %d machines; %d more would exceed the limit of %d machines per model", m.Name, held, n, api.MaxModelMachines)
	}
	return nil
}

// newMachine adds a machine (a container when parent is set) to a model,
// within the model's limit of machines; the caller stores it.
func (s *server) newMachine(tx *store.Tx, m *modelRecord, now time.Time, base, cons, parent, containerType string) (*machineRecord, error) {
	if err := checkMachineRoom(tx, m, 1, ""); err != nil {
		return nil, err
	}
	var id string
	if parent == "" {
		n, err := tx.NextID("machine/" + m.UUID)
		if err != nil {
			return nil, err
		}
		id = itoa(int(n - 1))
	} else {
		n, err := tx.NextID("container/" + m.UUID + "/" + parent + "/" + containerType)
		if err != nil {
			return nil, err
		}
		id = parent + "/" + containerType + "/" + itoa(int(n-1))
	}
	host := "juju-" + strings.ReplaceAll(m.UUID, "-", "")[:6] + "-" + strings.ReplaceAll(id, "/", "-")
	rec := &machineRecord{
		Machine: api.Machine{ID: id, ModelUUID: m.UUID, Base: base, Constraints: cons, Annotations: map[string]string{},
			Life: api.LifeAlive, Units: []string{}, CreatedAt: now},
		DocID: childID(m.UUID, id), HostnameWhenStarted: host, InstanceWhenStarted: host,
	}
	if err := tx.SetRefs(kindMachine, rec.DocID, modelMachinesRef(m.UUID)); err != nil {
		return nil, err
	}
	return rec, nil
}

func (s *server) createMachine(w http.ResponseWriter, r *http.Request) error {
	var req api.CreateMachineRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	reqCons, err := api.NormalizeConstraints(req.Constraints)
	if err != nil {
		return badRequest("constraints", "%v", err)
	}
	if err := checkAnnotations(req.Annotations); err != nil {
		return err
	}
	disks, err := parseDisks(req.Disks)
	if err != nil {
		return err
	}
	sshHost, err := checkSSHAddress(&req)
	if err != nil {
		return err
	}
	var out api.Machine
	err = s.tx(r, func(tx *store.Tx) error {
		now := requestTime(r)
		m, err := s.liveModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		if m.Type != api.ModelTypeIAAS {
			return badRequest("", "model %q is a %s model: machines exist only in %s models", m.Name, m.Type, api.ModelTypeIAAS)
		}
		base, err := s.machineBase(m, req.Base)
		if err != nil {
			return err
		}
		cons := machineConstraints(m, &req, reqCons)
		if err := s.checkDisksPool(tx, m, disks); err != nil {
			return err
		}
		parent, ctype, err := s.placementParent(tx, m, req.Placement, base, cons, now)
		if err != nil {
			return err
		}
		rec, err := s.newMachine(tx, m, now, base, cons, parent, ctype)
		if err != nil {
			return err
		}
		applyMachineRequest(rec, &req, sshHost)
		if err := tx.Put(kindMachine, rec.DocID, m.UUID, rec); err != nil {
			return err
		}
		if out, err = s.machineView(tx, rec, now); err != nil {
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

// parseDisks parses the storage directive of a machine's disks, if any.
func parseDisks(given string) (api.StorageDirective, error) {
	if given == "" {
		return api.StorageDirective{}, nil
	}
	disks, err := api.ParseStorageDirective(given)
	if err != nil {
		return api.StorageDirective{}, badRequest("disks", "%v", err)
	}
	return disks, nil
}

// checkSSHAddress checks the address of a machine added over SSH, and that
// the fields that go with it (no placement, an optional public key) are
// given only with it. It answers the address's host.
func checkSSHAddress(req *api.CreateMachineRequest) (string, error) {
	if req.SSHAddress == "" {
		if req.PublicKey != "" {
			return "", badRequest("publicKey", "only accepted with sshAddress")
		}
		return "", nil
	}
	mm := sshAddressRE.FindStringSubmatch(req.SSHAddress)
	if mm == nil {
		return "", badRequest("sshAddress", "%q is not [<user>@]<host>", req.SSHAddress)
	}
	if req.Placement != "" {
		return "", badRequest("placement", "not accepted with sshAddress: the machine already exists")
	}
	if req.PublicKey != "" && !publicKeyRE.MatchString(strings.TrimSpace(req.PublicKey)) {
		return "", badRequest("publicKey", "not an OpenSSH public key line (<type> <base64> [comment])")
	}
	return mm[2], nil
}

// machineBase is the base of a new machine: the one asked for, or the
// model's default; either must be a supported base.
func (s *server) machineBase(m *modelRecord, asked string) (string, error) {
	base := asked
	if base == "" {
		base = s.defaultBase(m)
	}
	if err := checkMachineBase("base", base); err != nil {
		return "", err
	}
	return base, nil
}

// machineConstraints are the constraints of a new machine. A provisioned
// machine inherits its model's constraints, as upstream's controller
// reports them; an existing machine added over SSH has what it has.
func machineConstraints(m *modelRecord, req *api.CreateMachineRequest, cons string) string {
	if req.SSHAddress == "" {
		return api.MergeConstraints(m.Constraints, cons)
	}
	return cons
}

// checkDisksPool checks that the pool the disks name, if any, is a pool of
// the model.
func (s *server) checkDisksPool(tx *store.Tx, m *modelRecord, disks api.StorageDirective) error {
	if disks.Pool == "" {
		return nil
	}
	if _, err := s.loadPool(tx, m.UUID, disks.Pool); err != nil {
		return notFoundField("disks", "storage pool %q not found in the model", disks.Pool)
	}
	return nil
}

// placementParent is the machine, and the type of container, that the
// placement p puts a new machine in: none for no placement or a zone, a
// new machine for "lxd" or "kvm", a live machine for "lxd:<machine>".
func (s *server) placementParent(tx *store.Tx, m *modelRecord, p, base, cons string, now time.Time) (string, string, error) {
	switch {
	case p == "":
	case p == "lxd" || p == "kvm":
		host, err := s.newMachine(tx, m, now, base, cons, "", "")
		if err != nil {
			return "", "", err
		}
		if err := tx.Put(kindMachine, host.DocID, m.UUID, host); err != nil {
			return "", "", err
		}
		return host.ID, p, nil
	case containerPlacementRE.MatchString(p):
		mm := containerPlacementRE.FindStringSubmatch(p)
		host, err := s.loadMachine(tx, m.UUID, mm[2])
		if err != nil {
			return "", "", notFoundField("placement", "machine %q not found in the model", mm[2])
		}
		if host.Life != api.LifeAlive {
			return "", "", conflict("placement", "machine %q is being removed", host.ID)
		}
		return host.ID, mm[1], nil
	case strings.HasPrefix(p, "zone="):
		if strings.TrimPrefix(p, "zone=") == "" {
			return "", "", badRequest("placement", "zone= needs a zone name")
		}
	default:
		return "", "", badRequest("placement", "%q is not a placement: use lxd:<machine>, kvm:<machine>, lxd, kvm or zone=<zone>", p)
	}
	return "", "", nil
}

// applyMachineRequest records on a new machine its placement, disks and
// annotations; a machine added over SSH is known by its address's host.
func applyMachineRequest(rec *machineRecord, req *api.CreateMachineRequest, sshHost string) {
	rec.Placement, rec.Disks, rec.Annotations = req.Placement, req.Disks, orEmpty(req.Annotations)
	if req.SSHAddress != "" {
		rec.SSHAddress = req.SSHAddress
		rec.HostnameWhenStarted, rec.InstanceWhenStarted = sshHost, "manual:"+sshHost
	}
}

func (s *server) updateMachine(w http.ResponseWriter, r *http.Request) error {
	var req api.UpdateMachineRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if err := checkAnnotations(req.Annotations); err != nil {
		return err
	}
	var out api.Machine
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		rec, err := s.loadMachine(tx, m.UUID, r.PathValue("id"))
		if err != nil {
			return err
		}
		if rec.Life != api.LifeAlive {
			return conflict("", "machine %q is being removed", rec.ID)
		}
		rec.Annotations = orEmpty(req.Annotations)
		if err := tx.Put(kindMachine, rec.DocID, m.UUID, rec); err != nil {
			return err
		}
		out, err = s.machineView(tx, rec, requestTime(r))
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *server) deleteMachine(w http.ResponseWriter, r *http.Request) error {
	force, err := queryFlag(r, "force")
	if err != nil {
		return err
	}
	return acceptRemoval(s, w, r, "id", s.loadMachine, func(m *machineRecord) bool { return m.Life == api.LifeAlive },
		func(tx *store.Tx, m *modelRecord, rec *machineRecord, now time.Time) error {
			return s.removeMachine(tx, m, rec, force, now)
		}, s.machineView)
}

// removeMachine marks a machine dying; with force, its containers and the
// units on them go too, else they block the removal.
func (s *server) removeMachine(tx *store.Tx, m *modelRecord, rec *machineRecord, force bool, now time.Time) error {
	all, err := store.List[machineRecord](tx, kindMachine, m.UUID)
	if err != nil {
		return err
	}
	doomed := []*machineRecord{rec}
	for i := range all {
		if all[i].Life == api.LifeAlive && strings.HasPrefix(all[i].ID, rec.ID+"/") {
			if !force {
				return removalBlocked("machine %q hosts the container %q; remove it first or use force=true", rec.ID, all[i].ID)
			}
			doomed = append(doomed, &all[i])
		}
	}
	apps, err := store.List[appRecord](tx, kindApplication, m.UUID)
	if err != nil {
		return err
	}
	doomedIDs := map[string]bool{}
	for _, d := range doomed {
		doomedIDs[d.ID] = true
	}
	for i := range apps {
		a := &apps[i]
		kept := slices.DeleteFunc(slices.Clone(a.UnitList), func(u unitRecord) bool { return doomedIDs[u.Machine] })
		if len(kept) == len(a.UnitList) {
			continue
		}
		if !force {
			for _, d := range doomed {
				if i := slices.IndexFunc(a.UnitList, func(u unitRecord) bool { return u.Machine == d.ID }); i >= 0 {
					return removalBlocked("machine %q hosts the unit %s; remove the unit first or use force=true", d.ID, a.UnitList[i].Name)
				}
			}
		}
		a.UnitList = kept
		if err := tx.Put(kindApplication, a.DocID, m.UUID, a); err != nil {
			return err
		}
	}
	for _, d := range doomed {
		d.Life, d.RemoveAt = api.LifeDying, now.Add(s.delay)
		if err := tx.Put(kindMachine, d.DocID, m.UUID, d); err != nil {
			return err
		}
		if err := s.scheduleRemoval(tx, kindMachine, d.DocID, d.RemoveAt); err != nil {
			return err
		}
	}
	return s.syncSubordinates(tx, m, now)
}

// machineAddresses are a started machine's IP addresses, derived from its
// model and ID so that they are stable without being stored: a private one
// (10.0.0.0/8), and a public one (from 203.0.113.0/24, a range kept for
// documentation, so that it is never a real host) for a machine that is not
// a container. A machine added over SSH has the address it was added with.
func machineAddresses(m *machineRecord) []string {
	if m.SSHAddress != "" {
		host := m.SSHAddress
		if _, h, ok := strings.Cut(host, "@"); ok {
			host = h
		}
		if net.ParseIP(host) != nil {
			return []string{host}
		}
		return []string{}
	}
	sum := sha256.Sum256([]byte(m.ModelUUID + "/" + m.ID))
	out := []string{fmt.Sprintf("10.%d.%d.%d", sum[0], sum[1], 2+sum[2]%250)}
	if !strings.Contains(m.ID, "/") {
		out = append(out, fmt.Sprintf("203.0.113.%d", 2+sum[3]%250))
	}
	return out
}
