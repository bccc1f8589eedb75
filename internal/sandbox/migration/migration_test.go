package migration_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	mig "github.com/iacsuite/providers/internal/api/migration"
	"github.com/iacsuite/providers/internal/sandbox/migration"
	"github.com/iacsuite/providers/internal/sandbox/migration/migrationtest"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

const (
	token   = migration.DefaultToken
	loc     = "projects/demo-project/locations/us-central1"
	job     = loc + "/importJobs/job-1"
	reqID   = "7d3c1a52-9a8e-4c55-9e1a-0d0f4b5b8f11"
	zeroID  = "00000000-0000-0000-0000-000000000000"
	csvData = "name,cpus,memory\nvm-1,2,4096\nvm-2,4,8192\n"
)

type env struct {
	t     *testing.T
	url   string
	clock *migrationtest.Clock
	store *store.Store
	path  string
}

// start serves a sandbox over HTTPS with a fake clock.
func start(t *testing.T, mod func(*migration.Config)) *env {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sandbox.db")
	st, err := store.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	clock := migrationtest.NewClock(time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC))
	cfg := migration.Config{Store: st, Now: clock.Now}
	if mod != nil {
		mod(&cfg)
	}
	h, err := migration.New(cfg)
	require.NoError(t, err)
	return &env{t: t, url: sandboxtest.Serve(t, h), clock: clock, store: st, path: path}
}

type answer struct {
	status int
	header http.Header
	body   []byte
}

func (a answer) decode(t *testing.T, v any) {
	t.Helper()
	reflect.ValueOf(v).Elem().SetZero() // absent members must not keep old values
	if err := json.Unmarshal(a.body, v); err != nil {
		t.Fatalf("decode %s: %v", a.body, err)
	}
}

func (a answer) apiError(t *testing.T) mig.Status {
	t.Helper()
	var b mig.ErrorBody
	a.decode(t, &b)
	return b.Error
}

func (e *env) do(method, path, tok string, body any) answer {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		require.NoError(e.t, err)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, e.url+path, rd)
	require.NoError(e.t, err)
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(e.t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return answer{status: resp.StatusCode, header: resp.Header, body: b}
}

func (e *env) ok(method, path string, body any, out any) {
	e.t.Helper()
	a := e.do(method, path, token, body)
	require.Equal(e.t, http.StatusOK, a.status, "%s %s: HTTP %d %s", method, path, a.status, a.body)
	if out != nil {
		a.decode(e.t, out)
	}
}

func (e *env) createJob(id string) mig.Operation {
	e.t.Helper()
	var op mig.Operation
	e.ok(http.MethodPost, "/v1alpha1/"+loc+"/importJobs?importJobId="+id, mig.ImportJob{DisplayName: "Job " + id}, &op)
	return op
}

func (e *env) createFile(id string, f mig.ImportDataFile, requestID string) answer {
	e.t.Helper()
	q := url.Values{"importDataFileId": {id}}
	if requestID != "" {
		q.Set("requestId", requestID)
	}
	return e.do(http.MethodPost, "/v1alpha1/"+job+"/importDataFiles?"+q.Encode(), token, f)
}

func (e *env) listFiles() []mig.ImportDataFile {
	e.t.Helper()
	var l mig.ListImportDataFilesResponse
	e.ok(http.MethodGet, "/v1alpha1/"+job+"/importDataFiles", nil, &l)
	return l.ImportDataFiles
}

func wantStatus(t *testing.T, a answer, httpStatus int, status, field string) {
	t.Helper()
	require.Equal(t, httpStatus, a.status, "HTTP %d, want %d: %s", a.status, httpStatus, a.body)
	e := a.apiError(t)
	require.Equal(t, status, e.Status, "error %+v, want %d %s", e, httpStatus, status)
	require.Equal(t, httpStatus, e.Code, "error %+v, want %d %s", e, httpStatus, status)
	if field != "" {
		require.Len(t, e.Details, 1, "error %s does not name field %s", a.body, field)
		require.Len(t, e.Details[0].FieldViolations, 1, "error %s does not name field %s", a.body, field)
		require.Equal(t, field, e.Details[0].FieldViolations[0].Field, "error %s does not name field %s", a.body, field)
		require.True(t, strings.HasPrefix(e.Message, field+": "), "message %q does not start with the field %s", e.Message, field)
	}
}

