package fwmgr

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/iacsuite/providers/internal/acctest"
	sandbox "github.com/iacsuite/providers/internal/sandbox/fwmgr"
)

// A session that expired between two runs is renewed transparently: the
// second run finds it rejected, logs in once, and reads.
func TestAccSessionExpiredIsRenewed(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	var (
		mu  sync.Mutex
		now = time.Now()
	)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	d := startDevice(t, clock)
	file := filepath.Join(t.TempDir(), "sid.json")
	config := d.providerBlock("session_timeout = 10", fmt.Sprintf("session_file_name = %q", file)) + readsTheVersion
	logins := func(want int64) resource.TestCheckFunc {
		return func(*terraform.State) error {
			if got := d.logins.Load(); got != want {
				return fmt.Errorf("%d logins, want %d", got, want)
			}
			return nil
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config, Check: logins(1)},
			{
				PreConfig: func() { mu.Lock(); now = now.Add(11 * time.Second); mu.Unlock() },
				Config:    config,
				Check: resource.ComposeAggregateTestCheckFunc(logins(2),
					resource.TestCheckResourceAttr("data.fwmgr_os_show_version.this", "product_version", seed.Version.ProductVersion)),
			},
		},
	})
}

// 20 terraform plans started at once with the same session file all
// succeed, and log in once between them.
func TestAccParallelPlansShareOneLogin(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	d := startDevice(t, nil)
	file := filepath.Join(t.TempDir(), "sid.json")
	config := d.providerBlock(fmt.Sprintf("session_file_name = %q", file)) + `
data "fwmgr_os_show_cluster_state" "this" {}
data "fwmgr_os_show_bgp_summary" "this" {}
output "mode" {
  value = data.fwmgr_os_show_cluster_state.this.mode
}
`
	const n = 20
	// The first login is answered only once every other run is waiting
	// for the session file's lock, or once a second login arrives (the
	// failure this test is about): so the runs really do start together,
	// however slowly this machine starts terraform.
	var first atomic.Bool
	secondLogin := make(chan struct{})
	var secondOnce sync.Once
	hold := func() {
		if !first.CompareAndSwap(false, true) {
			secondOnce.Do(func() { close(secondLogin) })
			return
		}
		waitForLockWaiters(t, file+".lock", n-1, secondLogin)
	}
	d.beforeLogin.Store(&hold)

	runs := make([]*terraformRun, n)
	for i := range runs {
		runs[i] = newTerraformRun(t, config, nil)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	outs := make([]string, n)
	errs := make([]error, n)
	for i, r := range runs {
		wg.Go(func() { outs[i], errs[i] = r.plan(ctx) })
	}
	wg.Wait()
	for i := range runs {
		if errs[i] != nil {
			t.Errorf("plan %d: %v\n%s", i, errs[i], outs[i])
		} else if !strings.Contains(outs[i], "mode = ") {
			t.Errorf("plan %d did not read the cluster state:\n%s", i, outs[i])
		}
	}
	if got := d.logins.Load(); got != 1 {
		t.Errorf("%d logins between %d parallel plans, want 1", got, n)
	}
}

// The password never reaches the logs, even at TF_LOG=TRACE with debug
// logging of requests and answers.
func TestAccPasswordNotInTraceLogs(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	d := startDevice(t, nil)
	config := d.providerBlock(fmt.Sprintf("password = %q", sandbox.DefaultPassword)) + `
data "fwmgr_os_show_bgp_peers" "this" {
  debug = true
  limit = 2
}
`
	r := newTerraformRun(t, config, map[string]string{"TF_LOG": "TRACE", "FWMGR_PASSWORD": ""})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	out, err := r.plan(ctx)
	if err != nil {
		t.Fatalf("plan: %v\n%s", err, out)
	}
	for _, want := range []string{"fwmgr login", "fwmgr debug: request", "fwmgr debug: response"} {
		if !strings.Contains(out, want) {
			t.Fatalf("the trace has no %q, so it proves nothing", want)
		}
	}
	if strings.Contains(out, sandbox.DefaultPassword) {
		t.Fatal("the password appears in the TF_LOG=TRACE output")
	}
}

// waitForLockWaiters returns once want processes wait for the lock on path
// (Linux lists blocked flock requests in /proc/locks), or once done is
// closed. Elsewhere it returns at once: the test then only checks the
// outcome.
func waitForLockWaiters(t *testing.T, path string, want int, done <-chan struct{}) {
	if _, err := os.Stat("/proc/locks"); err != nil {
		t.Log("no /proc/locks: the runs are not held together")
		return
	}
	deadline := time.After(3 * time.Minute)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-deadline:
			t.Errorf("%d runs waiting for the session file lock after 3 minutes, want %d", lockWaiters(path), want)
			return
		case <-tick.C:
			if lockWaiters(path) >= want {
				return
			}
		}
	}
}

// lockWaiters counts the blocked flock requests on path's inode.
func lockWaiters(path string) int {
	info, err := os.Stat(path)
	if err != nil {
		return 0
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0
	}
	raw, err := os.ReadFile("/proc/locks")
	if err != nil {
		return 0
	}
	suffix := ":" + strconv.FormatUint(st.Ino, 10)
	n := 0
	for _, line := range strings.Split(string(raw), "\n") {
		f := strings.Fields(line)
		// "12: -> FLOCK ADVISORY WRITE <pid> <maj:min:inode> 0 EOF"
		if len(f) >= 7 && f[1] == "->" && f[2] == "FLOCK" && strings.HasSuffix(f[6], suffix) {
			n++
		}
	}
	return n
}
