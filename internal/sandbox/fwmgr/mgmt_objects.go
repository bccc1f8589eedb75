package fwmgr

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"time"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// mgmtMaxLimit is show-<Plural>'s largest page.
const mgmtMaxLimit = 500

// mgmtCommand reports whether command is one of the management API's
// (besides login, keepalive and logout).
func mgmtCommand(command string) bool {
	switch command {
	case api.CommandPublish, api.CommandDiscard, api.CommandShowTask, api.CommandShowSessions,
		api.CommandShowSession, api.CommandTakeOverSession, api.CommandWhereUsed:
		return true
	}
	_, t := objectCommand(command)
	_, rt := rulebaseCommand(command) // mgmt_rulebase.go
	return t != nil || rt != nil || installCommand(command)
}

// objectCommand splits add-T, set-T, show-T, delete-T and show-<Plural>.
func objectCommand(command string) (verb string, t *api.ManagementType) {
	verb, name, ok := strings.Cut(command, "-")
	if !ok {
		return "", nil
	}
	if verb == "show" {
		if t := mgmtTypeByPlural(name); t != nil {
			return "list", t
		}
	}
	switch verb {
	case "add", "set", "show", "delete":
		if t := mgmtType(name); t != nil {
			return verb, t
		}
	}
	return "", nil
}

// mgmt answers a management command of an authenticated session.
func (s *server) mgmt(ctx context.Context, command string, sess *session, body []byte) (any, error) {
	switch command {
	case api.CommandPublish:
		return s.mgmtPublish(ctx, sess, body)
	case api.CommandDiscard:
		return s.mgmtDiscard(ctx, sess, body)
	case api.CommandShowTask:
		return s.mgmtShowTask(ctx, sess, body)
	case api.CommandShowSessions:
		return s.mgmtShowSessions(ctx, sess, body)
	case api.CommandShowSession:
		return s.mgmtShowSession(ctx, sess, body)
	case api.CommandTakeOverSession:
		return s.mgmtTakeOver(ctx, sess, body)
	case api.CommandWhereUsed:
		return s.mgmtWhereUsed(ctx, sess, body)
	}
	if out, ok, err := s.mgmtRulebase(ctx, command, sess, body); ok { // rules and sections: mgmt_rulebase.go
		return out, err
	}
	if installCommand(command) { // install-policy, verify-policy: mgmt_install.go
		return s.mgmtInstall(ctx, command, sess, body)
	}
	verb, t := objectCommand(command)
	switch verb {
	case "add", "set":
		return s.mgmtWrite(ctx, verb, t, sess, body)
	case "show":
		return s.mgmtShow(ctx, t, sess, body)
	case "delete":
		return s.mgmtDelete(ctx, t, sess, body)
	case "list":
		return s.mgmtList(ctx, t, sess, body)
	}
	return nil, apiErr(http.StatusNotFound, api.CodeCommandNotFound, fmt.Sprintf("command %q does not exist in context %s", command, api.ContextWeb))
}

// adminNamed is the administrator of a session.
func (s *server) adminNamed(name string) *Administrator {
	for i := range s.admins {
		if s.admins[i].Name == name {
			return &s.admins[i]
		}
	}
	return nil
}

// writable refuses a change in a read-only session.
func (s *server) writable(sess *session) error {
	if a := s.adminNamed(sess.Admin); a == nil || a.ReadOnly {
		return apiErr(http.StatusForbidden, api.CodeReadOnly, fmt.Sprintf("the session of administrator %q is read-only: it cannot change objects, publish or discard", sess.Admin))
	}
	return nil
}

// find is the visible object of type t (nil: any type) by uid or,
// case-insensitively, by name.
func find(vis map[string]*mobj, t *api.ManagementType, uid, name string) *mobj {
	if o, ok := vis[uid]; ok && uid != "" && (t == nil || o.Type == t.Name) {
		return o
	}
	if name == "" {
		return nil
	}
	var best *mobj
	for _, o := range vis {
		if (t == nil || o.Type == t.Name) && sameName(o.Name, name) {
			if o.Name == name {
				return o
			}
			best = o
		}
	}
	return best
}

