package hub

import (
	"fmt"
	"net/http"
	"slices"

	"github.com/google/uuid"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	orchapi "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

const (
	kindTuple = "tuple"
	kindUser  = "user"
	kindGroup = "group"
	kindRole  = "role"
)

// userRecord is a user the hub knows from a grant.
type userRecord struct {
	Name string `json:"name"`
	UUID string `json:"uuid"`
}

func tupleID(t hubapi.Tuple) string { return t.Object + "|" + t.Relation + "|" + t.Target }

// putTuple stores a tuple, filed under its object and its target so that
// both directions are one index lookup.
func putTuple(tx *store.Tx, t hubapi.Tuple) error {
	id := tupleID(t)
	if err := tx.Put(kindTuple, id, "", t); err != nil {
		return err
	}
	return tx.SetRefs(kindTuple, id, "o:"+t.Object, "t:"+t.Target)
}

// deleteTuplesNaming removes every tuple whose object or target is x.
func deleteTuplesNaming(tx *store.Tx, x string) error {
	for _, ref := range []string{"o:" + x, "t:" + x} {
		ts, err := store.ListByRef[hubapi.Tuple](tx, kindTuple, ref)
		if err != nil {
			return err
		}
		for _, t := range ts {
			if _, err := tx.Delete(kindTuple, tupleID(t)); err != nil {
				return err
			}
		}
	}
	return nil
}

// subjects are what an object acts as: itself, the groups it is a member
// of (also through other groups and roles), and the roles assigned to it or
// to those groups.
func subjects(tx *store.Tx, object string) (map[string]bool, error) {
	// Every caller is also everyone (hubapi.Everyone), as upstream.
	everyone := hubapi.UserObject(hubapi.Everyone)
	seen := map[string]bool{object: true, everyone: true}
	queue := []string{object, everyone}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		ts, err := store.ListByRef[hubapi.Tuple](tx, kindTuple, "o:"+x)
		if err != nil {
			return nil, err
		}
		for _, t := range ts {
			tg, err := hubapi.ParseTarget(t.Target)
			if err != nil {
				continue
			}
			var next string
			switch {
			case tg.Kind == kindGroup && t.Relation == hubapi.AccessMember:
				next = hubapi.GroupObject(tg.ID)
			case tg.Kind == kindRole && t.Relation == hubapi.AccessAssignee:
				next = hubapi.RoleObject(tg.ID)
			default:
				continue
			}
			if !seen[next] {
				seen[next] = true
				queue = append(queue, next)
			}
		}
	}
	return seen, nil
}

// holds reports whether one of the subjects holds relation on target.
func holds(tx *store.Tx, subjects map[string]bool, relation, target string) (bool, error) {
	for sub := range subjects {
		for _, rel := range hubapi.Includes(relation) {
			var t hubapi.Tuple
			found, err := tx.Get(kindTuple, tupleID(hubapi.Tuple{Object: sub, Relation: rel, Target: target}), &t)
			if err != nil || found {
				return found, err
			}
		}
	}
	return false, nil
}

// holdsAny reports whether one of the subjects holds any relation on target.
func holdsAny(tx *store.Tx, subjects map[string]bool, target string) (bool, error) {
	ts, err := store.ListByRef[hubapi.Tuple](tx, kindTuple, "t:"+target)
	if err != nil {
		return false, err
	}
	for _, t := range ts {
		if subjects[t.Object] {
			return true, nil
		}
	}
	return false, nil
}

