package migration_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/migration"
	mig "github.com/iacsuite/providers/internal/client/migration"
	"github.com/iacsuite/providers/internal/httpclient"
	sandbox "github.com/iacsuite/providers/internal/sandbox/migration"
	"github.com/iacsuite/providers/internal/sandbox/migration/migrationtest"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
	"github.com/iacsuite/providers/internal/wait"
)

const (
	project  = "demo-project"
	location = "europe-west1"
)

var (
	loc = api.LocationName(project, location)
	job = api.ImportJobName(project, location, "job-1")
)

var fastPoll = wait.Backoff{Initial: 20 * time.Millisecond, Factor: 1.5, Max: 200 * time.Millisecond}

// serve runs a sandbox and returns a client of it; wrap, when set, wraps the
// sandbox's handler.
func serve(t *testing.T, cfg sandbox.Config, wrap func(http.Handler) http.Handler) *mig.Client {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "sandbox.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	cfg.Store = st
	h, err := sandbox.New(cfg)
	require.NoError(t, err)
	if wrap != nil {
		h = wrap(h)
	}
	c, err := mig.New(mig.Config{
		Endpoint:    sandboxtest.Serve(t, h),
		AccessToken: sandbox.DefaultToken,
		UserAgent:   "client-test",
		HTTP:        httpclient.Options{RetryWaitMin: 10 * time.Millisecond, RetryWaitMax: 100 * time.Millisecond},
		PollBackoff: fastPoll,
	})
	require.NoError(t, err)
	return c
}

func createJob(t *testing.T, c *mig.Client) {
	t.Helper()
	ctx := context.Background()
	op, err := c.CreateImportJob(ctx, loc, "job-1", api.ImportJob{DisplayName: "Job one"}, mig.NewRequestID())
	require.NoError(t, err)
	if _, err := c.WaitOperation(ctx, op, 10*time.Second); err != nil {
		t.Fatal(err)
	}
}

func TestNew(t *testing.T) {
	for _, cfg := range []mig.Config{
		{Endpoint: "127.0.0.1:18444", AccessToken: "t"},
		{Endpoint: "ftp://example", AccessToken: "t"},
		{Endpoint: "https://example/v1alpha1", AccessToken: "t"},
		{Endpoint: "https://example"},
	} {
		if _, err := mig.New(cfg); err == nil {
			t.Errorf("New(%+v) accepted", cfg)
		}
	}
	c, err := mig.New(mig.Config{Endpoint: "https://127.0.0.1:18444/", AccessToken: "t"})
	if err != nil || c.Endpoint() != "https://127.0.0.1:18444" {
		t.Fatalf("New: %v, %v", c, err)
	}
}