func TestAuthentication(t *testing.T) {
	e := start(t, func(c *migration.Config) { c.Token = "secret-token" })
	a := e.do(http.MethodGet, "/v1alpha1/"+loc+"/importJobs", "", nil)
	wantStatus(t, a, http.StatusUnauthorized, mig.StatusUnauthenticated, "")
	if got := a.header.Get("WWW-Authenticate"); !strings.HasPrefix(got, "Bearer") {
		t.Errorf("WWW-Authenticate = %q", got)
	}
	wantStatus(t, e.do(http.MethodGet, "/v1alpha1/"+loc+"/importJobs", token, nil), http.StatusUnauthorized, mig.StatusUnauthenticated, "")
	if a := e.do(http.MethodGet, "/v1alpha1/"+loc+"/importJobs", "secret-token", nil); a.status != http.StatusOK {
		t.Fatalf("valid token: HTTP %d %s", a.status, a.body)
	}
}

func TestRouting(t *testing.T) {
	e := start(t, nil)
	wantStatus(t, e.do(http.MethodGet, "/v1alpha1/projects/p1/zones/z", token, nil), http.StatusNotFound, mig.StatusNotFound, "")
	wantStatus(t, e.do(http.MethodGet, "/nothing", token, nil), http.StatusNotFound, mig.StatusNotFound, "")
	wantStatus(t, e.do(http.MethodGet, "/v1alpha1/projects/Bad_Project/locations/l/importJobs", token, nil), http.StatusBadRequest, mig.StatusInvalidArgument, "project")
	a := e.do(http.MethodPut, "/v1alpha1/"+job, token, nil)
	wantStatus(t, a, http.StatusMethodNotAllowed, mig.StatusInvalidArgument, "")
	if got := a.header.Get("Allow"); got != "GET, HEAD, PATCH, DELETE" { // HEAD of a GET route is served
		t.Errorf("Allow = %q", got)
	}
	wantStatus(t, e.do(http.MethodGet, "/v1alpha1/"+loc+"/operations/operation-99", token, nil), http.StatusNotFound, mig.StatusNotFound, "")
}

