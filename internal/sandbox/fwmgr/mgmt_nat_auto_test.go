package fwmgr_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

// natOrder is the Standard package's NAT rulebase as show-nat-rulebase
// answers it, flattened: a section as "§name" (an automatic one by the part
// after "Automatic Generated Rules : "), a manual rule as "name#number", an
// automatic rule as "auto:<original source>><original destination>#number".
func natOrder(t *testing.T, sb *fwmgrtest.Sandbox, sid string, limit int) []string {
	t.Helper()
	var out []string
	seen := map[any]bool{} // a section continued from the previous page
	rule := func(m map[string]any) string {
		if m["auto-generated"] == true {
			name := func(k string) string { return m[k].(map[string]any)["name"].(string) }
			return fmt.Sprintf("auto:%s>%s#%v", name("original-source"), name("original-destination"), m["rule-number"])
		}
		return fmt.Sprintf("%s#%v", m["name"], m["rule-number"])
	}
	for offset := 0; ; offset += limit {
		page := wok(t, sb, sid, "show-nat-rulebase", fmt.Sprintf(`{"package": "Standard", "offset": %d, "limit": %d}`, offset, limit))
		for _, e := range page["rulebase"].([]any) {
			m := e.(map[string]any)
			if m["type"] == "nat-section" {
				if !seen[m["uid"]] {
					seen[m["uid"]] = true
					out = append(out, "§"+strings.TrimPrefix(m["name"].(string), "Automatic Generated Rules : "))
				}
				for _, r := range m["rulebase"].([]any) {
					out = append(out, rule(r.(map[string]any)))
				}
				continue
			}
			out = append(out, rule(m))
		}
		if int(page["to"].(float64)) >= int(page["total"].(float64)) {
			return out
		}
	}
}

func addNat(t *testing.T, sb *fwmgrtest.Sandbox, sid, name, position string) string {
	t.Helper()
	return wok(t, sb, sid, "add-nat-rule", fmt.Sprintf(`{"package": "Standard", "name": %q, "position": %s, "original-source": "InternalNet", "translated-source": "DMZNet"}`, name, position))["uid"].(string)
}