// selectObject finds the object a {uid | name} body names.
func selectObject(vis map[string]*mobj, t *api.ManagementType, uid, name string) (*mobj, error) {
	what := "object"
	if t != nil {
		what = t.Name
	}
	switch {
	case uid == "" && name == "":
		return nil, missing("uid", "name")
	}
	o := find(vis, t, uid, name)
	if o == nil {
		if uid != "" {
			return nil, notFound("Requested object [%s] not found: no %s with uid %q", uid, what, uid)
		}
		return nil, notFound("Requested object [%s] not found: no %s named %q in this domain", name, what, name)
	}
	return o, nil
}

func stringOf(m map[string]any, k string) (string, error) {
	v, ok := m[k]
	if !ok || v == nil {
		return "", nil
	}
	s, ok := v.(string)
	if !ok {
		return "", invalid(k, "must be a string, got %s", jsonKindOf(v))
	}
	return s, nil
}

// lockedError names the session and administrator that hold o.
func lockedError(tx *store.Tx, c *mchange, name string) error {
	var ms msession
	_, _ = tx.Get(mgmtKindSession, c.Session, &ms)
	sname := ms.Name
	if sname == "" {
		sname = c.Session
	}
	return apiErr(http.StatusConflict, api.CodeObjectLocked, fmt.Sprintf("Object [%s] is locked by session %q (uid %s) of administrator %q: it can be changed again when that session publishes or discards", name, sname, c.Session, c.Admin))
}

func predefinedError(o *mobj) error {
	return apiErr(http.StatusForbidden, api.CodeForbidden, fmt.Sprintf("Object [%s] is a predefined object: it cannot be changed or deleted", o.Name))
}

// mgmtWrite is add-T and set-T.
func (s *server) mgmtWrite(ctx context.Context, verb string, t *api.ManagementType, sess *session, body []byte) (any, error) {
	if err := s.writable(sess); err != nil {
		return nil, err
	}
	in, err := decodeObjectBody(body)
	if err != nil {
		return nil, err
	}
	level, err := stringOf(in, "details-level")
	if err != nil {
		return nil, err
	}
	if err := checkLevel(level); err != nil {
		return nil, err
	}
	delete(in, "details-level")
	fields := typeFields(t)
	var out any
	err = s.mgmtTx(ctx, sess, func(tx *store.Tx, d *mdb) error {
		vis := d.visible()
		now := s.now()
		var o mobj
		newName, _ := stringOf(in, "name")
		if verb == "add" {
			if _, ok := in["uid"]; ok {
				return unknownParameter("uid")
			}
			o = mobj{UID: randomUID(), Type: t.Name, Domain: d.domain, Fields: map[string]any{}, Creator: sess.Admin, Created: now}
		} else {
			uid, err := stringOf(in, "uid")
			if err != nil {
				return err
			}
			cur, err := selectObject(vis, t, uid, newNameOr(uid, newName))
			if err != nil {
				return err
			}
			if cur.Predefined {
				return predefinedError(cur)
			}
			if c := d.lockOf(cur.UID); c != nil {
				return lockedError(tx, c, cur.Name)
			}
			o = *cur
			o.Fields = cloneMap(cur.Fields)
			newName, err = stringOf(in, "new-name")
			if err != nil {
				return err
			}
			delete(in, "uid")
			delete(in, "new-name")
			if uid == "" {
				delete(in, "name")
			}
		}
		if newName != "" || verb == "add" {
			if err := checkName(tx, d, t, vis, o.UID, newName); err != nil {
				return err
			}
			o.Name = newName
		}
		delete(in, "name")
		if _, ok := in["subnet-mask"]; ok && t.Name == "network" {
			if _, ok := in["mask-length4"]; !ok {
				// A network's IPv4 mask sent as subnet-mask replaces the
				// stored mask-length4.
				delete(o.Fields, "mask-length4")
			}
		}
		if err := applyFields(tx, d, vis, sess, verb, t.Name, fields, in, &o); err != nil {
			return err
		}
		var absent []string
		for _, f := range fields {
			if _, ok := o.Fields[f.Name]; f.Required && !ok {
				absent = append(absent, f.Name)
			}
		}
		if len(absent) > 0 {
			return missing(absent...)
		}
		// The rules over several fields hold for the object as it will be,
		// the stored fields a set-T leaves as they are included.
		merged := cloneMap(o.Fields)
		merged["name"] = o.Name
		if err := constraintError(api.CheckConstraints(t.Name, merged)); err != nil {
			return err
		}
		if t.Name == "network" {
			storeMaskLength(o.Fields)
		}
		if err := resolveRefs(tx, d, vis, sess, fields, o.Fields, ""); err != nil {
			return err
		}
		o.Modifier, o.Modified = sess.Admin, now
		op := opSet
		if verb == "add" {
			op = opAdd
		}
		if err := d.record(tx, sess.Admin, op, o); err != nil {
			return err
		}
		if level == "" {
			level = api.DetailsFull
		}
		out = render(d, d.visible(), &o, level)
		return nil
	})
	return out, err
}

