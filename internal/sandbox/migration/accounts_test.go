package migration_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	mig "github.com/iacsuite/providers/internal/api/migration"
	"github.com/iacsuite/providers/internal/sandbox/migration"
)

// Reliability R6: two accounts, each with its own projects. Every request
// of one account for the other's project is answered 404 NOT_FOUND, the
// same whether the object exists or not, and changes nothing.
func TestAccountsUseOnlyTheirOwnProjects(t *testing.T) {
	e := start(t, nil)
	e.createJob("job-1")
	require.Equal(t, http.StatusOK, e.createFile("file-1", mig.ImportDataFile{Format: "IMPORT_JOB_FORMAT_MANUAL_CSV"}, "").status)
	otherLoc := "projects/" + migration.OtherProject + "/locations/us-central1"
	a := e.do(http.MethodPost, "/v1alpha1/"+otherLoc+"/importJobs?importJobId=theirs", migration.OtherToken, mig.ImportJob{})
	require.Equal(t, http.StatusOK, a.status, "%s", a.body)

	// The same answer for what exists and what does not.
	hidden := func(tok, path, missing string, method string, body any) {
		t.Helper()
		got := e.do(method, path, tok, body)
		wantStatus(t, got, http.StatusNotFound, mig.StatusNotFound, "")
		none := e.do(method, strings.Replace(path, missing, "no-such-thing", 1), tok, body)
		require.Equal(t, none.status, got.status)
		require.Equal(t, string(none.body), string(got.body), "%s %s", method, path)
	}
	for _, p := range []string{"/v1alpha1/" + job, "/v1alpha1/" + job + "/importDataFiles", "/v1alpha1/" + job + "/importDataFiles/file-1"} {
		hidden(migration.OtherToken, p, "job-1", http.MethodGet, nil)
		hidden(migration.OtherToken, p, "job-1", http.MethodDelete, nil)
	}
	hidden(migration.OtherToken, "/v1alpha1/"+loc+"/importJobs?importJobId=job-2", "job-2", http.MethodPost, mig.ImportJob{})
	hidden(token, "/v1alpha1/"+otherLoc+"/importJobs/theirs", "theirs", http.MethodGet, nil)
	hidden(token, "/v1alpha1/"+otherLoc+"/importJobs/theirs", "theirs", http.MethodDelete, nil)
	wantStatus(t, e.do(http.MethodGet, "/v1alpha1/"+otherLoc+"/importJobs", token, nil), http.StatusNotFound, mig.StatusNotFound, "")

	// Nothing changed: each account still has its own.
	require.Len(t, e.listFiles(), 1)
	a = e.do(http.MethodGet, "/v1alpha1/"+otherLoc+"/importJobs/theirs", migration.OtherToken, nil)
	require.Equal(t, http.StatusOK, a.status, "%s", a.body)

	// A token of neither account is refused before anything else.
	wantStatus(t, e.do(http.MethodGet, "/v1alpha1/"+otherLoc+"/importJobs", "forged", nil), http.StatusUnauthorized, mig.StatusUnauthenticated, "")
}
