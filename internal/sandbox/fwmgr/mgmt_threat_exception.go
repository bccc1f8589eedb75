package fwmgr

import (
	"slices"
	"strings"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// The rulebases of a rule (api.RulebaseType.Parent: threat exceptions, the
// exception rulebase of a threat rule). They are rulebases as the layers'
// are (mgmt_rulebase.go: ranks, positions, numbers, paging); what is their
// own is here: the container is a rule, found within the layer by one of
// api.ParentSelectors, and each entry holds the layer's UID (its Container
// field) and the rule's (parentKey). Exception groups are not held: a
// selector naming one is refused.

// parentKey holds the UID of the rule an entry of a rule's rulebase belongs
// to, among its Fields; it is the row's rule-uid field, so it is answered.
const parentKey = "rule-uid"

// parentSelector takes the rule's selectors out of in (for a row with a
// Parent; nil otherwise, and in is left as it is).
func parentSelector(t *api.RulebaseType, in map[string]any) map[string]any {
	if t.Parent == "" {
		return nil
	}
	out := map[string]any{}
	for _, k := range api.ParentSelectors {
		if v, ok := in[k]; ok {
			delete(in, k)
			if v != nil && v != "" {
				out[k] = v
			}
		}
	}
	return out
}

// parentOfRequest is the selector of a show-<Rulebase> request (nil for a
// rulebase of a layer or package, which must not name a rule).
func parentOfRequest(t *api.RulebaseType, req api.ShowRulebaseRequest) (map[string]any, error) {
	out := map[string]any{}
	if req.RuleUID != "" {
		out["rule-uid"] = req.RuleUID
	}
	if req.RuleName != "" {
		out["rule-name"] = req.RuleName
	}
	if req.RuleNumber != nil {
		out["rule-number"] = float64(*req.RuleNumber)
	}
	if t.Parent == "" {
		if len(out) > 0 {
			return nil, unknownParameter(sortedKeys(out)[0])
		}
		return nil, nil
	}
	return out, nil
}

// loadRuleRulebase is the ordered rulebase of the rule that parent selects
// within the layer that ref names (path: the layer's parameter).
func loadRuleRulebase(d *mdb, vis map[string]*mobj, t *api.RulebaseType, path, ref string, parent map[string]any) (*rulebase, error) {
	pt, ok := api.LookupRulebaseType(t.Parent)
	if !ok {
		return nil, invalid(path, "no rulebase type %s (a sandbox bug)", t.Parent)
	}
	layer, err := loadRulebase(d, vis, &pt, path, ref)
	if err != nil {
		return nil, err
	}
	for _, k := range []string{"exception-group-uid", "exception-group-name"} {
		if _, ok := parent[k]; ok {
			return nil, invalid(k, "exception groups are not held by this server: name the exception's rule with rule-uid, rule-name or rule-number")
		}
	}
	if len(parent) != 1 {
		if len(parent) == 0 {
			return nil, missing("rule-uid", "rule-name", "rule-number")
		}
		return nil, invalid(sortedKeys(parent)[0], "only one of rule-uid, rule-name and rule-number may name the rule")
	}
	var rule *mobj
	for k, v := range parent {
		if k == "rule-number" {
			if _, ok := ruleNumberOf(v); !ok {
				return nil, invalid(k, "must be a rule number, got %v", v)
			}
		} else if _, ok := v.(string); !ok {
			return nil, invalid(k, "must be a string, got %s", jsonKindOf(v))
		}
		if k == "rule-name" {
			if s, _ := v.(string); isRuleNumberText(s) {
				// A name of digits is a name here, not a number.
				rule = findByName(layer, s)
				break
			}
		}
		rule = layer.find(v, false, true)
		if rule != nil && k == "rule-uid" && rule.UID != v {
			rule = nil // rule-uid names by UID only
		}
		if rule == nil || rule.Type != pt.Name {
			return nil, notFound("Requested object [%v] not found: no %s with that %s in %s %q", v, pt.Name, k, layer.container.Type, layer.container.Name)
		}
	}
	if rule == nil {
		return nil, notFound("Requested %s not found in %s %q", pt.Name, layer.container.Type, layer.container.Name)
	}
	types := rulebaseTypes(t)
	rb := &rulebase{container: rule, layer: layer.container}
	for _, o := range vis {
		if slices.Contains(types, o.Type) && asString(o.Fields[parentKey]) == rule.UID {
			rb.entries = append(rb.entries, o)
		}
	}
	sortEntries(rb.entries)
	return rb, nil
}

func isRuleNumberText(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// findByName is the first rule of rb named s (exact case first).
func findByName(rb *rulebase, s string) *mobj {
	var folded *mobj
	for _, o := range rb.entries {
		if isSectionType(o.Type) {
			continue
		}
		if o.Name == s {
			return o
		}
		if folded == nil && sameName(o.Name, s) {
			folded = o
		}
	}
	return folded
}

// entryFields are the fields a new entry of rb starts with: its container's
// UID, and for a rule's rulebase the layer's and the rule's.
func (rb *rulebase) entryFields(t *api.RulebaseType) map[string]any {
	if rb.layer != nil {
		return map[string]any{t.Container.Name: rb.layer.UID, parentKey: rb.container.UID}
	}
	return map[string]any{t.Container.Name: rb.container.UID}
}

// renderOwn adds to an entry's answer what is derived rather than held:
// the name of the rule of a rule's rulebase entry, and its owner (the
// administrator who added it); a rule's exceptions, in their order.
func renderOwn(vis map[string]*mobj, rb *rulebase, t *api.RulebaseType, o *mobj, out map[string]any) {
	if rb.layer != nil {
		out["rule-name"] = rb.container.Name
		out["owner"] = o.Creator
	}
	if children := childTypes(t.Name); len(children) > 0 {
		var kids []*mobj
		for _, c := range vis {
			if slices.Contains(children, c.Type) && asString(c.Fields[parentKey]) == o.UID {
				kids = append(kids, c)
			}
		}
		sortEntries(kids)
		uids := make([]any, 0, len(kids))
		for _, c := range kids {
			uids = append(uids, c.UID)
		}
		out["exceptions"] = uids
	}
}

// childTypes are the rulebase types whose entries belong to a rule of type
// typ (threat-exception for threat-rule).
func childTypes(typ string) []string {
	var out []string
	for _, rt := range api.RulebaseTypes {
		if rt.Parent == typ {
			out = append(out, rt.Name)
		}
	}
	return out
}

// deleteChildren deletes, with the rule o, the entries of its own rulebase
// (a threat rule's exceptions), as the server does; a child locked by
// another session refuses the delete.
func deleteChildren(tx *store.Tx, d *mdb, vis map[string]*mobj, admin string, o *mobj) error {
	children := childTypes(o.Type)
	if len(children) == 0 {
		return nil
	}
	var kids []*mobj
	for _, c := range vis {
		if slices.Contains(children, c.Type) && asString(c.Fields[parentKey]) == o.UID {
			kids = append(kids, c)
		}
	}
	sortEntries(kids)
	for _, c := range kids {
		if l := d.lockOf(c.UID); l != nil {
			return lockedError(tx, l, c.Name)
		}
	}
	for _, c := range kids {
		if err := d.record(tx, admin, opDelete, *c); err != nil {
			return err
		}
	}
	return nil
}

// sortEntries orders entries by rank (then UID), as loadRulebase does.
func sortEntries(entries []*mobj) {
	slices.SortFunc(entries, func(a, b *mobj) int {
		if c := strings.Compare(rankOf(a), rankOf(b)); c != 0 {
			return c
		}
		return strings.Compare(a.UID, b.UID)
	})
}
