package netfab

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"golang.org/x/sync/errgroup"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/httpclient"
	"github.com/iacsuite/providers/internal/wait"
)

// Products: read, update, cancel, tags, and the wait for provisioning.

// Product returns a product in any state, cancelled ones included.
func (c *Client) Product(ctx context.Context, uid string) (api.Product, error) {
	return get[api.Product](ctx, c, "/v3/products/"+url.PathEscape(uid))
}

// ProductWithTags returns a product and its resource tags (empty, not nil,
// when it has none) in one request.
func (c *Client) ProductWithTags(ctx context.Context, uid string) (api.Product, map[string]string, error) {
	p, err := get[api.ListedProduct](ctx, c, "/v3/products/"+url.PathEscape(uid)+"?"+api.ProductsQueryTags+"=true")
	if p.ResourceTags == nil {
		p.ResourceTags = map[string]string{}
	}
	return p.Product, p.ResourceTags, err
}

// Products lists the active products of a type, following the listing's
// pages; for a data source, which holds them all in its state anyway.
// ListProducts streams them instead.
func (c *Client) Products(ctx context.Context, productType string) ([]api.Product, error) {
	var out []api.Product
	for p, err := range c.ListProducts(ctx, ProductQuery{Type: productType}) {
		if err != nil {
			return nil, err
		}
		out = append(out, p.Product)
	}
	return out, nil
}

// ProductQuery selects the products of ListProducts; each filter that is set
// must hold.
type ProductQuery struct {
	Type       string // product type (PORT, MCR2, ...)
	LocationID int64
	Name       string // exact product name
	Status     string // one of api.ListableStatuses
	// ResourceTags: each product carries its resource tags (an empty map
	// for none), in the same request as the page.
	ResourceTags bool
	// PageSize is the number of products per request; 0 is ListPageSize.
	PageSize int
}

// ListPageSize is the page size ListProducts asks for: large enough that a
// listing of ten thousand products takes twenty requests, small enough that
// a page is a few hundred kilobytes.
const ListPageSize = 500

// ListProducts streams the active products that q selects, by product ID,
// one page (request) at a time: the next page is asked for only when the
// caller has taken the products of the last, and a caller that stops early
// asks for no more. An error ends the sequence.
func (c *Client) ListProducts(ctx context.Context, q ProductQuery) iter.Seq2[api.ListedProduct, error] {
	return func(yield func(api.ListedProduct, error) bool) {
		v := url.Values{}
		set := func(k, s string) {
			if s != "" {
				v.Set(k, s)
			}
		}
		set(api.ProductsQueryType, q.Type)
		set(api.ProductsQueryName, q.Name)
		set(api.ProductsQueryStatus, q.Status)
		if q.LocationID != 0 {
			v.Set(api.ProductsQueryLocation, strconv.FormatInt(q.LocationID, 10))
		}
		if q.ResourceTags {
			v.Set(api.ProductsQueryTags, "true")
		}
		size := q.PageSize
		if size == 0 {
			size = ListPageSize
		}
		v.Set(api.ProductsQueryPageSize, strconv.Itoa(size))
		for {
			raw, _, err := c.core.DoRaw(ctx, httpclient.Request{Method: http.MethodGet, Path: "/v3/products", Query: v})
			var page api.ProductPage
			if err == nil {
				if err = json.Unmarshal(raw, &page); err != nil {
					err = fmt.Errorf("netfab API GET /v3/products: decoding answer: %w", err)
				}
			}
			if err != nil {
				yield(api.ListedProduct{}, err)
				return
			}
			for _, p := range page.Data {
				if q.ResourceTags && p.ResourceTags == nil {
					p.ResourceTags = map[string]string{}
				}
				if !yield(p, nil) {
					return
				}
			}
			if page.NextPageToken == "" {
				return
			}
			v.Set(api.ProductsQueryPageToken, page.NextPageToken)
		}
	}
}

// UpdateProduct changes a product in place.
func (c *Client) UpdateProduct(ctx context.Context, uid string, upd api.ProductUpdate) (api.Product, error) {
	return send[api.Product](ctx, c, http.MethodPut, "/v3/products/"+url.PathEscape(uid), upd)
}

// CancelProduct cancels a product now.
func (c *Client) CancelProduct(ctx context.Context, uid string) error {
	return c.del(ctx, "/v3/products/"+url.PathEscape(uid))
}

// ResourceTags returns a product's resource tags.
func (c *Client) ResourceTags(ctx context.Context, uid string) (map[string]string, error) {
	return get[map[string]string](ctx, c, "/v3/products/"+url.PathEscape(uid)+"/tags")
}

// ResourceTagsOf returns the resource tags of each product, in the order of
// uids: one call per product, at most httpclient.ConcurrentCalls at once, so
// that tags of a hundred products cost about as much as a few calls. The first
// error ends the others.
func (c *Client) ResourceTagsOf(ctx context.Context, uids []string) ([]map[string]string, error) {
	out := make([]map[string]string, len(uids))
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(httpclient.ConcurrentCalls)
	for i, uid := range uids {
		g.Go(func() error {
			tags, err := c.ResourceTags(ctx, uid)
			if err != nil {
				return fmt.Errorf("resource tags of %s: %w", uid, err)
			}
			out[i] = tags
			return nil
		})
	}
	return out, g.Wait()
}

// SetResourceTags replaces a product's resource tags.
func (c *Client) SetResourceTags(ctx context.Context, uid string, tags map[string]string) (map[string]string, error) {
	if tags == nil {
		tags = map[string]string{}
	}
	return send[map[string]string](ctx, c, http.MethodPut, "/v3/products/"+url.PathEscape(uid)+"/tags", tags)
}

// IsActive reports whether a provisioning status is one of a product that
// exists: not cancelled and not decommissioned.
func IsActive(status string) bool {
	return status != api.StatusCancelled && status != api.StatusDecommissioned
}

// IsProvisioned reports whether a product is deployed: CONFIGURED or LIVE.
func IsProvisioned(status string) bool {
	return status == api.StatusConfigured || status == api.StatusLive
}

// WaitForProvisioned polls a product until it is CONFIGURED or LIVE. It
// returns the last product read; on timeout the error wraps wait.ErrTimeout.
func (c *Client) WaitForProvisioned(ctx context.Context, uid string, timeout time.Duration) (api.Product, error) {
	var last api.Product
	err := wait.Until(ctx, timeout, c.pollBackoff, func(ctx context.Context) (bool, error) {
		p, err := c.Product(ctx, uid)
		if err != nil {
			return false, err
		}
		last = p
		if !IsActive(p.ProvisioningStatus) {
			return false, fmt.Errorf("product %s was %s while waiting for it to be provisioned", uid, p.ProvisioningStatus)
		}
		return IsProvisioned(p.ProvisioningStatus), nil
	})
	return last, err
}

// LockProduct locks a product against changes (lock true) or unlocks it,
// and answers the product.
func (c *Client) LockProduct(ctx context.Context, uid string, lock bool) (api.Product, error) {
	method := http.MethodPost
	if !lock {
		method = http.MethodDelete
	}
	return send[api.Product](ctx, c, method, "/v3/products/"+url.PathEscape(uid)+"/lock", nil)
}
