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

// The lists of users, and of a model's SSH keys, storage pools and grants
// (and an offer's grants) page as the others do; the grants can be asked
// for by level.
func TestUserKeyPoolAccessListsPage(t *testing.T) {
	e := start(t, orchtest.Options{})
	for _, u := range []string{"ann", "ben", "cat"} {
		e.must(http.StatusCreated, http.MethodPost, "/v1/users", sprintf(`{"name": %q, "password": "passw0rd-long"}`, u))
	}
	assert.Equal(t, [][]string{{"admin", "ann"}, {"ben", "cat"}, nil}, pagesOf(e, "/v1/users", url.Values{"pageSize": {"2"}}, "name"))
	// Anyone but a superuser sees itself only, paged or not.
	assert.Equal(t, [][]string{{"ben"}}, pagesOf(e.as("ben", "passw0rd-long"), "/v1/users", url.Values{"pageSize": {"5"}}, "name"))

	uuid := e.model("paged-access", "")
	base := "/v1/models/" + uuid
	for _, k := range []string{testKey, otherKey} {
		e.must(http.StatusCreated, http.MethodPost, base+"/ssh-keys", sprintf(`{"key": %q}`, k))
	}
	keys := pagesOf(e, base+"/ssh-keys", url.Values{"pageSize": {"1"}}, "fingerprint")
	assert.Equal(t, testKeyFingerprint, keys[0][0])
	assert.Len(t, keys, 3)
	for _, p := range []string{"fast", "slow", "cold"} {
		e.must(http.StatusCreated, http.MethodPost, base+"/storage-pools", sprintf(`{"name": %q, "provider": "lxd"}`, p))
	}
	// After the model's default pools, in insertion order.
	var pools []string
	for _, page := range pagesOf(e, base+"/storage-pools", url.Values{"pageSize": {"2"}}, "name") {
		assert.LessOrEqual(t, len(page), 2)
		pools = append(pools, page...)
	}
	assert.Equal(t, []string{"fast", "slow", "cold"}, pools[len(pools)-3:])

	for u, level := range map[string]string{"cat": "read", "ann": "write", "ben": "read"} {
		e.must(http.StatusOK, http.MethodPut, base+"/access/"+u, sprintf(`{"access": %q}`, level))
	}
	// A whole listing is in user order; pages in grant order.
	var users []string
	for _, g := range items(e.must(http.StatusOK, http.MethodGet, base+"/access", "")) {
		users = append(users, str(g, "user"))
	}
	assert.Equal(t, []string{"ann", "ben", "cat"}, users)
	read := pagesOf(e, base+"/access", url.Values{"pageSize": {"1"}, "access": {"read"}}, "user")
	assert.ElementsMatch(t, []string{"cat", "ben"}, append(read[0], read[1]...))
	assert.Equal(t, [][]string{{"ann"}}, pagesOf(e, base+"/access", url.Values{"access": {"write"}}, "user"))
	e.fails(http.StatusBadRequest, "bad-request", "access", http.MethodGet, base+"/access?access=consume", "")

	e.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "mysql", "charm": {"name": "mysql"}}`)
	e.must(http.StatusCreated, http.MethodPost, base+"/offers", `{"name": "db", "applicationName": "mysql", "endpoints": ["mysql"]}`)
	for _, u := range []string{"cat", "ann"} {
		e.must(http.StatusOK, http.MethodPut, "/v1/offers/admin/paged-access.db/access/"+u, `{"access": "consume"}`)
	}
	assert.Equal(t, [][]string{{"cat"}, {"ann"}, nil}, pagesOf(e, "/v1/offers/admin/paged-access.db/access", url.Values{"pageSize": {"1"}}, "user"))
}
