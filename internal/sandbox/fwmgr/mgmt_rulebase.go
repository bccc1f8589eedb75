package fwmgr

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Rulebases (api.RulebaseTypes): rules and sections are objects of the
// domain's database (mobj), so sessions, locks, publish, discard and
// where-used treat them as any object. What is their own: the container
// (Fields["layer"], a UID) and the place in its order, a rank
// (Fields[rankKey]) that sorts the container's entries. A rank is a string
// of digits compared as text, and a new one is made between two neighbours
// without touching them: a move, or an add between two rules, changes (and
// locks) the one entry, and two sessions' changes of different entries
// publish without conflict. Rule numbers are derived from the order.

// rankKey holds an entry's rank among its Fields; no field of a row has
// that name, so renderFields never answers it and a body cannot set it.
const rankKey = "rulebase-rank"

// isRulebaseEntry: objects of type typ are entries of a rulebase, whose
// names need not be unique.
func isRulebaseEntry(typ string) bool {
	_, ok := api.LookupRulebaseType(typ)
	return ok
}

// rulebaseCommand splits add-T, set-T, show-T, delete-T of a rulebase type
// and show-<Rulebase> ("rulebase", with the rulebase's rule type).
func rulebaseCommand(command string) (verb string, t *api.RulebaseType) {
	verb, name, ok := strings.Cut(command, "-")
	if !ok {
		return "", nil
	}
	for i := range api.RulebaseTypes {
		rt := &api.RulebaseTypes[i]
		switch {
		case verb == "show" && name == rt.Rulebase && !rt.IsSection():
			return "rulebase", rt
		case name == rt.Name && (verb == "add" || verb == "set" || verb == "show" || verb == "delete"):
			return verb, rt
		}
	}
	return "", nil
}

// mgmtRulebase answers a rulebase command; ok is false for any other.
func (s *server) mgmtRulebase(ctx context.Context, command string, sess *session, body []byte) (out any, ok bool, err error) {
	verb, t := rulebaseCommand(command)
	switch verb {
	case "add", "set":
		out, err = s.rulebaseWrite(ctx, verb, t, sess, body)
	case "show":
		out, err = s.rulebaseShow(ctx, t, sess, body)
	case "delete":
		out, err = s.rulebaseDelete(ctx, t, sess, body)
	case "rulebase":
		out, err = s.rulebaseList(ctx, t, sess, body)
	default:
		return nil, false, nil
	}
	return out, true, err
}

// rulebaseTypes are the types whose entries share t's rulebase.
func rulebaseTypes(t *api.RulebaseType) []string {
	var out []string
	for _, rt := range api.RulebaseTypes {
		if rt.Rulebase == t.Rulebase {
			out = append(out, rt.Name)
		}
	}
	return out
}

// rulebase is one container's entries in order.
type rulebase struct {
	container *mobj
	entries   []*mobj
	// layer is the layer of a rule's rulebase (api.RulebaseType.Parent),
	// whose container is the rule; nil for a layer's or package's.
	layer *mobj
}

func rankOf(o *mobj) string { return asString(o.Fields[rankKey]) }

// loadRulebase is the ordered rulebase of the container that ref names, as
// the session sees it.
func loadRulebase(d *mdb, vis map[string]*mobj, t *api.RulebaseType, path, ref string) (*rulebase, error) {
	return loadRulebaseOf(d, vis, t, path, ref, nil)
}

