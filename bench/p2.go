package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

var (
	anyPath = regexp.MustCompile(``)
	// tokenPath is the token endpoint of the services that have one.
	tokenPath = regexp.MustCompile(`^/oauth2/token$`)
)

func init() { register("P2", benchP2) }

// benchP2: terraform apply of n resources of each provider from empty state,
// each run against a fresh sandbox, paired with its floor: an apply of n
// terraform_data whose state file is as large as the provider's (each
// carries a padding string sized from one applied resource of the
// provider), so that what is left between the two is the provider's, its
// client's and the service's. Then a plan of the result, which must read
// each resource exactly once (counted in the sandbox's request log) and
// change nothing. The provider's peak memory during the apply is reported
// as a P5 line.
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

// p2Goal is P2's goal: the apply within this factor of its same-shape
// floor, in wall time and in CPU.
const p2Goal = 1.25

// p2CPUPerResource is P2's goal for the CPU of provider and sandbox
// together, per created resource, in seconds.
const p2CPUPerResource = 0.002

func (c *config) p2(ctx context.Context, p tfProvider) ([]result, error) {
	pad, err := c.p2Padding(ctx, p)
	if err != nil {
		return nil, fmt.Errorf("sizing the floor's padding: %w", err)
	}
	floor := fmt.Sprintf("floor (%d terraform_data, same state size)", c.n)
	apply := result{id: "P2", name: fmt.Sprintf("%s: apply %d %s", p.name, c.n, p.resource), unit: unitSeconds,
		yardName: floor, goalRatio: p2Goal, goal: fmt.Sprintf("<= %.2fx floor", p2Goal)}
	cpu := result{id: "P2", name: fmt.Sprintf("%s: apply CPU (terraform+provider+sandbox)", p.name), unit: unitSeconds,
		yardName: "floor", goalRatio: p2Goal, goal: fmt.Sprintf("<= %.2fx floor", p2Goal)}
	ours := result{id: "P2", name: fmt.Sprintf("%s: provider+sandbox CPU per created resource", p.name), unit: unitMillis1,
		goalValue: p2CPUPerResource, goal: fmt.Sprintf("<= %.0fms", p2CPUPerResource*1000)}
	// Terraform's own share: it rewrites the whole state file after every
	// resource, so its CPU grows with the state each resource leaves; the
	// floor carries the same state, so the two should be close.
	tfCPU := result{id: "P2", name: fmt.Sprintf("%s: apply CPU of terraform alone", p.name), unit: unitSeconds,
		yardName: "floor's whole apply", info: true, note: "Terraform's own share"}
	stateSize := result{id: "P2", name: fmt.Sprintf("%s: state file after the apply", p.name), unit: unitKB,
		yardName: "floor's", info: true, note: fmt.Sprintf("floor padded with %d bytes per resource", pad)}
	creates := result{id: "P2", name: fmt.Sprintf("%s: requests per created resource", p.name), unit: unitFloat,
		note: "from the sandbox's request log, logins and tokens apart"}
	if p.createRequests > 0 {
		creates.goalValue = float64(p.createRequests)
		creates.goal = fmt.Sprintf("<= %d (%s)", p.createRequests, p.createRequestsWhat)
	} else {
		creates.info = true
	}
	tokens := result{id: "P2", name: fmt.Sprintf("%s: token/login requests in the apply", p.name), unit: unitCount,
		yardName: "provider processes", goalRatio: 1, goal: "<= 1 per provider process"}
	conns := result{id: "P2", name: fmt.Sprintf("%s: connections (TLS handshakes) in the apply", p.name), unit: unitCount,
		info: true, note: "kept alive and reused"}
	plan := result{id: "P2", name: fmt.Sprintf("%s: plan (refresh) of the %d", p.name, c.n), unit: unitSeconds,
		yardName: "floor's plan", info: true}
	planCPU := result{id: "P2", name: fmt.Sprintf("%s: plan CPU (terraform+provider+sandbox)", p.name), unit: unitSeconds,
		yardName: "floor's plan", info: true}
	reads := result{id: "P2", name: fmt.Sprintf("%s: requests per resource in that plan", p.name), unit: unitFloat,
		goalValue: 1, exact: true, goal: "exactly 1 read (and no changes)"}
	rss := result{id: "P5", name: fmt.Sprintf("%s: provider peak RSS during the P2 apply", p.name), unit: unitMB,
		goalValue: 60, goal: "< 60MB"}
	results := func() []result {
		return []result{apply, cpu, ours, tfCPU, stateSize, creates, tokens, conns, plan, planCPU, reads, rss}
	}
	provider := "terraform-provider-" + p.name
	for i := 0; i < c.runs; i++ {
		// The floor first, then the provider: pairs measured back to back.
		dir, err := c.tfDir("p2-floor", terraformData(c.n, pad))
		if err != nil {
			return results(), err
		}
		r, err := c.apply(ctx, dir, nil)
		if err != nil {
			return results(), err
		}
		apply.yardstick = append(apply.yardstick, seconds(r.wall))
		cpu.yardstick = append(cpu.yardstick, seconds(r.cpu))
		tfCPU.yardstick = append(tfCPU.yardstick, seconds(r.cpu))
		stateSize.yardstick = append(stateSize.yardstick, stateKB(dir))
		if r, err = c.plan(ctx, dir, nil); err != nil {
			return results(), err
		}
		plan.yardstick = append(plan.yardstick, seconds(r.wall))
		planCPU.yardstick = append(planCPU.yardstick, seconds(r.cpu))

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
			peak := peakRSS(ctx, filepath.Join(c.bin, provider))
			stop := processesByName(ctx, c.marker(), []string{"terraform", provider})
			r, err := c.apply(ctx, dir, p.env(s))
			byName, procs := stop()
			rss.measured = append(rss.measured, peak())
			if err != nil {
				return err
			}
			sandboxCPU = s.cpu() - sandboxCPU
			apply.measured = append(apply.measured, seconds(r.wall))
			cpu.measured = append(cpu.measured, seconds(r.cpu+sandboxCPU))
			ours.measured = append(ours.measured, seconds(byName[provider]+sandboxCPU)/float64(c.n))
			tfCPU.measured = append(tfCPU.measured, seconds(byName["terraform"]))
			stateSize.measured = append(stateSize.measured, stateKB(dir))
			before, err := s.requests()
			if err != nil {
				return err
			}
			calls := apiCalls(before, p)
			creates.measured = append(creates.measured, float64(len(calls))/float64(c.n))
			tokens.measured = append(tokens.measured, float64(count(before, "POST", p.tokenPath)))
			tokens.yardstick = append(tokens.yardstick, float64(procs[provider]))
			conns.measured = append(conns.measured, float64(count(before, "CONNECT", anyPath)))
			sandboxCPU = s.cpu()
			r, err = c.plan(ctx, dir, p.env(s))
			if err != nil {
				return err
			}
			planCPU.measured = append(planCPU.measured, seconds(r.cpu+s.cpu()-sandboxCPU))
			if r.exitCode != 0 {
				return fmt.Errorf("the plan after the apply is not empty (see %s)", filepath.Join(dir, "plan.log"))
			}
			plan.measured = append(plan.measured, seconds(r.wall))
			after, err := s.requests()
			if err != nil {
				return err
			}
			refresh := apiCalls(after[len(before):], p)
			if n := count(refresh, p.readMethod, p.readPath); n != len(refresh) || n != c.n {
				// Say which requests the plan made beyond one read each.
				reads.note = summarize(refresh)
			}
			reads.measured = append(reads.measured, float64(len(refresh))/float64(c.n))
			return nil
		}()
		if err != nil {
			return results(), err
		}
	}
	return results(), nil
}