func TestImportDataFileLifecycle(t *testing.T) {
	e := start(t, func(c *migration.Config) { c.OperationDelay = 2 * time.Second })

	op := e.createJob("job-1")
	require.False(t, op.Done, "job create operation %+v", op)
	require.Equal(t, "create", op.Metadata.Verb, "job create operation %+v", op)
	require.Equal(t, job, op.Metadata.Target, "job create operation %+v", op)
	require.True(t, strings.HasPrefix(op.Name, loc+"/operations/"), "job create operation %+v", op)
	var j mig.ImportJob
	e.ok(http.MethodGet, "/v1alpha1/"+job, nil, &j)
	require.Equal(t, mig.JobStatePending, j.State, "job %+v", j)
	require.Equal(t, "Job job-1", j.DisplayName, "job %+v", j)
	require.Equal(t, "2025-03-01T12:00:00Z", j.CreateTime, "job %+v", j)
	e.clock.Advance(2 * time.Second)
	e.ok(http.MethodGet, "/v1alpha1/"+op.Name, nil, &op)
	require.True(t, op.Done, "job operation after the delay %+v", op)
	require.Nil(t, op.Error, "job operation after the delay %+v", op)
	require.Equal(t, "2025-03-01T12:00:02Z", op.Metadata.EndTime, "job operation after the delay %+v", op)

	a := e.createFile("inventory", mig.ImportDataFile{DisplayName: "Inventory", Format: mig.FormatRVToolsCSV}, reqID)
	require.Equal(t, http.StatusOK, a.status, "create: HTTP %d %s", a.status, a.body)
	a.decode(t, &op)
	name := job + "/importDataFiles/inventory"
	require.False(t, op.Done, "create operation %+v", op)
	require.Equal(t, name, op.Metadata.Target, "create operation %+v", op)
	var f mig.ImportDataFile
	e.ok(http.MethodGet, "/v1alpha1/"+name, nil, &f)
	require.Equal(t, mig.FileStateCreating, f.State, "file while creating %+v", f)
	require.Equal(t, mig.FormatRVToolsCSV, f.Format, "file while creating %+v", f)
	require.Equal(t, name, f.Name, "file while creating %+v", f)
	e.clock.Advance(time.Second)
	e.ok(http.MethodGet, "/v1alpha1/"+op.Name, nil, &op)
	require.False(t, op.Done, "operation done before its delay")
	e.clock.Advance(time.Second)
	e.ok(http.MethodGet, "/v1alpha1/"+op.Name, nil, &op)
	require.True(t, op.Done, "operation after its delay %+v", op)
	require.Nil(t, op.Error, "operation after its delay %+v", op)
	done, err := opResponse[mig.ImportDataFile](op)
	require.NoError(t, err)
	require.Equal(t, mig.FileStateActive, done.State, "created file %+v", done)
	require.Equal(t, "Inventory", done.DisplayName, "created file %+v", done)
	require.Equal(t, "2025-03-01T12:00:02Z", done.CreateTime, "created file %+v", done)
	var typed struct {
		Type string `json:"@type"`
	}
	_ = json.Unmarshal(op.Response, &typed)
	assert.Equal(t, mig.TypeImportDataFile, typed.Type, "response @type %q", typed.Type)
	info := done.UploadFileInfo
	if info == nil || !strings.HasPrefix(info.SignedURI, e.url+"/upload/v1alpha1/"+name+"?") ||
		info.Headers["Content-Type"] != "text/csv" || info.Headers[mig.HeaderContentLengthRange] != "0,33554432" ||
		info.URIExpirationTime != "2025-03-01T13:00:02Z" {
		t.Fatalf("upload info %+v", info)
	}

	if files := e.listFiles(); len(files) != 1 || files[0].Name != name {
		t.Fatalf("list %+v", files)
	}

	e.ok(http.MethodDelete, "/v1alpha1/"+name, nil, &op)
	require.False(t, op.Done, "delete operation %+v", op)
	require.Equal(t, "delete", op.Metadata.Verb, "delete operation %+v", op)
	e.ok(http.MethodGet, "/v1alpha1/"+name, nil, &f)
	require.Equal(t, mig.FileStateDeleting, f.State, "state while deleting %s", f.State)
	e.clock.Advance(2 * time.Second)
	wantStatus(t, e.do(http.MethodGet, "/v1alpha1/"+name, token, nil), http.StatusNotFound, mig.StatusNotFound, "")
	e.ok(http.MethodGet, "/v1alpha1/"+op.Name, nil, &op)
	require.True(t, op.Done, "delete operation after its delay %+v", op)
	require.True(t, strings.Contains(string(op.Response), mig.TypeEmpty), "delete operation after its delay %+v", op)
}

func TestZeroDelayFinishesInTheAnswer(t *testing.T) {
	e := start(t, nil)
	if op := e.createJob("job-1"); !op.Done {
		t.Fatalf("operation %+v not done with a zero delay", op)
	}
	var op mig.Operation
	e.createFile("f1", mig.ImportDataFile{}, "").decode(t, &op)
	f, err := opResponse[mig.ImportDataFile](op)
	if err != nil || f.State != mig.FileStateActive || f.Format != mig.FormatUnspecified ||
		f.UploadFileInfo.Headers["Content-Type"] != "application/octet-stream" {
		t.Fatalf("file %+v, %v", f, err)
	}
}

