package fwmgr

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"

	"github.com/iacsuite/providers/internal/acctest"
	"github.com/iacsuite/providers/internal/workflowtest"
)

// The identity, query-mode and -generate-config-out cases of the rulebase
// resources (access rule, access section). Each case works in a layer of
// its own, so that what it lists or imports is only its own entries,
// whatever the other suites put in their layers of the shared sandbox.

// ruleIdentityCases are the rulebase resources' identity cases, run with
// the rows' in TestAccIdentity.
func ruleIdentityCases() map[string]acctest.IdentityCase {
	return map[string]acctest.IdentityCase{
		"fwmgr_management_access_rule":    ruleIdentityCase("fwmgr_management_access_rule", "rule_idc"),
		"fwmgr_management_access_section": ruleIdentityCase("fwmgr_management_access_section", "section_idc"),
	}
}

// ruleIdentityCase is an entry of typ, alone at the top of a layer of its
// own: what an import by identity states for it (the top of the
// rulebase), so that the import plans no change.
func ruleIdentityCase(typ, label string) acctest.IdentityCase {
	return acctest.IdentityCase{
		Config: func(*testing.T) string {
			return fmt.Sprintf(`
resource "fwmgr_management_access_layer" %[1]q {
  name = "%[1]s layer"
}

resource %[2]q "test" {
  layer = fwmgr_management_access_layer.%[1]s.name
  name  = "%[1]s entry"
  position {
    top = "top"
  }
}
`, label, typ)
		},
		Attributes: []string{"layer", mgmtAttrID},
		Absent:     map[string]string{"layer": strconv.Quote(label + " layer"), mgmtAttrID: strconv.Quote(absentUID)},
		Malformed: map[string][2]string{
			mgmtAttrID: {`"New Host 1"`, `an object UID \(a UUID`},
			"layer":    {`"Network;1"`, `a layer's name or UID, without ";"`},
		},
	}
}

// ruleMadeOutOfBand makes, through the API, a layer named layer and two
// entries of the rulebase type typ ("access-rule", "access-section") in
// it, one below the other, and returns their names and UIDs.
func ruleMadeOutOfBand(t *testing.T, typ, layer string) (names, uids []string) {
	t.Helper()
	m := outOfBandManagement(t)
	ctx := context.Background()
	if _, err := m.Apply(ctx, "add-access-layer", map[string]any{"name": layer}); err != nil {
		t.Fatalf("add-access-layer %q: %v", layer, err)
	}
	for i, position := range []any{"top", "bottom"} {
		name := fmt.Sprintf("%s %s %d", layer, typ, i+1)
		out, err := m.Apply(ctx, "add-"+typ, map[string]any{"layer": layer, "name": name, "position": position})
		if err != nil {
			t.Fatalf("add-%s %q: %v", typ, name, err)
		}
		uid, _ := out["uid"].(string)
		if uid == "" {
			t.Fatalf("add-%s %q answered no uid: %v", typ, name, out)
		}
		names, uids = append(names, name), append(uids, uid)
	}
	return names, uids
}

// ruleQueryCases are the -generate-config-out cases of the rulebase
// resources: two entries made out of band in a layer of their own.
func ruleQueryCases() map[string]workflowtest.QueryCase {
	return map[string]workflowtest.QueryCase{
		"fwmgr_management_access_rule":    ruleQueryCase("access-rule"),
		"fwmgr_management_access_section": ruleQueryCase("access-section"),
	}
}

func ruleQueryCase(typ string) workflowtest.QueryCase {
	return workflowtest.QueryCase{
		Objects: func(t *testing.T) (string, int) {
			layer := "qc " + typ + " layer"
			names, _ := ruleMadeOutOfBand(t, typ, layer)
			return "layer = " + strconv.Quote(layer), len(names)
		},
	}
}

// TestAccQueryRulebase lists, in one query run, the rules and the sections
// of layers made out of band: each list finds its two entries, in order,
// with the layer and UID of each as its identity.
func TestAccQueryRulebase(t *testing.T) {
	acctest.PreCheck(t)
	acctest.RequireQuery(t)
	blocks := map[string]string{
		"access-rule":    acctest.ListBlock("fwmgr_management_access_rule", "found", true, `layer = "qm access-rule layer"`),
		"access-section": acctest.ListBlock("fwmgr_management_access_section", "found", true, `layer = "qm access-section layer"`),
	}
	var config string
	var checks []querycheck.QueryResultCheck
	for _, typ := range keysOf(blocks) {
		layer := "qm " + typ + " layer"
		names, uids := ruleMadeOutOfBand(t, typ, layer)
		config += blocks[typ]
		addr := "fwmgr_management_" + strings.ReplaceAll(typ, "-", "_") + ".found"
		checks = append(checks, querycheck.ExpectLength(addr, len(uids)))
		for i, uid := range uids {
			identity := map[string]knownvalue.Check{"layer": knownvalue.StringExact(layer), mgmtAttrID: knownvalue.StringExact(uid)}
			checks = append(checks, querycheck.ExpectResourceDisplayName(addr, queryfilter.ByResourceIdentity(identity), knownvalue.StringExact(names[i])))
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mgmtProvider},
			{Query: true, Config: config, QueryResultChecks: checks},
		},
	})
}