// loadRulebaseOf is loadRulebase, and for a row with a Parent the rulebase
// of the rule that parent selects within the container
// (mgmt_threat_exception.go).
func loadRulebaseOf(d *mdb, vis map[string]*mobj, t *api.RulebaseType, path, ref string, parent map[string]any) (*rulebase, error) {
	if t.Parent != "" {
		return loadRuleRulebase(d, vis, t, path, ref, parent)
	}
	if ref == "" {
		return nil, missing(path)
	}
	c := lookupRef(vis, t.Container, ref)
	if c == nil {
		return nil, refNotFound(d, t.Container, path, ref)
	}
	types := rulebaseTypes(t)
	rb := &rulebase{container: c}
	for _, o := range vis {
		if slices.Contains(types, o.Type) && asString(o.Fields[t.Container.Name]) == c.UID {
			rb.entries = append(rb.entries, o)
		}
	}
	slices.SortFunc(rb.entries, func(a, b *mobj) int {
		if c := strings.Compare(rankOf(a), rankOf(b)); c != 0 {
			return c
		}
		return strings.Compare(a.UID, b.UID)
	})
	rb.entries = withNatAuto(vis, t, c, rb.entries) // mgmt_nat_auto.go
	return rb, nil
}

// ruleNumbers maps each rule's UID to its number.
func (rb *rulebase) ruleNumbers() map[string]int {
	out := map[string]int{}
	for _, o := range rb.entries {
		if !isSectionType(o.Type) {
			out[o.UID] = len(out) + 1
		}
	}
	return out
}

func isSectionType(typ string) bool {
	t, ok := api.LookupRulebaseType(typ)
	return ok && t.IsSection()
}

// without is the rulebase without the entry uid (the one being moved).
func (rb *rulebase) without(uid string) *rulebase {
	return &rulebase{container: rb.container, layer: rb.layer, entries: slices.DeleteFunc(slices.Clone(rb.entries), func(o *mobj) bool { return o.UID == uid })}
}

// find is the entry a selector names: a UID, a rule number (a JSON number
// or digits), or a name (the first in order; exact case first). sections:
// only sections; rules: only rules.
func (rb *rulebase) find(sel any, sections, rules bool) *mobj {
	fits := func(o *mobj) bool {
		sec := isSectionType(o.Type)
		return (!sections || sec) && (!rules || !sec)
	}
	if n, ok := ruleNumberOf(sel); ok && !sections {
		nums := rb.ruleNumbers()
		for _, o := range rb.entries {
			if nums[o.UID] == n {
				return o
			}
		}
		return nil
	}
	s, _ := sel.(string)
	var folded *mobj
	for _, o := range rb.entries {
		if !fits(o) {
			continue
		}
		if o.UID == s || o.Name == s {
			return o
		}
		if folded == nil && sameName(o.Name, s) {
			folded = o
		}
	}
	return folded
}

// ruleNumberOf reads a rule number: a JSON number, or a string of digits.
func ruleNumberOf(v any) (int, bool) {
	switch x := v.(type) {
	case json.Number:
		n, err := strconv.Atoi(x.String())
		return n, err == nil
	case float64:
		return int(x), x == float64(int(x))
	case string:
		if x == "" || strings.TrimLeft(x, "0123456789") != "" {
			return 0, false
		}
		n, err := strconv.Atoi(x)
		return n, err == nil
	}
	return 0, false
}

// sectionEnd is the index after the last rule of the section at index i.
func (rb *rulebase) sectionEnd(i int) int {
	j := i + 1
	for j < len(rb.entries) && !isSectionType(rb.entries[j].Type) {
		j++
	}
	return j
}