func TestCreateValidation(t *testing.T) {
	e := start(t, nil)
	e.createJob("job-1")
	long := strings.Repeat("é", 257)
	cases := []struct {
		name   string
		id     string
		file   mig.ImportDataFile
		req    string
		status int
		code   string
		field  string
	}{
		{"missing id", "", mig.ImportDataFile{}, "", 400, mig.StatusInvalidArgument, "importDataFileId"},
		{"bad id", "Not_Valid", mig.ImportDataFile{}, "", 400, mig.StatusInvalidArgument, "importDataFileId"},
		{"id ending in a hyphen", "abc-", mig.ImportDataFile{}, "", 400, mig.StatusInvalidArgument, "importDataFileId"},
		{"long display name", "f1", mig.ImportDataFile{DisplayName: long}, "", 400, mig.StatusInvalidArgument, "displayName"},
		{"unknown format", "f1", mig.ImportDataFile{Format: "IMPORT_JOB_FORMAT_PDF"}, "", 400, mig.StatusInvalidArgument, "format"},
		{"zero request id", "f1", mig.ImportDataFile{}, zeroID, 400, mig.StatusInvalidArgument, "requestId"},
		{"non-UUID request id", "f1", mig.ImportDataFile{}, "request-1", 400, mig.StatusInvalidArgument, "requestId"},
		{"UUID without hyphens", "f1", mig.ImportDataFile{}, strings.ReplaceAll(reqID, "-", ""), 400, mig.StatusInvalidArgument, "requestId"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wantStatus(t, e.createFile(c.id, c.file, c.req), c.status, c.code, c.field)
		})
	}
	require.Equal(t, 0, len(e.listFiles()), "a refused create left a file")

	// 256 characters is the limit, counted in characters, not bytes.
	if a := e.createFile("f1", mig.ImportDataFile{DisplayName: long[:256*2]}, ""); a.status != http.StatusOK {
		t.Fatalf("256 characters refused: %s", a.body)
	}
	wantStatus(t, e.createFile("f1", mig.ImportDataFile{}, ""), http.StatusConflict, mig.StatusAlreadyExists, "")

	// Every format of the contract is accepted.
	for i, f := range mig.Formats {
		if a := e.createFile(fmt.Sprintf("fmt-%d", i), mig.ImportDataFile{Format: f}, ""); a.status != http.StatusOK {
			t.Fatalf("format %s refused: %s", f, a.body)
		}
	}

	// A missing parent job.
	q := "/v1alpha1/" + loc + "/importJobs/no-such-job/importDataFiles?importDataFileId=f1"
	a := e.do(http.MethodPost, q, token, mig.ImportDataFile{})
	wantStatus(t, a, http.StatusNotFound, mig.StatusNotFound, "")
	assert.Contains(t, a.apiError(t).Message, "import job "+loc+"/importJobs/no-such-job not found", "message %q", a.apiError(t).Message)

	// Unknown JSON fields are refused, output-only ones ignored.
	a = e.do(http.MethodPost, "/v1alpha1/"+job+"/importDataFiles?importDataFileId=x1", token, map[string]any{"colour": "red"})
	wantStatus(t, a, http.StatusBadRequest, mig.StatusInvalidArgument, "")
	var op mig.Operation
	e.ok(http.MethodPost, "/v1alpha1/"+job+"/importDataFiles?importDataFileId=x2", map[string]any{"state": "ACTIVE", "name": "other"}, &op)
	if f, _ := opResponse[mig.ImportDataFile](op); f.Name != job+"/importDataFiles/x2" {
		t.Errorf("output-only name taken from the request: %+v", f)
	}
}

