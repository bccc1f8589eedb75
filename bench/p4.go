package main

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

// p4Items is how many MVEs and VXCs the P4 data sources list.
const p4Items = 100

// benchP4: the MVE and VXC data sources over 100 items each, with
// include_resource_tags (one tags call per item, which the provider makes
// concurrently, bounded) against the same lookup without tags: the time of a
// terraform plan that reads the data source.
func benchP4(ctx context.Context, c *config) ([]result, error) {
	p := providers[0]
	s, err := c.startSandbox(ctx, sandboxOptions{})
	if err != nil {
		return nil, err
	}
	defer s.stop()
	if err := p4Setup(ctx, s); err != nil {
		return nil, fmt.Errorf("setting up %d MVEs and VXCs: %w", p4Items, err)
	}
	var out []result
	for _, ds := range []struct{ typ, label string }{{"netfab_mves", "getMves"}, {"netfab_vxcs", "getVxcs"}} {
		res := result{id: "P4", name: fmt.Sprintf("netfab: %s of %d with resource tags (plan)", ds.label, p4Items), unit: unitSeconds,
			yardName: "without tags", goalRatio: 2, goal: "<= 2x"}
		config := func(tags bool) string {
			return requiredProvider("netfab") + fmt.Sprintf(`provider "netfab" {
  environment = %q
}

data %q "all" {
  include_resource_tags = %t
}

output "n" {
  value = length(data.%s.all.%s)
}
`, s.urls["netfab"], ds.typ, tags, ds.typ, ds.typ[len("netfab_"):])
		}
		with, err := c.tfDir("p4-tags", config(true))
		if err != nil {
			return out, err
		}
		without, err := c.tfDir("p4-notags", config(false))
		if err != nil {
			return out, err
		}
		for i := 0; i < c.runs; i++ {
			r, err := c.plan(ctx, without, p.env(s))
			if err != nil {
				return out, err
			}
			res.yardstick = append(res.yardstick, seconds(r.wall))
			if r, err = c.plan(ctx, with, p.env(s)); err != nil {
				return out, err
			}
			res.measured = append(res.measured, seconds(r.wall))
		}
		out = append(out, res)
	}
	return out, nil
}

// p4Setup orders 100 MVEs and 100 VXCs between two ports, each with two
// resource tags.
func p4Setup(ctx context.Context, s *sandbox) error {
	a, err := newNetfabAPI(ctx, s)
	if err != nil {
		return err
	}
	ends, err := a.order(ctx, []api.OrderItem{port("p4-a"), port("p4-b")})
	if err != nil {
		return err
	}
	var items []api.OrderItem
	for i := 0; i < p4Items; i++ {
		items = append(items, api.OrderItem{ProductType: api.ProductTypeMVE, ProductName: fmt.Sprintf("p4-mve-%d", i),
			LocationID: 1, ContractTermMonths: 12, MVE: &api.MVEConfig{ImageID: 1, Size: "SMALL"}})
	}
	for i := 0; i < p4Items; i++ {
		items = append(items, api.OrderItem{ProductType: api.ProductTypeVXC, ProductName: fmt.Sprintf("p4-vxc-%d", i),
			ContractTermMonths: 12, VXC: &api.VXCConfig{AEndProductUID: ends[0].ProductUID, BEndProductUID: ends[1].ProductUID, RateLimit: 100}})
	}
	products, err := a.order(ctx, items)
	if err != nil {
		return err
	}
	for _, p := range products {
		tags := map[string]string{"team": "bench", "item": p.ProductName}
		if err := a.call(ctx, http.MethodPut, "/v3/products/"+url.PathEscape(p.ProductUID)+"/tags", tags, nil); err != nil {
			return err
		}
	}
	return nil
}
