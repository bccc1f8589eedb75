package hub_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/hub/hubtest"
)

type page struct {
	Items []struct {
		Name   string `json:"name"`
		Object string `json:"object"`
	} `json:"items"`
	NextPageToken string `json:"nextPageToken"`
}

// walk pages through path with pageSize and returns the names (or tuple
// objects) in order and the number of requests.
func walk(t *testing.T, h *hubtest.Hub, tok, path string, size int) ([]string, int) {
	t.Helper()
	var out []string
	token, requests := "", 0
	for {
		q := url.Values{"pageSize": {fmt.Sprint(size)}}
		if token != "" {
			q.Set("pageToken", token)
		}
		sep := "?"
		if u, _ := url.Parse(path); u.RawQuery != "" {
			sep = "&"
		}
		status, raw := h.Do(t, tok, http.MethodGet, path+sep+q.Encode(), "")
		require.Equal(t, http.StatusOK, status, string(raw))
		requests++
		var p page
		require.NoError(t, json.Unmarshal(raw, &p))
		require.LessOrEqual(t, len(p.Items), size)
		for _, it := range p.Items {
			out = append(out, it.Name+it.Object)
		}
		if p.NextPageToken == "" {
			return out, requests
		}
		token = p.NextPageToken
	}
}

// TestListsPage: groups, roles and relations page in insertion order;
// a change between pages neither repeats nor drops the others; a bad
// pageSize or pageToken is refused naming it; without paging parameters
// the answer holds everything.
func TestListsPage(t *testing.T) {
	t.Parallel()
	h := hubtest.Start(t, hubtest.Options{NoDefaultGrants: true})
	admin := h.AdminToken(t)
	var groups []string
	var groupUUID string
	for i := range 7 {
		name := fmt.Sprintf("g%d", i)
		status, raw := h.Do(t, admin, http.MethodPost, "/v1/hub/groups", `{"name": "`+name+`"}`)
		require.Equal(t, http.StatusCreated, status, string(raw))
		groups = append(groups, name)
		if i == 0 {
			groupUUID = decodeMap(t, raw)["uuid"].(string)
		}
		status, raw = h.Do(t, admin, http.MethodPost, "/v1/hub/roles", `{"name": "r`+name+`"}`)
		require.Equal(t, http.StatusCreated, status, string(raw))
	}
	var members []string
	for i := range 5 {
		obj := fmt.Sprintf("user-u%d", i)
		status, raw := h.Do(t, admin, http.MethodPost, "/v1/hub/relations",
			`{"add": [{"object": "`+obj+`", "relation": "member", "target": "group-`+groupUUID+`"}]}`)
		require.Equal(t, http.StatusNoContent, status, string(raw))
		members = append(members, obj)
	}

	got, requests := walk(t, h, admin, "/v1/hub/groups", 3)
	assert.Equal(t, groups, got)
	assert.Equal(t, 3, requests, "7 groups in pages of 3")
	got, _ = walk(t, h, admin, "/v1/hub/roles", 2)
	assert.Len(t, got, 7)
	got, _ = walk(t, h, admin, "/v1/hub/groups?name=g3", 2)
	assert.Equal(t, []string{"g3"}, got, "filters apply to pages")
	got, _ = walk(t, h, admin, "/v1/hub/relations?target=group-"+groupUUID, 2)
	assert.Equal(t, members, got)

	// A group removed and one added between pages: the rest neither repeat
	// nor go missing.
	status, raw := h.Do(t, admin, http.MethodGet, "/v1/hub/groups?pageSize=3", "")
	require.Equal(t, http.StatusOK, status)
	var first page
	require.NoError(t, json.Unmarshal(raw, &first))
	status, raw = h.Do(t, admin, http.MethodGet, "/v1/hub/groups?name=g1", "")
	require.Equal(t, http.StatusOK, status)
	var g1 struct {
		Items []struct{ UUID string } `json:"items"`
	}
	require.NoError(t, json.Unmarshal(raw, &g1))
	status, _ = h.Do(t, admin, http.MethodDelete, "/v1/hub/groups/"+g1.Items[0].UUID, "")
	require.Equal(t, http.StatusNoContent, status)
	status, _ = h.Do(t, admin, http.MethodPost, "/v1/hub/groups", `{"name": "late"}`)
	require.Equal(t, http.StatusCreated, status)
	status, raw = h.Do(t, admin, http.MethodGet, "/v1/hub/groups?pageSize=100&pageToken="+first.NextPageToken, "")
	require.Equal(t, http.StatusOK, status, string(raw))
	var rest page
	require.NoError(t, json.Unmarshal(raw, &rest))
	var names []string
	for _, it := range rest.Items {
		names = append(names, it.Name)
	}
	assert.Equal(t, []string{"g3", "g4", "g5", "g6", "late"}, names)

	// Without paging parameters: everything, no token.
	status, raw = h.Do(t, admin, http.MethodGet, "/v1/hub/groups", "")
	require.Equal(t, http.StatusOK, status)
	var all page
	require.NoError(t, json.Unmarshal(raw, &all))
	assert.Len(t, all.Items, 7)
	assert.Empty(t, all.NextPageToken)

	for _, bad := range []struct{ query, field string }{
		{"pageSize=0", "pageSize"}, {"pageSize=x", "pageSize"}, {"pageToken=forged", "pageToken"},
	} {
		status, raw := h.Do(t, admin, http.MethodGet, "/v1/hub/groups?"+bad.query, "")
		assert.Equal(t, http.StatusBadRequest, status, bad.query)
		assert.Equal(t, bad.field, decodeMap(t, raw)["field"], bad.query)
	}
}

// TestControllersAndModelsPage: the controllers and models lists page
// too, a page of controllers probing only its own.
func TestControllersAndModelsPage(t *testing.T) {
	t.Parallel()
	h, admin, _, _, _ := hubWithControllers(t)
	got, requests := walk(t, h, admin, "/v1/hub/controllers", 1)
	assert.Equal(t, []string{"east", "west"}, got)
	assert.Equal(t, 3, requests, "two full pages of one, then an empty one")
	for i := range 3 {
		status, raw := h.Do(t, admin, http.MethodPost, "/v1/models", fmt.Sprintf(`{"name": "m%d", "cloud": "localhost"}`, i))
		require.Equal(t, http.StatusCreated, status, string(raw))
	}
	got, _ = walk(t, h, admin, "/v1/models", 2)
	assert.Equal(t, []string{"m0", "m1", "m2"}, got)
	// name selects one controller, paged or not.
	got, _ = walk(t, h, admin, "/v1/hub/controllers?name=west", 1)
	assert.Equal(t, []string{"west"}, got)
	for query, want := range map[string][]string{"name=east": {"east"}, "name=north": nil, "": {"east", "west"}} {
		status, raw := h.Do(t, admin, http.MethodGet, "/v1/hub/controllers?"+query, "")
		require.Equal(t, http.StatusOK, status, string(raw))
		var p page
		require.NoError(t, json.Unmarshal(raw, &p))
		var names []string
		for _, it := range p.Items {
			names = append(names, it.Name)
		}
		assert.Equal(t, want, names, query)
		assert.Empty(t, p.NextPageToken, query)
	}
}