// apiCalls are the requests of reqs that p's provider made to its service,
// without new connections and token or login requests.
func apiCalls(reqs []request, p tfProvider) []request {
	var out []request
	for _, r := range reqs {
		if r.service != p.service || r.method == "CONNECT" || (r.method == "POST" && p.tokenPath.MatchString(r.path)) {
			continue
		}
		out = append(out, r)
	}
	return out
}

// summarize counts requests by method and path, the path's digits and
// UUIDs blanked, for an error message.
func summarize(reqs []request) string {
	ids := regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f-]{27}|[0-9]+`)
	counts := map[string]int{}
	var order []string
	for _, r := range reqs {
		k := r.method + " " + ids.ReplaceAllString(r.path, "*")
		if counts[k] == 0 {
			order = append(order, k)
		}
		counts[k]++
	}
	var b strings.Builder
	for _, k := range order {
		fmt.Fprintf(&b, "%s x%d; ", k, counts[k])
	}
	return strings.TrimSuffix(b.String(), "; ")
}

// p2Padding is how many padding bytes each floor resource needs so that n
// of them leave a state file as large as n of p's resources: one resource
// of p is applied (not timed) and its state file compared with that of one
// terraform_data without padding. The padding is in the input, which
// terraform_data also stores as its output, so it counts twice.
func (c *config) p2Padding(ctx context.Context, p tfProvider) (int, error) {
	data, err := c.tfDir("p2-size-floor", terraformData(1, 0))
	if err != nil {
		return 0, err
	}
	if _, err := c.apply(ctx, data, nil); err != nil {
		return 0, err
	}
	var one float64
	err = c.withSandbox(ctx, func(s *sandbox) error {
		dir, err := c.tfDir("p2-size-"+p.name, p.config(s, 1))
		if err != nil {
			return err
		}
		if _, err := c.apply(ctx, dir, p.env(s)); err != nil {
			return err
		}
		one = stateKB(dir)
		return nil
	})
	if err != nil {
		return 0, err
	}
	return max(0, int((one-stateKB(data))*1000)/2), nil
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