// insertIndex is where position puts a new entry: it goes before the entry
// at the index (len: at the bottom). path names the parameter in errors.
func (rb *rulebase) insertIndex(path string, position any) (int, error) {
	indexOf := func(o *mobj) int { return slices.Index(rb.entries, o) }
	if n, ok := ruleNumberOf(position); ok {
		if o := rb.find(n, false, true); o != nil {
			return indexOf(o), nil
		}
		return len(rb.entries), nil
	}
	switch p := position.(type) {
	case string:
		switch p {
		case api.PositionTop:
			return 0, nil
		case api.PositionBottom:
			return len(rb.entries), nil
		}
		return 0, invalid(path, `must be "top", "bottom", a rule number, or an object with one of top, bottom, above, below; got %q`, p)
	case map[string]any:
		if len(p) != 1 {
			return 0, invalid(path, "must have exactly one of top, bottom, above, below; got %d keys", len(p))
		}
		for k, v := range p {
			ref := v
			if s, ok := v.(string); ok && s == "" {
				return 0, invalid(path+"."+k, "must name a rule or section, got an empty string")
			}
			switch k {
			case api.PositionTop, api.PositionBottom:
				if s, _ := v.(string); s == k {
					// {"top": "top"}: upstream's spelling of the whole rulebase.
					if k == api.PositionTop {
						return 0, nil
					}
					return len(rb.entries), nil
				}
				sec := rb.find(ref, true, false)
				if sec == nil {
					return 0, notFound("Invalid parameter [%s.%s]: requested section [%v] not found in %s %q", path, k, v, rb.container.Type, rb.container.Name)
				}
				if k == api.PositionTop {
					return indexOf(sec) + 1, nil
				}
				return rb.sectionEnd(indexOf(sec)), nil
			case api.PositionAbove, api.PositionBelow:
				o := rb.find(ref, false, false)
				if o == nil {
					return 0, notFound("Invalid parameter [%s.%s]: requested rule or section [%v] not found in %s %q", path, k, v, rb.container.Type, rb.container.Name)
				}
				i := indexOf(o)
				switch {
				case k == api.PositionAbove:
					return i, nil
				case isSectionType(o.Type):
					return rb.sectionEnd(i), nil
				}
				return i + 1, nil
			}
			return 0, unknownParameter(path + "." + k)
		}
	}
	return 0, invalid(path, "must be a string, a number or an object, got %s", jsonKindOf(position))
}

// rankAt is a rank that sorts an entry inserted at index i between its
// neighbours.
func (rb *rulebase) rankAt(i int) string {
	var lo, hi string
	if i > 0 {
		lo = rankOf(rb.entries[i-1])
	}
	if i < len(rb.entries) {
		hi = rankOf(rb.entries[i])
	}
	return rankBetween(lo, hi)
}

// rankBetween is a digit string that sorts strictly after lo and before hi
// ("" for hi: no bound). Ranks never end in '0', so one always exists.
func rankBetween(lo, hi string) string {
	digit := func(s string, i int, def byte) byte {
		if i < len(s) {
			return s[i]
		}
		return def
	}
	var out []byte
	for i := 0; ; i++ {
		a := digit(lo, i, '0')
		b := byte('9' + 1)
		if hi != "" {
			b = digit(hi, i, '0')
			if i >= len(hi) {
				b = '9' + 1 // past hi's end, any digit after the common prefix is below it
			}
		}
		if a == b {
			out = append(out, a)
			continue
		}
		if b-a > 1 {
			return string(append(out, (a+b)/2))
		}
		// Consecutive digits: keep a and find a rank after lo's rest.
		out = append(out, a)
		hi = ""
	}
}

// entrySelector reads the selector of set-T, show-T and delete-T: uid,
// rule-number (t.NumberKey) or name, removing them from in.
func entrySelector(in map[string]any, t *api.RulebaseType) (any, error) {
	for _, k := range []string{"uid", t.NumberKey(), "name"} {
		if v, ok := in[k]; ok && v != nil && v != "" {
			delete(in, k)
			return v, nil
		}
	}
	return nil, missing("uid", t.NumberKey(), "name")
}

// selectEntry is the entry of the rulebase that sel names, of type t.
func selectEntry(rb *rulebase, t *api.RulebaseType, sel any) (*mobj, error) {
	o := rb.find(sel, t.IsSection(), !t.IsSection())
	if o == nil || o.Type != t.Name {
		return nil, notFound("Requested object [%v] not found: no %s with that uid, rule number or name in %s %q", sel, t.Name, rb.container.Type, rb.container.Name)
	}
	return o, nil
}

