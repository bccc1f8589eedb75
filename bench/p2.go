package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"time"
)

var (
	anyPath = regexp.MustCompile(``)
	// tokenPath is the token endpoint of the services that have one.
	tokenPath = regexp.MustCompile(`^/oauth2/token$`)
)

// benchP2: terraform apply of n resources of each provider from empty state,
// each run against a fresh sandbox, paired with an apply of n terraform_data
// resources; then a plan of the result, which must read each resource
// exactly once (counted in the sandbox's request log) and change nothing.
// The provider's peak memory during the apply is reported as a P5 line.
func benchP2(ctx context.Context, c *config) ([]result, error) {
	var out []result
	for _, p := range providers {
		if !c.wantProvider(p.name) || p.resource == "" {
			continue
		}
		rs, err := c.p2(ctx, p)
		out = append(out, rs...)
		if err != nil {
			return out, fmt.Errorf("%s: %w", p.name, err)
		}
	}
	return out, nil
}

func (c *config) p2(ctx context.Context, p tfProvider) ([]result, error) {
	apply := result{id: "P2", name: fmt.Sprintf("%s: apply %d %s", p.name, c.n, p.resource), unit: unitSeconds,
		yardName: fmt.Sprintf("%d terraform_data", c.n), goalRatio: 2, goal: "<= 2x"}
	cpu := result{id: "P2", name: fmt.Sprintf("%s: apply CPU (terraform+provider+sandbox)", p.name), unit: unitSeconds,
		yardName: "terraform_data", info: true}
	// Terraform's own share: it rewrites the whole state file after every
	// resource, so its CPU grows with the state each resource leaves, before
	// any of the provider's. Against the yardstick's whole apply it is the
	// share of the ratio above that no provider can remove.
	tfCPU := result{id: "P2", name: fmt.Sprintf("%s: apply CPU of terraform alone", p.name), unit: unitSeconds,
		yardName: "terraform_data's whole apply", info: true, note: "Terraform's own share: no provider, no service"}
	providerCPU := result{id: "P2", name: fmt.Sprintf("%s: apply CPU of the provider", p.name), unit: unitSeconds, info: true}
	stateSize := result{id: "P2", name: fmt.Sprintf("%s: state file after the apply", p.name), unit: unitKB,
		yardName: "terraform_data's", info: true, note: "Terraform rewrites it after every resource"}
	plan := result{id: "P2", name: fmt.Sprintf("%s: plan of the %d", p.name, c.n), unit: unitSeconds,
		yardName: fmt.Sprintf("plan of %d terraform_data", c.n), info: true}
	reads := result{id: "P2", name: fmt.Sprintf("%s: reads per resource in that plan", p.name), unit: unitCount,
		goalValue: 1, exact: true, goal: "exactly 1 (and no changes)"}
	conns := result{id: "P2", name: fmt.Sprintf("%s: connections (TLS handshakes) in the apply", p.name), unit: unitCount,
		info: true, note: "kept alive and reused"}
	tokens := result{id: "P2", name: fmt.Sprintf("%s: token requests in the apply", p.name), unit: unitCount,
		info: true, note: "one per provider process that calls the API"}
	rss := result{id: "P5", name: fmt.Sprintf("%s: provider peak RSS during the P2 apply", p.name), unit: unitMB,
		goalValue: 60, goal: "< 60MB"}
	results := func() []result {
		return []result{apply, cpu, tfCPU, providerCPU, stateSize, plan, reads, conns, tokens, rss}
	}
	for i := 0; i < c.runs; i++ {
		// The yardstick first, then the provider: pairs measured back to back.
		r, rp, dir, err := c.terraformDataRun(ctx, "p2-data", c.n)
		if err != nil {
			return results(), err
		}
		apply.yardstick = append(apply.yardstick, seconds(r.wall))
		cpu.yardstick = append(cpu.yardstick, seconds(r.cpu))
		stateSize.yardstick = append(stateSize.yardstick, stateKB(dir))
		tfCPU.yardstick = append(tfCPU.yardstick, seconds(r.cpu))
		plan.yardstick = append(plan.yardstick, seconds(rp.wall))

		s, err := c.startSandbox(ctx, sandboxOptions{})
		if err != nil {
			return results(), err
		}
		err = func() error {
			defer s.stop()
			dir, err := c.tfDir("p2-"+p.name, p.config(s, c.n))
			if err != nil {
				return err
			}
			sandboxCPU := s.cpu()
			peak := peakRSS(ctx, filepath.Join(c.bin, "terraform-provider-"+p.name))
			stop := cpuByName(ctx, c.marker(), []string{"terraform", "terraform-provider-" + p.name})
			r, err := c.apply(ctx, dir, p.env(s))
			byName := stop()
			rss.measured = append(rss.measured, peak())
			if err != nil {
				return err
			}
			apply.measured = append(apply.measured, seconds(r.wall))
			cpu.measured = append(cpu.measured, seconds(r.cpu+s.cpu()-sandboxCPU))
			tfCPU.measured = append(tfCPU.measured, seconds(byName["terraform"]))
			providerCPU.measured = append(providerCPU.measured, seconds(byName["terraform-provider-"+p.name]))
			stateSize.measured = append(stateSize.measured, stateKB(dir))
			before, err := s.requests()
			if err != nil {
				return err
			}
			conns.measured = append(conns.measured, float64(count(before, "CONNECT", anyPath)))
			tokens.measured = append(tokens.measured, float64(count(before, "POST", p.tokenPath)))
			wall, n, err := c.emptyPlan(ctx, s, dir, p.env(s), len(before), p.readMethod, p.readPath)
			if err != nil {
				return err
			}
			plan.measured = append(plan.measured, seconds(wall))
			reads.measured = append(reads.measured, float64(n)/float64(c.n))
			return nil
		}()
		if err != nil {
			return results(), err
		}
	}
	return results(), nil
}

// stateKB is the size of the state file an apply in dir left, in KB (0 when
// there is none).
func stateKB(dir string) float64 {
	fi, err := os.Stat(filepath.Join(dir, "terraform.tfstate"))
	if err != nil {
		return 0
	}
	return float64(fi.Size()) / 1000
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
func (c *config) terraformDataRun(ctx context.Context, name string, n int) (apply, plan tfRun, dir string, err error) {
	if dir, err = c.tfDir(name, terraformData(n)); err != nil {
		return apply, plan, dir, err
	}
	if apply, err = c.apply(ctx, dir, nil); err != nil {
		return apply, plan, dir, err
	}
	plan, err = c.plan(ctx, dir, nil)
	return apply, plan, dir, err
}
