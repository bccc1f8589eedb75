package fwmgr

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// The management database (docs/api/fwmgr.md, "Management API"). Per
// domain it holds the predefined objects (made in code, never stored), the
// published objects (kind mgmtKindObject) and every session's private
// changes (kind mgmtKindChange). A change is also the lock of its object:
// the object is locked for every other session for as long as a change of
// it exists, which is until its session publishes or discards, whether or
// not the session is still logged in (Check Point keeps disconnected
// sessions' work).
const (
	mgmtKindObject    = "mgmt-object"    // id domain/uid, parent domain
	mgmtKindChange    = "mgmt-change"    // id domain/session/uid, parent domain
	mgmtKindSession   = "mgmt-session"   // id uid, parent domain
	mgmtKindPublished = "mgmt-published" // id uid, parent domain
	mgmtKindTask      = "mgmt-task"      // id task-id, parent domain
	mgmtKindSeeded    = "mgmt-seeded"    // id domain: its seedObjects are written
)

// mgmtMu serializes the management commands: each reads a domain's
// database, decides, and writes, and two sessions racing for the same name
// or lock must see each other's write.
var mgmtMu sync.Mutex

// mobj is one object of the database.
type mobj struct {
	UID    string `json:"uid"`
	Name   string `json:"name"`
	Type   string `json:"type"` // the row's Name (ManagementType.Name)
	Domain string `json:"domain"`
	// Fields are the validated wire values of every field but uid, name and
	// type; references are stored as UIDs.
	Fields     map[string]any `json:"fields"`
	Predefined bool           `json:"predefined,omitempty"`
	Creator    string         `json:"creator"`
	Created    time.Time      `json:"created"`
	Modifier   string         `json:"modifier"`
	Modified   time.Time      `json:"modified"`
}

// Change operations.
const (
	opAdd    = "add"
	opSet    = "set"
	opDelete = "delete"
)

// mchange is one session's private change of one object, and its lock.
type mchange struct {
	Session string `json:"session"` // the session's UID
	Admin   string `json:"admin"`
	Op      string `json:"op"`
	Obj     mobj   `json:"obj"`
	Seq     int64  `json:"seq"` // order of the change in the domain
}

