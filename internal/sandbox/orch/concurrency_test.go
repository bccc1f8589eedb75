package orch_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// TestConcurrentDeployments: twenty applications of three units deployed at
// once (as a parallel apply does) all succeed, each with its own machines,
// and unit and machine numbers do not collide.
func TestConcurrentDeployments(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("busy", "")
	apps := "/v1/models/" + uuid + "/applications"
	var wg sync.WaitGroup
	statuses := make([]int, 20)
	for i := range statuses {
		wg.Go(func() {
			// Only the status is read here: require must not run off the
			// test's goroutine.
			req, _ := http.NewRequest(http.MethodPost, e.ctl.URL+apps, stringsReader(fmt.Sprintf(`{"name": "app%c", "charm": {"name": "ubuntu"}, "units": 3}`, 'a'+i)))
			req.Header.Set("Authorization", "Bearer "+e.token)
			res, err := e.ctl.Client.Do(req)
			if err == nil {
				statuses[i] = res.StatusCode
				res.Body.Close()
			}
		})
	}
	wg.Wait()
	for i, s := range statuses {
		require.Equal(t, http.StatusCreated, s, "deployment %d", i)
	}
	machines := items(e.must(http.StatusOK, http.MethodGet, "/v1/models/"+uuid+"/machines", ""))
	require.Len(t, machines, 60)
	seen := map[string]bool{}
	for _, m := range machines {
		id := str(m, "id")
		assert.False(t, seen[id], "machine %s twice", id)
		seen[id] = true
		assert.Len(t, strs(m, "units"), 1)
	}
	for _, a := range items(e.must(http.StatusOK, http.MethodGet, apps, "")) {
		assert.Equal(t, 3, num(a, "scale"))
	}
}
