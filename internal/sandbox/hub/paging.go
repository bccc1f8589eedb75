package hub

import (
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"

	orchapi "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// The hub's lists of groups, roles, relations and controllers page as the
// controller's do (docs/api/hub.md, Paging): with pageSize or pageToken the
// answer holds at most pageSize items in insertion order and nextPageToken
// when the listing may go on; the token is the store position of the last
// item looked at, so that items added or removed meanwhile neither repeat
// nor shift others out. Without either, the answer holds every item.

// paged reports whether the request asks for a page.
func paged(r *http.Request) bool {
	q := r.URL.Query()
	return q.Get(orchapi.QueryPageSize) != "" || q.Get(orchapi.QueryPageToken) != ""
}

// listPage answers the documents of kind that keep selects, as their views,
// all of them or the page the request asks for.
func listPage[R, V any](tx *store.Tx, r *http.Request, kind string, keep func(*R) (V, bool, error)) (orchapi.List[V], error) {
	out := orchapi.List[V]{Items: []V{}}
	if !paged(r) {
		all, err := store.List[R](tx, kind, "")
		if err != nil {
			return out, err
		}
		for i := range all {
			v, ok, err := keep(&all[i])
			if err != nil {
				return out, err
			}
			if ok {
				out.Items = append(out.Items, v)
			}
		}
		return out, nil
	}
	size, after, err := pageParams(r)
	if err != nil {
		return out, err
	}
	views, next, full, err := store.Page(tx, kind, "", after, size, keep)
	if err != nil {
		return out, err
	}
	out.Items = append(out.Items, views...)
	if full {
		out.NextPageToken = pageToken(next)
	}
	return out, nil
}

// pageParams reads pageSize (default orchapi.DefaultPageSize, at most
// orchapi.MaxPageSize) and the position pageToken resumes after.
func pageParams(r *http.Request) (size int, after int64, err error) {
	q := r.URL.Query()
	size = orchapi.DefaultPageSize
	if v := q.Get(orchapi.QueryPageSize); v != "" {
		n, convErr := strconv.Atoi(v)
		if convErr != nil || n < 1 {
			return 0, 0, badRequest(orchapi.QueryPageSize, "must be a whole number from 1 to %d, got %q", orchapi.MaxPageSize, v)
		}
		size = min(n, orchapi.MaxPageSize)
	}
	if tok := q.Get(orchapi.QueryPageToken); tok != "" {
		raw, decErr := base64.RawURLEncoding.DecodeString(tok)
		rest, ok := strings.CutPrefix(string(raw), "after:")
		n, convErr := strconv.ParseInt(rest, 10, 64)
		if decErr != nil || !ok || convErr != nil || n < 0 {
			return 0, 0, badRequest(orchapi.QueryPageToken, "is not a token this hub issued")
		}
		after = n
	}
	return size, after, nil
}

func pageToken(after int64) string {
	return base64.RawURLEncoding.EncodeToString([]byte("after:" + strconv.FormatInt(after, 10)))
}
