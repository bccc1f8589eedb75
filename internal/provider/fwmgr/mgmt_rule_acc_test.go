package fwmgr

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// ruleAccConfig is the access section and the access rule in it, as the
// rows' Example (changed: Example+Change), named for the test.
func ruleAccConfig(changed bool) string {
	var b strings.Builder
	b.WriteString(mgmtProvider)
	for _, t := range api.RulebaseTypes {
		body := t.Example
		if changed {
			body = mergeBody(t.Example, t.Change)
		}
		body = mergeBody(body, map[string]any{"name": body["name"].(string) + " acc"})
		fmt.Fprintf(&b, "resource \"fwmgr_%s\" \"e\" {\n", ruleName(t))
		b.WriteString(hclBody(t.AllFields(), body, func(s string) string { return s }, "  "))
		if t.Section == "" {
			b.WriteString("  position {\n    top = \"top\"\n  }\n")
		} else {
			// In the section: what an import states for the first rule of a
			// section, so that the import by identity plans empty.
			fmt.Fprintf(&b, "  position {\n    top = fwmgr_management_%s.e.name\n  }\n", strings.ReplaceAll(t.Section, "-", "_"))
		}
		b.WriteString("}\n")
	}
	return b.String()
}

// ruleAccChecks are the state checks of the changed entry of t.
func ruleAccChecks(t api.RulebaseType, addr string) []resource.TestCheckFunc {
	var out []resource.TestCheckFunc
	for _, f := range t.AllFields() {
		v, ok := t.Change[f.Name]
		if !ok {
			continue
		}
		switch f.Kind {
		case api.KindString:
			s := v.(string)
			if f.Name == "name" {
				s += " acc"
			}
			out = append(out, resource.TestCheckResourceAttr(addr, f.Attribute(), s))
		case api.KindInt, api.KindBool:
			out = append(out, resource.TestCheckResourceAttr(addr, f.Attribute(), fmt.Sprint(v)))
		case api.KindStringSet, api.KindStringList, api.KindBlockList, api.KindBlockSet:
			out = append(out, resource.TestCheckResourceAttr(addr, f.Attribute()+".#", fmt.Sprint(len(v.([]any)))))
		case api.KindBlock:
			out = append(out, resource.TestCheckResourceAttr(addr, f.Attribute()+".#", "1"))
		}
	}
	return out
}

// Every rulebase row (access rule, access section) in one configuration:
// create; change every argument once (in place: a rename of the section
// moves the rule, whose position names it); import each by
// <layer>;<uid>, by <layer>;<name>, the rule by <layer>;<rule number>, and
// each by identity; destroy.
func TestAccManagementRulebaseTypes(t *testing.T) {
	acctest.PreCheck(t)
	ignore := []string{"ignore_warnings", "ignore_errors", "fields_with_uid_identifier"}
	var checks []resource.TestCheckFunc
	var actions []plancheck.PlanCheck
	for _, rt := range api.RulebaseTypes {
		addr := "fwmgr_" + ruleName(rt) + ".e"
		checks = append(checks, ruleAccChecks(rt, addr)...)
		actions = append(actions, plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate))
	}
	steps := []resource.TestStep{
		{Config: ruleAccConfig(false), Check: resource.ComposeAggregateTestCheckFunc(
			resource.TestCheckResourceAttrSet("fwmgr_management_access_rule.e", "id"),
			resource.TestCheckResourceAttr("fwmgr_management_access_rule.e", "action", "Accept"),
			resource.TestCheckResourceAttr("fwmgr_management_access_rule.e", "enabled", "true"))},
		{Config: ruleAccConfig(true), Check: resource.ComposeAggregateTestCheckFunc(checks...),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: actions}},
	}
	for _, rt := range api.RulebaseTypes {
		addr := "fwmgr_" + ruleName(rt) + ".e"
		container := rt.Example[rt.Container.Name].(string)
		idOf := func(attr string) resource.ImportStateIdFunc {
			return func(s *terraform.State) (string, error) {
				return container + ";" + s.RootModule().Resources[addr].Primary.Attributes[attr], nil
			}
		}
		steps = append(steps,
			resource.TestStep{Config: ruleAccConfig(true), ResourceName: addr, ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIgnore: ignore, ImportStateIdFunc: idOf("id")},
			resource.TestStep{Config: ruleAccConfig(true), ResourceName: addr, ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIgnore: ignore, ImportStateIdFunc: idOf("name")},
			resource.TestStep{Config: ruleAccConfig(true), ResourceName: addr, ImportState: true, ImportStateKind: resource.ImportBlockWithResourceIdentity},
		)
		if !rt.IsSection() {
			steps = append(steps, resource.TestStep{Config: ruleAccConfig(true), ResourceName: addr, ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIgnore: ignore, ImportStateIdFunc: func(s *terraform.State) (string, error) {
					var rule map[string]any
					uid := s.RootModule().Resources[addr].Primary.Attributes["id"]
					err := outOfBandManagement(t).Show(context.Background(), "show-"+rt.Name, map[string]any{rt.Container.Name: container, "uid": uid}, &rule)
					return fmt.Sprintf("%s;%v", container, rule["rule-number"]), err
				}})
		}
	}
	resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: protoV6ProviderFactories, Steps: steps})
}

