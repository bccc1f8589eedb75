package main

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/iacsuite/providers/internal/provider/netfab"
)

// BenchmarkPortPlanRPCs is the provider's share of a netfab_port that does
// no I/O: the RPCs Terraform sends for one port of the P2 apply and the plan
// after it, besides the create and the read themselves (validate, plan of
// the create, plan of no change), called on the
// provider's protocol server in-process. Its allocations are counted, which
// do not depend on the machine's load: docs/performance.md (19) compares
// them with terraform-plugin-framework as released and with its schema and
// reflection hot spots patched.
func BenchmarkPortPlanRPCs(b *testing.B) {
	ctx := context.Background()
	s := providerserver.NewProtocol6(netfab.New("bench")())()
	ps, err := s.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		b.Fatal(err)
	}
	typ := ps.ResourceSchemas["netfab_port"].ValueType().(tftypes.Object)
	obj := func(set map[string]tftypes.Value) tftypes.Value {
		vals := map[string]tftypes.Value{}
		for name, t := range typ.AttributeTypes {
			if v, ok := set[name]; ok {
				vals[name] = v
			} else {
				vals[name] = tftypes.NewValue(t, nil)
			}
		}
		return tftypes.NewValue(typ, vals)
	}
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	num := func(n int64) tftypes.Value { return tftypes.NewValue(tftypes.Number, n) }
	inputs := map[string]tftypes.Value{
		"product_name": str("bench-port"), "port_speed": num(10000), "location_id": num(1), "contract_term_months": num(12),
	}
	config := obj(inputs)
	state := map[string]tftypes.Value{
		"id": str("2b1f0e5a-9c11-4e0b-9d7c-6f1d3c528a44"), "product_uid": str("2b1f0e5a-9c11-4e0b-9d7c-6f1d3c528a44"),
		"product_id": num(17), "marketplace_visibility": tftypes.NewValue(tftypes.Bool, false),
		"created_by": str("sandbox-access-key"), "company_uid": str("c0ffee00-0000-4000-8000-000000000001"),
		"diversity_zone": str("red"), "provisioning_status": str("LIVE"), "create_date": str("2026-11-27T01:00:00Z"),
		"live_date": str("2026-11-27T01:00:00Z"), "last_updated": str("2026-11-27T01:00:00Z"),
		"contract_end_date": str("2027-11-27T01:00:00Z"), "vxc_permitted": tftypes.NewValue(tftypes.Bool, true),
	}
	for k, v := range inputs {
		state[k] = v
	}
	prior := obj(state)
	dv := func(v tftypes.Value) *tfprotov6.DynamicValue {
		d, err := tfprotov6.NewDynamicValue(typ, v)
		if err != nil {
			b.Fatal(err)
		}
		return &d
	}
	null := dv(tftypes.NewValue(typ, nil))
	cfg, priorDV := dv(config), dv(prior)
	b.ReportAllocs()
	for b.Loop() {
		if r, err := s.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: "netfab_port", Config: cfg}); err != nil || len(r.Diagnostics) > 0 {
			b.Fatal(err, r.Diagnostics)
		}
		r, err := s.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{TypeName: "netfab_port", PriorState: null, ProposedNewState: cfg, Config: cfg})
		if err != nil || len(r.Diagnostics) > 0 {
			b.Fatal(err, r.Diagnostics)
		}
		r, err = s.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{TypeName: "netfab_port", PriorState: priorDV, ProposedNewState: priorDV, Config: cfg})
		if err != nil || len(r.Diagnostics) > 0 {
			b.Fatal(err, r.Diagnostics)
		}
	}
}