func TestRequestIDIdempotency(t *testing.T) {
	e := start(t, func(c *migration.Config) {
		c.OperationDelay = time.Second
		c.RequestIDRetention = 10 * time.Minute
	})
	e.createJob("job-1")
	file := mig.ImportDataFile{DisplayName: "Inventory", Format: mig.FormatManualCSV}

	var first, again mig.Operation
	e.createFile("inventory", file, reqID).decode(t, &first)
	e.clock.Advance(5 * time.Minute)
	a := e.createFile("inventory", file, reqID)
	require.Equal(t, http.StatusOK, a.status, "repeat within the window: HTTP %d %s", a.status, a.body)
	a.decode(t, &again)
	require.Equal(t, first.Name, again.Name, "repeat started operation %s, first %s", again.Name, first.Name)
	require.True(t, again.Done, "the repeat does not answer the first operation's current state")
	if n := len(e.listFiles()); n != 1 {
		t.Fatalf("%d files after a repeated create", n)
	}

	// The same requestId for a different request is a conflict.
	wantStatus(t, e.createFile("inventory", mig.ImportDataFile{DisplayName: "Other"}, reqID), http.StatusConflict, mig.StatusAborted, "")
	wantStatus(t, e.createFile("other", file, reqID), http.StatusConflict, mig.StatusAborted, "")

	// After the window the ID is forgotten: the create is processed again.
	e.clock.Advance(6 * time.Minute)
	wantStatus(t, e.createFile("inventory", file, reqID), http.StatusConflict, mig.StatusAlreadyExists, "")

	// Without a requestId, a repeated create meets the existing file.
	wantStatus(t, e.createFile("inventory", file, ""), http.StatusConflict, mig.StatusAlreadyExists, "")

	// Delete is idempotent by requestId too, even after the file is gone.
	delID := "0e6f4c1e-3f0a-4f7b-8d55-6a3c2b1d9e00"
	var d1, d2 mig.Operation
	e.ok(http.MethodDelete, "/v1alpha1/"+job+"/importDataFiles/inventory?requestId="+delID, nil, &d1)
	e.clock.Advance(2 * time.Second)
	e.ok(http.MethodDelete, "/v1alpha1/"+job+"/importDataFiles/inventory?requestId="+delID, nil, &d2)
	require.Equal(t, d2.Name, d1.Name, "repeated delete: %+v then %+v", d1, d2)
	require.True(t, d2.Done, "repeated delete: %+v then %+v", d1, d2)
}

func TestConcurrentRepeatsCreateOneFile(t *testing.T) {
	e := start(t, nil)
	e.createJob("job-1")
	var wg sync.WaitGroup
	names := make([]string, 8)
	for i := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			q := "/v1alpha1/" + job + "/importDataFiles?importDataFileId=same&requestId=" + reqID
			req, _ := http.NewRequest(http.MethodPost, e.url+q, strings.NewReader(`{"format":"IMPORT_JOB_FORMAT_CMDB"}`))
			req.Header.Set("Authorization", "Bearer "+token)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			defer resp.Body.Close()
			var op mig.Operation
			if err := json.NewDecoder(resp.Body).Decode(&op); err != nil || resp.StatusCode != 200 {
				t.Errorf("HTTP %d %v", resp.StatusCode, err)
				return
			}
			names[i] = op.Name
		}()
	}
	wg.Wait()
	for _, n := range names {
		require.Equal(t, names[0], n, "operations %v differ", names)
	}
	if n := len(e.listFiles()); n != 1 {
		t.Fatalf("%d files", n)
	}
}

func upload(t *testing.T, signedURI string, headers map[string]string, body string) answer {
	t.Helper()
	req, err := http.NewRequest(http.MethodPut, signedURI, strings.NewReader(body))
	require.NoError(t, err)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return answer{status: resp.StatusCode, header: resp.Header, body: b}
}

