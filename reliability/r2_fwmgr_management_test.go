package reliability

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
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
		// make test: the publish kill and the provider's crash only.
		n = 16
		killAt = []int{0}
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
	t.Run("provider-killed-during-publish", func(t *testing.T) {
		r2ProviderKilled(t, bin, n, &row)
	})
	row.Runs++
	Report(t, row)
}

// r2ProviderKilled: the provider process (not the sandbox) is killed with
// SIGKILL as soon as its first publish is answered, so its session keeps
// what it had not published, and its locks, with nobody left to discard
// them. The server has no clock a test can move and the provider's design
// only discards another process's session once the server reports it
// expired (a live one may belong to a running apply), so the test waits
// for that, bounded: session_timeout is the API's minimum (10 s), and the
// wait ends when show-sessions reports every session holding something as
// expired, at most three timeouts. The next apply's login then discards it.
// What the answered publish made is published but not in the state (the
// provider died before it answered Terraform): those hosts are imported by
// name, as a user would, and the apply converges with no duplicate and no
// lock left.
func r2ProviderKilled(t *testing.T, bin string, n int, row *Row) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	s := startSandbox(t, bin)
	prefix := "r2m-pk-"
	timeout := api.MinSessionTimeout
	tf := newTerraform(t, bin, fwmgrMgmtEnv(t, s), mgmtHostsHCL(prefix, n, fmt.Sprintf("  session_timeout = %d\n", timeout)))

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
	killed := 0
	for sc.Scan() {
		line := sc.Text()
		log.WriteString(line + "\n")
		if killed == 0 && publishAnswered.MatchString(line) {
			killed = killProvider(t, cmd.Process.Pid)
		}
	}
	_ = cmd.Wait()
	_ = os.WriteFile(filepath.Join(tf.dir, "killed-apply.log"), []byte(log.String()), 0o644)
	if killed == 0 {
		t.Fatalf("the provider was not killed:\n%s", lastOf(log.String(), 3000))
	}
	row.Faults++

	check := adminCheck(t, s)
	deadline := time.Now().Add(3 * time.Duration(timeout) * time.Second)
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	for {
		live := check.liveHeldSessions()
		if live == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d sessions still hold changes and are not expired after %d s", live, 3*timeout)
		}
		<-tick.C
	}

	// The hosts of the publish that was answered as the provider died are
	// published, but Terraform never got their creates' answers: they are
	// not in the state, and the next apply's add-host would be refused as a
	// second object of that name. The way back is an import by name.
	recorded := map[int]bool{}
	for _, addr := range tf.stateList(ctx) {
		if m := hostIndex.FindStringSubmatch(addr); m != nil {
			idx, _ := strconv.Atoi(m[1])
			recorded[idx] = true
		}
	}
	seen := check.objects("hosts", prefix)
	orphans := 0
	for i := range n {
		name := fmt.Sprintf("%s%d", prefix, i)
		if recorded[i] || seen[name] == 0 {
			continue
		}
		orphans++
		if code, out := tf.run(ctx, "import", "-input=false", "-no-color", fmt.Sprintf("fwmgr_management_host.h[%d]", i), name); code != 0 {
			t.Errorf("import of %s by name: %s", name, lastOf(out, 2000))
		}
	}
	t.Logf("%d hosts recorded before the provider died; %d published but unrecorded, imported by name", len(recorded), orphans)
	row.Detail = fmt.Sprintf("provider killed at a publish: %d hosts published but not in state, imported by name", orphans)

	if applies, ok, out := tf.converge(ctx, r1MaxApplies); !ok {
		t.Errorf("no convergence after the provider's crash in %d applies:\n%s", applies, out)
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
}

// killProvider kills the fwmgr provider process that the terraform process
// pid started, with SIGKILL; it returns the provider's pid.
func killProvider(t *testing.T, pid int) int {
	t.Helper()
	// A child may have been started from any of terraform's threads.
	files, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	if err != nil || len(files) == 0 {
		t.Fatalf("threads of terraform %d: %v", pid, err)
	}
	var raw []byte
	for _, f := range files {
		b, _ := os.ReadFile(f)
		raw = append(append(raw, b...), ' ')
	}
	for _, f := range strings.Fields(string(raw)) {
		child, _ := strconv.Atoi(f)
		exe, _ := os.Readlink(fmt.Sprintf("/proc/%d/exe", child))
		if filepath.Base(exe) == "terraform-provider-fwmgr" {
			if err := syscall.Kill(child, syscall.SIGKILL); err != nil {
				t.Fatalf("killing the provider %d: %v", child, err)
			}
			return child
		}
	}
	t.Fatalf("terraform (%d) has no fwmgr provider child: %s", pid, raw)
	return 0
}

// liveHeldSessions counts the sessions that hold changes or locks and that
// the server does not report expired.
func (m *mgmtSession) liveHeldSessions() int {
	m.t.Helper()
	status, page := m.call("show-sessions", map[string]any{"limit": 500, "details-level": "full"})
	if status != http.StatusOK {
		m.t.Fatalf("show-sessions: %d %v", status, page)
	}
	list, _ := page["objects"].([]any)
	n := 0
	for _, o := range list {
		info, _ := o.(map[string]any)
		changes, _ := info["changes"].(float64)
		if info["state"] != api.SessionPublished && info["expired-session"] != true && changes > 0 && info["uid"] != m.uid() {
			n++
		}
	}
	return n
}

// uid is the check session's own UID (show-session).
func (m *mgmtSession) uid() string {
	m.t.Helper()
	status, me := m.call("show-session", map[string]any{})
	if status != http.StatusOK {
		m.t.Fatalf("show-session: %d %v", status, me)
	}
	u, _ := me["uid"].(string)
	return u
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