// msession is a management session as show-sessions lists it. It outlives
// its sid: an expired or logged-out session keeps its changes until
// published, discarded or taken over.
type msession struct {
	UID         string    `json:"uid"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Admin       string    `json:"admin"`
	Domain      string    `json:"domain"`
	State       string    `json:"state"`
	LastLogin   time.Time `json:"last-login"`
	PublishTime time.Time `json:"publish-time"`
	Changes     int64     `json:"changes"` // of a published session: what it published
}

// mtask is an asynchronous command's record (publish).
type mtask struct {
	api.Task
	Domain string `json:"domain"`
}

// mdb is one domain's database as one session sees it, loaded within one
// transaction.
type mdb struct {
	domain    string
	session   string // the viewing session's UID
	now       time.Time
	published map[string]*mobj
	changes   []mchange // every session's, in order
}

func objectID(domain, uid string) string          { return domain + "/" + uid }
func changeID(domain, sess, uid string) string    { return domain + "/" + sess + "/" + uid }
func (c mchange) id(domain string) string         { return changeID(domain, c.Session, c.Obj.UID) }
func sameName(a, b string) bool                   { return strings.EqualFold(a, b) }
func (d *mdb) own(c mchange) bool                 { return c.Session == d.session }
func mgmtDomainOf(name string) (api.Domain, bool) { return lookupDomain(name) }

// loadDB reads domain's published objects and all sessions' changes.
func loadDB(tx *store.Tx, domain, session string) (*mdb, error) {
	d := &mdb{domain: domain, session: session, published: map[string]*mobj{}}
	for _, o := range predefinedObjects(domain) {
		d.published[o.UID] = o
	}
	if err := seedDomain(tx, domain); err != nil {
		return nil, err
	}
	objs, err := store.List[mobj](tx, mgmtKindObject, domain)
	if err != nil {
		return nil, err
	}
	for i := range objs {
		d.published[objs[i].UID] = &objs[i]
	}
	d.changes, err = store.List[mchange](tx, mgmtKindChange, domain)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(d.changes, func(a, b mchange) int { return int(a.Seq - b.Seq) })
	return d, nil
}

// visible is the session's view: the published objects with its own changes
// applied.
func (d *mdb) visible() map[string]*mobj {
	out := make(map[string]*mobj, len(d.published))
	for k, v := range d.published {
		out[k] = v
	}
	for i := range d.changes {
		c := &d.changes[i]
		if !d.own(*c) {
			continue
		}
		if c.Op == opDelete {
			delete(out, c.Obj.UID)
		} else {
			out[c.Obj.UID] = &c.Obj
		}
	}
	return out
}

// lockOf is the change of another session that locks uid, if any.
func (d *mdb) lockOf(uid string) *mchange {
	for i := range d.changes {
		if c := &d.changes[i]; c.Obj.UID == uid && !d.own(*c) {
			return c
		}
	}
	return nil
}

// nameLock is another session's pending add of an object named name.
func (d *mdb) nameLock(name string) *mchange {
	for i := range d.changes {
		if c := &d.changes[i]; !d.own(*c) && c.Op != opDelete && sameName(c.Obj.Name, name) && !isRulebaseEntry(c.Obj.Type) {
			return c
		}
	}
	return nil
}

// ownChange is the session's own change of uid, if any.
func (d *mdb) ownChange(uid string) *mchange {
	for i := range d.changes {
		if c := &d.changes[i]; c.Obj.UID == uid && d.own(*c) {
			return c
		}
	}
	return nil
}

// lockState is meta-info's lock as the viewing session sees it.
func (d *mdb) lockState(uid string) string {
	for _, c := range d.changes {
		if c.Obj.UID == uid {
			if d.own(c) {
				return "locked by current session"
			}
			return "locked by other session"
		}
	}
	return "unlocked"
}

// record writes the session's change of o (replacing an earlier one of the
// same object, so that an add then a set stays one add).
func (d *mdb) record(tx *store.Tx, admin, op string, o mobj) error {
	if prev := d.ownChange(o.UID); prev != nil {
		switch {
		case prev.Op == opAdd && op == opDelete:
			// Added and deleted in the same session: nothing to publish.
			_, err := tx.Delete(mgmtKindChange, prev.id(d.domain))
			d.changes = slices.DeleteFunc(d.changes, func(c mchange) bool { return c.Obj.UID == o.UID && d.own(c) })
			return err
		case prev.Op == opAdd:
			op = opAdd
		}
		prev.Op, prev.Obj = op, o
		return tx.Put(mgmtKindChange, prev.id(d.domain), d.domain, *prev)
	}
	seq, err := tx.NextID("mgmt-change-seq")
	if err != nil {
		return err
	}
	c := mchange{Session: d.session, Admin: admin, Op: op, Obj: o, Seq: seq}
	d.changes = append(d.changes, c)
	return tx.Put(mgmtKindChange, c.id(d.domain), d.domain, c)
}

// sessionChanges are the changes of session uid in the domain.
func (d *mdb) sessionChanges(uid string) []mchange {
	var out []mchange
	for _, c := range d.changes {
		if c.Session == uid {
			out = append(out, c)
		}
	}
	return out
}

// mgmtTx runs fn in one transaction on the session's domain database,
// serialized with every other management command.
func (s *server) mgmtTx(ctx context.Context, sess *session, fn func(tx *store.Tx, d *mdb) error) error {
	mgmtMu.Lock()
	defer mgmtMu.Unlock()
	return s.tx(ctx, func(tx *store.Tx) error {
		d, err := loadDB(tx, sess.Domain, sess.UID)
		if err != nil {
			return err
		}
		d.now = s.now()
		return fn(tx, d)
	})
}

// mgmtLogin records a web_api login's session, so that show-sessions lists
// it after its sid is gone. It runs in login's transaction.
func mgmtLogin(tx *store.Tx, sess session, now time.Time) error {
	live := map[string]bool{}
	list, err := store.List[session](tx, kindSession, sess.Admin)
	if err != nil {
		return err
	}
	for _, x := range list {
		if !x.expired(now) {
			live[x.UID] = true
		}
	}
	if err := mgmtLoginTidy(tx, sess.Admin, sess.Domain, live); err != nil {
		return err
	}
	return tx.Put(mgmtKindSession, sess.UID, sess.Domain, msession{
		UID: sess.UID, Name: sess.Name, Description: sess.Description, Admin: sess.Admin,
		Domain: sess.Domain, State: api.SessionOpen, LastLogin: now,
	})
}

// seedDomain publishes the domain's seedObjects the first time the domain
// is loaded; after that they are ordinary objects, and a deleted one stays
// deleted. A seed whose name an object already has (a store older than the
// seeds) is left out: names are unique per domain.
func seedDomain(tx *store.Tx, domain string) error {
	var done bool
	if ok, err := tx.Get(mgmtKindSeeded, domain, &done); err != nil || ok {
		return err
	}
	seeds := seedObjects(domain)
	if len(seeds) > 0 {
		taken := map[string]bool{}
		objs, err := store.List[mobj](tx, mgmtKindObject, domain)
		if err != nil {
			return err
		}
		changes, err := store.List[mchange](tx, mgmtKindChange, domain)
		if err != nil {
			return err
		}
		for _, o := range objs {
			taken[strings.ToLower(o.Name)] = true
		}
		for _, c := range changes {
			taken[strings.ToLower(c.Obj.Name)] = true
		}
		skipped := map[any]bool{}
		for _, o := range seeds {
			if taken[strings.ToLower(o.Name)] {
				skipped[o.UID] = true
			}
		}
		for _, o := range seeds {
			if skipped[o.UID] {
				continue
			}
			for k, v := range o.Fields {
				if list, ok := v.([]any); ok {
					// A group keeps the seeds that are there.
					o.Fields[k] = slices.DeleteFunc(list, func(e any) bool { return skipped[e] })
				}
			}
			if err := tx.Put(mgmtKindObject, objectID(domain, o.UID), domain, o); err != nil {
				return err
			}
		}
	}
	return tx.Put(mgmtKindSeeded, domain, domain, true)
}
