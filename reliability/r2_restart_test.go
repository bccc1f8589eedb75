package reliability

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestR2KillAndRestart: the sandbox process is killed with SIGKILL in the
// middle of an apply and restarted on the same state directory and ports.
// Every object the interrupted apply recorded in Terraform state (the
// service acknowledged it) is still there; the next apply converges with no
// duplicate; destroy leaves nothing.
func TestR2KillAndRestart(t *testing.T) {
	bin := relBin(t)
	n := 60
	// A kill after k "Creation complete" lines, or (k = 0) as soon as a
	// netfab VXC or MVE starts to be created: their orders are then in
	// flight, the case where a retry could order one twice.
	killAt := []int{10, 25, 40, 0}
	if relShort() {
		n, killAt = 30, []int{12, 0}
	}
	row := Row{Scenario: "R2 kill -9 and restart, terraform", Runs: len(killAt)}
	for i, k := range killAt {
		name := fmt.Sprintf("kill-after-%d", k)
		if k == 0 {
			name = "kill-during-vxc-and-mve-orders"
		}
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
			defer cancel()
			s := startSandbox(t, bin)
			prefix := fmt.Sprintf("r2-k%d-", i)
			cfg := mixedConfig(s, prefix, n)
			tf := newTerraform(t, bin, s.env(), cfg.hcl)

			applyKillingAt(ctx, t, tf, s, k)
			row.Faults++

			// What Terraform recorded, the service must still hold.
			acked := tf.stateList(ctx)
			got := s.listObjects(t, prefix)
			for _, addr := range acked {
				key, ok := cfg.objectOf[addr]
				if !ok {
					continue
				}
				row.Checked++
				if got[key] == 0 {
					row.Lost++
					t.Errorf("%s (%s) was acknowledged before the kill and is gone", addr, key)
				}
			}
			t.Logf("%d of %d resources acknowledged before and around the kill", len(acked), len(cfg.want))

			if applies, ok, out := tf.converge(ctx, r1MaxApplies); !ok {
				t.Errorf("no convergence after the restart in %d applies:\n%s", applies, out)
			}
			c, d, l, diff := compare(cfg.want, s.listObjects(t, prefix))
			if len(diff) > 0 {
				t.Errorf("after the restart and apply: %v", diff)
			}
			row.Checked += c
			row.Duplicates += d
			row.Lost += l
			if ok, out := tf.destroyAll(ctx, r1MaxApplies); !ok {
				t.Errorf("destroy: %s", out)
			}
			_, d, _, diff = compare(nil, s.listObjects(t, prefix))
			if len(diff) > 0 {
				t.Errorf("left after destroy: %v", diff)
			}
			row.Duplicates += d
		})
	}
	Report(t, row)
}

// applyKillingAt runs an apply and, when it has reported k completed
// creates (k = 0: when it starts to create a netfab VXC or MVE), kills the sandbox with SIGKILL and restarts it; the apply then
// goes on (its clients retry) or fails.
func applyKillingAt(ctx context.Context, t *testing.T, tf *relTerraform, s *relSandbox, k int) {
	t.Helper()
	cmd := exec.CommandContext(ctx, "terraform", "apply", "-auto-approve", "-input=false", "-no-color", "-compact-warnings")
	cmd.Dir = tf.dir
	cmd.Env = append(os.Environ(), tf.env...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	sc := bufio.NewScanner(out)
	done, killed := 0, false
	for sc.Scan() {
		line := sc.Text()
		log.WriteString(line + "\n")
		if strings.Contains(line, ": Creation complete after") {
			done++
		}
		ordering := k == 0 && (strings.HasPrefix(line, "netfab_vxc.") || strings.HasPrefix(line, "netfab_mve.")) &&
			strings.Contains(line, ": Creating...")
		if (ordering || k > 0 && done >= k) && !killed {
			killed = true
			s.kill()
			s.restart()
		}
	}
	_ = cmd.Wait()
	_ = os.WriteFile(filepath.Join(tf.dir, "killed-apply.log"), []byte(log.String()), 0o644)
	if !killed {
		t.Fatalf("the apply completed fewer than %d creates (or, for 0, created no VXC or MVE):\n%s", k, lastOf(log.String(), 3000))
	}
}

// stateList is `terraform state list`.
func (tf *relTerraform) stateList(ctx context.Context) []string {
	tf.t.Helper()
	code, out := tf.run(ctx, "state", "list")
	if code != 0 {
		tf.t.Fatalf("terraform state list: %s", out)
	}
	return strings.Fields(out)
}
