package reliability

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// r1FaultFlags are R1's faults: 20% answered 5xx or 429, 5% dropped before
// or lost after the change, a little latency.
func r1FaultFlags(seed int) []string {
	return []string{"--fault-seed", fmt.Sprint(seed),
		"--fault-error-rate", "0.10", "--fault-throttle-rate", "0.10",
		"--fault-drop-rate", "0.025", "--fault-lost-rate", "0.025",
		"--fault-latency", "1ms", "--fault-jitter", "4ms"}
}

// r1MaxApplies is "a few re-applies".
const r1MaxApplies = 4

// TestR1ApplyUnderFaults: an apply of 100 mixed resources across providers
// against services that fail 25% of requests converges within a few
// re-applies, in every seeded run; the services then hold exactly the
// declared objects, and nothing after destroy.
func TestR1ApplyUnderFaults(t *testing.T) {
	bin := relBin(t)
	runs, n := 10, 100
	if relShort() {
		runs, n = 1, 40
	}
	row := Row{Scenario: "R1 faults, terraform", Runs: runs}
	for seed := 1; seed <= runs; seed++ {
		t.Run(fmt.Sprintf("seed-%d", seed), func(t *testing.T) {
			faults, checked, dups, lost := r1Run(t, bin, seed, n)
			row.Faults += faults
			row.Checked += checked
			row.Duplicates += dups
			row.Lost += lost
		})
	}
	Report(t, row)
}

func r1Run(t *testing.T, bin string, seed, n int) (faults, checked, dups, lost int) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	s := startSandbox(t, bin, r1FaultFlags(seed)...)
	prefix := fmt.Sprintf("r1-s%d-", seed)
	cfg := mixedConfig(s, prefix, n)
	tf := newTerraform(t, bin, s.env(), cfg.hcl)

	applies, ok, out := tf.converge(ctx, r1MaxApplies)
	if !ok {
		t.Errorf("seed %d: no convergence in %d applies (faults so far %d):\n%s", seed, applies, s.injected(), out)
	}
	c, d, l, diff := compare(cfg.want, s.listObjects(t, prefix))
	if len(diff) > 0 {
		t.Errorf("seed %d: after apply: %v", seed, diff)
	}
	checked, dups, lost = c, d, l

	if ok, out := tf.destroyAll(ctx, r1MaxApplies); !ok {
		t.Errorf("seed %d: destroy did not succeed:\n%s", seed, out)
	}
	_, d, _, diff = compare(nil, s.listObjects(t, prefix))
	if len(diff) > 0 {
		t.Errorf("seed %d: left after destroy: %v", seed, diff)
	}
	dups += d
	faults = s.injected()
	t.Logf("seed %d: %d resources, %d applies, %d faults injected", seed, len(cfg.want), applies, faults)
	return faults, checked, dups, lost
}
