package fwmgr

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Sessions of the management API: publish, discard, tasks, show-sessions
// and take-over-session (docs/api/fwmgr.md, "Management API").

// targetSession is the session a {uid} body names: the caller's own when
// uid is empty; else a session of the same domain, which only its own
// administrator may publish or discard unless take is set.
func targetSession(tx *store.Tx, sess *session, uid string, anyAdmin bool) (msession, error) {
	if uid == "" || uid == sess.UID {
		var ms msession
		ok, err := tx.Get(mgmtKindSession, sess.UID, &ms)
		if err != nil {
			return ms, err
		}
		if !ok { // a session of a login before the management database
			ms = msession{UID: sess.UID, Name: sess.Name, Description: sess.Description, Admin: sess.Admin, Domain: sess.Domain, State: api.SessionOpen}
		}
		return ms, nil
	}
	var ms msession
	ok, err := tx.Get(mgmtKindSession, uid, &ms)
	if err != nil {
		return ms, err
	}
	if !ok || ms.Domain != sess.Domain {
		return ms, notFound("Requested object [%s] not found: no session with uid %q in domain %q", uid, uid, sess.Domain)
	}
	if !anyAdmin && ms.Admin != sess.Admin {
		return ms, apiErr(http.StatusForbidden, api.CodeForbidden, fmt.Sprintf("session %s belongs to administrator %q: only its administrator may publish or discard it (take-over-session moves it to you)", uid, ms.Admin))
	}
	return ms, nil
}

func (s *server) mgmtPublish(ctx context.Context, sess *session, body []byte) (any, error) {
	if err := s.writable(sess); err != nil {
		return nil, err
	}
	var req api.SessionByUID
	if err := decodeStrict(body, &req); err != nil {
		return nil, err
	}
	var out api.TaskResponse
	err := s.mgmtTx(ctx, sess, func(tx *store.Tx, d *mdb) error {
		ms, err := targetSession(tx, sess, req.UID, false)
		if err != nil {
			return err
		}
		changes := d.sessionChanges(ms.UID)
		for _, c := range changes {
			var err error
			if c.Op == opDelete {
				_, err = tx.Delete(mgmtKindObject, objectID(d.domain, c.Obj.UID))
			} else {
				err = tx.Put(mgmtKindObject, objectID(d.domain, c.Obj.UID), d.domain, c.Obj)
			}
			if err != nil {
				return err
			}
			if _, err := tx.Delete(mgmtKindChange, c.id(d.domain)); err != nil {
				return err
			}
		}
		ms.PublishTime = d.now
		if err := tx.Put(mgmtKindSession, ms.UID, d.domain, ms); err != nil {
			return err
		}
		if len(changes) > 0 {
			pub := ms
			pub.UID, pub.State, pub.Changes = randomUID(), api.SessionPublished, int64(len(changes))
			if err := tx.Put(mgmtKindPublished, pub.UID, d.domain, pub); err != nil {
				return err
			}
		}
		// Publishing is done here and now; the API reports it as a task all
		// the same, and clients poll show-task.
		task := mtask{Domain: d.domain, Task: api.Task{
			TaskID: randomUID(), TaskName: "Publish operation", Status: api.TaskSucceeded,
			ProgressPercentage: 100, Session: ms.UID,
			Comments: fmt.Sprintf("%d change(s) published", len(changes)),
		}}
		out.TaskID = task.TaskID
		return tx.Put(mgmtKindTask, task.TaskID, d.domain, task)
	})
	return out, err
}

func (s *server) mgmtDiscard(ctx context.Context, sess *session, body []byte) (any, error) {
	if err := s.writable(sess); err != nil {
		return nil, err
	}
	var req api.SessionByUID
	if err := decodeStrict(body, &req); err != nil {
		return nil, err
	}
	var out api.DiscardResponse
	err := s.mgmtTx(ctx, sess, func(tx *store.Tx, d *mdb) error {
		ms, err := targetSession(tx, sess, req.UID, false)
		if err != nil {
			return err
		}
		for _, c := range d.sessionChanges(ms.UID) {
			if _, err := tx.Delete(mgmtKindChange, c.id(d.domain)); err != nil {
				return err
			}
			out.NumberOfDiscardedChanges++
		}
		out.Message = "OK"
		return nil
	})
	return out, err
}

func (s *server) mgmtShowTask(ctx context.Context, sess *session, body []byte) (any, error) {
	var req api.ShowTaskRequest
	if err := decodeStrict(body, &req); err != nil {
		return nil, err
	}
	if len(req.TaskID) == 0 {
		return nil, missing("task-id")
	}
	out := api.ShowTaskResponse{Tasks: []api.Task{}}
	err := s.tx(ctx, func(tx *store.Tx) error {
		for _, id := range req.TaskID {
			var t mtask
			ok, err := tx.Get(mgmtKindTask, id, &t)
			if err != nil {
				return err
			}
			if !ok || t.Domain != sess.Domain {
				return notFound("Requested object [%s] not found: no task with task-id %q in domain %q", id, id, sess.Domain)
			}
			out.Tasks = append(out.Tasks, t.Task)
		}
		return nil
	})
	return out, err
}

// liveSessions maps the UIDs of sessions whose sid is still valid.
func (s *server) liveSessions(tx *store.Tx) (map[string]session, error) {
	now := s.now()
	out := map[string]session{}
	for _, a := range s.admins {
		list, err := store.List[session](tx, kindSession, a.Name)
		if err != nil {
			return nil, err
		}
		for _, x := range list {
			if !x.expired(now) {
				out[x.UID] = x
			}
		}
	}
	return out, nil
}

