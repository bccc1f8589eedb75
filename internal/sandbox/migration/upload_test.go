package migration_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	mig "github.com/iacsuite/providers/internal/api/migration"
	"github.com/iacsuite/providers/internal/sandbox/migration"
	"github.com/iacsuite/providers/internal/sandbox/migration/migrationtest"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// maxUploadAlloc bounds what the whole process (client, server, store)
// allocates for one upload of migration.DefaultMaxUploadBytes: the content
// is streamed to the store a chunk at a time, not held whole (let alone in
// several copies: it was 590 MB for 32 MiB, security issue 34).
const maxUploadAlloc = 16 << 20

// uploadAlloc uploads size bytes to a new data file of e and returns what
// the process allocated meanwhile (runtime.MemStats.TotalAlloc), after
// checking the answer and the content read back.
func uploadAlloc(t *testing.T, e *env, id string, size int) uint64 {
	t.Helper()
	var op mig.Operation
	e.createFile(id, mig.ImportDataFile{}, "").decode(t, &op)
	f, err := opResponse[mig.ImportDataFile](op)
	require.NoError(t, err)
	data := bytes.Repeat([]byte("0123456789abcdef"), size/16)
	req, err := http.NewRequest(http.MethodPut, f.UploadFileInfo.SignedURI, bytes.NewReader(data))
	require.NoError(t, err)
	for k, v := range f.UploadFileInfo.Headers {
		req.Header.Set(k, v)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	answer, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s", answer)
	var res mig.UploadResult
	require.NoError(t, json.Unmarshal(answer, &res))
	sum := sha256.Sum256(data)
	require.Equal(t, hex.EncodeToString(sum[:]), res.SHA256)
	require.Equal(t, int64(size), res.Size)

	got := e.do(http.MethodGet, "/v1alpha1/"+f.Name+"?alt=media", token, nil)
	require.Equal(t, http.StatusOK, got.status)
	require.True(t, bytes.Equal(data, got.body), "the content read back is the content uploaded")
	require.Equal(t, res.SHA256, got.header.Get("X-Content-Sha256"))
	return after.TotalAlloc - before.TotalAlloc
}

// TestUploadIsStreamed: an upload of the largest content allocates a
// fraction of its size, not copies of it.
func TestUploadIsStreamed(t *testing.T) {
	// Sealed, as `sandbox serve` opens its stores.
	path := filepath.Join(t.TempDir(), "sealed.db")
	st, err := store.OpenWith(path, store.Options{Key: bytes.Repeat([]byte{7}, 32)})
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	clock := migrationtest.NewClock(time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC))
	h, err := migration.New(migration.Config{Store: st, Now: clock.Now})
	require.NoError(t, err)
	e := &env{t: t, url: sandboxtest.Serve(t, h), clock: clock, store: st, path: path}
	e.createJob("job-1")
	size := migration.DefaultMaxUploadBytes
	alloc := uploadAlloc(t, e, "large", size)
	t.Logf("an upload of %d MiB allocated %.1f MiB", size>>20, float64(alloc)/(1<<20))
	require.Less(t, alloc, uint64(maxUploadAlloc), "allocated for an upload of %d bytes", size)
}

// TestUploadTellsNothingOfOtherFiles: an unauthenticated PUT to an upload
// address answers the same for a data file that does not exist (or no
// longer does) as for one that exists with a signature that does not
// match: no one learns which files exist (security issue 34).
func TestUploadTellsNothingOfOtherFiles(t *testing.T) {
	e := start(t, nil)
	e.createJob("job-1")
	var op mig.Operation
	e.createFile("exists", mig.ImportDataFile{}, "").decode(t, &op)
	f, err := opResponse[mig.ImportDataFile](op)
	require.NoError(t, err)
	e.createFile("deleted", mig.ImportDataFile{}, "").decode(t, &op)
	gone, err := opResponse[mig.ImportDataFile](op)
	require.NoError(t, err)
	e.ok(http.MethodDelete, "/v1alpha1/"+gone.Name, nil, nil)

	info := *f.UploadFileInfo
	u, err := url.Parse(info.SignedURI)
	require.NoError(t, err)
	q := u.Query()
	q.Set(mig.QuerySignature, strings.Repeat("ab", 32))
	u.RawQuery = q.Encode()
	forged := u.String()
	other := strings.Replace(forged, "/importJobs/job-1/importDataFiles/exists?", "/importJobs/job-9/importDataFiles/nothing?", 1)
	otherProject := strings.Replace(forged, "/projects/demo-project/", "/projects/someone-else/", 1)
	require.NotEqual(t, forged, other)
	require.NotEqual(t, forged, otherProject)

	want := upload(t, forged, info.Headers, "x")
	wantStatus(t, want, http.StatusForbidden, mig.StatusPermissionDenied, "")
	for what, uri := range map[string]string{
		"a file that does not exist":           other,
		"a file of another project":            otherProject,
		"a deleted file, with its own address": gone.UploadFileInfo.SignedURI,
		"a file that does not exist, unsigned": strings.Split(other, "?")[0],
	} {
		headers := info.Headers
		if uri == gone.UploadFileInfo.SignedURI {
			headers = gone.UploadFileInfo.Headers
		}
		got := upload(t, uri, headers, "x")
		require.Equal(t, want.status, got.status, what)
		require.Equal(t, string(want.body), string(got.body), what)
	}
}
