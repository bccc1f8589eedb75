package reliability

import (
	"context"
	"fmt"
	"net/url"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// r7Processes is how many provider processes start at once.
const r7Processes = 20

// TestR7ConcurrentProcesses: 20 terraform runs (20 fwmgr provider
// processes) that share one session file all succeed, and so do 20 runs
// that start at once against netfab, each ordering a port that the service
// then holds exactly once.
func TestR7ConcurrentProcesses(t *testing.T) {
	bin := relBin(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	s := startSandbox(t, bin)
	row := Row{Scenario: "R7 20 processes at once, terraform", Runs: 2}

	fw, err := url.Parse(s.urls["fwmgr"])
	if err != nil {
		t.Fatal(err)
	}
	sessionFile := filepath.Join(t.TempDir(), "fwmgr-session.json")
	fwEnv := append(s.env(), "FWMGR_SERVER="+fw.Hostname(), "FWMGR_PORT="+fw.Port(), "FWMGR_USERNAME=admin",
		"FWMGR_PASSWORD="+s.exports["FWMGR_PASSWORD"])
	fwHCL := requiredProviders("fwmgr") + fmt.Sprintf(`provider "fwmgr" {
  session_name      = "r7"
  session_file_name = %q
}

data "fwmgr_os_show_cluster_members" "this" {}

output "members" {
  value = length(data.fwmgr_os_show_cluster_members.this.members)
}
`, sessionFile)
	failed := runAtOnce(ctx, t, r7Processes, func(i int) *relTerraform { return newTerraform(t, bin, fwEnv, fwHCL) })
	row.Checked += r7Processes
	row.Lost += failed

	prefix := "r7-"
	var want []string
	failed = runAtOnce(ctx, t, r7Processes, func(i int) *relTerraform {
		name := fmt.Sprintf("%sport-%d", prefix, i)
		want = append(want, "port/"+name)
		return newTerraform(t, bin, s.env(), requiredProviders("netfab")+fmt.Sprintf(`provider "netfab" {
  environment = %q
}

resource "netfab_port" "p" {
  product_name         = %q
  port_speed           = 10000
  location_id          = 1
  contract_term_months = 12
}
`, s.urls["netfab"], name))
	})
	row.Lost += failed
	c, d, l, diff := compare(want, s.listObjects(t, prefix))
	if len(diff) > 0 {
		t.Errorf("netfab after %d concurrent applies: %v", r7Processes, diff)
	}
	row.Checked += c
	row.Duplicates += d
	row.Lost += l
	Report(t, row)
}

// runAtOnce prepares n working directories, then starts n applies at the
// same moment and waits for all; it returns how many failed.
func runAtOnce(ctx context.Context, t *testing.T, n int, prepare func(i int) *relTerraform) int {
	t.Helper()
	tfs := make([]*relTerraform, n)
	for i := range tfs {
		tfs[i] = prepare(i)
	}
	start := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	failed := 0
	for i, tf := range tfs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			ok, out := tf.apply(ctx)
			if !ok {
				mu.Lock()
				failed++
				mu.Unlock()
				t.Errorf("process %d of %d failed:\n%s", i, n, lastOf(out, 2000))
			}
		}()
	}
	close(start)
	wg.Wait()
	return failed
}
