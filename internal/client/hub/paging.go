package hub

import (
	"context"
	"iter"
	"net/url"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	orchapi "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/httpclient"
)

// ListPageSize is the page size the Each* lists ask the hub for: a listing
// holds one page at a time, not everything.
const ListPageSize = 100

// each streams the items of a hub list page by page (docs/api/hub.md,
// Paging: orch's) with httpclient.QueryPages.
func each[T any](ctx context.Context, c *Client, path string, q url.Values) iter.Seq2[T, error] {
	return httpclient.QueryPages(q, pageParams, ListPageSize, func(v url.Values) ([]T, string, error) {
		page, err := get[orchapi.List[T]](ctx, c, path, v)
		return page.Items, page.NextPageToken, err
	})
}

// pageParams are the query parameters of orch's paging.
var pageParams = httpclient.PageParams{Size: orchapi.QueryPageSize, Token: orchapi.QueryPageToken}

// EachGroup streams the groups (kind KindGroup) or roles (KindRole), of
// name when it is not empty.
func (c *Client) EachGroup(ctx context.Context, kind, name string) iter.Seq2[hubapi.Group, error] {
	return each[hubapi.Group](ctx, c, p(kind), url.Values{"name": {name}})
}

// EachController streams the registered controllers with their status.
func (c *Client) EachController(ctx context.Context) iter.Seq2[hubapi.Controller, error] {
	return c.EachControllerNamed(ctx, "")
}

// EachControllerNamed streams the registered controllers of name (all of
// them when it is empty) with their status: the hub then checks the status
// of that controller only.
func (c *Client) EachControllerNamed(ctx context.Context, name string) iter.Seq2[hubapi.Controller, error] {
	return each[hubapi.Controller](ctx, c, p("controllers"), url.Values{"name": {name}})
}

// EachRelation streams the tuples on target, of relation when it is not
// empty.
func (c *Client) EachRelation(ctx context.Context, target, relation string) iter.Seq2[hubapi.Tuple, error] {
	return each[hubapi.Tuple](ctx, c, p("relations"), url.Values{"target": {target}, "relation": {relation}})
}
