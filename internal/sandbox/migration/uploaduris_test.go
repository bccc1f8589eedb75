package migration_test

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	mig "github.com/iacsuite/providers/internal/api/migration"
)

// A fresh address for an existing data file takes an upload until it is
// revoked or expires; revoking it leaves the file's own address and the
// other fresh ones valid.
func TestUploadURIsIssuedAndRevoked(t *testing.T) {
	e := start(t, nil)
	e.createJob("job-1")
	var op mig.Operation
	e.createFile("inventory", mig.ImportDataFile{Format: mig.FormatManualCSV}, "").decode(t, &op)
	f, err := opResponse[mig.ImportDataFile](op)
	require.NoError(t, err)

	var one, two mig.UploadURI
	e.ok(http.MethodPost, "/v1alpha1/"+f.Name+"/uploadUris", mig.CreateUploadURIRequest{TTLSeconds: 600}, &one)
	e.ok(http.MethodPost, "/v1alpha1/"+f.Name+"/uploadUris", nil, &two)
	require.Regexp(t, "^"+f.Name+"/uploadUris/[0-9a-f]{24}$", one.Name)
	require.NotEqual(t, one.SignedURI, two.SignedURI)
	require.NotEqual(t, f.UploadFileInfo.SignedURI, one.SignedURI)
	require.Equal(t, f.UploadFileInfo.Headers, one.Headers)
	require.Equal(t, e.clock.Now().Add(10*time.Minute).Format(time.RFC3339), one.URIExpirationTime)
	require.Equal(t, e.clock.Now().Add(time.Hour).Format(time.RFC3339), two.URIExpirationTime, "the default validity")

	a := upload(t, one.SignedURI, one.Headers, csvData)
	require.Equal(t, http.StatusOK, a.status, "upload: HTTP %d %s", a.status, a.body)
	got := e.do(http.MethodGet, "/v1alpha1/"+f.Name+"?alt=media", token, nil)
	require.Equal(t, csvData, string(got.body))

	// The address's ID is signed: another ID with its signature is refused.
	u, err := url.Parse(one.SignedURI)
	require.NoError(t, err)
	q := u.Query()
	q.Set(mig.QueryUploadURI, "000000000000000000000000")
	u.RawQuery = q.Encode()
	wantStatus(t, upload(t, u.String(), one.Headers, csvData), http.StatusForbidden, mig.StatusPermissionDenied, "")

	e.ok(http.MethodDelete, "/v1alpha1/"+one.Name, nil, nil)
	a = upload(t, one.SignedURI, one.Headers, csvData)
	wantStatus(t, a, http.StatusForbidden, mig.StatusPermissionDenied, "")
	require.Contains(t, string(a.body), "was revoked")
	wantStatus(t, e.do(http.MethodDelete, "/v1alpha1/"+one.Name, token, nil), http.StatusNotFound, mig.StatusNotFound, "")
	for _, other := range []mig.UploadFileInfo{two.UploadFileInfo, *f.UploadFileInfo} {
		a := upload(t, other.SignedURI, other.Headers, csvData)
		require.Equal(t, http.StatusOK, a.status, "upload: HTTP %d %s", a.status, a.body)
	}

	// It expires as the file's own does.
	e.clock.Advance(time.Hour)
	a = upload(t, two.SignedURI, two.Headers, csvData)
	wantStatus(t, a, http.StatusForbidden, mig.StatusPermissionDenied, "")
	require.Contains(t, string(a.body), "expired")
}

func TestUploadURIRefusals(t *testing.T) {
	e := start(t, nil)
	e.createJob("job-1")
	var op mig.Operation
	e.createFile("inventory", mig.ImportDataFile{}, "").decode(t, &op)
	f, _ := opResponse[mig.ImportDataFile](op)
	for _, ttl := range []int{59, 3601, -1} {
		wantStatus(t, e.do(http.MethodPost, "/v1alpha1/"+f.Name+"/uploadUris", token, mig.CreateUploadURIRequest{TTLSeconds: ttl}),
			http.StatusBadRequest, mig.StatusInvalidArgument, "ttlSeconds")
	}
	wantStatus(t, e.do(http.MethodPost, "/v1alpha1/"+job+"/importDataFiles/missing/uploadUris", token, nil), http.StatusNotFound, mig.StatusNotFound, "")
	wantStatus(t, e.do(http.MethodPost, "/v1alpha1/"+f.Name+"/uploadUris", "", nil), http.StatusUnauthorized, "UNAUTHENTICATED", "")
	// Deleting the file forgets its addresses.
	var u mig.UploadURI
	e.ok(http.MethodPost, "/v1alpha1/"+f.Name+"/uploadUris", nil, &u)
	e.ok(http.MethodDelete, "/v1alpha1/"+f.Name, nil, nil)
	wantStatus(t, upload(t, u.SignedURI, u.Headers, "x"), http.StatusForbidden, mig.StatusPermissionDenied, "")
	wantStatus(t, e.do(http.MethodDelete, "/v1alpha1/"+u.Name, token, nil), http.StatusNotFound, mig.StatusNotFound, "")
}