func TestLifecycleWithOperations(t *testing.T) {
	c := serve(t, sandbox.Config{OperationDelay: 200 * time.Millisecond}, nil)
	ctx := context.Background()
	createJob(t, c)

	op, err := c.CreateImportDataFile(ctx, job, "inventory", api.ImportDataFile{DisplayName: "Inventory", Format: api.FormatExportedAWSCSV}, mig.NewRequestID())
	require.NoError(t, err)
	require.False(t, op.Done, "operation done at once despite the delay")
	f, err := c.GetImportDataFile(ctx, job+"/importDataFiles/inventory")
	if err != nil || f.State != api.FileStateCreating {
		t.Fatalf("file while creating: %+v %v", f, err)
	}
	op, err = c.WaitOperation(ctx, op, 10*time.Second)
	require.NoError(t, err)
	f, err = mig.OperationResponse[api.ImportDataFile](op)
	if err != nil || f.State != api.FileStateActive || f.Format != api.FormatExportedAWSCSV || f.UploadFileInfo == nil {
		t.Fatalf("created %+v %v", f, err)
	}
	if _, err := mig.ParseTime(f.CreateTime); err != nil {
		t.Errorf("createTime %q: %v", f.CreateTime, err)
	}

	files, err := c.ListImportDataFiles(ctx, job)
	if err != nil || len(files) != 1 || files[0].Name != f.Name {
		t.Fatalf("list %+v %v", files, err)
	}
	jobs, err := c.ListImportJobs(ctx, loc)
	if err != nil || len(jobs) != 1 || jobs[0].DisplayName != "Job one" {
		t.Fatalf("jobs %+v %v", jobs, err)
	}

	op, err = c.UpdateImportJob(ctx, api.ImportJob{Name: job, DisplayName: "Renamed", Labels: map[string]string{"team": "infra"}}, []string{"displayName", "labels"}, "")
	require.NoError(t, err)
	if op, err = c.WaitOperation(ctx, op, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	if j, err := mig.OperationResponse[api.ImportJob](op); err != nil || j.DisplayName != "Renamed" || j.Labels["team"] != "infra" {
		t.Fatalf("updated job %+v %v", j, err)
	}

	op, err = c.DeleteImportDataFile(ctx, f.Name, mig.NewRequestID())
	require.NoError(t, err)
	if _, err := c.WaitOperation(ctx, op, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetImportDataFile(ctx, f.Name); !mig.IsNotFound(err) {
		t.Fatalf("get after delete: %v", err)
	}
	op, err = c.DeleteImportJob(ctx, job, "", false)
	require.NoError(t, err)
	if _, err := c.WaitOperation(ctx, op, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetImportJob(ctx, job); !mig.IsNotFound(err) {
		t.Fatalf("get job after delete: %v", err)
	}
}

// TestLostCreateAnswerIsRetriedIntoOneFile: the first create reaches the
// service, which creates the file, but its answer is lost. The client's
// retry carries the same requestId, and the service answers the first
// operation instead of creating a second file or failing.
func TestLostCreateAnswerIsRetriedIntoOneFile(t *testing.T) {
	var lossy *migrationtest.Lossy
	c := serve(t, sandbox.Config{}, func(h http.Handler) http.Handler {
		lossy = migrationtest.LoseAnswers(h, 1, migrationtest.CreatesDataFile)
		return lossy
	})
	ctx := context.Background()
	createJob(t, c)

	requestID := mig.NewRequestID()
	op, err := c.CreateImportDataFile(ctx, job, "inventory", api.ImportDataFile{Format: api.FormatManualCSV}, requestID)
	require.NoError(t, err, "create with a lost first answer")
	require.EqualValues(t, 1, lossy.Lost(), "lost %d of %d create requests; want 1 of 2", lossy.Lost(), lossy.Seen())
	require.EqualValues(t, 2, lossy.Seen(), "lost %d of %d create requests; want 1 of 2", lossy.Lost(), lossy.Seen())
	if _, err := c.WaitOperation(ctx, op, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	files, err := c.ListImportDataFiles(ctx, job)
	require.NoError(t, err)
	require.Len(t, files, 1, "%d data files exist, want exactly 1", len(files))
}

// TestLostCreateAnswerWithoutRequestID is the failure requestId prevents:
// the retry meets the file its own first try created.
func TestLostCreateAnswerWithoutRequestID(t *testing.T) {
	c := serve(t, sandbox.Config{}, func(h http.Handler) http.Handler {
		return migrationtest.LoseAnswers(h, 1, migrationtest.CreatesDataFile)
	})
	createJob(t, c)
	_, err := c.CreateImportDataFile(context.Background(), job, "inventory", api.ImportDataFile{}, "")
	require.True(t, mig.HasStatus(err, api.StatusAlreadyExists), "retry without requestId: %v; want ALREADY_EXISTS", err)
}

func TestUploadAndReadBack(t *testing.T) {
	var sawToken atomic.Bool
	c := serve(t, sandbox.Config{}, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasPrefix(r.URL.Path, "/upload/") && r.Header.Get("Authorization") != "" {
				sawToken.Store(true)
			}
			h.ServeHTTP(w, r)
		})
	})
	ctx := context.Background()
	createJob(t, c)
	op, err := c.CreateImportDataFile(ctx, job, "vms", api.ImportDataFile{Format: api.FormatRVToolsXLSX}, "")
	require.NoError(t, err)
	f, err := mig.OperationResponse[api.ImportDataFile](op)
	require.NoError(t, err)
	content := []byte("PK\x03\x04 not really a spreadsheet")
	res, err := c.Upload(ctx, *f.UploadFileInfo, content)
	require.NoError(t, err)
	require.Equal(t, int64(len(content)), res.Size, "upload result %+v", res)
	got, ct, err := c.GetImportDataFileContent(ctx, f.Name)
	if err != nil || string(got) != string(content) || ct != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" {
		t.Fatalf("read back %q %q %v", got, ct, err)
	}
	require.False(t, sawToken.Load(), "the access token was sent to the signed upload address")

	// A tampered address is refused, and the error does not quote the signature.
	bad := *f.UploadFileInfo
	bad.Headers = map[string]string{"Content-Type": "text/plain", api.HeaderContentLengthRange: bad.Headers[api.HeaderContentLengthRange]}
	_, err = c.Upload(ctx, bad, content)
	require.True(t, mig.HasStatus(err, api.StatusPermissionDenied), "tampered upload: %v", err)
}

func TestFieldViolations(t *testing.T) {
	c := serve(t, sandbox.Config{}, nil)
	ctx := context.Background()
	createJob(t, c)
	_, err := c.CreateImportDataFile(ctx, job, "f1", api.ImportDataFile{DisplayName: strings.Repeat("a", 257)}, "")
	var apiErr *mig.APIError
	require.True(t, errors.As(err, &apiErr), "long displayName: %v", err)
	require.EqualValues(t, 400, apiErr.HTTPStatus, "long displayName: %v", err)
	require.EqualValues(t, 1, len(apiErr.FieldViolations()), "long displayName: %v", err)
	require.Equal(t, "displayName", apiErr.FieldViolations()[0].Field, "long displayName: %v", err)
	assert.True(t, strings.Contains(err.Error(), "displayName: must be at most 256 characters"), "message %q", err)
	assert.True(t, strings.Contains(err.Error(), "INVALID_ARGUMENT"), "message %q", err)
	_, err = c.CreateImportDataFile(ctx, job, "f1", api.ImportDataFile{}, "00000000-0000-0000-0000-000000000000")
	require.True(t, errors.As(err, &apiErr), "zero requestId: %v", err)
	require.Equal(t, "requestId", apiErr.FieldViolations()[0].Field, "zero requestId: %v", err)
	_, err = c.CreateImportDataFile(ctx, api.ImportJobName(project, location, "missing"), "f1", api.ImportDataFile{}, "")
	require.True(t, mig.IsNotFound(err), "missing job: %v", err)
}

