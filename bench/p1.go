package main

import (
	"context"
	"fmt"
)

func init() { register("P1", benchP1) }

// benchP1: provisioning is noticed soon. For each provisioning step, one
// apply of BENCH_RUNS ports against a sandbox whose products take that step
// to become CONFIGURED (what the provider waits for). From the sandbox's
// request log: the lag between the moment a port became ready (its first
// read, right after the order, plus the step) and the read that saw it
// ready, after which the provider returns; and the most reads of one port
// within any second. Next to it, the apply's time beyond the step against
// an apply of one terraform_data.
func benchP1(ctx context.Context, c *config) ([]result, error) {
	p := providers[0] // netfab
	var out []result
	polls := result{id: "P1", name: "netfab: most reads of one port in any second", unit: unitCount,
		goalValue: 2, goal: "<= 2"}
	var yard sample
	for i := 0; i < c.runs; i++ {
		dir, err := c.tfDir("p1-data", terraformData(1, 0))
		if err != nil {
			return out, err
		}
		r, err := c.apply(ctx, dir, nil)
		if err != nil {
			return out, err
		}
		yard = append(yard, seconds(r.wall))
	}
	for _, step := range c.p1Steps {
		lag := result{id: "P1", name: fmt.Sprintf("netfab: step %s, ready -> provider noticed", step), unit: unitSeconds,
			goalValue: 1, goal: "median <= 1s"}
		over := result{id: "P1", name: fmt.Sprintf("netfab: step %s, apply time beyond the step", step), unit: unitSeconds,
			yardName: "1 terraform_data apply", yardstick: yard, info: true}
		s, err := c.startSandbox(ctx, sandboxOptions{delay: step})
		if err != nil {
			return out, err
		}
		dir, err := c.tfDir("p1", p.config(s, c.runs))
		if err == nil {
			var r tfRun
			if r, err = c.apply(ctx, dir, p.env(s)); err == nil {
				over.measured = append(over.measured, seconds(r.wall-step))
				var reqs []request
				if reqs, err = s.requests(); err == nil {
					for _, ps := range pollTimes(reqs) {
						lag.measured = append(lag.measured, seconds(noticeLag(ps, step)))
						polls.measured = append(polls.measured, float64(maxPollsPerSecond(ps)))
					}
				}
			}
		}
		s.stop()
		if err != nil {
			return out, err
		}
		out = append(out, lag, over)
	}
	polls.measured = sample{polls.measured.max()}
	return append(out, polls), nil
}

func (s sample) max() float64 {
	_, hi := s.spread()
	return hi
}
