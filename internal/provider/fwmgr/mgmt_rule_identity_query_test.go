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
//
// The cases of this file are written out per resource type, not made in a
// loop over api.RulebaseTypes: internal/idcatalog's audit reads these files
// and finds a resource's cases by its name.
func ruleIdentityCases() map[string]acctest.IdentityCase {
	return map[string]acctest.IdentityCase{
		"fwmgr_management_access_rule":      ruleIdentityCase("fwmgr_management_access_rule", "access_rule_idc"),
		"fwmgr_management_access_section":   ruleIdentityCase("fwmgr_management_access_section", "access_section_idc"),
		"fwmgr_management_nat_rule":         ruleIdentityCase("fwmgr_management_nat_rule", "nat_rule_idc"),
		"fwmgr_management_nat_section":      ruleIdentityCase("fwmgr_management_nat_section", "nat_section_idc"),
		"fwmgr_management_threat_rule":      ruleIdentityCase("fwmgr_management_threat_rule", "threat_rule_idc"),
		"fwmgr_management_threat_exception": ruleIdentityCase("fwmgr_management_threat_exception", "threat_exception_idc"),
		"fwmgr_management_https_rule":       ruleIdentityCase("fwmgr_management_https_rule", "https_rule_idc"),
		"fwmgr_management_https_section":    ruleIdentityCase("fwmgr_management_https_section", "https_section_idc"),
	}
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
	c := acctest.IdentityCase{
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
	if rt.Parent != "" {
		// An entry of a rule's rulebase: at the top of its rule's, the
		// rule alone in the layer; the identity holds the rule's UID.
		ptyp := strings.ReplaceAll(rt.Parent, "-", "_")
		c.Config = func(*testing.T) string {
			return fmt.Sprintf(`
resource "fwmgr_management_threat_layer" %[1]q {
  name = "%[1]s layer"
}

resource "fwmgr_management_%[3]s" %[1]q {
  layer = fwmgr_management_threat_layer.%[1]s.name
  name  = "%[1]s rule"
  position {
    top = "top"
  }
}

resource %[2]q "test" {
  layer    = fwmgr_management_threat_layer.%[1]s.name
  rule_uid = fwmgr_management_%[3]s.%[1]s.id
  name     = "%[1]s entry"
  position {
    top = "top"
  }
}
`, label, typ, ptyp)
		}
		c.Attributes = []string{cattr, mgmtAttrRuleUID, mgmtAttrID}
		c.Absent[mgmtAttrRuleUID] = strconv.Quote(absentUID)
		c.Malformed[mgmtAttrRuleUID] = [2]string{`"Threat Rule 1"`, `an object UID \(a UUID`}
	}
	return c
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
	sel := map[string]any{rt.Container.Name: container}
	if rt.Parent != "" {
		// A rule's rulebase: in a rule of the container named after it.
		if _, err := m.Apply(ctx, "add-"+rt.Parent, map[string]any{rt.Container.Name: container, "name": container + " rule", "position": "top"}); err != nil {
			t.Fatalf("add-%s: %v", rt.Parent, err)
		}
		sel["rule-name"] = container + " rule"
	}
	for i, position := range []any{"top", "bottom"} {
		name := fmt.Sprintf("%s %s %d", container, typ, i+1)
		body := map[string]any{"name": name, "position": position}
		for k, v := range sel {
			body[k] = v
		}
		out, err := m.Apply(ctx, "add-"+typ, body)
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
	return map[string]workflowtest.QueryCase{
		"fwmgr_management_access_rule":      ruleQueryCase("access-rule"),
		"fwmgr_management_access_section":   ruleQueryCase("access-section"),
		"fwmgr_management_nat_rule":         ruleQueryCase("nat-rule"),
		"fwmgr_management_nat_section":      ruleQueryCase("nat-section"),
		"fwmgr_management_threat_rule":      ruleQueryCase("threat-rule"),
		"fwmgr_management_threat_exception": ruleQueryCase("threat-exception"),
		"fwmgr_management_https_rule":       ruleQueryCase("https-rule"),
		"fwmgr_management_https_section":    ruleQueryCase("https-section"),
	}
}

func ruleQueryCase(typ string) workflowtest.QueryCase {
	return workflowtest.QueryCase{
		Objects: func(t *testing.T) (string, int) {
			rt, _ := api.LookupRulebaseType(typ)
			container := "qc " + typ + " layer"
			names, _ := ruleMadeOutOfBand(t, typ, container)
			return rt.Container.Attribute() + " = " + strconv.Quote(container) + ruleFilter(rt, container), len(names)
		},
	}
}

// TestAccQueryRulebase lists, in one query run, the rules and the sections
// of layers made out of band: each list finds its two entries, in order,
// with the layer and UID of each as its identity.
func TestAccQueryRulebase(t *testing.T) {
	acctest.PreCheck(t)
	acctest.RequireQuery(t)
	// Each block filters on its container, "qm <row> layer" (a package for
	// NAT), and an exception also on its rule, "qm <row> layer rule"
	// (ruleMadeOutOfBand's names).
	blocks := map[string]string{
		"access-rule":    acctest.ListBlock("fwmgr_management_access_rule", "found", true, `layer = "qm access-rule layer"`),
		"access-section": acctest.ListBlock("fwmgr_management_access_section", "found", true, `layer = "qm access-section layer"`),
		"nat-rule":       acctest.ListBlock("fwmgr_management_nat_rule", "found", true, `package = "qm nat-rule layer"`),
		"nat-section":    acctest.ListBlock("fwmgr_management_nat_section", "found", true, `package = "qm nat-section layer"`),
		"threat-rule":    acctest.ListBlock("fwmgr_management_threat_rule", "found", true, `layer = "qm threat-rule layer"`),
		"threat-exception": acctest.ListBlock("fwmgr_management_threat_exception", "found", true,
			"layer = \"qm threat-exception layer\"\nrule_name = \"qm threat-exception layer rule\""),
		"https-rule":    acctest.ListBlock("fwmgr_management_https_rule", "found", true, `layer = "qm https-rule layer"`),
		"https-section": acctest.ListBlock("fwmgr_management_https_section", "found", true, `layer = "qm https-section layer"`),
	}
	if len(blocks) != len(api.RulebaseTypes) {
		t.Fatalf("%d list blocks for %d rulebase rows: add the new row's block", len(blocks), len(api.RulebaseTypes))
	}
	// A host with automatic NAT puts automatic rules, their section and
	// Manual Lower Rules in every package's NAT rulebase: the NAT lists
	// still find their two manual entries alone.
	if _, err := outOfBandManagement(t).Apply(context.Background(), "add-host", map[string]any{"name": "qm auto nat host",
		"ipv4-address": "192.0.2.81", "nat-settings": map[string]any{"auto-rule": true, "method": "static", "ipv4-address": "203.0.113.81"}}); err != nil {
		t.Fatalf("add-host: %v", err)
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
			if rt.Parent != "" {
				identity[mgmtAttrRuleUID] = knownvalue.NotNull()
			}
			checks = append(checks, querycheck.ExpectResourceDisplayName(addr, queryfilter.ByResourceIdentity(identity), knownvalue.StringExact(names[i])))
		}
	}
	// The exceptions listed again, by their rule's UID instead of its name.
	const exLayer = "qm threat-exception layer"
	rule, err := outOfBandManagement(t).Apply(context.Background(), "show-threat-rule", map[string]any{"layer": exLayer, "name": exLayer + " rule"})
	if err != nil {
		t.Fatalf("show-threat-rule: %v", err)
	}
	config += acctest.ListBlock("fwmgr_management_threat_exception", "by_rule_uid", true, fmt.Sprintf("layer = %q\nrule_uid = %q", exLayer, rule["uid"]))
	checks = append(checks, querycheck.ExpectLength("fwmgr_management_threat_exception.by_rule_uid", 2))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mgmtProvider},
			{Query: true, Config: config, QueryResultChecks: checks},
		},
	})
}

// ruleFilter is the list filter of the rule that ruleMadeOutOfBand made in
// container, for a rule's rulebase ("" for the others).
func ruleFilter(rt api.RulebaseType, container string) string {
	if rt.Parent == "" {
		return ""
	}
	return fmt.Sprintf("\n%s = %q", mgmtAttrRuleName, container+" rule")
}
