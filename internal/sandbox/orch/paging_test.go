package orch_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// pagesOf follows nextPageToken through a list of path with query q and
// returns the names (at key) of every page.
func pagesOf(e *env, path string, q url.Values, key string) [][]string {
	e.t.Helper()
	var pages [][]string
	for {
		out := e.must(http.StatusOK, http.MethodGet, path+"?"+q.Encode(), "")
		var names []string
		for _, it := range items(out) {
			names = append(names, str(it, key))
		}
		pages = append(pages, names)
		tok, _ := out["nextPageToken"].(string)
		if tok == "" {
			return pages
		}
		q.Set("pageToken", tok)
		require.Less(e.t, len(pages), 20, "the pages never end")
	}
}

func TestListsPage(t *testing.T) {
	e := start(t, orchtest.Options{})
	for i := range 6 {
		e.model(fmt.Sprintf("paged-%d", i), "")
	}
	// Without pageSize or pageToken: every item, no token, as before.
	all := e.must(http.StatusOK, http.MethodGet, "/v1/models", "")
	assert.Nil(t, all["nextPageToken"])
	var every []string
	for _, it := range items(all) {
		every = append(every, str(it, "name"))
	}
	require.Len(t, every, 6)

	pages := pagesOf(e, "/v1/models", url.Values{"pageSize": {"2"}}, "name")
	assert.Equal(t, [][]string{every[0:2], every[2:4], every[4:6], nil}, pages, "insertion order, at most pageSize, a last empty page after a full one")

	// A filter applies before paging: pages are full of matching items.
	pages = pagesOf(e, "/v1/models", url.Values{"pageSize": {"1"}, "name": {"paged-3"}}, "name")
	assert.Equal(t, []string{"paged-3"}, pages[0])

	// An item removed between pages neither repeats nor hides another.
	first := e.must(http.StatusOK, http.MethodGet, "/v1/models?pageSize=3", "")
	require.Len(t, items(first), 3)
	e.must(http.StatusAccepted, http.MethodDelete, "/v1/models/"+str(items(first)[2], "uuid"), "")
	rest := pagesOf(e, "/v1/models", url.Values{"pageSize": {"3"}, "pageToken": {first["nextPageToken"].(string)}}, "name")
	assert.Equal(t, every[3:6], rest[0])

	// Lists in a model page too.
	uuid := e.model("paged-apps", "")
	for range 3 {
		e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+uuid+"/machines", `{"base": "ubuntu@22.04"}`)
	}
	pages = pagesOf(e, "/v1/models/"+uuid+"/machines", url.Values{"pageSize": {"2"}}, "id")
	assert.Equal(t, [][]string{{"0", "1"}, {"2"}}, pages)

	e.fails(http.StatusBadRequest, "bad-request", "pageSize", http.MethodGet, "/v1/models?pageSize=0", "")
	e.fails(http.StatusBadRequest, "bad-request", "pageToken", http.MethodGet, "/v1/models?pageToken=nonsense", "")
}