// applyFields writes the fields of in (an add-T or set-T body, with what
// the command itself takes out already removed) onto o: null clears a
// field, a set's {"add", "remove"} form changes its members, a value is
// normalized by its field, a write-only one is dropped, and a set may not
// change a ForceNew field of a typeName.
func applyFields(tx *store.Tx, d *mdb, vis map[string]*mobj, sess *session, verb, typeName string, fields []api.Field, in map[string]any, o *mobj) error {
	for _, k := range sortedKeys(in) {
		f, ok := fieldNamed(fields, k)
		if !ok {
			return unknownParameter(k)
		}
		if in[k] == nil {
			delete(o.Fields, k)
			continue
		}
		if m, ok := in[k].(map[string]any); ok && verb == "set" && f.Kind == api.KindStringSet {
			// The API's {"add": [...], "remove": [...]} form of a set.
			v, err := addRemove(tx, d, vis, sess, k, f, o.Fields[k], m)
			if err != nil {
				return err
			}
			o.Fields[k] = v
			continue
		}
		v, err := normalize(k, f, in[k])
		if err != nil {
			return err
		}
		if f.WriteOnly {
			continue
		}
		if verb == "set" && f.ForceNew && !valuesEqual(o.Fields[k], v) {
			return invalid(k, "cannot be changed once the %s exists: delete it and add it again", typeName)
		}
		o.Fields[k] = v
	}
	return nil
}

func newNameOr(uid, name string) string {
	if uid != "" {
		return ""
	}
	return name
}

// checkName refuses an empty name and one that another object of the
// domain has, visible or pending in another session.
func checkName(tx *store.Tx, d *mdb, t *api.ManagementType, vis map[string]*mobj, uid, name string) error {
	if strings.TrimSpace(name) == "" {
		return missing("name")
	}
	if err := api.CheckRule(t.NameRule, name); err != nil {
		return invalid("name", "%v", err)
	}
	for _, o := range vis {
		if o.UID != uid && sameName(o.Name, name) && !isRulebaseEntry(o.Type) { // a rule's name is not unique
			return apiErr(http.StatusBadRequest, api.CodeNameNotUnique, fmt.Sprintf("Validation failed: more than one object named [%s] would exist in domain %q (the %s %q, uid %s); names are unique per domain, whatever their case", name, d.domain, o.Type, o.Name, o.UID))
		}
	}
	if c := d.nameLock(name); c != nil && c.Obj.UID != uid {
		return lockedError(tx, c, name)
	}
	return nil
}