func TestMgmtNatAutomaticRulesFollowObjects(t *testing.T) {
	t.Parallel()
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	addNat(t, sb, sid, "U1", `"top"`)
	addNat(t, sb, sid, "L1", `"bottom"`)
	// Without automatic NAT, the rulebase answers as before: no sections.
	assert.Equal(t, []string{"U1#1", "L1#2"}, natOrder(t, sb, sid, 50))

	// A host with static automatic NAT: two rules between U1 and L1.
	host := wok(t, sb, sid, "add-host", `{"name": "web", "ipv4-address": "192.0.2.10",
		"nat-settings": {"auto-rule": true, "method": "static", "ipv4-address": "203.0.113.10", "install-on": "All"}}`)
	want := []string{"U1#1", "§Machine Static NAT", "auto:web>Any#2", "auto:Any>web#3", "§" + api.ManualLowerRules, "L1#4"}
	assert.Equal(t, want, natOrder(t, sb, sid, 50))
	for _, limit := range []int{1, 2, 3} {
		assert.Equal(t, want, natOrder(t, sb, sid, limit), "pages of %d", limit)
	}

	// Another session sees the published objects: no automatic rule yet.
	other := admin(t, sb, "")
	assert.Empty(t, natOrder(t, sb, other, 50))

	// show-nat-rule by number and by UID.
	r2 := wok(t, sb, sid, "show-nat-rule", `{"package": "Standard", "rule-number": 2}`)
	assert.Equal(t, true, r2["auto-generated"])
	assert.Equal(t, "static", r2["method"])
	assert.Equal(t, "web", r2["original-source"].(map[string]any)["name"])
	assert.Equal(t, "web", r2["translated-source"])
	assert.Equal(t, "Original", r2["translated-destination"])
	assert.Equal(t, "Policy Targets", r2["install-on"].([]any)[0].(map[string]any)["name"])
	byUID := wok(t, sb, sid, "show-nat-rule", fmt.Sprintf(`{"package": "Standard", "uid": %q}`, r2["uid"]))
	assert.Equal(t, float64(2), byUID["rule-number"])
	r3 := wok(t, sb, sid, "show-nat-rule", `{"package": "Standard", "rule-number": 3}`)
	assert.Equal(t, "web", r3["translated-destination"])
	assert.Equal(t, "Original", r3["translated-source"])
	assert.NotEqual(t, r2["uid"], r3["uid"])

	// Read-only: set, move and delete are refused, the sections too.
	uid2 := r2["uid"].(string)
	requireError(t, wpost(t, sb, sid, "set-nat-rule", fmt.Sprintf(`{"package": "Standard", "uid": %q, "comments": "x"}`, uid2)), 403, api.CodeForbidden, "auto")
	requireError(t, wpost(t, sb, sid, "set-nat-rule", `{"package": "Standard", "rule-number": 3, "new-position": "top"}`), 403, api.CodeForbidden)
	requireError(t, wpost(t, sb, sid, "delete-nat-rule", fmt.Sprintf(`{"package": "Standard", "uid": %q}`, uid2)), 403, api.CodeForbidden, "auto")
	requireError(t, wpost(t, sb, sid, "delete-nat-section", `{"package": "Standard", "name": "Manual Lower Rules"}`), 403, api.CodeForbidden)
	requireError(t, wpost(t, sb, sid, "set-nat-section", `{"package": "Standard", "name": "Automatic Generated Rules : Machine Static NAT", "new-name": "x"}`), 403, api.CodeForbidden)

	// Manual rules around them: top above, bottom below, a position
	// inside the automatic rules at the top of Manual Lower Rules.
	addNat(t, sb, sid, "T", `"top"`)
	addNat(t, sb, sid, "B", `"bottom"`)
	addNat(t, sb, sid, "X", `{"above": 3}`) // rule 3 is automatic
	addNat(t, sb, sid, "U2", `{"below": "U1"}`)
	wok(t, sb, sid, "set-nat-rule", `{"package": "Standard", "name": "L1", "new-position": {"above": "Automatic Generated Rules : Machine Static NAT"}}`)
	assert.Equal(t, []string{"T#1", "U1#2", "U2#3", "L1#4", "§Machine Static NAT", "auto:web>Any#5", "auto:Any>web#6",
		"§" + api.ManualLowerRules, "X#7", "B#8"}, natOrder(t, sb, sid, 50))

	// The object's nat-settings change: hide makes one rule, in its section.
	wok(t, sb, sid, "set-host", `{"name": "web", "nat-settings": {"auto-rule": true, "method": "hide", "hide-behind": "gateway"}}`)
	// A network with hide NAT: traffic within it untranslated, then hidden.
	wok(t, sb, sid, "add-network", `{"name": "lan", "subnet4": "10.1.0.0", "mask-length4": 16,
		"nat-settings": {"auto-rule": true, "method": "hide", "hide-behind": "gateway"}}`)
	assert.Equal(t, []string{"T#1", "U1#2", "U2#3", "L1#4", "§Machine Hide NAT", "auto:web>Any#5",
		"§Network Hide NAT", "auto:lan>lan#6", "auto:lan>Any#7", "§" + api.ManualLowerRules, "X#8", "B#9"}, natOrder(t, sb, sid, 50))
	assert.Equal(t, float64(9), wok(t, sb, sid, "show-nat-rule", `{"package": "Standard", "name": "B"}`)["rule-number"])

	// Auto-rule off, or the object deleted: its rules go.
	wok(t, sb, sid, "set-network", `{"name": "lan", "nat-settings": {"auto-rule": false}}`)
	wok(t, sb, sid, "delete-host", fmt.Sprintf(`{"uid": %q}`, host["uid"]))
	assert.Equal(t, []string{"T#1", "U1#2", "U2#3", "L1#4", "X#5", "B#6"}, natOrder(t, sb, sid, 50))
	requireError(t, wpost(t, sb, sid, "show-nat-rule", fmt.Sprintf(`{"package": "Standard", "uid": %q}`, uid2)), 404, api.CodeObjectNotFound)

	// Published, the rules are everyone's, with the same UIDs.
	wok(t, sb, sid, "set-network", `{"name": "lan", "nat-settings": {"auto-rule": true, "method": "static", "ipv4-address": "198.51.100.0"}}`)
	mine := wok(t, sb, sid, "show-nat-rule", `{"package": "Standard", "rule-number": 5}`)
	wok(t, sb, sid, "publish", `{}`)
	theirs := wok(t, sb, other, "show-nat-rule", `{"package": "Standard", "rule-number": 5}`)
	assert.Equal(t, mine["uid"], theirs["uid"])
	assert.Equal(t, []string{"T#1", "U1#2", "U2#3", "L1#4", "§Network Static NAT", "auto:lan>lan#5", "auto:lan>Any#6", "auto:Any>lan#7",
		"§" + api.ManualLowerRules, "X#8", "B#9"}, natOrder(t, sb, other, 50))
	require.Equal(t, "Manual Lower Rules", wok(t, sb, other, "show-nat-section", `{"package": "Standard", "name": "Manual Lower Rules"}`)["name"])
}
