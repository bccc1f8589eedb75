package reliability

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// r7MgmtHosts is how many hosts each process creates.
const r7MgmtHosts = 3

// r7MgmtHCL declares the hosts of one process; ipBase keeps the addresses
// of processes apart.
func r7MgmtHCL(names []string, ipBase int) string {
	var b strings.Builder
	b.WriteString(requiredProviders("fwmgr"))
	b.WriteString("provider \"fwmgr\" {\n  context = \"web_api\"\n}\n")
	for j, name := range names {
		fmt.Fprintf(&b, `
resource "fwmgr_management_host" "h%d" {
  name         = %q
  ipv4_address = "10.77.%d.%d"
}
`, j, name, ipBase, j+1)
	}
	return b.String()
}

// TestR7FwmgrManagementConcurrentProcesses: 20 terraform applies start at
// once against one management server, 20 provider processes each with its
// own session, each creating hosts of its own names: all succeed, and
// another login then sees every host exactly once (published) with no
// session holding a change or a lock. Then two processes create a host of
// the SAME name at once: exactly one succeeds, the other fails naming the
// host (no hang: the apply is bounded), its state holds nothing, and no
// lock is left.
func TestR7FwmgrManagementConcurrentProcesses(t *testing.T) {
	bin := relBin(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	s := startSandbox(t, bin)
	env := fwmgrMgmtEnv(t, s)
	row := Row{Scenario: "R7 20 processes at once, fwmgr management, terraform", Runs: 2}

	const prefix = "r7m-p"
	var want []string
	failed := runAtOnce(ctx, t, r7Processes, func(i int) *relTerraform {
		names := make([]string, r7MgmtHosts)
		for j := range names {
			names[j] = fmt.Sprintf("%s%d-%d", prefix, i, j)
			want = append(want, "host/"+names[j])
		}
		return newTerraform(t, bin, env, r7MgmtHCL(names, i))
	})
	row.Lost += failed
	c, d, l := checkPublished(t, s, prefix, want)
	row.Checked += c
	row.Duplicates += d
	row.Lost += l

	t.Run("same name", func(t *testing.T) {
		const name = "r7m-same"
		tfs := []*relTerraform{
			newTerraform(t, bin, env, r7MgmtHCL([]string{name}, 200)),
			newTerraform(t, bin, env, r7MgmtHCL([]string{name}, 201)),
		}
		// Each apply is bounded: a process that waited for the other's
		// lock forever would fail here rather than hang the suite.
		applyCtx, applyCancel := context.WithTimeout(ctx, 3*time.Minute)
		defer applyCancel()
		start := make(chan struct{})
		ok := make([]bool, len(tfs))
		outs := make([]string, len(tfs))
		var wg sync.WaitGroup
		for i, tf := range tfs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				ok[i], outs[i] = tf.apply(applyCtx)
			}()
		}
		close(start)
		wg.Wait()
		if applyCtx.Err() != nil {
			t.Fatalf("the applies did not end within their bound: %v", applyCtx.Err())
		}
		row.Checked++
		winners, loser := 0, ""
		for i := range tfs {
			if ok[i] {
				winners++
				continue
			}
			low := strings.ToLower(outs[i])
			if at := strings.Index(outs[i], "Error:"); at >= 0 {
				loser = strings.Join(strings.Fields(outs[i][at:min(len(outs[i]), at+600)]), " ")
				t.Logf("process %d lost the race: %s", i, loser)
			}
			if !strings.Contains(low, name) || !strings.Contains(low, "more than one object named") && !strings.Contains(low, "locked") {
				t.Errorf("process %d failed without naming the host and why:\n%s", i, lastOf(outs[i], 2000))
			}
			if left := tfs[i].stateList(ctx); len(left) != 0 {
				row.Lost++
				t.Errorf("the failed process recorded %v", left)
			}
		}
		if winners != 1 {
			t.Errorf("%d of 2 processes creating %q succeeded, want exactly 1:\n%s\n----\n%s", winners, name,
				lastOf(outs[0], 1500), lastOf(outs[1], 1500))
		}
		check := adminCheck(t, s)
		got := check.objects("hosts", name)
		if got[name] != 1 {
			if got[name] > 1 {
				row.Duplicates += got[name] - 1
			} else {
				row.Lost++
			}
			t.Errorf("another login sees %q %d times, want once", name, got[name])
		}
		if held := check.heldSessions(); len(held) > 0 {
			row.Lost += len(held)
			t.Errorf("sessions still holding changes or locks: %v", held)
		}
		row.Detail = fmt.Sprintf("%d processes x %d hosts all published; same name from 2 processes: %d succeeded, the other failed naming it", r7Processes, r7MgmtHosts, winners)
	})
	Report(t, row)
}