func TestUploadToSignedAddress(t *testing.T) {
	e := start(t, func(c *migration.Config) {
		c.UploadURLTTL = 30 * time.Minute
		c.MaxUploadBytes = 1024
	})
	e.createJob("job-1")
	var op mig.Operation
	e.createFile("inventory", mig.ImportDataFile{Format: mig.FormatRVToolsCSV}, "").decode(t, &op)
	f, err := opResponse[mig.ImportDataFile](op)
	require.NoError(t, err)
	info := *f.UploadFileInfo
	require.Equal(t, "0,1024", info.Headers[mig.HeaderContentLengthRange], "headers %v", info.Headers)

	// Nothing to read back before an upload.
	wantStatus(t, e.do(http.MethodGet, "/v1alpha1/"+f.Name+"?alt=media", token, nil), http.StatusNotFound, mig.StatusNotFound, "")

	a := upload(t, info.SignedURI, info.Headers, csvData)
	require.Equal(t, http.StatusOK, a.status, "upload: HTTP %d %s", a.status, a.body)
	var res mig.UploadResult
	a.decode(t, &res)
	require.Equal(t, int64(len(csvData)), res.Size, "upload result %+v", res)
	require.Equal(t, "text/csv", res.ContentType, "upload result %+v", res)
	require.Equal(t, f.Name, res.Name, "upload result %+v", res)
	require.Len(t, res.SHA256, 64, "upload result %+v", res)
	got := e.do(http.MethodGet, "/v1alpha1/"+f.Name+"?alt=media", token, nil)
	if got.status != http.StatusOK || string(got.body) != csvData || got.header.Get("Content-Type") != "text/csv" ||
		got.header.Get("X-Content-Sha256") != res.SHA256 {
		t.Fatalf("read back: HTTP %d %q %v", got.status, got.body, got.header)
	}
	// Reading back needs the access token.
	wantStatus(t, e.do(http.MethodGet, "/v1alpha1/"+f.Name+"?alt=media", "", nil), http.StatusUnauthorized, mig.StatusUnauthenticated, "")

	u, _ := url.Parse(info.SignedURI)
	alter := func(key, value string) string {
		v := *u
		q := v.Query()
		q.Set(key, value)
		v.RawQuery = q.Encode()
		return v.String()
	}
	withHeader := func(k, v string) map[string]string {
		h := map[string]string{}
		for hk, hv := range info.Headers {
			h[hk] = hv
		}
		h[k] = v
		return h
	}
	sig := u.Query().Get(mig.QuerySignature)
	flipped := string(rune(sig[0]^1)) + sig[1:]
	refused := []struct {
		name    string
		uri     string
		headers map[string]string
	}{
		{"altered signature", alter(mig.QuerySignature, flipped), info.Headers},
		{"no signature", alter(mig.QuerySignature, ""), info.Headers},
		{"later expiry", alter(mig.QueryExpires, fmt.Sprint(e.clock.Now().Add(24*time.Hour).Unix())), info.Headers},
		{"fewer signed headers", alter(mig.QuerySignedHeaders, "content-type"), info.Headers},
		{"other content type", info.SignedURI, withHeader("Content-Type", "application/pdf")},
		{"larger range", info.SignedURI, withHeader(mig.HeaderContentLengthRange, "0,999999")},
		{"missing header", info.SignedURI, map[string]string{"Content-Type": "text/csv"}},
		{"other file", strings.Replace(info.SignedURI, "/inventory?", "/other?", 1), info.Headers},
	}
	e.createFile("other", mig.ImportDataFile{Format: mig.FormatRVToolsCSV}, "")
	for _, c := range refused {
		t.Run(c.name, func(t *testing.T) {
			a := upload(t, c.uri, c.headers, "tampered")
			wantStatus(t, a, http.StatusForbidden, mig.StatusPermissionDenied, "")
			assert.Contains(t, a.apiError(t).Message, "signature does not match", "message %q", a.apiError(t).Message)
		})
	}

	// Content outside the signed range.
	wantStatus(t, upload(t, info.SignedURI, info.Headers, strings.Repeat("x", 1025)), http.StatusBadRequest, mig.StatusInvalidArgument, "")
	// Other methods.
	req, _ := http.NewRequest(http.MethodGet, info.SignedURI, nil)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode, "GET of the upload address: HTTP %d", resp.StatusCode)
	require.Equal(t, http.MethodPut, resp.Header.Get("Allow"), "GET of the upload address: HTTP %d", resp.StatusCode)

	// The refused uploads changed nothing.
	if got := e.do(http.MethodGet, "/v1alpha1/"+f.Name+"?alt=media", token, nil); string(got.body) != csvData {
		t.Fatalf("content changed to %q", got.body)
	}

	// A second upload replaces the content.
	if a := upload(t, info.SignedURI, info.Headers, "name\nvm-3\n"); a.status != http.StatusOK {
		t.Fatalf("second upload: %s", a.body)
	}
	if got := e.do(http.MethodGet, "/v1alpha1/"+f.Name+"?alt=media", token, nil); string(got.body) != "name\nvm-3\n" {
		t.Fatalf("content %q after the second upload", got.body)
	}

	// Expired.
	e.clock.Advance(30 * time.Minute)
	a = upload(t, info.SignedURI, info.Headers, csvData)
	wantStatus(t, a, http.StatusForbidden, mig.StatusPermissionDenied, "")
	assert.Contains(t, a.apiError(t).Message, "expired at "+info.URIExpirationTime, "message %q", a.apiError(t).Message)
}

