package fwmgr

import (
	"crypto/sha1" //nolint:gosec // a stable UID, not a secret
	"encoding/hex"
	"fmt"
	"net/http"
	"slices"
	"strings"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// Automatic NAT rules (api.AutoNATSections): derived, on every read, from
// the objects the session sees, so that they follow the objects' nat-settings
// (a change, a delete, a discard) with nothing stored. A NAT rulebase's
// entries are its stored manual entries with, at the rank natAutoRank, the
// automatic sections, their rules and the Manual Lower Rules section: a
// stored entry whose rank sorts before natAutoRank is above the automatic
// rules, one after it below them (in Manual Lower Rules). "top" is thus
// above the automatic rules and "bottom" below them, as on a management
// server; a position that falls inside the automatic rules goes to the top
// of Manual Lower Rules.
//
// The sections of the automatic block are entries of the rulebase whatever
// it holds (ranks are made between them), but show-nat-rulebase lists an
// automatic section only while it holds rules, and Manual Lower Rules only
// while an automatic rule exists: a rulebase without automatic NAT answers
// as it did before they existed.

const (
	natRulebase = "nat-rulebase"
	// natAutoKey marks a derived entry in its Fields (never rendered, as
	// rankKey): natAutoSection, natAutoLower or natAutoRule.
	natAutoKey     = "nat-auto"
	natAutoSection = "section"
	natAutoLower   = "lower"
	natAutoRule    = "rule"
	// natAutoRank is the rank of the derived entries. It ends in 9, so no
	// rank made between two others equals it, and the ranks made next to
	// it ("2" above, "7" below, in an empty rulebase) are short.
	natAutoRank = "4999"
)

// isNatAuto: o is a derived entry of a NAT rulebase.
func isNatAuto(o *mobj) bool { return o != nil && o.Fields[natAutoKey] != nil }

// natAutoUID is a stable UUID-shaped UID of a derived entry.
func natAutoUID(parts ...string) string {
	h := sha1.Sum([]byte("fwmgr-auto-nat/" + strings.Join(parts, "/"))) //nolint:gosec // not a secret
	s := hex.EncodeToString(h[:16])
	return s[:8] + "-" + s[8:12] + "-5" + s[13:16] + "-" + s[16:20] + "-" + s[20:32]
}

// natAutoSource is an object with automatic NAT: the section it makes its
// rules in.
type natAutoSource struct {
	obj     *mobj
	section int // index in api.AutoNATSections
	method  string
	network bool // a network or range: first a rule that keeps traffic within it untranslated
}

// natAutoSources are the objects of vis with nat-settings auto-rule true,
// in section order, then by name and UID.
func natAutoSources(vis map[string]*mobj) []natAutoSource {
	var out []natAutoSource
	for _, o := range vis {
		ns := asObject(o.Fields["nat-settings"])
		if auto, _ := ns["auto-rule"].(bool); !auto {
			continue
		}
		method := asString(ns["method"])
		if method != "static" {
			method = "hide" // the server's default translation method
		}
		static := method == "static"
		var sec int
		switch o.Type {
		case "host", "simple-gateway", "simple-cluster":
			sec = map[bool]int{true: 0, false: 1}[static]
		case "address-range":
			sec = map[bool]int{true: 2, false: 4}[static]
		case "network":
			sec = map[bool]int{true: 3, false: 5}[static]
		default:
			continue
		}
		out = append(out, natAutoSource{obj: o, section: sec, method: method, network: o.Type == "network" || o.Type == "address-range"})
	}
	slices.SortFunc(out, func(a, b natAutoSource) int {
		if a.section != b.section {
			return a.section - b.section
		}
		if c := strings.Compare(strings.ToLower(a.obj.Name), strings.ToLower(b.obj.Name)); c != 0 {
			return c
		}
		return strings.Compare(a.obj.UID, b.obj.UID)
	})
	return out
}

// natAutoEntries are the derived entries of the NAT rulebase of package pkg:
// the automatic sections, each followed by its rules, then Manual Lower
// Rules.
func natAutoEntries(vis map[string]*mobj, pkg *mobj) []*mobj {
	ruleType, _ := api.LookupRulebaseType("nat-rule")
	fieldOf := func(name string) api.Field {
		for _, f := range ruleType.Fields {
			if f.Name == name {
				return f
			}
		}
		return api.Field{}
	}
	uidOf := func(field, ref string) string {
		if o := lookupRef(vis, fieldOf(field), ref); o != nil {
			return o.UID
		}
		return ref
	}
	anyUID := uidOf("original-source", "Any")
	entry := func(uid, name, typ, kind string, fields map[string]any) *mobj {
		f := map[string]any{"package": pkg.UID, rankKey: natAutoRank, natAutoKey: kind}
		for k, v := range fields {
			f[k] = v
		}
		return &mobj{UID: uid, Name: name, Type: typ, Domain: pkg.Domain, Fields: f, Creator: "System", Modifier: "System"}
	}
	sources := natAutoSources(vis)
	var out []*mobj
	for i, title := range api.AutoNATSections {
		out = append(out, entry(natAutoUID(pkg.UID, title), title, "nat-section", natAutoSection, nil))
		for _, s := range sources {
			if s.section != i {
				continue
			}
			ns := asObject(s.obj.Fields["nat-settings"])
			installOn := asString(ns["install-on"])
			if installOn == "" || sameName(installOn, "All") {
				installOn = "Policy Targets"
			}
			rule := func(n int, fields map[string]any) {
				base := map[string]any{
					"enabled": true, "method": s.method, "install-on": []any{uidOf("install-on", installOn)},
					"original-source": anyUID, "original-destination": anyUID, "original-service": anyUID,
					"translated-source": "Original", "translated-destination": "Original", "translated-service": "Original",
					"auto-generated": true, "comments": "",
				}
				for k, v := range fields {
					base[k] = v
				}
				o := entry(natAutoUID(pkg.UID, s.obj.UID, fmt.Sprint(n)), "", "nat-rule", natAutoRule, base)
				o.Created, o.Modified = s.obj.Created, s.obj.Modified
				out = append(out, o)
			}
			n := 0
			if s.network {
				// Traffic within the network (range) is not translated.
				rule(n, map[string]any{"original-source": s.obj.UID, "original-destination": s.obj.UID})
				n++
			}
			// The translated address is the object's NAT address (the
			// "valid address"), which the API names by the object itself.
			rule(n, map[string]any{"original-source": s.obj.UID, "translated-source": s.obj.Name})
			if s.method == "static" {
				rule(n+1, map[string]any{"original-destination": s.obj.UID, "translated-destination": s.obj.Name})
			}
		}
	}
	return append(out, entry(natAutoUID(pkg.UID, api.ManualLowerRules), api.ManualLowerRules, "nat-section", natAutoLower, nil))
}

// withNatAuto is the sorted entries of a rulebase of type t in container c
// with, for a NAT rulebase, the derived entries at their rank.
func withNatAuto(vis map[string]*mobj, t *api.RulebaseType, c *mobj, entries []*mobj) []*mobj {
	if t.Rulebase != natRulebase {
		return entries
	}
	i, _ := slices.BinarySearchFunc(entries, natAutoRank, func(o *mobj, rank string) int {
		return strings.Compare(rankOf(o), rank)
	})
	return slices.Insert(entries, i, natAutoEntries(vis, c)...)
}

// natAutoHidden: show-<rulebase> leaves out the derived section o, empty (an
// automatic section without rules, Manual Lower Rules without any
// automatic rule).
func natAutoHidden(rb *rulebase, i int) bool {
	o := rb.entries[i]
	switch asString(o.Fields[natAutoKey]) {
	case natAutoSection:
		return rb.sectionEnd(i) == i+1
	case natAutoLower:
		return !slices.ContainsFunc(rb.entries, func(e *mobj) bool { return asString(e.Fields[natAutoKey]) == natAutoRule })
	}
	return false
}

// natAutoClamp is index i of the rulebase rb, where an entry is inserted,
// out of the derived block: an index within it (after its first entry, up
// to Manual Lower Rules) becomes the top of Manual Lower Rules.
func natAutoClamp(rb *rulebase, i int) int {
	first := slices.IndexFunc(rb.entries, isNatAuto)
	if first < 0 || i <= first {
		return i
	}
	lower := slices.IndexFunc(rb.entries, func(o *mobj) bool { return asString(o.Fields[natAutoKey]) == natAutoLower })
	if i <= lower {
		return lower + 1
	}
	return i
}

// refuseNatAuto refuses a change of a derived entry.
func refuseNatAuto(o *mobj) error {
	if !isNatAuto(o) {
		return nil
	}
	what := fmt.Sprintf("section [%s] is kept by the server", o.Name)
	if o.Type == "nat-rule" {
		what = "rule [" + o.UID + "] is an automatic NAT rule (auto-generated): it follows the nat-settings of its object"
	}
	return apiErr(http.StatusForbidden, api.CodeForbidden, "The "+what+" and cannot be changed, moved or deleted")
}
