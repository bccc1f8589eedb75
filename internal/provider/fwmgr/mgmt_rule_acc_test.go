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
		if t.Parent != "" {
			// The rule by its UID: the change renames it.
			delete(body, "rule-name")
			fmt.Fprintf(&b, "  rule_uid = fwmgr_management_%s.e.id\n", strings.ReplaceAll(t.Parent, "-", "_"))
		}
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
		// prefix is the import ID before the entry's part: the container,
		// and for a rule's rulebase rule_uid and the rule's UID.
		prefix := func(s *terraform.State) string {
			if rt.Parent != "" {
				return container + ";rule_uid;" + s.RootModule().Resources[addr].Primary.Attributes["rule_uid"]
			}
			return container
		}
		idOf := func(attr string) resource.ImportStateIdFunc {
			return func(s *terraform.State) (string, error) {
				return prefix(s) + ";" + s.RootModule().Resources[addr].Primary.Attributes[attr], nil
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
					attrs := s.RootModule().Resources[addr].Primary.Attributes
					sel := map[string]any{rt.Container.Name: container, "uid": attrs["id"]}
					if rt.Parent != "" {
						sel["rule-uid"] = attrs["rule_uid"]
					}
					err := outOfBandManagement(t).Show(context.Background(), "show-"+rt.Name, sel, &rule)
					return fmt.Sprintf("%s;%v", prefix(s), rule[rt.NumberKey()]), err
				}})
		}
	}
	// Automatic NAT: a host whose automatic static NAT puts two rules in
	// Standard's NAT rulebase while manual NAT rules are created above and
	// below them (one anchored to another, in parallel), read, and planned
	// empty.
	natCfg := ruleAccConfig(true) + natAutoAccConfig
	steps = append(steps,
		resource.TestStep{Config: natCfg, Check: resource.ComposeAggregateTestCheckFunc(
			natAutoOrder(t),
			resource.TestCheckResourceAttr("fwmgr_management_nat_rule.lower2", "auto_generated", "false"),
			resource.TestCheckResourceAttr("fwmgr_management_nat_rule.upper", "auto_generated", "false"))},
		resource.TestStep{Config: natCfg, PlanOnly: true},
	)
	resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: protoV6ProviderFactories, Steps: steps})
}

// natAutoAccConfig is a host with automatic static NAT and three manual NAT
// rules of Standard: one at the top, one at the bottom (below the automatic
// rules) and one below that, named by a literal (no dependency).
const natAutoAccConfig = `
resource "fwmgr_management_host" "nat_auto" {
  name         = "nat-auto-web acc"
  ipv4_address = "192.0.2.80"
  nat_settings {
    auto_rule    = true
    method       = "static"
    ipv4_address = "203.0.113.80"
    install_on   = "All"
  }
}

resource "fwmgr_management_nat_rule" "upper" {
  package           = "Standard"
  name              = "NAT upper acc"
  original_source   = "InternalNet"
  translated_source = "DMZNet"
  position {
    top = "top"
  }
}

resource "fwmgr_management_nat_rule" "lower1" {
  package         = "Standard"
  name            = "NAT lower 1 acc"
  original_source = "DMZNet"
  position {
    bottom = "bottom"
  }
}

resource "fwmgr_management_nat_rule" "lower2" {
  package         = "Standard"
  name            = "NAT lower 2 acc"
  original_source = "InternalNet"
  position {
    below = "NAT lower 1 acc"
  }
}
`

// natAutoOrder checks Standard's NAT rulebase as another session sees it:
// the host's two automatic rules in Machine Static NAT, numbered after the
// upper rule, and the two lower rules, in order, in Manual Lower Rules
// after them.
func natAutoOrder(t *testing.T) resource.TestCheckFunc {
	return func(*terraform.State) error {
		type rule struct {
			section string
			number  float64
		}
		byName := map[string]rule{}
		var auto []rule
		for offset := int64(0); ; offset += 500 {
			limit, off := int64(500), offset
			var page struct {
				To, Total int64
				Rulebase  []map[string]any
			}
			if err := outOfBandManagement(t).Show(context.Background(), "show-nat-rulebase",
				api.ShowRulebaseRequest{Package: "Standard", Limit: &limit, Offset: &off}, &page); err != nil {
				return err
			}
			for _, e := range page.Rulebase {
				section, rules := "", []any{e}
				if e["type"] == "nat-section" {
					section, _ = e["name"].(string)
					rules, _ = e["rulebase"].([]any)
				}
				for _, x := range rules {
					r, _ := x.(map[string]any)
					n, _ := r["rule-number"].(float64)
					src, _ := r["original-source"].(map[string]any)
					dst, _ := r["original-destination"].(map[string]any)
					switch {
					case r["auto-generated"] == true && (src["name"] == "nat-auto-web acc" || dst["name"] == "nat-auto-web acc"):
						auto = append(auto, rule{section, n})
					case r["auto-generated"] != true:
						name, _ := r["name"].(string)
						byName[name] = rule{section, n}
					}
				}
			}
			if page.To >= page.Total {
				break
			}
		}
		upper, l1, l2 := byName["NAT upper acc"], byName["NAT lower 1 acc"], byName["NAT lower 2 acc"]
		if len(auto) != 2 || auto[0].section != api.AutoNATSections[0] || auto[1].section != api.AutoNATSections[0] {
			return fmt.Errorf("the host's automatic rules are %+v, want two in %q", auto, api.AutoNATSections[0])
		}
		if upper.number != 1 || auto[0].number <= upper.number || l1.number <= auto[1].number || l2.number != l1.number+1 ||
			l1.section != api.ManualLowerRules || l2.section != api.ManualLowerRules {
			return fmt.Errorf("the NAT rulebase is upper %+v, automatic %+v, lower %+v and %+v: want upper first, then the "+
				"automatic rules, then the lower rules one after the other in %q", upper, auto, l1, l2, api.ManualLowerRules)
		}
		return nil
	}
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
		// parent names the rule of a rule's rulebase (threat exceptions):
		// by UID for the name, by name for the number.
		parent, parentByName, number := "", "", "rule_number"
		if rt.Parent != "" {
			parent = fmt.Sprintf("  rule_uid = %s.test.rule_uid\n", typ)
			parentByName = fmt.Sprintf("  rule_name = %s.test.rule_name\n", typ)
			number = mgmtAttrExceptionNumber
		}
		fmt.Fprintf(&b, "\ndata %q \"by_name\" {\n  %s = %s.test.%s\n%s  name = %s.test.name\n}\n", typ, cattr, typ, cattr, parent, typ)
		checks = append(checks,
			resource.TestCheckResourceAttrPair("data."+typ+".by_name", "id", typ+".test", "id"),
			resource.TestCheckResourceAttr("data."+typ+".by_name", "name", label+" entry"))
		if !rt.IsSection() {
			fmt.Fprintf(&b, "\ndata %q \"by_number\" {\n  %s = %s.test.%s\n%s  %s = \"1\"\n}\n", typ, cattr, typ, cattr, parentByName, number)
			checks = append(checks,
				resource.TestCheckResourceAttrPair("data."+typ+".by_number", "id", typ+".test", "id"),
				resource.TestCheckResourceAttr("data."+typ+".by_number", number, "1"))
		}
	}
	resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: protoV6ProviderFactories, Steps: []resource.TestStep{
		{Config: b.String(), Check: resource.ComposeAggregateTestCheckFunc(checks...)},
	}})
}