func TestRetriesAfterRateLimit(t *testing.T) {
	var limited atomic.Int32
	c := serve(t, sandbox.Config{RateLimit: 2, RateBurst: 1}, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rec := &statusRecorder{ResponseWriter: w}
			h.ServeHTTP(rec, r)
			if rec.status == http.StatusTooManyRequests {
				limited.Add(1)
			}
		})
	})
	ctx := context.Background()
	for range 3 {
		if _, err := c.ListImportJobs(ctx, loc); err != nil {
			t.Fatal(err)
		}
	}
	require.NotZero(t, limited.Load(), "the rate limit never answered 429; the test proves nothing")
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func TestOperationFailureAndTimeout(t *testing.T) {
	ctx := context.Background()
	// A service whose operations fail: the sandbox's own operations only fail
	// in races, so a wrapper answers the poll with a failed operation.
	c := serve(t, sandbox.Config{OperationDelay: time.Hour}, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodGet && strings.Contains(r.URL.Path, "/operations/") {
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write([]byte(`{"name":"` + strings.TrimPrefix(r.URL.Path, "/v1alpha1/") + `","metadata":{},"done":true,` +
					`"error":{"code":9,"message":"the import job is not ready","status":"FAILED_PRECONDITION"}}`))
				return
			}
			h.ServeHTTP(w, r)
		})
	})
	op, err := c.CreateImportJob(ctx, loc, "job-1", api.ImportJob{}, "")
	require.NoError(t, err)
	_, err = c.WaitOperation(ctx, op, 10*time.Second)
	var opErr *mig.OperationError
	if !errors.As(err, &opErr) || opErr.Status.Status != api.StatusFailedPrecondition || opErr.Status.Code != 9 ||
		!strings.Contains(err.Error(), "the import job is not ready") {
		t.Fatalf("wait: %v", err)
	}

	slow := serve(t, sandbox.Config{OperationDelay: time.Hour}, nil)
	op, err = slow.CreateImportJob(ctx, loc, "job-1", api.ImportJob{}, "")
	require.NoError(t, err)
	if _, err := slow.WaitOperation(ctx, op, 100*time.Millisecond); !errors.Is(err, wait.ErrTimeout) {
		t.Fatalf("wait: %v; want a timeout", err)
	}
}

func TestListFollowsPages(t *testing.T) {
	c := serve(t, sandbox.Config{}, nil)
	ctx := context.Background()
	createJob(t, c)
	for i := range 105 {
		id := fmt.Sprintf("f-%03d", i)
		if _, err := c.CreateImportDataFile(ctx, job, id, api.ImportDataFile{}, ""); err != nil {
			t.Fatal(err)
		}
	}
	files, err := c.ListImportDataFiles(ctx, job)
	if err != nil || len(files) != 105 {
		t.Fatalf("%d files, %v", len(files), err)
	}
}

func TestNames(t *testing.T) {
	p, l, j, f, err := api.ParseImportDataFileName("projects/p1/locations/us-east1/importJobs/j1/importDataFiles/f1")
	if err != nil || p != "p1" || l != "us-east1" || j != "j1" || f != "f1" {
		t.Fatalf("%s %s %s %s %v", p, l, j, f, err)
	}
	for _, bad := range []string{
		"projects/p1/locations/us-east1/importJobs/j1",
		"projects/p1/locations/us-east1/importJobs/j1/importDataFiles/F1",
		"projects/p1/regions/us-east1/importJobs/j1/importDataFiles/f1",
		"p1/us-east1/j1/f1",
	} {
		if _, _, _, _, err := api.ParseImportDataFileName(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	if _, _, _, err := api.ParseImportJobName("projects/p1/locations/l1/importJobs/j1"); err != nil {
		t.Error(err)
	}
	for id, ok := range map[string]bool{
		"":                                       true,
		mig.NewRequestID():                       true,
		"00000000-0000-0000-0000-000000000000":   false,
		"not-a-uuid":                             false,
		"{7d3c1a52-9a8e-4c55-9e1a-0d0f4b5b8f11}": false,
	} {
		if err := api.CheckRequestID(id); (err == nil) != ok {
			t.Errorf("CheckRequestID(%q) = %v", id, err)
		}
	}
}