func TestUploadAddressDiesWithTheFile(t *testing.T) {
	e := start(t, nil)
	e.createJob("job-1")
	var op mig.Operation
	e.createFile("inventory", mig.ImportDataFile{}, "").decode(t, &op)
	f, _ := opResponse[mig.ImportDataFile](op)
	e.ok(http.MethodDelete, "/v1alpha1/"+f.Name, nil, nil)
	// Answered as a signature that does not match: an upload address
	// tells no one whether a file exists (TestUploadTellsNothingOfOtherFiles).
	wantStatus(t, upload(t, f.UploadFileInfo.SignedURI, f.UploadFileInfo.Headers, "x"), http.StatusForbidden, mig.StatusPermissionDenied, "")
	// A new file of the same name does not accept the old address.
	e.createFile("inventory", mig.ImportDataFile{}, "")
	wantStatus(t, upload(t, f.UploadFileInfo.SignedURI, f.UploadFileInfo.Headers, "x"), http.StatusForbidden, mig.StatusPermissionDenied, "")
}

func TestStateSurvivesRestart(t *testing.T) {
	e := start(t, func(c *migration.Config) { c.OperationDelay = time.Minute })
	e.createJob("job-1")
	var op mig.Operation
	e.createFile("inventory", mig.ImportDataFile{Format: mig.FormatCMDB}, reqID).decode(t, &op)
	var f mig.ImportDataFile
	e.ok(http.MethodGet, "/v1alpha1/"+job+"/importDataFiles/inventory", nil, &f)

	// A second service on the same database: same state, same signing key,
	// pending operations finish on time, requestIds still remembered.
	h, err := migration.New(migration.Config{Store: e.store, Now: e.clock.Now, OperationDelay: time.Minute})
	require.NoError(t, err)
	e2 := &env{t: t, url: sandboxtest.Serve(t, h), clock: e.clock, store: e.store}
	e.clock.Advance(time.Minute)
	var again mig.Operation
	e2.createFile("inventory", mig.ImportDataFile{Format: mig.FormatCMDB}, reqID).decode(t, &again)
	require.Equal(t, op.Name, again.Name, "after restart the repeat answered %+v", again)
	require.True(t, again.Done, "after restart the repeat answered %+v", again)
	if a := upload(t, f.UploadFileInfo.SignedURI, f.UploadFileInfo.Headers, "cmdb"); a.status != http.StatusOK {
		t.Fatalf("upload address issued before the restart: HTTP %d %s", a.status, a.body)
	}
}

