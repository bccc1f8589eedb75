package fwmgr_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

// order is the Network layer's entries as show-access-rulebase answers
// them, flattened: a section as "§name", a rule as "name#number".
func order(t *testing.T, sb *fwmgrtest.Sandbox, sid string, limit int) []string {
	t.Helper()
	var out []string
	for offset := 0; ; offset += limit {
		page := wok(t, sb, sid, "show-access-rulebase", fmt.Sprintf(`{"name": "Network", "offset": %d, "limit": %d}`, offset, limit))
		for _, e := range page["rulebase"].([]any) {
			m := e.(map[string]any)
			if m["type"] == "access-section" {
				out = append(out, "§"+m["name"].(string))
				for _, r := range m["rulebase"].([]any) {
					rm := r.(map[string]any)
					out = append(out, fmt.Sprintf("%s#%v", rm["name"], rm["rule-number"]))
				}
				continue
			}
			out = append(out, fmt.Sprintf("%s#%v", m["name"], m["rule-number"]))
		}
		if int(page["to"].(float64)) >= int(page["total"].(float64)) {
			return out
		}
	}
}

func addRule(t *testing.T, sb *fwmgrtest.Sandbox, sid, name, position string) string {
	t.Helper()
	return wok(t, sb, sid, "add-access-rule", fmt.Sprintf(`{"layer": "Network", "name": %q, "position": %s}`, name, position))["uid"].(string)
}

func TestMgmtRulebasePositionsSectionsAndNumbers(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	assert.Empty(t, order(t, sb, sid, 50))

	addRule(t, sb, sid, "B", `"top"`)
	addRule(t, sb, sid, "A", `"top"`)
	addRule(t, sb, sid, "Z", `"bottom"`)
	wok(t, sb, sid, "add-access-section", `{"layer": "Network", "name": "S1", "position": {"below": "B"}}`)
	addRule(t, sb, sid, "S1-b", `{"bottom": "S1"}`)
	addRule(t, sb, sid, "S1-a", `{"top": "S1"}`)
	addRule(t, sb, sid, "C", `{"above": "S1"}`)
	addRule(t, sb, sid, "D", `{"below": "C"}`)
	addRule(t, sb, sid, "E", `{"above": 1}`) // a rule number
	wok(t, sb, sid, "add-access-section", `{"layer": "Network", "name": "S2", "position": "bottom"}`)
	addRule(t, sb, sid, "S1-c", `{"below": "S1"}`) // below a section: its bottom
	// Z was below B, so the section S1 added below B holds it.
	want := []string{"E#1", "A#2", "B#3", "C#4", "D#5", "§S1", "S1-a#6", "Z#7", "S1-b#8", "S1-c#9", "§S2"}
	assert.Equal(t, want, order(t, sb, sid, 50))
	// Paging by rule: every entry once, sections with their page's rules,
	// an empty section on the last page.
	assert.Equal(t, []string{"E#1", "A#2", "B#3", "C#4", "D#5", "§S1", "S1-a#6", "Z#7", "S1-b#8", "§S1", "S1-c#9", "§S2"}, order(t, sb, sid, 4))

	// show, set, delete by rule number and by name; a move by new-position.
	r := wok(t, sb, sid, "show-access-rule", `{"layer": "Network", "rule-number": 3}`)
	assert.Equal(t, "B", r["name"])
	assert.EqualValues(t, 3, r["rule-number"])
	wok(t, sb, sid, "set-access-rule", `{"layer": "Network", "name": "B", "new-position": "top", "action": "Accept"}`)
	r = wok(t, sb, sid, "show-access-rule", `{"layer": "Network", "name": "B"}`)
	assert.EqualValues(t, 1, r["rule-number"])
	assert.Equal(t, "Accept", r["action"])
	wok(t, sb, sid, "delete-access-rule", `{"layer": "Network", "rule-number": 2}`) // E
	wok(t, sb, sid, "set-access-section", `{"layer": "Network", "name": "S2", "new-position": {"above": "S1"}, "new-name": "S0"}`)
	assert.Equal(t, []string{"B#1", "A#2", "C#3", "D#4", "§S0", "§S1", "S1-a#5", "Z#6", "S1-b#7", "S1-c#8"}, order(t, sb, sid, 50))

	// Names need not be unique; a rule's name does not block an object's.
	addRule(t, sb, sid, "A", `"bottom"`)
	wok(t, sb, sid, "add-host", `{"name": "A", "ipv4-address": "192.0.2.9"}`)

	// Errors name what is wrong.
	requireError(t, wpost(t, sb, sid, "add-access-rule", `{"layer": "Network", "name": "x"}`), 400, api.CodeMissingRequired, "position")
	requireError(t, wpost(t, sb, sid, "add-access-rule", `{"layer": "Network", "position": {"below": "nope"}}`), 404, api.CodeObjectNotFound, "position.below", "nope")
	requireError(t, wpost(t, sb, sid, "add-access-rule", `{"layer": "nope", "position": "top"}`), 404, api.CodeObjectNotFound, "layer")
	requireError(t, wpost(t, sb, sid, "add-access-rule", `{"layer": "Network", "position": {"top": "C"}}`), 404, api.CodeObjectNotFound, "section")
	requireError(t, wpost(t, sb, sid, "add-access-section", `{"layer": "Network", "position": "top"}`), 400, api.CodeMissingRequired, "name")
	requireError(t, wpost(t, sb, sid, "add-access-rule", `{"layer": "Network", "position": "middle"}`), 400, api.CodeInvalidParameter, "position")
}

