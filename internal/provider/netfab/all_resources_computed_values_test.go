package netfab

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
)

// The walk of issue 7: every resource goes through an update of each of its
// updatable inputs, one at a time. At each step
//   - the plan holds as unknown only the computed values that the contract
//     says the changed input moves (every other computed value is planned
//     known, from state),
//   - Terraform checks that every value planned known is the value applied
//     ("Provider produced inconsistent result after apply" otherwise),
//   - and the plan after the apply is empty.

// walkInput is one updatable input: its value before and after, and the
// computed attributes that changing it may leave unknown in the plan.
type walkInput struct {
	attr, from, to string
	moves          []string
}

type walk struct {
	name    string
	address string // "netfab_mcr.walk"
	prelude func(t *testing.T) string
	fixed   func(t *testing.T) string
	inputs  []walkInput
}

// config is the walk's configuration after its first done inputs changed.
func (w walk) config(prelude, fixed string, done int) string {
	typ, name, _ := strings.Cut(w.address, ".")
	var b strings.Builder
	fmt.Fprintf(&b, "%s\nresource %q %q {\n%s\n", prelude, typ, name, fixed)
	for i, in := range w.inputs {
		v := in.from
		if i < done {
			v = in.to
		}
		if v != "" {
			fmt.Fprintf(&b, "  %s = %s\n", in.attr, v)
		}
	}
	b.WriteString("}\n")
	return providerConfig() + b.String()
}

// expectUnknownOnly fails when the plan leaves unknown a computed value of
// address other than those allowed.
type expectUnknownOnly struct {
	address string
	allowed []string
}

func (e expectUnknownOnly) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	for _, rc := range req.Plan.ResourceChanges {
		if rc.Address != e.address {
			continue
		}
		unknown, _ := rc.Change.AfterUnknown.(map[string]any)
		var extra []string
		for name, v := range unknown {
			if isUnknown(v) && !slices.Contains(e.allowed, name) {
				extra = append(extra, name)
			}
		}
		sort.Strings(extra)
		if len(extra) > 0 {
			resp.Error = fmt.Errorf("%s: %v planned unknown; only %v may change", e.address, extra, e.allowed)
		}
		return
	}
	resp.Error = fmt.Errorf("%s not in the plan", e.address)
}

// isUnknown reports whether an after_unknown entry marks any part unknown.
func isUnknown(v any) bool {
	switch v := v.(type) {
	case bool:
		return v
	case map[string]any:
		for _, x := range v {
			if isUnknown(x) {
				return true
			}
		}
	case []any:
		for _, x := range v {
			if isUnknown(x) {
				return true
			}
		}
	}
	return false
}