// resolveRefs replaces every reference in values (names or UIDs) by the
// UID of the object it names; tags that do not exist are created.
func resolveRefs(tx *store.Tx, d *mdb, vis map[string]*mobj, sess *session, fields []api.Field, values map[string]any, prefix string) error {
	for _, f := range fields {
		v, ok := values[f.Name]
		if !ok {
			continue
		}
		path := prefix + f.Name
		switch {
		case len(f.RefTypes) > 0 && f.Kind == api.KindString:
			uid, err := resolveRef(tx, d, vis, sess, f, path, asString(v))
			if err != nil {
				return err
			}
			values[f.Name] = uid
		case len(f.RefTypes) > 0:
			list := asList(v)
			out := make([]any, 0, len(list))
			for _, x := range list {
				uid, err := resolveRef(tx, d, vis, sess, f, path, asString(x))
				if err != nil {
					return err
				}
				if !slices.Contains(out, any(uid)) {
					out = append(out, uid)
				}
			}
			values[f.Name] = out
		case f.Kind == api.KindBlock:
			if err := resolveRefs(tx, d, vis, sess, f.Fields, asObject(v), path+"."); err != nil {
				return err
			}
		case f.Kind == api.KindBlockList || f.Kind == api.KindBlockSet:
			for _, b := range asList(v) {
				if err := resolveRefs(tx, d, vis, sess, f.Fields, asObject(b), path+"."); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// lookupRef is the visible object that ref (a UID, or a name in any case)
// names among the types reference field f may hold, or nil.
func lookupRef(vis map[string]*mobj, f api.Field, ref string) *mobj {
	typeOK := func(o *mobj) bool {
		for _, rt := range f.RefTypes {
			if rt == "*" || rt == o.Type {
				return true
			}
			if row := mgmtType(o.Type); row != nil && apiTypeOf(row) == rt {
				return true
			}
		}
		return false
	}
	if o, ok := vis[ref]; ok && typeOK(o) {
		return o
	}
	var match *mobj
	for _, o := range vis {
		if sameName(o.Name, ref) && typeOK(o) && (match == nil || o.Name == ref) {
			match = o
		}
	}
	return match
}

func refNotFound(d *mdb, f api.Field, path, ref string) error {
	return notFound("Invalid parameter [%s]: requested object [%s] not found (an object of type %s, by name or uid, in domain %q)", path, ref, strings.Join(f.RefTypes, " or "), d.domain)
}

func resolveRef(tx *store.Tx, d *mdb, vis map[string]*mobj, sess *session, f api.Field, path, ref string) (string, error) {
	if match := lookupRef(vis, f, ref); match != nil {
		return match.UID, nil
	}
	if slices.Equal(f.RefTypes, []string{"tag"}) {
		if c := d.nameLock(ref); c != nil {
			return "", lockedError(tx, c, ref)
		}
		now := d.now
		tag := mobj{UID: randomUID(), Name: ref, Type: "tag", Domain: d.domain, Fields: map[string]any{"color": "black", "comments": ""},
			Creator: sess.Admin, Created: now, Modifier: sess.Admin, Modified: now}
		if err := d.record(tx, sess.Admin, opAdd, tag); err != nil {
			return "", err
		}
		vis[tag.UID] = &tag
		return tag.UID, nil
	}
	return "", refNotFound(d, f, path, ref)
}

// addRemove is set-T's {"add": [...], "remove": [...]} of the set field k
// (cur its stored value): the set without what remove names, then with
// what add names. Either may be absent; removing a value the set does not
// hold is no error, as on Check Point. A reference is resolved as in a
// whole list (a tag that add names and does not exist is created); remove
// must name existing objects.
func addRemove(tx *store.Tx, d *mdb, vis map[string]*mobj, sess *session, k string, f api.Field, cur any, m map[string]any) (any, error) {
	if len(m) == 0 {
		return nil, invalid(k, `the add/remove form needs "add", "remove" or both`)
	}
	lists := map[string][]any{}
	for _, op := range sortedKeys(m) {
		if op != "add" && op != "remove" {
			return nil, unknownParameter(k + "." + op)
		}
		g := f // named by its path, so that an error names the element
		g.Name = k + "." + op
		v, err := normalize(g.Name, g, m[op])
		if err != nil {
			return nil, err
		}
		lists[op] = asList(v)
	}
	out := slices.Clone(toList(cur))
	if out == nil {
		out = []any{}
	}
	for _, x := range lists["remove"] {
		val := asString(x)
		if len(f.RefTypes) > 0 {
			o := lookupRef(vis, f, val)
			if o == nil {
				return nil, refNotFound(d, f, k+".remove", val)
			}
			val = o.UID
		}
		out = slices.DeleteFunc(out, func(e any) bool { return e == any(val) })
	}
	for _, x := range lists["add"] {
		val := asString(x)
		if len(f.RefTypes) > 0 {
			uid, err := resolveRef(tx, d, vis, sess, f, k+".add", val)
			if err != nil {
				return nil, err
			}
			val = uid
		}
		if !slices.Contains(out, any(val)) {
			out = append(out, val)
		}
	}
	return out, nil
}

// constraintError answers an object that breaks a rule over several of its
// fields (api.CheckConstraints) as the API does: an absent field as a
// missing parameter, a value as an invalid one, each naming the fields.
func constraintError(err error) error {
	var ce *api.ConstraintError
	if !errors.As(err, &ce) {
		return err
	}
	fields := strings.Join(ce.Fields, ", ")
	if ce.Missing {
		return apiErr(http.StatusBadRequest, api.CodeMissingRequired, "Missing parameter: ["+fields+"]: "+ce.Message())
	}
	return invalid(fields, "%s", ce.Message())
}

// mgmtShow is show-T.
func (s *server) mgmtShow(ctx context.Context, t *api.ManagementType, sess *session, body []byte) (any, error) {
	var req api.ByNameOrUID
	if err := decodeStrict(body, &req); err != nil {
		return nil, err
	}
	if err := checkLevel(req.DetailsLevel); err != nil {
		return nil, err
	}
	level := req.DetailsLevel
	if level == "" {
		level = api.DetailsFull
	}
	var out any
	err := s.mgmtTx(ctx, sess, func(tx *store.Tx, d *mdb) error {
		vis := d.visible()
		o, err := selectObject(vis, t, req.UID, req.Name)
		if err != nil {
			return err
		}
		out = render(d, vis, o, level)
		return withInstalledPolicy(tx, d, o, out)
	})
	return out, err
}

// mgmtDelete is delete-T.
func (s *server) mgmtDelete(ctx context.Context, t *api.ManagementType, sess *session, body []byte) (any, error) {
	if err := s.writable(sess); err != nil {
		return nil, err
	}
	var req struct {
		api.ByNameOrUID
		IgnoreWarnings bool `json:"ignore-warnings,omitempty"`
		IgnoreErrors   bool `json:"ignore-errors,omitempty"`
	}
	if err := decodeStrict(body, &req); err != nil {
		return nil, err
	}
	err := s.mgmtTx(ctx, sess, func(tx *store.Tx, d *mdb) error {
		vis := d.visible()
		o, err := selectObject(vis, t, req.UID, req.Name)
		if err != nil {
			return err
		}
		if o.Predefined {
			return predefinedError(o)
		}
		if c := d.lockOf(o.UID); c != nil {
			return lockedError(tx, c, o.Name)
		}
		if users := usersOf(vis, o.UID); len(users) > 0 {
			names := make([]string, len(users))
			for i, u := range users {
				names[i] = fmt.Sprintf("%s %q", u.Type, u.Name)
			}
			return apiErr(http.StatusConflict, api.CodeObjectInUse, fmt.Sprintf("Object [%s] is used by %d object(s): %s; remove those references first (where-used lists them)", o.Name, len(users), strings.Join(names, ", ")))
		}
		return d.record(tx, sess.Admin, opDelete, *o)
	})
	if err != nil {
		return nil, err
	}
	return api.MessageResponse{Message: "OK"}, nil
}

// mgmtList is show-<Plural>.
func (s *server) mgmtList(ctx context.Context, t *api.ManagementType, sess *session, body []byte) (any, error) {
	var req api.ShowObjectsRequest
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
	switch req.Order {
	case "", api.OrderAsc:
	case api.OrderDesc:
		p.desc = true
	default:
		return nil, invalid("order", "must be %s or %s, got %q", api.OrderAsc, api.OrderDesc, req.Order)
	}
	level := req.DetailsLevel
	if level == "" {
		level = api.DetailsStandard
	}
	var out any
	err = s.mgmtTx(ctx, sess, func(tx *store.Tx, d *mdb) error {
		vis := d.visible()
		var list []*mobj
		filter := strings.ToLower(req.Filter)
		for _, o := range vis {
			if o.Type == t.Name && (filter == "" || matchesFilter(o, filter)) {
				list = append(list, o)
			}
		}
		slices.SortFunc(list, func(a, b *mobj) int {
			if c := strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)); c != 0 {
				return c
			}
			return strings.Compare(a.UID, b.UID)
		})
		page := pageOf(p, list)
		objs := make([]any, len(page.Objects))
		for i, o := range page.Objects {
			objs[i] = render(d, vis, o, level)
		}
		out = api.Page[any]{From: page.From, To: page.To, Total: page.Total, Objects: objs}
		return nil
	})
	return out, err
}

// mgmtPaging is the page a management show command's limit and offset
// ask for: limit 1 to mgmtMaxLimit (default api.DefaultLimit), offset 0 or
// more.
func mgmtPaging(limit, offset *int64) (paging, error) {
	p := paging{limit: api.DefaultLimit}
	if limit != nil {
		if *limit < 1 || *limit > mgmtMaxLimit {
			return p, invalid("limit", "must be between 1 and %d, got %d", mgmtMaxLimit, *limit)
		}
		p.limit = int(*limit)
	}
	if offset != nil {
		if *offset < 0 {
			return p, invalid("offset", "must be 0 or more, got %d", *offset)
		}
		p.offset = int(*offset)
	}
	return p, nil
}

// matchesFilter: the name, comments or a string field contains filter.
func matchesFilter(o *mobj, filter string) bool {
	if strings.Contains(strings.ToLower(o.Name), filter) {
		return true
	}
	for _, v := range o.Fields {
		if s, ok := v.(string); ok && strings.Contains(strings.ToLower(s), filter) {
			return true
		}
	}
	return false
}

func checkLevel(level string) error {
	return oneOf("details-level", level, api.DetailsUID, api.DetailsStandard, api.DetailsFull)
}

// mgmtWhereUsed is where-used.
func (s *server) mgmtWhereUsed(ctx context.Context, sess *session, body []byte) (any, error) {
	var req api.ByNameOrUID
	if err := decodeStrict(body, &req); err != nil {
		return nil, err
	}
	var out api.WhereUsedResponse
	err := s.mgmtTx(ctx, sess, func(tx *store.Tx, d *mdb) error {
		vis := d.visible()
		o, err := selectObject(vis, nil, req.UID, req.Name)
		if err != nil {
			return err
		}
		out.UsedDirectly.Objects = []api.ObjectRef{}
		for _, u := range usersOf(vis, o.UID) {
			out.UsedDirectly.Objects = append(out.UsedDirectly.Objects, refOf(u))
		}
		out.UsedDirectly.Total = int64(len(out.UsedDirectly.Objects))
		return nil
	})
	return out, err
}

// usersOf are the visible objects that reference uid, by name.
func usersOf(vis map[string]*mobj, uid string) []*mobj {
	var out []*mobj
	for _, o := range vis {
		if o.UID != uid && containsString(o.Fields, uid) {
			out = append(out, o)
		}
	}
	slices.SortFunc(out, func(a, b *mobj) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// containsString: references are stored as UIDs, and a UID is no other
// field's value, so any string equal to uid is a reference to it.
func containsString(v any, uid string) bool {
	switch x := v.(type) {
	case string:
		return x == uid
	case []any:
		for _, e := range x {
			if containsString(e, uid) {
				return true
			}
		}
	case map[string]any:
		for _, e := range x {
			if containsString(e, uid) {
				return true
			}
		}
	}
	return false
}

func refOf(o *mobj) api.ObjectRef {
	typ := o.Type
	if row := mgmtType(o.Type); row != nil {
		typ = apiTypeOf(row)
	}
	return api.ObjectRef{UID: o.UID, Name: o.Name, Type: typ}
}

// render answers o at a details level.
func render(d *mdb, vis map[string]*mobj, o *mobj, level string) any {
	if level == api.DetailsUID {
		return o.UID
	}
	ref := refOf(o)
	dom, _ := mgmtDomainOf(o.Domain)
	out := map[string]any{"uid": o.UID, "name": o.Name, "type": ref.Type, "domain": dom}
	row := mgmtType(o.Type)
	if row != nil {
		renderFields(vis, typeFields(row), o.Fields, out)
		renderPolicyObject(o, out) // mgmt_policy_objects.go: a user's expiration-date answered as a time
		if o.Type == "network" {
			if mask, ok := subnetMask(o.Fields["mask-length4"]); ok {
				out["subnet-mask"] = mask
			}
		}
	} else {
		for k, v := range o.Fields {
			out[k] = v
		}
	}
	if level == api.DetailsFull {
		out["read-only"] = o.Predefined
		out["meta-info"] = map[string]any{
			"creator":          o.Creator,
			"creation-time":    stamp(o.Created),
			"last-modifier":    o.Modifier,
			"last-modify-time": stamp(o.Modified),
			"lock":             d.lockState(o.UID),
			"validation-state": "ok",
		}
	}
	return out
}

func renderFields(vis map[string]*mobj, fields []api.Field, values map[string]any, out map[string]any) {
	for _, f := range fields {
		if f.WriteOnly {
			continue
		}
		v, ok := values[f.Name]
		if !ok {
			if f.Default != nil {
				out[f.Name] = f.Default
			} else if len(f.RefTypes) > 0 && f.Kind != api.KindString {
				out[f.Name] = []api.ObjectRef{}
			}
			continue
		}
		switch {
		case len(f.RefTypes) > 0 && f.Kind == api.KindString:
			out[f.Name] = refByUID(vis, asString(v))
		case len(f.RefTypes) > 0:
			refs := []api.ObjectRef{}
			for _, u := range toList(v) {
				refs = append(refs, refByUID(vis, asString(u)))
			}
			out[f.Name] = refs
		case f.Kind == api.KindBlock:
			b := map[string]any{}
			renderFields(vis, f.Fields, asObject(v), b)
			out[f.Name] = b
		case f.Kind == api.KindBlockList || f.Kind == api.KindBlockSet:
			var bl []any
			for _, x := range toList(v) {
				b := map[string]any{}
				renderFields(vis, f.Fields, asObject(x), b)
				bl = append(bl, b)
			}
			out[f.Name] = bl
		default:
			out[f.Name] = v
		}
	}
}

func toList(v any) []any {
	switch x := v.(type) {
	case []any:
		return x
	case []string:
		out := make([]any, len(x))
		for i, s := range x {
			out[i] = s
		}
		return out
	}
	return nil
}

// refByUID answers a stored reference; an object deleted since (in this
// session) answers its UID alone.
func refByUID(vis map[string]*mobj, uid string) api.ObjectRef {
	if o, ok := vis[uid]; ok {
		return refOf(o)
	}
	return api.ObjectRef{UID: uid}
}

func stamp(t time.Time) api.Timestamp {
	return api.Timestamp{Posix: t.UnixMilli(), ISO8601: t.Format("2006-01-02T15:04-0700")}
}

func cloneMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func valuesEqual(a, b any) bool { return fmt.Sprint(a) == fmt.Sprint(b) }

// storeMaskLength keeps a network's IPv4 mask as mask-length4 only: a
// subnet-mask sent (and found contiguous and in agreement by the type's
// constraints) becomes its length, and show-T derives subnet-mask from it,
// as the server does.
func storeMaskLength(fields map[string]any) {
	s, ok := fields["subnet-mask"].(string)
	if !ok {
		return
	}
	delete(fields, "subnet-mask")
	if _, ok := fields["mask-length4"]; ok {
		return
	}
	if a, err := netip.ParseAddr(s); err == nil && a.Is4() {
		b := a.As4()
		v := uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
		fields["mask-length4"] = float64(bits.OnesCount32(v))
	}
}

// subnetMask is the dotted IPv4 mask of a mask length (stored as float64,
// or int64 in the predefined objects).
func subnetMask(v any) (string, bool) {
	var n int
	switch x := v.(type) {
	case float64:
		n = int(x)
	case int64:
		n = int(x)
	case int:
		n = x
	default:
		return "", false
	}
	if n < 0 || n > 32 {
		return "", false
	}
	m := uint32(0)
	if n > 0 {
		m = ^uint32(0) << (32 - n)
	}
	return netip.AddrFrom4([4]byte{byte(m >> 24), byte(m >> 16), byte(m >> 8), byte(m)}).String(), true
}

// asString, asList and asObject read a value that normalize has checked
// (a string, a list, an object): the zero value can only come from a bug,
// which the command's own checks then refuse.
func asString(v any) string {
	s, _ := v.(string)
	return s
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

func asObject(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}
