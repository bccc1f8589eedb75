package cloudnative

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	migrationapi "github.com/iacsuite/providers/internal/api/migration"
	client "github.com/iacsuite/providers/internal/client/migration"
	sandbox "github.com/iacsuite/providers/internal/sandbox/migration"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// heldOperationDelay is how long, on a heldClock, the operations of a held
// sandbox run.
const heldOperationDelay = time.Hour

// heldClock is the clock of a sandbox whose operations must not finish on
// their own: it stands still, so no operation ever becomes due, until
// Release. From then on every reading is one heldOperationDelay later than
// the one before, so every operation started earlier or later finishes by
// the next request that reads it. The timeout tests use it to decide, without
// racing the wall clock, when a create finishes.
type heldClock struct {
	mu       sync.Mutex
	now      time.Time
	released bool
}

func newHeldClock() *heldClock { return &heldClock{now: time.Now().UTC()} }

func (c *heldClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.released {
		c.now = c.now.Add(heldOperationDelay)
	}
	return c.now
}

// Release lets the operations finish.
func (c *heldClock) Release() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.released = true
}

// startHeldSandbox serves a fresh migration sandbox, with its own store, on
// the held clock.
func startHeldSandbox(t *testing.T, clock *heldClock) string {
	t.Helper()
	dir := t.TempDir()
	st, err := store.Open(filepath.Join(dir, "migration.db"))
	require.NoError(t, err, "store")
	t.Cleanup(func() { st.Close() })
	h, err := sandbox.New(sandbox.Config{Store: st, OperationDelay: heldOperationDelay, Now: clock.Now})
	require.NoError(t, err, "sandbox")
	return sandboxtest.Serve(t, h)
}

// releaseClock is a plan check that releases a held clock: placed among the
// PreApply checks, it lets the operations finish after the plan was made
// (which still saw them pending) and before the apply that waits for them.
type releaseClock struct{ clock *heldClock }

func (c releaseClock) CheckPlan(context.Context, plancheck.CheckPlanRequest, *plancheck.CheckPlanResponse) {
	c.clock.Release()
}

// A create whose operation outlives operation_timeout is a warning, not an
// error (which would taint the resource, so that the next apply created it a
// second time); a later wait on the same operation finishes it.
func TestAwaitCreate_timeoutIsAWarning(t *testing.T) {
	ctx := context.Background()
	clock := newHeldClock()
	c, err := newAPI(startHeldSandbox(t, clock))
	require.NoError(t, err)
	pd := &providerData{client: c, operationTimeout: 100 * time.Millisecond}
	op, err := c.CreateImportJob(ctx, migrationapi.LocationName("p1", "l1"), "job", migrationapi.ImportJob{}, client.NewRequestID())
	require.NoError(t, err)
	var diags diag.Diagnostics
	if _, w := awaitCreate(ctx, pd, op, "import job", op.Metadata.Target, pd.operationTimeout, &diags); w != createPending {
		t.Fatalf("wait ended %v, want createPending", w)
	}
	require.EqualValues(t, 0, diags.ErrorsCount(), "diagnostics %v, want exactly one warning", diags)
	require.EqualValues(t, 1, diags.WarningsCount(), "diagnostics %v, want exactly one warning", diags)
	w := diags.Warnings()[0]
	if want := "import job " + op.Metadata.Target + " is still being created"; !strings.Contains(w.Summary(), want) {
		t.Errorf("warning summary %q lacks %q", w.Summary(), want)
	}
	for _, s := range []string{op.Name, "100ms", "operation_timeout", "kept in state", "next apply waits for it again"} {
		assert.Contains(t, w.Detail(), s, "warning detail %q lacks %q", w.Detail(), s)
	}

	clock.Release()
	diags = nil
	pd.operationTimeout = time.Minute
	done, w2 := awaitCreate(ctx, pd, migrationapi.Operation{Name: op.Name}, "import job", op.Metadata.Target, pd.operationTimeout, &diags)
	require.Equal(t, createDone, w2, "resumed wait ended %v with %v", w2, diags)
	require.False(t, diags.HasError(), "resumed wait ended %v with %v", w2, diags)
	require.EqualValues(t, 0, diags.WarningsCount(), "resumed wait ended %v with %v", w2, diags)
	if j, err := client.OperationResponse[migrationapi.ImportJob](done); err != nil || j.Name != op.Metadata.Target {
		t.Fatalf("response %+v, %v", j, err)
	}
}

// An operation that cannot be waited for (here: unknown to the service) is
// still an error.
func TestAwaitCreate_otherFailuresAreErrors(t *testing.T) {
	ctx := context.Background()
	c, err := newAPI(sandboxURL)
	require.NoError(t, err)
	pd := &providerData{client: c, operationTimeout: time.Minute}
	var diags diag.Diagnostics
	op := migrationapi.Operation{Name: "projects/p1/locations/l1/operations/operation-999999"}
	if _, w := awaitCreate(ctx, pd, op, "import job", "projects/p1/locations/l1/importJobs/x", pd.operationTimeout, &diags); w != createFailed {
		t.Fatalf("wait ended %v, want createFailed", w)
	}
	require.EqualValues(t, 1, diags.ErrorsCount(), "diagnostics %v, want exactly one error", diags)
	require.EqualValues(t, 0, diags.WarningsCount(), "diagnostics %v, want exactly one error", diags)
}

// mutations counts the requests that can change something at the service
// (every method but GET), so that a test can show an apply sent none.
type mutations struct {
	h http.Handler
	n atomic.Int64
}

func countMutations(h http.Handler) *mutations { return &mutations{h: h} }

func (m *mutations) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		m.n.Add(1)
	}
	m.h.ServeHTTP(w, r)
}

func (m *mutations) Count() int64 { return m.n.Load() }

// markMutations is a plan check that records how many mutations the
// service has seen: placed among the PreApply checks, it marks the moment
// between the plan and the apply.
type markMutations struct {
	m    *mutations
	mark *int64
}

func (c markMutations) CheckPlan(context.Context, plancheck.CheckPlanRequest, *plancheck.CheckPlanResponse) {
	*c.mark = c.m.Count()
}

// noMutationsSince fails when the service saw a mutation after the mark.
func noMutationsSince(m *mutations, mark *int64) func(*terraform.State) error {
	return func(*terraform.State) error {
		if n := m.Count() - *mark; n != 0 {
			return fmt.Errorf("the apply sent %d requests that change something to the service, want none", n)
		}
		return nil
	}
}

// createAtService creates an import job and, when file is not empty, a data
// file in it directly at the service, as a colleague with the console would,
// and waits for both.
func createAtService(t *testing.T, c *client.Client, location, job, file string, in migrationapi.ImportDataFile) {
	t.Helper()
	ctx := context.Background()
	op, err := c.CreateImportJob(ctx, migrationapi.LocationName(testProject, location), job, migrationapi.ImportJob{DisplayName: "Legacy"}, "")
	if err == nil {
		_, err = c.WaitOperation(ctx, op, time.Minute)
	}
	if err != nil {
		t.Fatal(err)
	}
	if file == "" {
		return
	}
	op, err = c.CreateImportDataFile(ctx, migrationapi.ImportJobName(testProject, location, job), file, in, "")
	if err == nil {
		_, err = c.WaitOperation(ctx, op, time.Minute)
	}
	if err != nil {
		t.Fatal(err)
	}
}