func TestAccNetfab_everyUpdateKeepsComputedValuesConsistent(t *testing.T) {
	accPreCheck(t)
	mcrHCL := func(t *testing.T) string {
		return fmt.Sprintf(`
resource "netfab_mcr" "parent" {
  product_name         = %q
  location_id          = %d
  port_speed           = 1000
  contract_term_months = 1
}`, "walk-parent", locationWith(t, offersMCR))
	}
	natHCL := func(t *testing.T) string {
		loc, zones := natLocation(t)
		return fmt.Sprintf(`
resource "netfab_nat_gateway" "parent" {
  product_name         = %q
  location_id          = %d
  diversity_zone       = %q
  speed                = 1000
  session_count        = 50000
  contract_term_months = 1
}`, "walk-parent", loc, zones[0])
	}
	none := func(*testing.T) string { return "" }
	entries := func(prefixes ...string) string {
		var parts []string
		for _, p := range prefixes {
			parts = append(parts, fmt.Sprintf(`{ action = "permit", prefix = %q, le = 24 }`, p))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	lastUpdated := []string{"last_updated"}

	walks := []walk{
		{
			name: "port", address: "netfab_port.walk", prelude: none,
			fixed: func(t *testing.T) string {
				return fmt.Sprintf("  location_id = %d\n  port_speed = 1000", locationWith(t, offersPort(1000)))
			},
			inputs: []walkInput{
				{attr: "product_name", from: `"walk-port"`, to: `"walk-port-renamed"`, moves: lastUpdated},
				{attr: "contract_term_months", from: "1", to: "12", moves: []string{"contract_end_date", "last_updated"}},
				{attr: "cost_centre", from: `"a"`, to: `"b"`, moves: lastUpdated},
				{attr: "marketplace_visibility", from: "false", to: "true", moves: lastUpdated},
				{attr: "resource_tags", from: "", to: `{ team = "x" }`, moves: lastUpdated},
				{attr: "promo_code", from: "", to: `"LATER"`, moves: lastUpdated},
			},
		},
		{
			name: "mcr", address: "netfab_mcr.walk", prelude: none,
			fixed: func(t *testing.T) string {
				return fmt.Sprintf("  location_id = %d\n  port_speed = 1000", locationWith(t, offersMCR))
			},
			inputs: []walkInput{
				{attr: "product_name", from: `"walk-mcr"`, to: `"walk-mcr-renamed"`, moves: lastUpdated},
				{attr: "contract_term_months", from: "1", to: "12", moves: []string{"usage_algorithm", "contract_end_date", "last_updated"}},
				{attr: "cost_centre", from: `"a"`, to: `""`, moves: lastUpdated},
				{attr: "marketplace_visibility", from: "false", to: "true", moves: lastUpdated},
				{attr: "asn", from: "", to: "64700", moves: lastUpdated},
				{attr: "resource_tags", from: "", to: `{ team = "x" }`, moves: lastUpdated},
				{attr: "prefix_filter_lists", from: "[]", to: `[{ description = "d", address_family = "IPv4", entries = ` + entries("10.0.0.0/8") + ` }]`},
				{attr: "promo_code", from: "", to: `"LATER"`, moves: lastUpdated},
			},
		},
		{
			name: "ix", address: "netfab_ix.walk",
			prelude: func(t *testing.T) string {
				loc, _ := ixLocation(t)
				return fmt.Sprintf(`
resource "netfab_port" "parent" {
  product_name         = %q
  location_id          = %d
  port_speed           = 10000
  contract_term_months = 1
}`, "walk-parent", loc)
			},
			fixed: func(t *testing.T) string {
				_, exchanges := ixLocation(t)
				return fmt.Sprintf("  requested_product_uid = netfab_port.parent.product_uid\n  network_service_type = %q", exchanges[0])
			},
			inputs: []walkInput{
				{attr: "product_name", from: `"walk-ix"`, to: `"walk-ix-renamed"`},
				{attr: "cost_centre", from: "", to: `"b"`},
				{attr: "attribute_tags", from: "", to: `{ a = "b" }`},
				{attr: "mac_address", from: `"00:11:22:aa:bb:cc"`, to: `"00:11:22:aa:bb:dd"`, moves: []string{"resources"}},
				{attr: "rate_limit", from: "1000", to: "2000", moves: []string{"resources"}},
				{attr: "vlan", from: "100", to: "101", moves: []string{"resources"}},
				{attr: "asn", from: "", to: "64800", moves: []string{"resources", "ix_peer_macro"}},
				{attr: "reverse_dns", from: "", to: `"peer.example.com"`, moves: []string{"resources"}},
				{attr: "shutdown", from: "false", to: "true", moves: []string{"resources"}},
				{attr: "public_graph", from: "true", to: "false"},
				{attr: "promo_code", from: "", to: `"LATER"`},
			},
		},
		{
			name: "nat gateway", address: "netfab_nat_gateway.walk", prelude: none,
			fixed: func(t *testing.T) string {
				loc, zones := natLocation(t)
				return fmt.Sprintf("  location_id = %d\n  diversity_zone = %q", loc, zones[0])
			},
			inputs: []walkInput{
				{attr: "product_name", from: `"walk-nat"`, to: `"walk-nat-renamed"`},
				{attr: "contract_term_months", from: "1", to: "12", moves: []string{"contract_end_date"}},
				{attr: "speed", from: "1000\n  session_count = 50000", to: "2500\n  session_count = 100000"},
				{attr: "asn", from: "", to: "64900"},
				{attr: "auto_renew_term", from: "false", to: "true"},
				{attr: "bgp_shutdown_default", from: "false", to: "true"},
				{attr: "resource_tags", from: "", to: `{ team = "x" }`},
			},
		},
		{
			name: "mcr prefix filter list", address: "netfab_mcr_prefix_filter_list.walk", prelude: mcrHCL,
			fixed: func(*testing.T) string {
				return "  mcr_id = netfab_mcr.parent.product_uid\n  address_family = \"IPv4\""
			},
			inputs: []walkInput{
				{attr: "description", from: `"walk"`, to: `"walk renamed"`, moves: lastUpdated},
				{attr: "entries", from: entries("10.0.0.0/8"), to: entries("10.0.0.0/8", "172.16.0.0/12"), moves: lastUpdated},
			},
		},
		{
			name: "mcr ipsec addon", address: "netfab_mcr_ipsec_addon.walk", prelude: mcrHCL,
			fixed: func(*testing.T) string { return "  mcr_id = netfab_mcr.parent.product_uid" },
			inputs: []walkInput{
				{attr: "tunnel_count", from: "10", to: "20"},
			},
		},
		{
			name: "nat gateway prefix list", address: "netfab_nat_gateway_prefix_list.walk", prelude: natHCL,
			fixed: func(*testing.T) string {
				return "  nat_gateway_product_uid = netfab_nat_gateway.parent.product_uid\n  address_family = \"IPv4\""
			},
			inputs: []walkInput{
				{attr: "description", from: `"walk"`, to: `"walk renamed"`},
				{attr: "entries", from: entries("10.0.0.0/8"), to: entries("172.16.0.0/12", "10.0.0.0/8")},
			},
		},
		{
			name: "nat gateway packet filter", address: "netfab_nat_gateway_packet_filter.walk", prelude: natHCL,
			fixed: func(*testing.T) string { return "  nat_gateway_product_uid = netfab_nat_gateway.parent.product_uid" },
			inputs: []walkInput{
				{attr: "description", from: `"walk"`, to: `"walk renamed"`},
				{attr: "entries",
					from: `[{ action = "permit", source_address = "10.0.0.0/8", destination_address = "0.0.0.0/0" }]`,
					to:   `[{ action = "deny", description = "docs", source_address = "10.0.0.0/8", destination_address = "192.0.2.0/24", destination_ports = "443", ip_protocol = 6 }]`},
			},
		},
	}
	for _, w := range walks {
		t.Run(w.name, func(t *testing.T) {
			prelude, fixed := w.prelude(t), w.fixed(t)
			steps := []resource.TestStep{{Config: w.config(prelude, fixed, 0)}}
			for i, in := range w.inputs {
				steps = append(steps, resource.TestStep{
					Config: w.config(prelude, fixed, i+1),
					ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(w.address, plancheck.ResourceActionUpdate),
						expectUnknownOnly{address: w.address, allowed: in.moves},
					}},
				})
			}
			resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: protoV6ProviderFactories, Steps: steps})
		})
	}
}