func (s *server) listRelations(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	target := q.Get("target")
	if target == "" {
		return badRequest("target", "query parameter required")
	}
	ok := func(t *hubapi.Tuple) (hubapi.Tuple, bool, error) { //nolint:unparam // listPage's filter may fail; this one cannot
		return *t, t.Target == target && (q.Get("relation") == "" || t.Relation == q.Get("relation")) && (q.Get("object") == "" || t.Object == q.Get("object")), nil
	}
	var out orchapi.List[hubapi.Tuple]
	err := s.st.Tx(r.Context(), func(tx *store.Tx) (err error) {
		if paged(r) {
			out, err = listPage(tx, r, kindTuple, ok)
			return err
		}
		// Unpaged, the target's index finds them at once.
		ts, err := store.ListByRef[hubapi.Tuple](tx, kindTuple, "t:"+target)
		out.Items = []hubapi.Tuple{}
		for i := range ts {
			if t, keep, _ := ok(&ts[i]); keep {
				out.Items = append(out.Items, t)
			}
		}
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// checkTuple checks a tuple's spelling and that the groups and roles it
// names exist; a user it names becomes known to the hub.
func checkTuple(tx *store.Tx, field string, t hubapi.Tuple, adding bool) error {
	obj, err := hubapi.ParseObject(t.Object)
	if err != nil {
		return badRequest(field+".object", "%v", err)
	}
	tg, err := hubapi.ParseTarget(t.Target)
	if err != nil {
		return badRequest(field+".target", "%v", err)
	}
	if err := hubapi.CheckRelation(tg, t.Relation); err != nil {
		return badRequest(field+".relation", "%v", err)
	}
	if !adding {
		return nil
	}
	for _, e := range []struct{ kind, id, part string }{{obj.Kind, obj.ID, "object"}, {tg.Kind, tg.ID, "target"}} {
		if e.kind != kindGroup && e.kind != kindRole {
			continue
		}
		var g hubapi.Group
		if found, err := tx.Get(e.kind, e.id, &g); err != nil {
			return err
		} else if !found {
			return badRequest(field+"."+e.part, "no %s with the UUID %s", e.kind, e.id)
		}
	}
	// A grant on a model or an offer needs the model in the hub: a tuple of
	// a model the hub did not place would be a grant on nothing.
	switch tg.Kind {
	case "model":
		var m modelRecord
		if found, err := tx.Get(kindModel, tg.ID, &m); err != nil {
			return err
		} else if !found {
			return badRequest(field+".target", "no model with the UUID %s is in the hub", tg.ID)
		}
	case "applicationoffer":
		if _, found, err := offeringModel(tx, tg.ID); err != nil {
			return err
		} else if !found {
			owner, model, _ := hubapi.SplitOfferURL(tg.ID)
			return badRequest(field+".target", "the hub has no model %q of %s, the model of the offer %s", model, owner, tg.ID)
		}
	}
	if obj.Kind == kindGroup && tg.Kind == kindGroup && obj.ID == tg.ID {
		return badRequest(field, "a group cannot be a member of itself")
	}
	if obj.Kind == kindUser {
		var u userRecord
		if found, err := tx.Get(kindUser, obj.ID, &u); err != nil {
			return err
		} else if !found {
			return tx.Put(kindUser, obj.ID, "", userRecord{Name: obj.ID, UUID: uuid.NewString()})
		}
	}
	return nil
}

func (s *server) changeRelations(w http.ResponseWriter, r *http.Request) error {
	var req hubapi.RelationsRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	err := s.st.Tx(r.Context(), func(tx *store.Tx) error {
		for i, t := range req.Remove {
			if err := checkTuple(tx, fmt.Sprintf("remove[%d]", i), t, false); err != nil {
				return err
			}
			if _, err := tx.Delete(kindTuple, tupleID(t)); err != nil {
				return err
			}
		}
		for i, t := range req.Add {
			if err := checkTuple(tx, fmt.Sprintf("add[%d]", i), t, true); err != nil {
				return err
			}
			if err := putTuple(tx, t); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// Groups and roles share their operations; kind is kindGroup or kindRole.

func (s *server) listGroups(kind string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		name := r.URL.Query().Get("name")
		var out orchapi.List[hubapi.Group]
		err := s.st.Tx(r.Context(), func(tx *store.Tx) (err error) {
			out, err = listPage(tx, r, kind, func(g *hubapi.Group) (hubapi.Group, bool, error) {
				return *g, name == "" || g.Name == name, nil
			})
			return err
		})
		if err != nil {
			return err
		}
		httpx.WriteJSON(w, http.StatusOK, out)
		return nil
	}
}

func nameTaken(tx *store.Tx, kind, name, except string) error {
	all, err := store.List[hubapi.Group](tx, kind, "")
	if err != nil {
		return err
	}
	if slices.ContainsFunc(all, func(g hubapi.Group) bool { return g.Name == name && g.UUID != except }) {
		return alreadyExists("name", "a %s named %q already exists", kind, name)
	}
	return nil
}

func groupName(r *http.Request) (string, error) {
	var req hubapi.GroupRequest
	if err := decode(r, &req); err != nil {
		return "", err
	}
	if req.Name == "" {
		return "", badRequest("name", "required")
	}
	if err := hubapi.CheckGroupName(req.Name); err != nil {
		return "", badRequest("name", "%v", err)
	}
	return req.Name, nil
}

func (s *server) createGroup(kind string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		name, err := groupName(r)
		if err != nil {
			return err
		}
		g := hubapi.Group{UUID: uuid.NewString(), Name: name}
		err = s.st.Tx(r.Context(), func(tx *store.Tx) error {
			if err := nameTaken(tx, kind, name, ""); err != nil {
				return err
			}
			return tx.Put(kind, g.UUID, "", g)
		})
		if err != nil {
			return err
		}
		httpx.WriteJSON(w, http.StatusCreated, g)
		return nil
	}
}

func loadGroup(tx *store.Tx, kind, id string) (hubapi.Group, error) {
	var g hubapi.Group
	found, err := tx.Get(kind, id, &g)
	if err == nil && !found {
		err = notFound("%s %q not found", kind, id)
	}
	return g, err
}

func (s *server) getGroup(kind string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var g hubapi.Group
		err := s.st.Tx(r.Context(), func(tx *store.Tx) (err error) {
			g, err = loadGroup(tx, kind, r.PathValue("uuid"))
			return err
		})
		if err != nil {
			return err
		}
		httpx.WriteJSON(w, http.StatusOK, g)
		return nil
	}
}

func (s *server) renameGroup(kind string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		name, err := groupName(r)
		if err != nil {
			return err
		}
		var g hubapi.Group
		err = s.st.Tx(r.Context(), func(tx *store.Tx) (err error) {
			if g, err = loadGroup(tx, kind, r.PathValue("uuid")); err != nil {
				return err
			}
			if err := nameTaken(tx, kind, name, g.UUID); err != nil {
				return err
			}
			g.Name = name
			return tx.Put(kind, g.UUID, "", g)
		})
		if err != nil {
			return err
		}
		httpx.WriteJSON(w, http.StatusOK, g)
		return nil
	}
}

func (s *server) deleteGroup(kind string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id := r.PathValue("uuid")
		err := s.st.Tx(r.Context(), func(tx *store.Tx) error {
			if _, err := loadGroup(tx, kind, id); err != nil {
				return err
			}
			if _, err := tx.Delete(kind, id); err != nil {
				return err
			}
			obj, target := hubapi.GroupObject(id), hubapi.GroupTarget(id)
			if kind == kindRole {
				obj, target = hubapi.RoleObject(id), hubapi.RoleTarget(id)
			}
			if err := deleteTuplesNaming(tx, obj); err != nil {
				return err
			}
			return deleteTuplesNaming(tx, target)
		})
		if err != nil {
			return err
		}
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
}

// listOf is the body of every list operation.
type listOf[T any] struct {
	Items []T `json:"items"`
}

func list[T any](items []T) listOf[T] { return listOf[T]{Items: nonNil(items)} }
