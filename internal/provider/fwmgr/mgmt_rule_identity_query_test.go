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
	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/workflowtest"
)

// The identity, query-mode and -generate-config-out cases of the rulebase
// resources (api.RulebaseTypes: access, NAT, threat and HTTPS rules and
// sections). Each case works in a container (layer, or package for NAT) of
// its own, so that what it lists or imports is only its own entries,
// whatever the other suites put in their containers of the shared sandbox.

// ruleIdentityCases are the rulebase resources' identity cases, run with
// the rows' in TestAccIdentity.
func ruleIdentityCases() map[string]acctest.IdentityCase {
	out := map[string]acctest.IdentityCase{}
	for _, rt := range api.RulebaseTypes {
		typ := "fwmgr_" + ruleName(rt)
		out[typ] = ruleIdentityCase(typ, strings.ReplaceAll(rt.Name, "-", "_")+"_idc")
	}
	return out
}

// ruleRow is the rulebase row of the resource type typ.
func ruleRow(typ string) api.RulebaseType {
	rt, ok := api.LookupRulebaseType(strings.ReplaceAll(strings.TrimPrefix(typ, "fwmgr_management_"), "_", "-"))
	if !ok {
		panic("no rulebase row for " + typ)
	}
	return rt
}

// ruleIdentityCase is an entry of typ, alone at the top of a container of
// its own: what an import by identity states for it (the top of the
// rulebase), so that the import plans no change.
func ruleIdentityCase(typ, label string) acctest.IdentityCase {
	rt := ruleRow(typ)
	cattr := rt.Container.Attribute()
	return acctest.IdentityCase{
		Config: func(*testing.T) string {
			return fmt.Sprintf(`
resource "fwmgr_management_%[3]s" %[1]q {
  name = "%[1]s layer"
}

resource %[2]q "test" {
  %[4]s = fwmgr_management_%[3]s.%[1]s.name
  %[5]s = "%[1]s entry"
  position {
    top = "top"
  }
}
`, label, typ, strings.ReplaceAll(rt.Container.RefTypes[0], "-", "_"), cattr, fmt.Sprintf("%-*s", len(cattr), "name"))
		},
		Attributes: []string{cattr, mgmtAttrID},
		Absent:     map[string]string{cattr: strconv.Quote(label + " layer"), mgmtAttrID: strconv.Quote(absentUID)},
		Malformed: map[string][2]string{
			mgmtAttrID: {`"New Host 1"`, `an object UID \(a UUID`},
			cattr:      {`"Network;1"`, `a ` + containerWord(rt) + `'s name or UID, without ";"`},
		},
	}
}

// ruleMadeOutOfBand makes, through the API, a container (of the type the
// rulebase of typ belongs to) named container and two entries of the
// rulebase type typ ("access-rule", "nat-section", ...) in it, one below
// the other, and returns their names and UIDs.
func ruleMadeOutOfBand(t *testing.T, typ, container string) (names, uids []string) {
	t.Helper()
	rt, ok := api.LookupRulebaseType(typ)
	if !ok {
		t.Fatalf("no rulebase row %s", typ)
	}
	m := outOfBandManagement(t)
	ctx := context.Background()
	ctyp := rt.Container.RefTypes[0]
	if _, err := m.Apply(ctx, "add-"+ctyp, map[string]any{"name": container}); err != nil {
		t.Fatalf("add-%s %q: %v", ctyp, container, err)
	}
	for i, position := range []any{"top", "bottom"} {
		name := fmt.Sprintf("%s %s %d", container, typ, i+1)
		out, err := m.Apply(ctx, "add-"+typ, map[string]any{rt.Container.Name: container, "name": name, "position": position})
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
// resources: two entries made out of band in a container of their own.
func ruleQueryCases() map[string]workflowtest.QueryCase {
	out := map[string]workflowtest.QueryCase{}
	for _, rt := range api.RulebaseTypes {
		out["fwmgr_"+ruleName(rt)] = ruleQueryCase(rt.Name)
	}
	return out
}

func ruleQueryCase(typ string) workflowtest.QueryCase {
	return workflowtest.QueryCase{
		Objects: func(t *testing.T) (string, int) {
			rt, _ := api.LookupRulebaseType(typ)
			container := "qc " + typ + " layer"
			names, _ := ruleMadeOutOfBand(t, typ, container)
			return rt.Container.Attribute() + " = " + strconv.Quote(container), len(names)
		},
	}
}

// TestAccQueryRulebase lists, in one query run, the rules and the sections
// of layers made out of band: each list finds its two entries, in order,
// with the layer and UID of each as its identity.
func TestAccQueryRulebase(t *testing.T) {
	acctest.PreCheck(t)
	acctest.RequireQuery(t)
	blocks := map[string]string{}
	for _, rt := range api.RulebaseTypes {
		blocks[rt.Name] = acctest.ListBlock("fwmgr_"+ruleName(rt), "found", true,
			fmt.Sprintf("%s = %q", rt.Container.Attribute(), "qm "+rt.Name+" layer"))
	}
	var config string
	var checks []querycheck.QueryResultCheck
	for _, typ := range keysOf(blocks) {
		rt, _ := api.LookupRulebaseType(typ)
		layer := "qm " + typ + " layer"
		names, uids := ruleMadeOutOfBand(t, typ, layer)
		config += blocks[typ]
		addr := "fwmgr_management_" + strings.ReplaceAll(typ, "-", "_") + ".found"
		checks = append(checks, querycheck.ExpectLength(addr, len(uids)))
		for i, uid := range uids {
			identity := map[string]knownvalue.Check{rt.Container.Attribute(): knownvalue.StringExact(layer), mgmtAttrID: knownvalue.StringExact(uid)}
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
