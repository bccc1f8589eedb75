package orch

import (
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Lists page when the request asks for it (docs/api/orch.md, Paging): with
// pageSize or pageToken the answer holds at most pageSize items of the kind
// in insertion order, and nextPageToken when the listing may go on; the
// token is the store position of the last item looked at, so that items
// added or removed meanwhile neither repeat nor shift others out. Without
// either, the answer holds every item, as before lists paged.

// listPage answers the documents of kind (under parent) that keep selects,
// as their views, all of them or the page the request asks for.
func listPage[R, V any](tx *store.Tx, r *http.Request, kind, parent string, keep func(*R) (V, bool, error)) (api.List[V], error) {
	out := api.List[V]{Items: []V{}}
	if !paged(r) {
		all, err := store.List[R](tx, kind, parent)
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
	views, next, full, err := store.Page(tx, kind, parent, after, size, keep)
	if err != nil {
		return out, err
	}
	out.Items = append(out.Items, views...)
	if full {
		out.NextPageToken = pageToken(next)
	}
	return out, nil
}

// paged reports whether the request asks for a page rather than the whole
// listing.
func paged(r *http.Request) bool {
	q := r.URL.Query()
	return q.Get(api.QueryPageSize) != "" || q.Get(api.QueryPageToken) != ""
}

// pageParams reads pageSize (default api.DefaultPageSize, at most
// api.MaxPageSize) and the position pageToken resumes after.
func pageParams(r *http.Request) (size int, after int64, err error) {
	q := r.URL.Query()
	size = api.DefaultPageSize
	if v := q.Get(api.QueryPageSize); v != "" {
		n, convErr := strconv.Atoi(v)
		if convErr != nil || n < 1 {
			return 0, 0, badRequest(api.QueryPageSize, "must be a whole number from 1 to %d, got %q", api.MaxPageSize, v)
		}
		size = min(n, api.MaxPageSize)
	}
	if tok := q.Get(api.QueryPageToken); tok != "" {
		raw, decErr := base64.RawURLEncoding.DecodeString(tok)
		rest, ok := strings.CutPrefix(string(raw), "after:")
		n, convErr := strconv.ParseInt(rest, 10, 64)
		if decErr != nil || !ok || convErr != nil || n < 0 {
			return 0, 0, badRequest(api.QueryPageToken, "is not a token this controller issued")
		}
		after = n
	}
	return size, after, nil
}

func pageToken(after int64) string {
	return base64.RawURLEncoding.EncodeToString([]byte("after:" + strconv.FormatInt(after, 10)))
}
