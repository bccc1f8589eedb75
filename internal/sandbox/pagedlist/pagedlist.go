// Package pagedlist answers the paged lists of the sandboxes that speak the
// orch error dialect (the controller and the hub; docs/api/orch.md and
// docs/api/hub.md, Paging), so that both page alike: with pageSize or
// pageToken the answer holds at most pageSize items of the kind in
// insertion order, and nextPageToken when the listing may go on; the token
// is the store position of the last item looked at, so that items added or
// removed meanwhile neither repeat nor shift others out. Without either,
// the answer holds every item, as before lists paged.
package pagedlist

import (
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"

	orchapi "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx/orchwire"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Asked reports whether the request asks for a page rather than the whole
// listing.
func Asked(r *http.Request) bool {
	q := r.URL.Query()
	return q.Get(orchapi.QueryPageSize) != "" || q.Get(orchapi.QueryPageToken) != ""
}

// List answers the documents of kind (under parent, when not empty) that
// keep selects, as their views: all of them, or the page the request asks
// for. issuer names the service in the refusal of a token it did not issue
// ("controller", "hub").
func List[R, V any](tx *store.Tx, r *http.Request, issuer, kind, parent string, keep func(*R) (V, bool, error)) (orchapi.List[V], error) {
	out := orchapi.List[V]{Items: []V{}}
	if !Asked(r) {
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
	size, after, err := Params(r, issuer)
	if err != nil {
		return out, err
	}
	views, next, full, err := store.Page(tx, kind, parent, after, size, keep)
	if err != nil {
		return out, err
	}
	out.Items = append(out.Items, views...)
	if full {
		out.NextPageToken = Token(next)
	}
	return out, nil
}

// Params reads pageSize (default orchapi.DefaultPageSize, at most
// orchapi.MaxPageSize) and the store position pageToken resumes after. A
// malformed one is a 400 bad-request naming it.
func Params(r *http.Request, issuer string) (size int, after int64, err error) {
	q := r.URL.Query()
	size = orchapi.DefaultPageSize
	if v := q.Get(orchapi.QueryPageSize); v != "" {
		n, convErr := strconv.Atoi(v)
		if convErr != nil || n < 1 {
			return 0, 0, orchwire.BadRequest(orchapi.QueryPageSize, "must be a whole number from 1 to %d, got %q", orchapi.MaxPageSize, v)
		}
		size = min(n, orchapi.MaxPageSize)
	}
	if tok := q.Get(orchapi.QueryPageToken); tok != "" {
		raw, decErr := base64.RawURLEncoding.DecodeString(tok)
		rest, ok := strings.CutPrefix(string(raw), "after:")
		n, convErr := strconv.ParseInt(rest, 10, 64)
		if decErr != nil || !ok || convErr != nil || n < 0 {
			return 0, 0, orchwire.BadRequest(orchapi.QueryPageToken, "is not a token this %s issued", issuer)
		}
		after = n
	}
	return size, after, nil
}

// Token is the pageToken that resumes after the store position after.
func Token(after int64) string {
	return base64.RawURLEncoding.EncodeToString([]byte("after:" + strconv.FormatInt(after, 10)))
}