// rulebaseWrite is add-T and set-T of a rule or section.
func (s *server) rulebaseWrite(ctx context.Context, verb string, t *api.RulebaseType, sess *session, body []byte) (any, error) {
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
	cname := t.Container.Name
	container, err := stringOf(in, cname)
	if err != nil {
		return nil, err
	}
	delete(in, cname)
	parent := parentSelector(t, in)
	fields := slices.DeleteFunc(t.AllFields(), func(f api.Field) bool {
		return f.Name == "name" || f.Name == cname || t.IsParentSelector(f.Name)
	})
	var out any
	err = s.mgmtTx(ctx, sess, func(tx *store.Tx, d *mdb) error {
		vis := d.visible()
		rb, err := loadRulebaseOf(d, vis, t, cname, container, parent)
		if err != nil {
			return err
		}
		now := s.now()
		var o mobj
		posKey := "position"
		if verb == "add" {
			for _, k := range []string{"uid", t.NumberKey(), "new-position", "new-name"} {
				if _, ok := in[k]; ok {
					return unknownParameter(k)
				}
			}
			if _, ok := in[posKey]; !ok {
				return missing(posKey)
			}
			o = mobj{UID: randomUID(), Type: t.Name, Domain: d.domain, Fields: rb.entryFields(t),
				Creator: sess.Admin, Created: now}
			name, err := stringOf(in, "name")
			if err != nil {
				return err
			}
			delete(in, "name")
			if t.NameRequired && strings.TrimSpace(name) == "" {
				return missing("name")
			}
			o.Name = name
		} else {
			if _, ok := in[posKey]; ok {
				return unknownParameter(posKey + " (set-" + t.Name + " moves with new-position)")
			}
			sel, err := entrySelector(in, t)
			if err != nil {
				return err
			}
			cur, err := selectEntry(rb, t, sel)
			if err != nil {
				return err
			}
			if err := refuseNatAuto(cur); err != nil {
				return err
			}
			if c := d.lockOf(cur.UID); c != nil {
				return lockedError(tx, c, cur.Name)
			}
			o = *cur
			o.Fields = cloneMap(cur.Fields)
			if v, ok := in["new-name"]; ok {
				name, ok := v.(string)
				if !ok || t.NameRequired && strings.TrimSpace(name) == "" {
					return invalid("new-name", "must be a non-empty string")
				}
				o.Name = name
				delete(in, "new-name")
			}
			posKey = "new-position"
		}
		if pos, ok := in[posKey]; ok {
			delete(in, posKey)
			others := rb.without(o.UID)
			i, err := others.insertIndex(posKey, pos)
			if err != nil {
				return err
			}
			i = natAutoClamp(others, i)
			if verb == "add" || !inPlace(rb, o.UID, i) {
				o.Fields[rankKey] = others.rankAt(i)
			}
		}
		if err := applyFields(tx, d, vis, sess, verb, t.Name, fields, in, &o); err != nil {
			return err
		}
		if err := resolveRefs(tx, d, vis, sess, fields, o.Fields, ""); err != nil {
			return err
		}
		op := opSet
		if verb == "add" {
			op = opAdd
		}
		// A set that changes nothing (a new-position the entry already has,
		// the values it holds) is no change: it neither locks the entry nor
		// has anything to publish.
		if cur := vis[o.UID]; verb == "add" || cur.Name != o.Name || !valuesEqual(cur.Fields, o.Fields) {
			o.Modifier, o.Modified = sess.Admin, now
			if err := d.record(tx, sess.Admin, op, o); err != nil {
				return err
			}
		}
		if level == "" {
			level = api.DetailsFull
		}
		vis = d.visible()
		rb, err = loadRulebaseOf(d, vis, t, cname, container, parent)
		if err != nil {
			return err
		}
		out = renderEntry(d, vis, rb, t, vis[o.UID], level)
		return nil
	})
	return out, err
}

// inPlace: moving uid to index i of the rulebase without it leaves the
// order as it is (a new-position the entry already satisfies keeps its
// rank, and so does not lock it for nothing).
func inPlace(rb *rulebase, uid string, i int) bool {
	cur := slices.IndexFunc(rb.entries, func(o *mobj) bool { return o.UID == uid })
	return cur == i
}

