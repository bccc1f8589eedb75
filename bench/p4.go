package main

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	fwapi "github.com/iacsuite/providers/internal/api/fwmgr"
	api "github.com/iacsuite/providers/internal/api/netfab"
	fwclient "github.com/iacsuite/providers/internal/client/fwmgr"
)

// p4Items is how many MVEs and VXCs the P4 data sources list.
const p4Items = 100

func init() { register("P4", benchP4) }

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
	fw, err := c.p4Fwmgr(ctx)
	return append(out, fw...), err
}

// fwmgrRoutes is how many received BGP routes P4 reads from fwmgr, in pages
// of the most the API returns at once.
const fwmgrRoutes = 10000

// p4Fwmgr: 10,000 received BGP routes of the fwmgr sandbox (grown with
// --fwmgr-bgp-routes-in), in pages of 1,000 (the most the API returns at
// once): read by the provider's client (the goal), and by a terraform plan
// through ten fwmgr_os_show_bgp_routes_in data sources, next to the same
// plan with pages of one route (the plan's and the calls' own cost) and with
// the CPU of Terraform and of the provider. The provider's peak memory is
// reported as a P5 line.
func (c *config) p4Fwmgr(ctx context.Context) ([]result, error) {
	p, ok := providerNamed("fwmgr")
	if !ok || !c.wantProvider(p.name) {
		return nil, nil
	}
	read := result{id: "P4", name: fmt.Sprintf("fwmgr: client reads %d BGP routes (10 pages)", fwmgrRoutes), unit: unitSeconds,
		goalValue: 2, goal: "< 2s", note: "login, then the pages one after another"}
	res := result{id: "P4", name: "fwmgr: terraform plan reading them (10 data sources)", unit: unitSeconds,
		yardName: "10 pages of 1 route", info: true}
	tfCPU := result{id: "P4", name: "fwmgr: CPU of that plan: provider", unit: unitSeconds, yardName: "terraform", info: true}
	rss := result{id: "P5", name: "fwmgr: provider peak RSS during that plan", unit: unitMB, info: true,
		note: "no P2 apply: data sources only"}
	s, err := c.startSandbox(ctx, sandboxOptions{args: []string{"--fwmgr-bgp-routes-in", fmt.Sprint(fwmgrRoutes)}})
	if err != nil {
		return nil, err
	}
	defer s.stop()
	pages := fwmgrRoutes / 1000
	config := func(limit int) string {
		return requiredProvider("fwmgr") + fmt.Sprintf(`provider "fwmgr" {}

data "fwmgr_os_show_bgp_routes_in" "page" {
  count  = %d
  limit  = %d
  offset = count.index * 1000
}

output "routes" {
  value = sum([for p in data.fwmgr_os_show_bgp_routes_in.page : length(p.objects)])
}
`, pages, limit)
	}
	full, err := c.tfDir("p4-fwmgr", config(1000))
	if err != nil {
		return nil, err
	}
	small, err := c.tfDir("p4-fwmgr-small", config(1))
	if err != nil {
		return nil, err
	}
	results := func() []result { return []result{read, res, tfCPU, rss} }
	u, err := url.Parse(s.urls["fwmgr"])
	if err != nil {
		return nil, err
	}
	port, _ := strconv.Atoi(u.Port())
	for i := 0; i < c.runs; i++ {
		// The provider's client alone: a new session, then the pages.
		// (Each sandbox has its own CA; the connection is TLS, unverified.)
		api, err := fwclient.New(fwclient.Config{Server: u.Hostname(), Port: port, Username: "admin",
			Password: fwmgrAdminPassword, IgnoreServerCertificate: true})
		if err != nil {
			return results(), err
		}
		start := time.Now()
		got := 0
		for page := 0; page < pages; page++ {
			limit, offset := int64(1000), int64(page*1000)
			var out fwapi.BgpRoutesInResponse
			if err := api.Call(ctx, "show-bgp-routes-in", fwapi.BgpRoutesInRequest{Limit: &limit, Offset: &offset}, &out); err != nil {
				return results(), err
			}
			got += len(out.Objects)
		}
		read.measured = append(read.measured, seconds(time.Since(start)))
		if got != fwmgrRoutes {
			return results(), fmt.Errorf("the client read %d routes, not %d", got, fwmgrRoutes)
		}

		r, err := c.plan(ctx, small, p.env(s))
		if err != nil {
			return results(), err
		}
		res.yardstick = append(res.yardstick, seconds(r.wall))
		peak := peakRSS(ctx, filepath.Join(c.bin, "terraform-provider-fwmgr"))
		stop := cpuByName(ctx, c.marker(), []string{"terraform", "terraform-provider-fwmgr"})
		r, err = c.plan(ctx, full, p.env(s))
		cpu := stop()
		rss.measured = append(rss.measured, peak())
		if err != nil {
			return results(), err
		}
		res.measured = append(res.measured, seconds(r.wall))
		tfCPU.measured = append(tfCPU.measured, seconds(cpu["terraform-provider-fwmgr"]))
		tfCPU.yardstick = append(tfCPU.yardstick, seconds(cpu["terraform"]))
	}
	// The plan must have read every route: its output is their count.
	log, err := os.ReadFile(filepath.Join(full, "plan.log"))
	if err != nil {
		return results(), err
	}
	if !strings.Contains(string(log), fmt.Sprintf("routes = %d", fwmgrRoutes)) {
		return results(), fmt.Errorf("the plan did not read %d routes (see %s)", fwmgrRoutes, filepath.Join(full, "plan.log"))
	}
	return results(), nil
}

// providerNamed is the entry of providers with the name.
func providerNamed(name string) (tfProvider, bool) {
	for _, p := range providers {
		if p.name == name {
			return p, true
		}
	}
	return tfProvider{}, false
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