// orderConfig is 30 rules named ord-01 ... ord-30 whose positions name
// each other by literal names (no references, so Terraform creates them
// all at once, at its default -parallelism of 10, in any order):
// ord-01 at the top and ord-02 ... ord-10 each below the one before;
// ord-20 at the bottom and ord-19 ... ord-11 each above the one after;
// ord-21 ... ord-30 a chain below ord-10, or, reversed, ord-30 below
// ord-10 and each of ord-29 ... ord-21 below the one after it.
func orderConfig(reversed bool) string {
	var b strings.Builder
	b.WriteString(mgmtProvider)
	rule := func(i int, key, anchor string) {
		fmt.Fprintf(&b, "resource \"fwmgr_management_access_rule\" \"r%02d\" {\n  layer = \"Network\"\n  name = \"ord-%02d\"\n"+
			"  action = \"Accept\"\n  position {\n    %s = %q\n  }\n}\n", i, i, key, anchor)
	}
	rule(1, "top", "top")
	for i := 2; i <= 10; i++ {
		rule(i, "below", fmt.Sprintf("ord-%02d", i-1))
	}
	rule(20, "bottom", "bottom")
	for i := 11; i <= 19; i++ {
		rule(i, "above", fmt.Sprintf("ord-%02d", i+1))
	}
	for i := 21; i <= 30; i++ {
		switch {
		case !reversed && i == 21:
			rule(i, "below", "ord-10")
		case !reversed:
			rule(i, "below", fmt.Sprintf("ord-%02d", i-1))
		case i == 30:
			rule(i, "below", "ord-10")
		default:
			rule(i, "below", fmt.Sprintf("ord-%02d", i+1))
		}
	}
	return b.String()
}

// wantOrder is orderConfig's order.
func wantOrder(reversed bool) []string {
	var out []string
	add := func(from, to, step int) {
		for i := from; i != to+step; i += step {
			out = append(out, fmt.Sprintf("ord-%02d", i))
		}
	}
	add(1, 10, 1)
	if reversed {
		add(30, 21, -1)
	} else {
		add(21, 30, 1)
	}
	add(11, 20, 1)
	return out
}

// serverOrder checks the order of the ord- rules in the Network layer as
// another session sees it (show-access-rulebase: published).
func serverOrder(t *testing.T, want []string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		var got []string
		for offset := int64(0); ; offset += 500 {
			limit, off := int64(500), offset
			var page api.ShowRulebaseResponse
			if err := outOfBandManagement(t).Show(context.Background(), "show-access-rulebase",
				api.ShowRulebaseRequest{Name: "Network", Limit: &limit, Offset: &off}, &page); err != nil {
				return err
			}
			for _, e := range page.Rulebase {
				for _, r := range append([]api.RulebaseEntry{e}, e.Rulebase...) {
					if strings.HasPrefix(r.Name, "ord-") {
						got = append(got, r.Name)
					}
				}
			}
			if page.To >= page.Total {
				break
			}
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			return fmt.Errorf("the Network layer's order is\n  %s\nwant\n  %s", strings.Join(got, " "), strings.Join(want, " "))
		}
		return nil
	}
}