// renderEntry answers a rule or section.
func renderEntry(d *mdb, vis map[string]*mobj, rb *rulebase, t *api.RulebaseType, o *mobj, level string) any {
	if level == api.DetailsUID {
		return o.UID
	}
	dom, _ := mgmtDomainOf(o.Domain)
	out := map[string]any{"uid": o.UID, "name": o.Name, "type": o.Type, "domain": dom}
	fields := slices.DeleteFunc(t.AllFields(), func(f api.Field) bool { return f.Name == "name" })
	renderFields(vis, fields, o.Fields, out)
	renderOwn(vis, rb, t, o, out) // mgmt_threat_exception.go
	if n, ok := rb.ruleNumbers()[o.UID]; ok {
		out[t.NumberKey()] = n
	}
	if level == api.DetailsFull {
		out["meta-info"] = map[string]any{
			"creator": o.Creator, "creation-time": stamp(o.Created),
			"last-modifier": o.Modifier, "last-modify-time": stamp(o.Modified),
			"lock": d.lockState(o.UID), "validation-state": "ok",
		}
	}
	return out
}

// rulebaseShow is show-T.
func (s *server) rulebaseShow(ctx context.Context, t *api.RulebaseType, sess *session, body []byte) (any, error) {
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
	if level == "" {
		level = api.DetailsFull
	}
	delete(in, "details-level")
	container, err := stringOf(in, t.Container.Name)
	if err != nil {
		return nil, err
	}
	delete(in, t.Container.Name)
	parent := parentSelector(t, in)
	sel, err := entrySelector(in, t)
	if err != nil {
		return nil, err
	}
	if len(in) > 0 {
		return nil, unknownParameter(sortedKeys(in)[0])
	}
	var out any
	err = s.mgmtTx(ctx, sess, func(tx *store.Tx, d *mdb) error {
		vis := d.visible()
		rb, err := loadRulebaseOf(d, vis, t, t.Container.Name, container, parent)
		if err != nil {
			return err
		}
		o, err := selectEntry(rb, t, sel)
		if err != nil {
			return err
		}
		out = renderEntry(d, vis, rb, t, o, level)
		return nil
	})
	return out, err
}

// rulebaseDelete is delete-T.
func (s *server) rulebaseDelete(ctx context.Context, t *api.RulebaseType, sess *session, body []byte) (any, error) {
	if err := s.writable(sess); err != nil {
		return nil, err
	}
	in, err := decodeObjectBody(body)
	if err != nil {
		return nil, err
	}
	container, err := stringOf(in, t.Container.Name)
	if err != nil {
		return nil, err
	}
	delete(in, t.Container.Name)
	delete(in, "ignore-warnings")
	delete(in, "ignore-errors")
	parent := parentSelector(t, in)
	sel, err := entrySelector(in, t)
	if err != nil {
		return nil, err
	}
	if len(in) > 0 {
		return nil, unknownParameter(sortedKeys(in)[0])
	}
	err = s.mgmtTx(ctx, sess, func(tx *store.Tx, d *mdb) error {
		vis := d.visible()
		rb, err := loadRulebaseOf(d, vis, t, t.Container.Name, container, parent)
		if err != nil {
			return err
		}
		o, err := selectEntry(rb, t, sel)
		if err != nil {
			return err
		}
		if err := refuseNatAuto(o); err != nil {
			return err
		}
		if c := d.lockOf(o.UID); c != nil {
			return lockedError(tx, c, o.Name)
		}
		if err := deleteChildren(tx, d, vis, sess.Admin, o); err != nil { // a rule's exceptions: mgmt_threat_exception.go
			return err
		}
		return d.record(tx, sess.Admin, opDelete, *o)
	})
	if err != nil {
		return nil, err
	}
	return api.MessageResponse{Message: "OK"}, nil
}

