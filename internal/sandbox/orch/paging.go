package orch

import (
	"net/http"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/pagedlist"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Lists page when the request asks for it (docs/api/orch.md, Paging), as
// internal/sandbox/pagedlist does for the controller and the hub alike.

// paged reports whether the request asks for a page rather than the whole
// listing.
var paged = pagedlist.Asked

// listPage answers the documents of kind (under parent) that keep selects,
// as their views, all of them or the page the request asks for.
func listPage[R, V any](tx *store.Tx, r *http.Request, kind, parent string, keep func(*R) (V, bool, error)) (api.List[V], error) {
	return pagedlist.List(tx, r, "controller", kind, parent, keep)
}