// Order that holds: 30 rules created in parallel end in the configured
// order; re-ordered in the configuration, they move in place (updates, no
// replacement); a rule moved behind Terraform's back shows as an update,
// which moves it back.
func TestAccManagementRuleOrder(t *testing.T) {
	acctest.PreCheck(t)
	var reorder []plancheck.PlanCheck
	for i := 21; i <= 30; i++ {
		reorder = append(reorder, plancheck.ExpectResourceAction(fmt.Sprintf("fwmgr_management_access_rule.r%02d", i), plancheck.ResourceActionUpdate))
	}
	reorder = append(reorder, plancheck.ExpectResourceAction("fwmgr_management_access_rule.r10", plancheck.ResourceActionNoop))
	resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: protoV6ProviderFactories, Steps: []resource.TestStep{
		{Config: orderConfig(false), Check: serverOrder(t, wantOrder(false))},
		{Config: orderConfig(false), PlanOnly: true}, // holds: no drift
		{Config: orderConfig(true), Check: serverOrder(t, wantOrder(true)),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: reorder}},
		{
			// ord-05 moved to the bottom by another administrator: it, and
			// ord-06 (no longer right below it), show as updates.
			PreConfig: func() {
				_, err := outOfBandManagement(t).Apply(context.Background(), "set-access-rule",
					map[string]any{"layer": "Network", "name": "ord-05", "new-position": "bottom"})
				if err != nil {
					t.Fatal(err)
				}
			},
			Config: orderConfig(true), Check: serverOrder(t, wantOrder(true)),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction("fwmgr_management_access_rule.r05", plancheck.ResourceActionUpdate),
				plancheck.ExpectResourceAction("fwmgr_management_access_rule.r06", plancheck.ResourceActionUpdate),
				plancheck.ExpectResourceAction("fwmgr_management_access_rule.r07", plancheck.ResourceActionNoop),
			}},
		},
		{Config: orderConfig(true), PlanOnly: true},
	}})
}

// Every rulebase row's data source, in one configuration: an entry of each
// row alone in a container of its own, read by name and (a rule) by
// rule_number, as upstream's configurations write it (rule_number = "1").
func TestAccManagementRulebaseDataSources(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	var b strings.Builder
	b.WriteString(mgmtProvider)
	var checks []resource.TestCheckFunc
	for _, rt := range api.RulebaseTypes {
		typ := "fwmgr_" + ruleName(rt)
		label := strings.ReplaceAll(rt.Name, "-", "_") + "_dsc"
		b.WriteString(ruleIdentityCase(typ, label).Config(t))
		cattr := rt.Container.Attribute()
		fmt.Fprintf(&b, "\ndata %q \"by_name\" {\n  %s = %s.test.%s\n  name = %s.test.name\n}\n", typ, cattr, typ, cattr, typ)
		checks = append(checks,
			resource.TestCheckResourceAttrPair("data."+typ+".by_name", "id", typ+".test", "id"),
			resource.TestCheckResourceAttr("data."+typ+".by_name", "name", label+" entry"))
		if !rt.IsSection() {
			fmt.Fprintf(&b, "\ndata %q \"by_number\" {\n  %s = %s.test.%s\n  rule_number = \"1\"\n}\n", typ, cattr, typ, cattr)
			checks = append(checks,
				resource.TestCheckResourceAttrPair("data."+typ+".by_number", "id", typ+".test", "id"),
				resource.TestCheckResourceAttr("data."+typ+".by_number", "rule_number", "1"))
		}
	}
	resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: protoV6ProviderFactories, Steps: []resource.TestStep{
		{Config: b.String(), Check: resource.ComposeAggregateTestCheckFunc(checks...)},
	}})
}
