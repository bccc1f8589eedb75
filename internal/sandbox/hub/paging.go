package hub

import (
	"net/http"

	orchapi "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/pagedlist"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// The hub's lists of groups, roles, relations, controllers and models page
// as the controller's do (docs/api/hub.md, Paging), with the controller's
// paging (internal/sandbox/pagedlist).

// paged reports whether the request asks for a page.
var paged = pagedlist.Asked

// listPage answers the documents of kind that keep selects, as their views,
// all of them or the page the request asks for.
func listPage[R, V any](tx *store.Tx, r *http.Request, kind string, keep func(*R) (V, bool, error)) (orchapi.List[V], error) {
	return pagedlist.List(tx, r, "hub", kind, "", keep)
}