func TestMgmtRulesReferenceObjectsAndAreUsed(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	wok(t, sb, sid, "add-host", `{"name": "web", "ipv4-address": "192.0.2.80"}`)
	r := wok(t, sb, sid, "add-access-rule", `{"layer": "Network", "name": "allow web", "position": "top", "action": "Accept",
		"source": ["Any"], "destination": ["web"], "service": ["https", "http"], "install-on": ["Policy Targets"],
		"track": {"type": "Log", "per-connection": true}}`)
	dst := r["destination"].([]any)[0].(map[string]any)
	assert.Equal(t, "web", dst["name"])
	assert.Equal(t, "Network", r["layer"].(map[string]any)["name"])
	assert.Equal(t, "Log", r["track"].(map[string]any)["type"])
	assert.Equal(t, true, r["enabled"])

	used := wok(t, sb, sid, "where-used", `{"name": "web"}`)["used-directly"].(map[string]any)
	assert.EqualValues(t, 1, used["total"])
	requireError(t, wpost(t, sb, sid, "delete-host", `{"name": "web"}`), 409, api.CodeObjectInUse, "allow web")
	requireError(t, wpost(t, sb, sid, "add-access-rule", `{"layer": "Network", "position": "top", "source": ["nope"]}`), 404, api.CodeObjectNotFound, "source", "nope")
	requireError(t, wpost(t, sb, sid, "add-access-rule", `{"layer": "Network", "position": "top", "action": "Allow"}`), 400, api.CodeInvalidParameter, "action")
}

func TestMgmtRulesAreLockedAndPublishedLikeObjects(t *testing.T) {
	sb := fwmgrtest.Start(t)
	s1 := admin(t, sb, `, "session-name": "one"`)
	s2 := admin(t, sb, `, "session-name": "two"`)
	a := addRule(t, sb, s1, "A", `"top"`)
	addRule(t, sb, s1, "B", `"bottom"`)
	assert.Empty(t, order(t, sb, s2, 50), "unpublished rules are the session's own")
	publish(t, sb, s1)
	assert.Equal(t, []string{"A#1", "B#2"}, order(t, sb, s2, 50))

	// A move is a change of the rule: it locks the rule, and only it.
	wok(t, sb, s1, "set-access-rule", fmt.Sprintf(`{"layer": "Network", "uid": %q, "new-position": "bottom"}`, a))
	assert.Equal(t, []string{"B#1", "A#2"}, order(t, sb, s1, 50))
	assert.Equal(t, []string{"A#1", "B#2"}, order(t, sb, s2, 50))
	requireError(t, wpost(t, sb, s2, "set-access-rule", fmt.Sprintf(`{"layer": "Network", "uid": %q, "comments": "x"}`, a)), 409, api.CodeObjectLocked, "one")
	wok(t, sb, s2, "set-access-rule", `{"layer": "Network", "name": "B", "comments": "not locked"}`)
	publish(t, sb, s2)
	publish(t, sb, s1)
	assert.Equal(t, []string{"B#1", "A#2"}, order(t, sb, s2, 50))
	// A new-position the rule already has changes nothing and locks nothing.
	wok(t, sb, s1, "set-access-rule", `{"layer": "Network", "name": "A", "new-position": {"below": "B"}}`)
	assert.Equal(t, "unlocked", wok(t, sb, s2, "show-access-rule", `{"layer": "Network", "name": "A"}`)["meta-info"].(map[string]any)["lock"])
	wok(t, sb, s2, "add-access-rule", `{"layer": "Network", "name": "C", "position": "bottom"}`)
	publish(t, sb, s2)
	assert.Equal(t, []string{"B#1", "A#2", "C#3"}, order(t, sb, s1, 50))

	// A discarded move leaves the order as published.
	wok(t, sb, s2, "set-access-rule", `{"layer": "Network", "name": "A", "new-position": "top"}`)
	wok(t, sb, s2, "discard", `{}`)
	assert.Equal(t, []string{"B#1", "A#2", "C#3"}, order(t, sb, s2, 50))
}

func TestRankBetweenSortsStrictlyBetween(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	// 60 inserts at the same places (top, just below the first rule) make
	// long ranks; the order stays what the positions say.
	var want []string
	addRule(t, sb, sid, "first", `"top"`)
	for i := 0; i < 30; i++ {
		addRule(t, sb, sid, fmt.Sprint("t", i), `"top"`)
		addRule(t, sb, sid, fmt.Sprint("b", i), `{"below": "first"}`)
	}
	for i := 29; i >= 0; i-- {
		want = append(want, fmt.Sprint("t", i))
	}
	want = append(want, "first")
	for i := 29; i >= 0; i-- {
		want = append(want, fmt.Sprint("b", i))
	}
	got := order(t, sb, sid, 500)
	require.Len(t, got, len(want))
	for i := range want {
		assert.Equal(t, fmt.Sprintf("%s#%d", want[i], i+1), got[i])
	}
}