func TestImportJobs(t *testing.T) {
	e := start(t, nil)
	for i := range 5 {
		e.createJob(fmt.Sprintf("job-%d", i+1))
	}
	wantStatus(t, e.do(http.MethodPost, "/v1alpha1/"+loc+"/importJobs?importJobId=job-1", token, mig.ImportJob{}), http.StatusConflict, mig.StatusAlreadyExists, "")
	wantStatus(t, e.do(http.MethodPost, "/v1alpha1/"+loc+"/importJobs", token, mig.ImportJob{}), http.StatusBadRequest, mig.StatusInvalidArgument, "importJobId")
	wantStatus(t, e.do(http.MethodPost, "/v1alpha1/"+loc+"/importJobs?importJobId=j9", token, mig.ImportJob{Labels: map[string]string{"Env": "x"}}), http.StatusBadRequest, mig.StatusInvalidArgument, "labels")
	wantStatus(t, e.do(http.MethodPost, "/v1alpha1/"+loc+"/importJobs?importJobId=j9", token, mig.ImportJob{AssetSource: "projects/other/locations/x/sources/s"}), http.StatusBadRequest, mig.StatusInvalidArgument, "assetSource")

	// Paging.
	var names []string
	pageToken := ""
	pages := 0
	for {
		var l mig.ListImportJobsResponse
		e.ok(http.MethodGet, "/v1alpha1/"+loc+"/importJobs?pageSize=2&pageToken="+pageToken, nil, &l)
		pages++
		for _, j := range l.ImportJobs {
			names = append(names, strings.TrimPrefix(j.Name, loc+"/importJobs/"))
		}
		if pageToken = l.NextPageToken; pageToken == "" {
			break
		}
	}
	require.EqualValues(t, 3, pages, "%d pages: %v", pages, names)
	require.Equal(t, "job-1,job-2,job-3,job-4,job-5", strings.Join(names, ","), "%d pages: %v", pages, names)
	wantStatus(t, e.do(http.MethodGet, "/v1alpha1/"+loc+"/importJobs?pageToken=garbage", token, nil), http.StatusBadRequest, mig.StatusInvalidArgument, "pageToken")

	// Update.
	var op mig.Operation
	e.clock.Advance(time.Hour)
	e.ok(http.MethodPatch, "/v1alpha1/"+job+"?updateMask=displayName,labels", mig.ImportJob{DisplayName: "Renamed", Labels: map[string]string{"env": "test"}}, &op)
	j, err := opResponse[mig.ImportJob](op)
	if err != nil || j.DisplayName != "Renamed" || j.Labels["env"] != "test" || j.UpdateTime != "2025-03-01T13:00:00Z" || j.CreateTime != "2025-03-01T12:00:00Z" {
		t.Fatalf("updated job %+v %v", j, err)
	}
	wantStatus(t, e.do(http.MethodPatch, "/v1alpha1/"+job, token, mig.ImportJob{}), http.StatusBadRequest, mig.StatusInvalidArgument, "updateMask")
	wantStatus(t, e.do(http.MethodPatch, "/v1alpha1/"+job+"?updateMask=assetSource", token, mig.ImportJob{}), http.StatusBadRequest, mig.StatusInvalidArgument, "updateMask")

	// A job with files is deleted only with force, and takes them along.
	e.createFile("f1", mig.ImportDataFile{}, "")
	wantStatus(t, e.do(http.MethodDelete, "/v1alpha1/"+job, token, nil), http.StatusBadRequest, mig.StatusFailedPrecondition, "")
	e.ok(http.MethodDelete, "/v1alpha1/"+job+"?force=true", nil, &op)
	require.True(t, op.Done, "delete %+v", op)
	wantStatus(t, e.do(http.MethodGet, "/v1alpha1/"+job+"/importDataFiles/f1", token, nil), http.StatusNotFound, mig.StatusNotFound, "")
	wantStatus(t, e.do(http.MethodGet, "/v1alpha1/"+job, token, nil), http.StatusNotFound, mig.StatusNotFound, "")
	wantStatus(t, e.createFile("f2", mig.ImportDataFile{}, ""), http.StatusNotFound, mig.StatusNotFound, "")
}

func TestJobBeingDeletedAcceptsNoFiles(t *testing.T) {
	e := start(t, func(c *migration.Config) { c.OperationDelay = time.Second })
	e.createJob("job-1")
	e.clock.Advance(time.Second)
	e.ok(http.MethodDelete, "/v1alpha1/"+job, nil, nil)
	wantStatus(t, e.createFile("f1", mig.ImportDataFile{}, ""), http.StatusBadRequest, mig.StatusFailedPrecondition, "")
}

func TestRateLimit(t *testing.T) {
	e := start(t, func(c *migration.Config) {
		c.RateLimit = 0.5
		c.RateBurst = 2
	})
	for range 2 {
		if a := e.do(http.MethodGet, "/v1alpha1/"+loc+"/importJobs", token, nil); a.status != http.StatusOK {
			t.Fatalf("HTTP %d", a.status)
		}
	}
	a := e.do(http.MethodGet, "/v1alpha1/"+loc+"/importJobs", token, nil)
	wantStatus(t, a, http.StatusTooManyRequests, mig.StatusResourceExhausted, "")
	assert.NotEmpty(t, a.header.Get("Retry-After"), "no Retry-After")
}

// opResponse decodes the response of a finished operation.
func opResponse[T any](op mig.Operation) (T, error) {
	var v T
	if !op.Done || len(op.Response) == 0 {
		return v, fmt.Errorf("operation %s has no response", op.Name)
	}
	err := json.Unmarshal(op.Response, &v)
	return v, err
}
