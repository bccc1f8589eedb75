package reliability

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"testing"
	"time"
)

// hostIndex is the index of a host of mgmtHostsHCL in `terraform state list`.
var hostIndex = regexp.MustCompile(`^fwmgr_management_host\.h\[(\d+)\]$`)

// TestR2FwmgrManagementKillAndRestart: the sandbox is killed with SIGKILL
// while an apply of management hosts runs, and restarted on the same state
// directory and ports. A resource's create returns only once its change is
// published, so every host Terraform recorded must be visible to another
// login right after the restart. Killing at the first completed create
// catches the next group of adds, or its publish, in flight; killing at
// half-way catches a later one. The interrupted apply goes on (the
// provider's session survives in the server's store) or fails; the next
// apply converges with no duplicate, and no session holds a change or a
// lock: what the provider process could not publish it discarded when it
// ended, so nothing waits for a session to expire.
func TestR2FwmgrManagementKillAndRestart(t *testing.T) {
	bin := relBin(t)
	n := 40
	killAt := []int{1, n / 4, n / 2}
	if relShort() {
		n = 16
		killAt = []int{1, n / 2}
	}
	row := Row{Scenario: "R2 kill -9 and restart, fwmgr management, terraform", Runs: len(killAt)}
	for i, k := range killAt {
		t.Run(fmt.Sprintf("kill-after-%d-creates", k), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
			defer cancel()
			s := startSandbox(t, bin)
			prefix := fmt.Sprintf("r2m-k%d-", i)
			tf := newTerraform(t, bin, fwmgrMgmtEnv(t, s), mgmtHostsHCL(prefix, n, ""))

			applyKillingAt(ctx, t, tf, s, k)
			row.Faults++

			// What Terraform recorded was published before the kill.
			seen := adminCheck(t, s).objects("hosts", prefix)
			acked := 0
			for _, addr := range tf.stateList(ctx) {
				m := hostIndex.FindStringSubmatch(addr)
				if m == nil {
					continue
				}
				idx, _ := strconv.Atoi(m[1])
				acked++
				row.Checked++
				if name := fmt.Sprintf("%s%d", prefix, idx); seen[name] != 1 {
					row.Lost++
					t.Errorf("%s (%s) was recorded before the kill; another login sees it %d times", addr, name, seen[name])
				}
			}
			t.Logf("%d of %d hosts recorded before and around the kill", acked, n)

			if applies, ok, out := tf.converge(ctx, r1MaxApplies); !ok {
				t.Errorf("no convergence after the restart in %d applies:\n%s", applies, out)
			}
			c, d, l := checkPublished(t, s, prefix, hostNames(prefix, n))
			row.Checked += c
			row.Duplicates += d
			row.Lost += l
			if ok, out := tf.destroyAll(ctx, r1MaxApplies); !ok {
				t.Errorf("destroy: %s", out)
			}
			_, d, _ = checkPublished(t, s, prefix, nil)
			row.Duplicates += d
		})
	}
	Report(t, row)
}
