package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
)

// P8 (issue 37): a rulebase of 2,000 fwmgr access rules through the
// management API (context = "web_api"). The rules are created in one new
// layer, each at the bottom, at Terraform's default parallelism: the apply,
// then the plan after it (which must be empty) with the requests it makes per
// rule, next to the same per-resource figures of netfab_port (P2's
// resource), and a `terraform query` of the layer's rules with
// -generate-config-out, which must list every rule.

func init() { register("P8", benchP8) }

// p8RulesDefault is the rulebase's size the issue asks for; BENCH_P8_RULES
// changes it (a quick run).
const p8RulesDefault = 2000

func p8Rules() (int, error) {
	v := os.Getenv("BENCH_P8_RULES")
	if v == "" {
		return p8RulesDefault, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("BENCH_P8_RULES=%q: want a positive number", v)
	}
	return n, nil
}

// Requests of the plan that read rules: one rule, or a page of the
// rulebase.
var (
	ruleRead     = regexp.MustCompile(`^/web_api/show-access-rule$`)
	rulebaseRead = regexp.MustCompile(`^/web_api/show-access-rulebase$`)
)

func benchP8(ctx context.Context, c *config) ([]result, error) {
	p, ok := providerNamed("fwmgr")
	if !ok || !c.wantProvider(p.name) {
		return nil, nil
	}
	n, err := p8Rules()
	if err != nil {
		return nil, err
	}
	tf, err := c.queryTerraform()
	if err != nil {
		return nil, err
	}
	apply := result{id: "P8", name: fmt.Sprintf("fwmgr: apply %d access rules in one layer", n), unit: unitSeconds,
		yardName: fmt.Sprintf("%d terraform_data", n), info: true}
	plan := result{id: "P8", name: fmt.Sprintf("fwmgr: plan of the %d rules", n), unit: unitSeconds,
		yardName: fmt.Sprintf("plan of %d terraform_data", n), info: true}
	perRule := result{id: "P8", name: "fwmgr: plan time per rule", unit: unitMillis,
		yardName: "per netfab_port in a plan of as many", info: true}
	reads := result{id: "P8", name: "fwmgr: rule reads per rule in that plan", unit: unitCount, info: true,
		note: "show-access-rule calls"}
	pages := result{id: "P8", name: "fwmgr: rulebase pages read in that plan", unit: unitCount, info: true,
		note: "show-access-rulebase calls: the order that position drift is checked against"}
	listed := result{id: "P8", name: "fwmgr: rules terraform query -generate-config-out listed", unit: unitCount,
		goalValue: float64(n), exact: true, goal: fmt.Sprintf("exactly %d", n)}
	query := result{id: "P8", name: "fwmgr: that query", unit: unitSeconds, info: true}
	results := func() []result { return []result{apply, plan, perRule, reads, pages, listed, query} }
	netfab := providers[0]
	for i := 0; i < c.runs; i++ {
		r, rp, err := c.terraformDataRun(ctx, "p8-data", n)
		if err != nil {
			return results(), err
		}
		apply.yardstick = append(apply.yardstick, seconds(r.wall))
		plan.yardstick = append(plan.yardstick, seconds(rp.wall))

		// The yardstick of the plan per resource: netfab_port, P2's
		// resource, in a plan of as many.
		err = c.withSandbox(ctx, func(s *sandbox) error {
			dir, err := c.tfDir("p8-ports", netfab.config(s, n))
			if err != nil {
				return err
			}
			if _, err := c.apply(ctx, dir, netfab.env(s)); err != nil {
				return err
			}
			r, err := c.plan(ctx, dir, netfab.env(s))
			if err != nil {
				return err
			}
			perRule.yardstick = append(perRule.yardstick, seconds(r.wall)/float64(n))
			return nil
		})
		if err != nil {
			return results(), err
		}

		err = c.withSandbox(ctx, func(s *sandbox) error {
			dir, err := c.tfDir("p8-rules", fwmgrRules(n))
			if err != nil {
				return err
			}
			r, err := c.apply(ctx, dir, p.env(s))
			if err != nil {
				return err
			}
			apply.measured = append(apply.measured, seconds(r.wall))
			before, err := s.requests()
			if err != nil {
				return err
			}
			wall, got, err := c.emptyPlan(ctx, s, dir, p.env(s), len(before), "POST", ruleRead)
			if err != nil {
				return err
			}
			plan.measured = append(plan.measured, seconds(wall))
			perRule.measured = append(perRule.measured, seconds(wall)/float64(n))
			reads.measured = append(reads.measured, float64(got)/float64(n))
			after, err := s.requests()
			if err != nil {
				return err
			}
			pages.measured = append(pages.measured, float64(count(after[len(before):], "POST", rulebaseRead)))

			qdir, err := c.tfDir("p8-query", requiredProvider("fwmgr")+"provider \"fwmgr\" {\n  context = \"web_api\"\n}\n")
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(qdir, "rules.tfquery.hcl"), []byte(fmt.Sprintf(`list "fwmgr_management_access_rule" "all" {
  provider         = fwmgr
  include_resource = true
  limit            = %d

  config {
    layer = %q
  }
}
`, n, p8Layer)), 0o600); err != nil {
				return err
			}
			q, err := c.terraformOf(ctx, tf, qdir, p.env(s), "query", "-no-color", "-json", "-generate-config-out=generated.tf")
			if err != nil {
				return err
			}
			query.measured = append(query.measured, seconds(q.wall))
			found, err := listedResults(filepath.Join(qdir, "query.log"))
			if err != nil {
				return err
			}
			listed.measured = append(listed.measured, float64(found))
			return nil
		})
		if err != nil {
			return results(), err
		}
	}
	return results(), nil
}

// p8Layer is the layer the rules are created in.
const p8Layer = "bench-layer"

// fwmgrRules is a layer and n access rules in it, each added at the bottom
// (the position a generated rulebase takes; "bottom" always holds, so the
// plan's drift check is the rulebase read alone).
func fwmgrRules(n int) string {
	return requiredProvider("fwmgr") + fmt.Sprintf(`provider "fwmgr" {
  context                 = "web_api"
  auto_publish_batch_size = 100
}

resource "fwmgr_management_access_layer" "bench" {
  name = %q
}

resource "fwmgr_management_access_rule" "r" {
  count   = %d
  layer   = fwmgr_management_access_layer.bench.name
  name    = "bench-rule-${count.index}"
  service = ["https"]
  action  = "Accept"
  position {
    bottom = "bottom"
  }
}
`, p8Layer, n)
}
