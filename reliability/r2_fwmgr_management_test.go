package reliability

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// hostIndex is the index of a host of mgmtHostsHCL in `terraform state list`.
var hostIndex = regexp.MustCompile(`^fwmgr_management_host\.h\[(\d+)\]$`)

// TestR2FwmgrManagementKillAndRestart: the sandbox is killed with SIGKILL
// while an apply of management hosts runs, and restarted on the same state
// directory and ports. A resource's create returns only once its change is
// published, so every host Terraform recorded must be visible to another
// login right after the restart. One kill comes as soon as the provider's
// debug log shows the first publish answered: its task runs and the
// provider waits on show-task, with the other creates' adds in flight; the
// others come after k completed creates (a later group of adds or its
// publish in flight). The interrupted apply goes on (the
// provider's session survives in the server's store) or fails; the next
// apply converges with no duplicate, and no session holds a change or a
// lock: what the provider process could not publish it discarded when it
// ended, so nothing waits for a session to expire.
func TestR2FwmgrManagementKillAndRestart(t *testing.T) {
	bin := relBin(t)
	n := 40
	// k > 0: a kill after k completed creates; 0: as soon as the first
	// publish is answered, while the provider shows its task.
	killAt := []int{0, 1, n / 4, n / 2}
	if relShort() {
		n = 16
		killAt = []int{0, n / 2}
	}
	row := Row{Scenario: "R2 kill -9 and restart, fwmgr management, terraform", Runs: len(killAt)}
	for i, k := range killAt {
		name := fmt.Sprintf("kill-after-%d-creates", k)
		if k == 0 {
			name = "kill-during-publish"
		}
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
			defer cancel()
			s := startSandbox(t, bin)
			prefix := fmt.Sprintf("r2m-k%d-", i)
			tf := newTerraform(t, bin, fwmgrMgmtEnv(t, s), mgmtHostsHCL(prefix, n, ""))

			if k == 0 {
				applyKillingAtPublish(ctx, t, tf, s)
			} else {
				applyKillingAt(ctx, t, tf, s, k)
			}
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

// publishAnswered matches the provider's debug line of an answered publish
// command (not show-task, not discard): "fwmgr ... API call" with its
// fields in any order.
var publishAnswered = regexp.MustCompile(`provider\.terraform-provider-fwmgr: fwmgr .*API call:.*\spath=\S*/publish(\s|$)`)

// applyKillingAtPublish runs an apply with the provider's debug log on and,
// as soon as the log shows the first publish answered (its task then runs
// and the provider asks show-task for its end), kills the sandbox with
// SIGKILL and restarts it; the apply then goes on or fails.
func applyKillingAtPublish(ctx context.Context, t *testing.T, tf *relTerraform, s *relSandbox) {
	t.Helper()
	cmd := exec.CommandContext(ctx, "terraform", "apply", "-auto-approve", "-input=false", "-no-color", "-compact-warnings")
	cmd.Dir = tf.dir
	cmd.Env = append(append(os.Environ(), tf.env...), "TF_LOG=DEBUG")
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
	sc.Buffer(make([]byte, 0, 1<<20), 1<<24)
	killed := false
	for sc.Scan() {
		line := sc.Text()
		log.WriteString(line + "\n")
		if !killed && publishAnswered.MatchString(line) {
			killed = true
			s.kill()
			s.restart()
		}
	}
	_ = cmd.Wait()
	_ = os.WriteFile(filepath.Join(tf.dir, "killed-apply.log"), []byte(log.String()), 0o644)
	if !killed {
		var calls []string
		for _, l := range strings.Split(log.String(), "\n") {
			if strings.Contains(l, "publish") {
				calls = append(calls, l)
			}
		}
		t.Fatalf("the apply's debug log shows no publish answered; its lines naming publish:\n%s\n%s", lastOf(strings.Join(calls, "\n"), 3000), lastOf(log.String(), 1500))
	}
}
