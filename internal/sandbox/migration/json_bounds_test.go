package migration_test

import (
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	mig "github.com/iacsuite/providers/internal/api/migration"
	"github.com/iacsuite/providers/internal/sandbox/migration"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// TestBodyBounds is issue 34 on migration: a body of 100,000 nested arrays
// is a 400 naming the depth limit, a body above 1 MiB a 413 naming the
// size limit (it was cut and refused as "unexpected EOF").
func TestBodyBounds(t *testing.T) {
	e := start(t, nil)
	send := func(method, path, body string) answer {
		t.Helper()
		req, err := http.NewRequest(method, e.url+path, strings.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return answer{status: resp.StatusCode, header: resp.Header, body: b}
	}
	e.createJob("job-1")
	for _, op := range [][2]string{
		{http.MethodPost, "/v1alpha1/" + loc + "/importJobs?importJobId=job-2"},
		{http.MethodPatch, "/v1alpha1/" + job + "?updateMask=displayName"},
		{http.MethodPost, "/v1alpha1/" + job + "/importDataFiles?importDataFileId=file-1"},
	} {
		a := send(op[0], op[1], sandboxtest.NestedJSON("displayName", 100_000))
		require.Equal(t, http.StatusBadRequest, a.status, "%s", a.body)
		st := a.apiError(t)
		require.Equal(t, mig.StatusInvalidArgument, st.Status)
		require.Equal(t, "request body nests objects and arrays deeper than the limit of 64 levels", st.Message)
		a = send(op[0], op[1], sandboxtest.OversizedJSON("displayName"))
		require.Equal(t, http.StatusRequestEntityTooLarge, a.status, "%s", a.body)
		require.Equal(t, "request body is larger than 1 MiB", a.apiError(t).Message)
	}
}

// FuzzDecodeMigration fuzzes the body of PATCH of an import job that does
// not exist (decoded before the job is looked up, so that nothing
// changes): no panic, allocation within sandboxtest.FuzzAllocBound.
func FuzzDecodeMigration(f *testing.F) {
	f.Add([]byte(sandboxtest.NestedJSON("displayName", 100_000)))
	st, err := store.Open(filepath.Join(f.TempDir(), "migration.db"))
	require.NoError(f, err)
	f.Cleanup(func() { st.Close() })
	h, err := migration.New(migration.Config{Store: st})
	require.NoError(f, err)
	auth := http.Header{"Authorization": {"Bearer " + token}}
	f.Fuzz(func(t *testing.T, body []byte) {
		sandboxtest.ServeFuzz(t, h, http.MethodPatch, "/v1alpha1/"+loc+"/importJobs/absent?updateMask=displayName,labels", body, auth)
	})
}
