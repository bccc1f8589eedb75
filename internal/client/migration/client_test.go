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
	loc = mig.LocationName(project, location)
	job = mig.ImportJobName(project, location, "job-1")
)

var fastPoll = wait.Backoff{Initial: 20 * time.Millisecond, Factor: 1.5, Max: 200 * time.Millisecond}

// serve runs a sandbox and returns a client of it; wrap, when set, wraps the
// sandbox's handler.
func serve(t *testing.T, cfg sandbox.Config, wrap func(http.Handler) http.Handler) *mig.Client {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "sandbox.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cfg.Store = st
	h, err := sandbox.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
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
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func createJob(t *testing.T, c *mig.Client) {
	t.Helper()
	ctx := context.Background()
	op, err := c.CreateImportJob(ctx, loc, "job-1", mig.ImportJob{DisplayName: "Job one"}, mig.NewRequestID())
	if err != nil {
		t.Fatal(err)
	}
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

	op, err := c.CreateImportDataFile(ctx, job, "inventory", mig.ImportDataFile{DisplayName: "Inventory", Format: mig.FormatExportedAWSCSV}, mig.NewRequestID())
	if err != nil {
		t.Fatal(err)
	}
	if op.Done {
		t.Fatal("operation done at once despite the delay")
	}
	f, err := c.GetImportDataFile(ctx, job+"/importDataFiles/inventory")
	if err != nil || f.State != mig.FileStateCreating {
		t.Fatalf("file while creating: %+v %v", f, err)
	}
	op, err = c.WaitOperation(ctx, op, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	f, err = mig.OperationResponse[mig.ImportDataFile](op)
	if err != nil || f.State != mig.FileStateActive || f.Format != mig.FormatExportedAWSCSV || f.UploadFileInfo == nil {
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

	op, err = c.UpdateImportJob(ctx, mig.ImportJob{Name: job, DisplayName: "Renamed", Labels: map[string]string{"team": "infra"}}, []string{"displayName", "labels"}, "")
	if err != nil {
		t.Fatal(err)
	}
	if op, err = c.WaitOperation(ctx, op, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	if j, err := mig.OperationResponse[mig.ImportJob](op); err != nil || j.DisplayName != "Renamed" || j.Labels["team"] != "infra" {
		t.Fatalf("updated job %+v %v", j, err)
	}

	op, err = c.DeleteImportDataFile(ctx, f.Name, mig.NewRequestID())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.WaitOperation(ctx, op, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetImportDataFile(ctx, f.Name); !mig.IsNotFound(err) {
		t.Fatalf("get after delete: %v", err)
	}
	op, err = c.DeleteImportJob(ctx, job, "", false)
	if err != nil {
		t.Fatal(err)
	}
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
	op, err := c.CreateImportDataFile(ctx, job, "inventory", mig.ImportDataFile{Format: mig.FormatManualCSV}, requestID)
	if err != nil {
		t.Fatalf("create with a lost first answer: %v", err)
	}
	if lossy.Lost() != 1 || lossy.Seen() != 2 {
		t.Fatalf("lost %d of %d create requests; want 1 of 2", lossy.Lost(), lossy.Seen())
	}
	if _, err := c.WaitOperation(ctx, op, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	files, err := c.ListImportDataFiles(ctx, job)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 {
		t.Fatalf("%d data files exist, want exactly 1", len(files))
	}
}

// TestLostCreateAnswerWithoutRequestID is the failure requestId prevents:
// the retry meets the file its own first try created.
func TestLostCreateAnswerWithoutRequestID(t *testing.T) {
	c := serve(t, sandbox.Config{}, func(h http.Handler) http.Handler {
		return migrationtest.LoseAnswers(h, 1, migrationtest.CreatesDataFile)
	})
	createJob(t, c)
	_, err := c.CreateImportDataFile(context.Background(), job, "inventory", mig.ImportDataFile{}, "")
	if !mig.HasStatus(err, mig.StatusAlreadyExists) {
		t.Fatalf("retry without requestId: %v; want ALREADY_EXISTS", err)
	}
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
	op, err := c.CreateImportDataFile(ctx, job, "vms", mig.ImportDataFile{Format: mig.FormatRVToolsXLSX}, "")
	if err != nil {
		t.Fatal(err)
	}
	f, err := mig.OperationResponse[mig.ImportDataFile](op)
	if err != nil {
		t.Fatal(err)
	}
	content := []byte("PK\x03\x04 not really a spreadsheet")
	res, err := c.Upload(ctx, *f.UploadFileInfo, content)
	if err != nil {
		t.Fatal(err)
	}
	if res.Size != int64(len(content)) {
		t.Fatalf("upload result %+v", res)
	}
	got, ct, err := c.GetImportDataFileContent(ctx, f.Name)
	if err != nil || string(got) != string(content) || ct != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" {
		t.Fatalf("read back %q %q %v", got, ct, err)
	}
	if sawToken.Load() {
		t.Fatal("the access token was sent to the signed upload address")
	}

	// A tampered address is refused, and the error does not quote the signature.
	bad := *f.UploadFileInfo
	bad.Headers = map[string]string{"Content-Type": "text/plain", mig.HeaderContentLengthRange: bad.Headers[mig.HeaderContentLengthRange]}
	_, err = c.Upload(ctx, bad, content)
	if !mig.HasStatus(err, mig.StatusPermissionDenied) {
		t.Fatalf("tampered upload: %v", err)
	}
}

func TestFieldViolations(t *testing.T) {
	c := serve(t, sandbox.Config{}, nil)
	ctx := context.Background()
	createJob(t, c)
	_, err := c.CreateImportDataFile(ctx, job, "f1", mig.ImportDataFile{DisplayName: strings.Repeat("a", 257)}, "")
	var apiErr *mig.APIError
	if !errors.As(err, &apiErr) || apiErr.HTTPStatus != 400 || len(apiErr.FieldViolations()) != 1 || apiErr.FieldViolations()[0].Field != "displayName" {
		t.Fatalf("long displayName: %v", err)
	}
	if !strings.Contains(err.Error(), "displayName: must be at most 256 characters") || !strings.Contains(err.Error(), "INVALID_ARGUMENT") {
		t.Errorf("message %q", err)
	}
	_, err = c.CreateImportDataFile(ctx, job, "f1", mig.ImportDataFile{}, "00000000-0000-0000-0000-000000000000")
	if !errors.As(err, &apiErr) || apiErr.FieldViolations()[0].Field != "requestId" {
		t.Fatalf("zero requestId: %v", err)
	}
	_, err = c.CreateImportDataFile(ctx, mig.ImportJobName(project, location, "missing"), "f1", mig.ImportDataFile{}, "")
	if !mig.IsNotFound(err) {
		t.Fatalf("missing job: %v", err)
	}
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
	if limited.Load() == 0 {
		t.Fatal("the rate limit never answered 429; the test proves nothing")
	}
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
	op, err := c.CreateImportJob(ctx, loc, "job-1", mig.ImportJob{}, "")
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.WaitOperation(ctx, op, 10*time.Second)
	var opErr *mig.OperationError
	if !errors.As(err, &opErr) || opErr.Status.Status != mig.StatusFailedPrecondition || opErr.Status.Code != 9 ||
		!strings.Contains(err.Error(), "the import job is not ready") {
		t.Fatalf("wait: %v", err)
	}

	slow := serve(t, sandbox.Config{OperationDelay: time.Hour}, nil)
	op, err = slow.CreateImportJob(ctx, loc, "job-1", mig.ImportJob{}, "")
	if err != nil {
		t.Fatal(err)
	}
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
		if _, err := c.CreateImportDataFile(ctx, job, id, mig.ImportDataFile{}, ""); err != nil {
			t.Fatal(err)
		}
	}
	files, err := c.ListImportDataFiles(ctx, job)
	if err != nil || len(files) != 105 {
		t.Fatalf("%d files, %v", len(files), err)
	}
}

func TestNames(t *testing.T) {
	p, l, j, f, err := mig.ParseImportDataFileName("projects/p1/locations/us-east1/importJobs/j1/importDataFiles/f1")
	if err != nil || p != "p1" || l != "us-east1" || j != "j1" || f != "f1" {
		t.Fatalf("%s %s %s %s %v", p, l, j, f, err)
	}
	for _, bad := range []string{
		"projects/p1/locations/us-east1/importJobs/j1",
		"projects/p1/locations/us-east1/importJobs/j1/importDataFiles/F1",
		"projects/p1/regions/us-east1/importJobs/j1/importDataFiles/f1",
		"p1/us-east1/j1/f1",
	} {
		if _, _, _, _, err := mig.ParseImportDataFileName(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	if _, _, _, err := mig.ParseImportJobName("projects/p1/locations/l1/importJobs/j1"); err != nil {
		t.Error(err)
	}
	for id, ok := range map[string]bool{
		"":                                       true,
		mig.NewRequestID():                       true,
		"00000000-0000-0000-0000-000000000000":   false,
		"not-a-uuid":                             false,
		"{7d3c1a52-9a8e-4c55-9e1a-0d0f4b5b8f11}": false,
	} {
		if err := mig.CheckRequestID(id); (err == nil) != ok {
			t.Errorf("CheckRequestID(%q) = %v", id, err)
		}
	}
}
