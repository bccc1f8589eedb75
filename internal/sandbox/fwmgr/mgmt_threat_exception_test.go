package fwmgr_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

// A threat rule's exceptions: a rulebase of the rule (by rule-uid,
// rule-name or rule-number within the layer), answered in the rule's
// exceptions, deleted with it; exception groups, a missing rule, the
// read-only administrator and another domain are refused.
func TestMgmtThreatExceptions(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	const layer = `"layer": "Standard Threat Prevention"`
	rule := wok(t, sb, sid, "add-threat-rule", `{`+layer+`, "name": "R", "position": "top"}`)
	ruleUID := rule["uid"].(string)
	assert.Equal(t, []any{}, rule["exceptions"])
	wok(t, sb, sid, "add-threat-rule", `{`+layer+`, "name": "Other", "position": "bottom"}`)

	b := wok(t, sb, sid, "add-threat-exception", `{`+layer+`, "rule-name": "R", "name": "B", "position": "top", "protected-scope": ["DMZNet"], "protection-or-site": ["Example Protection"]}`)
	assert.Equal(t, ruleUID, b["rule-uid"])
	assert.Equal(t, "R", b["rule-name"])
	assert.EqualValues(t, 1, b["exception-number"])
	assert.Equal(t, "Detect", b["action"])
	assert.Equal(t, "Standard Threat Prevention", b["layer"].(map[string]any)["name"])
	a := wok(t, sb, sid, "add-threat-exception", fmt.Sprintf(`{%s, "rule-uid": %q, "name": "A", "position": {"above": "B"}}`, layer, ruleUID))
	wok(t, sb, sid, "add-threat-exception", `{`+layer+`, "rule-number": 2, "name": "O", "position": "top"}`)

	page := wok(t, sb, sid, "show-threat-rule-exception-rulebase", `{"name": "Standard Threat Prevention", "rule-name": "R"}`)
	var names []string
	for _, e := range page["rulebase"].([]any) {
		m := e.(map[string]any)
		names = append(names, fmt.Sprintf("%s#%v", m["name"], m["exception-number"]))
	}
	assert.Equal(t, []string{"A#1", "B#2"}, names, "the other rule's exception is not in R's rulebase")
	assert.EqualValues(t, 2, page["total"])

	got := wok(t, sb, sid, "show-threat-rule", fmt.Sprintf(`{%s, "uid": %q}`, layer, ruleUID))
	assert.Equal(t, []any{a["uid"], b["uid"]}, got["exceptions"])
	got = wok(t, sb, sid, "show-threat-exception", fmt.Sprintf(`{%s, "rule-uid": %q, "exception-number": 2}`, layer, ruleUID))
	assert.Equal(t, "B", got["name"])
	got = wok(t, sb, sid, "set-threat-exception", `{`+layer+`, "rule-name": "R", "name": "B", "new-name": "B2", "new-position": "top", "action": "Prevent"}`)
	assert.Equal(t, "B2", got["name"])
	assert.EqualValues(t, 1, got["exception-number"])

	for _, tc := range []struct {
		body, code string
		status     int
	}{
		{`{` + layer + `, "name": "X", "position": "top"}`, api.CodeMissingRequired, 400},
		{`{` + layer + `, "exception-group-name": "G", "name": "X", "position": "top"}`, api.CodeInvalidParameter, 400},
		{`{` + layer + `, "rule-name": "nope", "name": "X", "position": "top"}`, api.CodeObjectNotFound, 404},
		{`{` + layer + `, "rule-name": "R", "rule-uid": "` + ruleUID + `", "name": "X", "position": "top"}`, api.CodeInvalidParameter, 400},
		{`{` + layer + `, "rule-name": "R", "name": "X", "position": {"below": "missing"}}`, api.CodeObjectNotFound, 404},
	} {
		requireError(t, wpost(t, sb, sid, "add-threat-exception", tc.body), tc.status, tc.code)
	}
	requireError(t, wpost(t, sb, sid, "show-threat-rulebase", `{"name": "Standard Threat Prevention", "rule-name": "R"}`), 400, api.CodeInvalidParameterName)
	publish(t, sb, sid)

	ro := wlogin(t, sb, fwmgr.AuditorUser, fwmgr.AuditorPassword, "")
	requireError(t, wpost(t, sb, ro, "add-threat-exception", `{`+layer+`, "rule-name": "R", "name": "X", "position": "top"}`), 403, api.CodeReadOnly)
	requireError(t, wpost(t, sb, ro, "delete-threat-exception", `{`+layer+`, "rule-name": "R", "name": "A"}`), 403, api.CodeReadOnly)
	wok(t, sb, ro, "show-threat-exception", `{`+layer+`, "rule-name": "R", "name": "A"}`)
	east := admin(t, sb, `, "domain": "Branch-East"`)
	requireError(t, wpost(t, sb, east, "show-threat-exception", fmt.Sprintf(`{%s, "rule-uid": %q, "name": "A"}`, layer, ruleUID)), 404, api.CodeObjectNotFound)

	// Deleting the rule deletes its exceptions.
	wok(t, sb, sid, "delete-threat-rule", fmt.Sprintf(`{%s, "uid": %q}`, layer, ruleUID))
	publish(t, sb, sid)
	requireError(t, wpost(t, sb, sid, "show-threat-exception", fmt.Sprintf(`{%s, "rule-uid": %q, "uid": %q}`, layer, ruleUID, a["uid"])), 404, api.CodeObjectNotFound)
	require.NotNil(t, wok(t, sb, sid, "show-threat-exception", `{`+layer+`, "rule-name": "Other", "name": "O"}`))
}
