package migration_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The contract in raw JSON: request bodies are literal and answers are
// decoded into maps, never into the wire types that client and sandbox
// share, so that a JSON name wrong in those types fails here.

func rawObject(t *testing.T, a answer, status int) map[string]any {
	t.Helper()
	require.Equal(t, status, a.status, string(a.body))
	var m map[string]any
	require.NoError(t, json.Unmarshal(a.body, &m), string(a.body))
	return m
}

func rawDo(e *env, method, path, body string) answer {
	e.t.Helper()
	req, err := http.NewRequest(method, e.url+path, strings.NewReader(body))
	require.NoError(e.t, err)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(e.t, err)
	defer resp.Body.Close()
	var b strings.Builder
	_, _ = io.Copy(&b, resp.Body)
	return answer{status: resp.StatusCode, header: resp.Header, body: []byte(b.String())}
}

func TestContractRawJSON(t *testing.T) {
	e := start(t, nil) // no delay: operations finish in their answer

	op := rawObject(t, rawDo(e, http.MethodPost, "/v1alpha1/"+loc+"/importJobs?importJobId=raw-job&requestId="+reqID,
		`{"displayName":"Raw job","labels":{"team":"net"},"assetSource":"`+loc+`/sources/src-1"}`), http.StatusOK)
	assert.Equal(t, true, op["done"])
	name, _ := op["name"].(string)
	assert.True(t, strings.HasPrefix(name, loc+"/operations/"), name)
	meta, _ := op["metadata"].(map[string]any)
	require.NotNil(t, meta, "operation metadata")
	for _, k := range []string{"@type", "createTime", "target", "verb", "apiVersion"} {
		assert.Contains(t, meta, k, "operation metadata")
	}
	job, _ := op["response"].(map[string]any)
	require.NotNil(t, job, "operation response")
	assert.Equal(t, loc+"/importJobs/raw-job", job["name"])
	assert.Equal(t, "Raw job", job["displayName"])
	assert.Equal(t, map[string]any{"team": "net"}, job["labels"])
	assert.Equal(t, loc+"/sources/src-1", job["assetSource"])
	assert.Equal(t, "IMPORT_JOB_STATE_PENDING", job["state"])
	for _, k := range []string{"createTime", "updateTime"} {
		assert.Contains(t, job, k, "import job")
	}

	fileOp := rawObject(t, rawDo(e, http.MethodPost, "/v1alpha1/"+loc+"/importJobs/raw-job/importDataFiles?importDataFileId=raw-file",
		`{"displayName":"Raw file","format":"IMPORT_JOB_FORMAT_RVTOOLS_CSV"}`), http.StatusOK)
	file, _ := fileOp["response"].(map[string]any)
	require.NotNil(t, file, "operation response")
	assert.Equal(t, "IMPORT_JOB_FORMAT_RVTOOLS_CSV", file["format"])
	assert.Equal(t, "ACTIVE", file["state"])
	info, _ := file["uploadFileInfo"].(map[string]any)
	require.NotNil(t, info, "uploadFileInfo")
	assert.Contains(t, info["signedUri"], "/upload/v1alpha1/"+loc+"/importJobs/raw-job/importDataFiles/raw-file?")
	assert.Contains(t, info, "uriExpirationTime")
	headers, _ := info["headers"].(map[string]any)
	assert.Equal(t, "text/csv", headers["Content-Type"])
	assert.Contains(t, headers, "x-cloudnative-content-length-range")

	// A fresh upload address, then its revocation.
	fresh := rawObject(t, rawDo(e, http.MethodPost, "/v1alpha1/"+loc+"/importJobs/raw-job/importDataFiles/raw-file/uploadUris",
		`{"ttlSeconds":600}`), http.StatusOK)
	freshName, _ := fresh["name"].(string)
	assert.True(t, strings.HasPrefix(freshName, loc+"/importJobs/raw-job/importDataFiles/raw-file/uploadUris/"), freshName)
	assert.Contains(t, fresh["signedUri"], "uploadUri=")
	assert.Contains(t, fresh, "uriExpirationTime")
	freshHeaders, _ := fresh["headers"].(map[string]any)
	assert.Equal(t, "text/csv", freshHeaders["Content-Type"])
	assert.Equal(t, map[string]any{}, rawObject(t, rawDo(e, http.MethodDelete, "/v1alpha1/"+freshName, ""), http.StatusOK))

	list := rawObject(t, rawDo(e, http.MethodGet, "/v1alpha1/"+loc+"/importJobs/raw-job/importDataFiles", ""), http.StatusOK)
	files, _ := list["importDataFiles"].([]any)
	assert.Len(t, files, 1)

	// The error body, with its field violation.
	bad := rawObject(t, rawDo(e, http.MethodPost, "/v1alpha1/"+loc+"/importJobs/raw-job/importDataFiles?importDataFileId=x",
		`{"format":"PDF"}`), http.StatusBadRequest)
	status, _ := bad["error"].(map[string]any)
	require.NotNil(t, status, "error body")
	assert.EqualValues(t, 400, status["code"])
	assert.Equal(t, "INVALID_ARGUMENT", status["status"])
	assert.Contains(t, status["message"], "format")
	details, _ := status["details"].([]any)
	require.Len(t, details, 1)
	detail, _ := details[0].(map[string]any)
	assert.Equal(t, "type.cloudnative.example/rpc.BadRequest", detail["@type"])
	violations, _ := detail["fieldViolations"].([]any)
	require.Len(t, violations, 1)
	violation, _ := violations[0].(map[string]any)
	assert.Equal(t, "format", violation["field"])
	assert.Contains(t, violation, "description")
}