// rulebaseList is show-<Rulebase>: a page of the container's rules (paged
// by rule number), each section with the rules of the page that are its,
// and the empty sections that fall within the page.
func (s *server) rulebaseList(ctx context.Context, t *api.RulebaseType, sess *session, body []byte) (any, error) {
	var req api.ShowRulebaseRequest
	if err := decodeStrict(body, &req); err != nil {
		return nil, err
	}
	if err := checkLevel(req.DetailsLevel); err != nil {
		return nil, err
	}
	level := req.DetailsLevel
	if level == "" {
		level = api.DetailsStandard
	}
	limit, offset := int64(api.DefaultLimit), int64(0)
	if req.Limit != nil {
		if *req.Limit < 1 || *req.Limit > mgmtMaxLimit {
			return nil, invalid("limit", "must be between 1 and %d, got %d", mgmtMaxLimit, *req.Limit)
		}
		limit = *req.Limit
	}
	if req.Offset != nil {
		if *req.Offset < 0 {
			return nil, invalid("offset", "must be 0 or more, got %d", *req.Offset)
		}
		offset = *req.Offset
	}
	ref := req.UID
	if ref == "" {
		ref = req.Name
	}
	if ref == "" {
		ref = req.Package
	}
	parent, err := parentOfRequest(t, req)
	if err != nil {
		return nil, err
	}
	var out any
	err = s.mgmtTx(ctx, sess, func(tx *store.Tx, d *mdb) error {
		vis := d.visible()
		path := "name"
		if req.Package != "" || t.Container.Name == "package" {
			path = "package"
		}
		rb, err := loadRulebaseOf(d, vis, t, path, ref, parent)
		if err != nil {
			return err
		}
		nums := rb.ruleNumbers()
		total := int64(len(nums))
		from, to := offset+1, min(offset+limit, total)
		inPage := func(o *mobj) bool {
			n, ok := nums[o.UID]
			return ok && int64(n) >= from && int64(n) <= to
		}
		// A section with rules is on the pages of its rules; an empty one
		// on the page whose rules it follows (the last page: also after
		// the last rule), so that every section is on exactly one page.
		var top []any
		var section map[string]any
		var sectionRules []any
		flush := func() {
			if section != nil {
				section["rulebase"] = sectionRules
				top = append(top, section)
			}
			section, sectionRules = nil, nil
		}
		before := int64(0) // rules before the entry
		for i, o := range rb.entries {
			if isSectionType(o.Type) {
				if natAutoHidden(rb, i) {
					continue
				}
				flush()
				end := rb.sectionEnd(i)
				show := slices.ContainsFunc(rb.entries[i+1:end], inPage)
				if end == i+1 {
					show = before >= from-1 && (before < to || to == total)
				}
				if show {
					st, _ := api.LookupRulebaseType(o.Type)
					if m, ok := renderEntry(d, vis, rb, &st, o, level).(map[string]any); ok {
						section, sectionRules = m, []any{}
					} else { // details-level uid: the UID alone
						top = append(top, o.UID)
					}
				}
				continue
			}
			before++
			if !inPage(o) {
				continue
			}
			r := renderEntry(d, vis, rb, t, o, level)
			if section != nil {
				sectionRules = append(sectionRules, r)
			} else {
				top = append(top, r)
			}
		}
		flush()
		if top == nil {
			top = []any{}
		}
		if to < from {
			from, to = 0, 0
		}
		out = map[string]any{"uid": rb.container.UID, "name": rb.container.Name, "from": from, "to": to, "total": total, "rulebase": top}
		return nil
	})
	return out, err
}

func init() {
	// Every rulebase type's commands must be told apart from the object
	// rows' (objectCommand): a row named like one would shadow it.
	for _, t := range api.RulebaseTypes {
		if _, ok := api.LookupManagementType(t.Name); ok {
			panic(fmt.Sprintf("fwmgr sandbox: %s is both a management row and a rulebase type", t.Name))
		}
	}
}