// Every rule row of api.RulebaseTypes (access, NAT, threat, HTTPS) in its
// Example's container: rules placed top, below and (when the rulebase has
// sections) in a section; show-<rulebase> pages by rule number naming the
// container as its rulebase takes it (a NAT rulebase by "package"); a rule
// found by number and moved; the changes private and locked until publish;
// the rule examples' Change accepted by set-T.
func TestMgmtRulebaseRowsOrderPagePublishAndLock(t *testing.T) {
	for _, rt := range api.RulebaseTypes {
		if rt.IsSection() {
			continue
		}
		t.Run(rt.Name, func(t *testing.T) {
			t.Parallel()
			sb := fwmgrtest.Start(t)
			s1 := admin(t, sb, `, "session-name": "one"`)
			s2 := admin(t, sb, `, "session-name": "two"`)
			c := rt.Container.Name
			ref := rt.Example[c].(string)
			// sel names the rulebase: the container, and for a rule's
			// rulebase (threat exceptions) the rule, P, published for both
			// sessions.
			sel := fmt.Sprintf(`%q: %q`, c, ref)
			if rt.Parent != "" {
				wok(t, sb, s1, "add-"+rt.Parent, fmt.Sprintf(`{%q: %q, "name": "P", "position": "top"}`, c, ref))
				publish(t, sb, s1)
				sel += `, "rule-name": "P"`
			}
			num := rt.NumberKey()
			add := func(sid, typ, name, position string) {
				t.Helper()
				wok(t, sb, sid, "add-"+typ, fmt.Sprintf(`{%s, "name": %q, "position": %s}`, sel, name, position))
			}
			flat := func(sid string) []string {
				t.Helper()
				var out []string
				for offset := 0; ; offset++ {
					req := rt.ContainerRequest(ref, false)
					if rt.Parent != "" {
						req.RuleName = "P"
					}
					limit, off := int64(1), int64(offset)
					req.Limit, req.Offset = &limit, &off
					body, err := json.Marshal(req)
					require.NoError(t, err)
					page := wok(t, sb, sid, "show-"+rt.Rulebase, string(body))
					for _, e := range page["rulebase"].([]any) {
						m := e.(map[string]any)
						if m["type"] != rt.Name {
							out = append(out, "§"+m["name"].(string))
							for _, r := range m["rulebase"].([]any) {
								rm := r.(map[string]any)
								out = append(out, fmt.Sprintf("%s#%v", rm["name"], rm[num]))
							}
							continue
						}
						out = append(out, fmt.Sprintf("%s#%v", m["name"], m[num]))
					}
					if int(page["to"].(float64)) >= int(page["total"].(float64)) {
						return out
					}
				}
			}
			add(s1, rt.Name, "B", `"top"`)
			add(s1, rt.Name, "A", `"top"`)
			add(s1, rt.Name, "C", `{"below": "B"}`)
			want := []string{"A#1", "B#2", "C#3"}
			if rt.Section != "" {
				add(s1, rt.Section, "S", `"bottom"`)
				add(s1, rt.Name, "D", `{"top": "S"}`)
				want = append(want, "§S", "D#4")
			}
			assert.Equal(t, want, flat(s1))
			assert.Empty(t, flat(s2), "another session sees the rules before publish")

			r := wok(t, sb, s1, "show-"+rt.Name, fmt.Sprintf(`{%s, %q: 2}`, sel, num))
			assert.Equal(t, "B", r["name"])
			body := map[string]any{c: ref, "name": "C", "new-position": "top"}
			if rt.Parent != "" {
				body["rule-name"] = "P"
			}
			for k, v := range rt.Change {
				if k != "name" {
					body[k] = v
				}
			}
			raw, err := json.Marshal(body)
			require.NoError(t, err)
			wok(t, sb, s1, "set-"+rt.Name, string(raw))
			assert.Equal(t, "C#1", flat(s1)[0])
			publish(t, sb, s1)
			assert.Equal(t, flat(s1), flat(s2))

			// A change of s2 locks the rule against s1 until s2 publishes.
			wok(t, sb, s2, "set-"+rt.Name, fmt.Sprintf(`{%s, "name": "A", "comments": "two's"}`, sel))
			requireError(t, wpost(t, sb, s1, "delete-"+rt.Name, fmt.Sprintf(`{%s, "name": "A"}`, sel)), 409, api.CodeObjectLocked)
			publish(t, sb, s2)
			wok(t, sb, s1, "delete-"+rt.Name, fmt.Sprintf(`{%s, "name": "A"}`, sel))
			assert.NotContains(t, flat(s1), "A#2")
		})
	}
}