func sessionInfo(d *mdb, ms msession, live map[string]session) api.SessionInfo {
	dom, _ := mgmtDomainOf(ms.Domain)
	info := api.SessionInfo{
		UID: ms.UID, Name: ms.Name, Description: ms.Description, Type: "session", State: ms.State,
		UserName: ms.Admin, Domain: dom, LastLogin: stamp(ms.LastLogin),
	}
	if !ms.PublishTime.IsZero() {
		info.PublishTime = stamp(ms.PublishTime)
	}
	if ms.State == api.SessionPublished {
		info.Changes = ms.Changes
		return info
	}
	n := int64(len(d.sessionChanges(ms.UID)))
	info.Changes, info.Locks, info.InWork = n, n, n > 0
	_, info.Connected = live[ms.UID]
	info.Expired = !info.Connected
	return info
}

func (s *server) mgmtShowSessions(ctx context.Context, sess *session, body []byte) (any, error) {
	var req api.ShowSessionsRequest
	if err := decodeStrict(body, &req); err != nil {
		return nil, err
	}
	if err := checkLevel(req.DetailsLevel); err != nil {
		return nil, err
	}
	p, err := mgmtPaging(req.Limit, req.Offset)
	if err != nil {
		return nil, err
	}
	var out api.ShowSessionsResponse
	err = s.mgmtTx(ctx, sess, func(tx *store.Tx, d *mdb) error {
		kind := mgmtKindSession
		if req.ViewPublishedSessions {
			kind = mgmtKindPublished
		}
		list, err := store.List[msession](tx, kind, d.domain)
		if err != nil {
			return err
		}
		live, err := s.liveSessions(tx)
		if err != nil {
			return err
		}
		infos := make([]api.SessionInfo, 0, len(list))
		for _, ms := range list {
			infos = append(infos, sessionInfo(d, ms, live))
		}
		slices.SortFunc(infos, func(a, b api.SessionInfo) int {
			if c := a.LastLogin.Posix - b.LastLogin.Posix; c != 0 {
				return int(c)
			}
			return strings.Compare(a.UID, b.UID)
		})
		out = pageOf(p, infos)
		return nil
	})
	return out, err
}

func (s *server) mgmtShowSession(ctx context.Context, sess *session, body []byte) (any, error) {
	var req api.SessionByUID
	if err := decodeStrict(body, &req); err != nil {
		return nil, err
	}
	var out api.SessionInfo
	err := s.mgmtTx(ctx, sess, func(tx *store.Tx, d *mdb) error {
		ms, err := targetSession(tx, sess, req.UID, true)
		if err != nil {
			return err
		}
		live, err := s.liveSessions(tx)
		if err != nil {
			return err
		}
		out = sessionInfo(d, ms, live)
		return nil
	})
	return out, err
}

func (s *server) mgmtTakeOver(ctx context.Context, sess *session, body []byte) (any, error) {
	if err := s.writable(sess); err != nil {
		return nil, err
	}
	var req api.TakeOverSessionRequest
	if err := decodeStrict(body, &req); err != nil {
		return nil, err
	}
	if req.UID == "" {
		return nil, missing("uid")
	}
	if req.UID == sess.UID {
		return nil, invalid("uid", "is the caller's own session: there is nothing to take over")
	}
	var out api.SessionInfo
	err := s.mgmtTx(ctx, sess, func(tx *store.Tx, d *mdb) error {
		ms, err := targetSession(tx, sess, req.UID, true)
		if err != nil {
			return err
		}
		live, err := s.liveSessions(tx)
		if err != nil {
			return err
		}
		if other, ok := live[ms.UID]; ok {
			if !req.DisconnectActiveSession {
				return apiErr(http.StatusConflict, api.CodeObjectLocked, fmt.Sprintf("session %s of administrator %q is connected: set disconnect-active-session to take it over", ms.UID, ms.Admin))
			}
			if _, err := tx.Delete(kindSession, other.SID); err != nil {
				return err
			}
			delete(live, ms.UID)
		}
		for _, c := range d.sessionChanges(ms.UID) {
			if _, err := tx.Delete(mgmtKindChange, c.id(d.domain)); err != nil {
				return err
			}
			c.Session, c.Admin = sess.UID, sess.Admin
			if err := tx.Put(mgmtKindChange, c.id(d.domain), d.domain, c); err != nil {
				return err
			}
		}
		if _, err := tx.Delete(mgmtKindSession, ms.UID); err != nil {
			return err
		}
		d2, err := loadDB(tx, d.domain, sess.UID)
		if err != nil {
			return err
		}
		mine, err := targetSession(tx, sess, "", false)
		if err != nil {
			return err
		}
		out = sessionInfo(d2, mine, live)
		return nil
	})
	return out, err
}

// mgmtLoginTidy drops the administrator's sessions of domain that hold no
// changes and whose sid is gone: nothing is left to publish, discard or
// take over, and the store would otherwise grow by one per login.
func mgmtLoginTidy(tx *store.Tx, admin, domain string, liveUIDs map[string]bool) error {
	list, err := store.List[msession](tx, mgmtKindSession, domain)
	if err != nil {
		return err
	}
	changes, err := store.List[mchange](tx, mgmtKindChange, domain)
	if err != nil {
		return err
	}
	busy := map[string]bool{}
	for _, c := range changes {
		busy[c.Session] = true
	}
	for _, ms := range list {
		if ms.Admin == admin && !busy[ms.UID] && !liveUIDs[ms.UID] {
			if _, err := tx.Delete(mgmtKindSession, ms.UID); err != nil {
				return err
			}
		}
	}
	return nil
}
