package main

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

// P6 (issue 25): terraform apply of 500 netfab cross-connects (VXCs) between
// ports that already exist, next to an apply of as many terraform_data. The
// ports are ordered through the API first, 50 to an order, and not timed;
// each VXC joins two of them on VLANs of its own. A plan after the apply
// must change nothing.

func init() { register("P6", benchP6) }

// p6VXCs and p6Ports: every port carries 20 VXCs (10 on each end) of 100
// Mbps on its 10 Gbps.
const p6VXCs, p6Ports = 500, 50

func benchP6(ctx context.Context, c *config) ([]result, error) {
	if !c.wantProvider("netfab") {
		return nil, nil
	}
	p := providers[0]
	apply := result{id: "P6", name: fmt.Sprintf("netfab: apply %d netfab_vxc between existing ports", p6VXCs), unit: unitSeconds,
		yardName: fmt.Sprintf("%d terraform_data", p6VXCs), info: true}
	plan := result{id: "P6", name: fmt.Sprintf("netfab: plan of the %d VXCs", p6VXCs), unit: unitSeconds,
		yardName: fmt.Sprintf("plan of %d terraform_data", p6VXCs), info: true}
	reads := result{id: "P6", name: "netfab: product reads per VXC in that plan", unit: unitCount, info: true}
	rss := result{id: "P6", name: "netfab: provider peak RSS during the VXC apply", unit: unitMB, info: true}
	seed := result{id: "P6", name: fmt.Sprintf("netfab: seeding %d ports through the API (not in the apply)", p6Ports), unit: unitMillis, info: true}
	results := func() []result { return []result{apply, plan, reads, rss, seed} }
	for i := 0; i < c.runs; i++ {
		r, rp, err := c.terraformDataRun(ctx, "p6-data", p6VXCs)
		if err != nil {
			return results(), err
		}
		apply.yardstick = append(apply.yardstick, seconds(r.wall))
		plan.yardstick = append(plan.yardstick, seconds(rp.wall))

		err = c.withSandbox(ctx, func(s *sandbox) error {
			ports, took, err := seedPorts(ctx, s, "p6-port", p6Ports)
			if err != nil {
				return err
			}
			seed.measured = append(seed.measured, seconds(took))
			dir, err := c.tfDir("p6-vxc", netfabVXCs(s, ports, p6VXCs))
			if err != nil {
				return err
			}
			peak := peakRSS(ctx, filepath.Join(c.bin, "terraform-provider-netfab"))
			r, err := c.apply(ctx, dir, p.env(s))
			rss.measured = append(rss.measured, peak())
			if err != nil {
				return err
			}
			apply.measured = append(apply.measured, seconds(r.wall))
			before, err := s.requests()
			if err != nil {
				return err
			}
			wall, n, err := c.emptyPlan(ctx, s, dir, p.env(s), len(before), "GET", productRead)
			if err != nil {
				return err
			}
			plan.measured = append(plan.measured, seconds(wall))
			reads.measured = append(reads.measured, float64(n)/p6VXCs)
			return nil
		})
		if err != nil {
			return results(), err
		}
	}
	return results(), nil
}

// netfabVXCs is n VXCs, the i-th from port i to port i+1 (modulo the
// ports), on VLAN 100+i at both ends: no VLAN is taken twice on a port.
func netfabVXCs(s *sandbox, ports []api.Product, n int) string {
	uids := make([]string, len(ports))
	for i, p := range ports {
		uids[i] = fmt.Sprintf("%q", p.ProductUID)
	}
	return requiredProvider("netfab") + fmt.Sprintf(`provider "netfab" {
  environment = %q
}

locals {
  ports = [%s]
}

resource "netfab_vxc" "v" {
  count                = %d
  product_name         = "bench-vxc-${count.index}"
  rate_limit           = 100
  contract_term_months = 1

  a_end = {
    requested_product_uid = local.ports[count.index %% length(local.ports)]
    ordered_vlan          = 100 + count.index
  }

  b_end = {
    requested_product_uid = local.ports[(count.index + 1) %% length(local.ports)]
    ordered_vlan          = 100 + count.index
  }
}
`, s.urls["netfab"], strings.Join(uids, ", "), n)
}

// seedPorts orders n ports named prefix-<i> through the API, 50 to an
// order, and returns them with the time it took.
func seedPorts(ctx context.Context, s *sandbox, prefix string, n int) ([]api.Product, time.Duration, error) {
	a, err := newNetfabAPI(ctx, s)
	if err != nil {
		return nil, 0, err
	}
	items := make([]api.OrderItem, n)
	for i := range items {
		items[i] = port(fmt.Sprintf("%s-%d", prefix, i))
	}
	start := time.Now()
	ports, err := a.order(ctx, items)
	return ports, time.Since(start), err
}

// emptyPlan runs the plan after an apply in dir, which must change nothing,
// and returns how long it took and how many of its requests (after the
// first seen of the sandbox's log) match method and path.
func (c *config) emptyPlan(ctx context.Context, s *sandbox, dir string, env []string, seen int, method string, path *regexp.Regexp) (time.Duration, int, error) {
	r, err := c.plan(ctx, dir, env)
	if err != nil {
		return 0, 0, err
	}
	if r.exitCode != 0 {
		return 0, 0, fmt.Errorf("the plan after the apply is not empty (see %s)", filepath.Join(dir, "plan.log"))
	}
	after, err := s.requests()
	if err != nil {
		return 0, 0, err
	}
	return r.wall, count(after[seen:], method, path), nil
}

// terraformDataRun applies n terraform_data in a new directory (name) and
// plans them: the yardstick of an apply and its plan.
func (c *config) terraformDataRun(ctx context.Context, name string, n int) (apply, plan tfRun, err error) {
	dir, err := c.tfDir(name, terraformData(n, 0))
	if err != nil {
		return apply, plan, err
	}
	if apply, err = c.apply(ctx, dir, nil); err != nil {
		return apply, plan, err
	}
	plan, err = c.plan(ctx, dir, nil)
	return apply, plan, err
}
