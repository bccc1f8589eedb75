// Package netfab is the typed client of the netfab API (docs/api/netfab.md):
// client-credentials authentication with a cached, refreshed token, retries of
// 429 and 5xx answers honouring Retry-After, and waits for provisioning.
package netfab

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"

	"github.com/iacsuite/providers/internal/httpclient"
	"github.com/iacsuite/providers/internal/wait"
)

// Config configures a Client.
type Config struct {
	// BaseURL is the API's https base address.
	BaseURL   string
	AccessKey string
	SecretKey string
	UserAgent string
	// HTTP tunes retries; zero values take httpclient's defaults.
	HTTP httpclient.Options
	// PollBackoff shapes provisioning waits; zero takes wait.DefaultBackoff.
	PollBackoff wait.Backoff
}

// Client calls the netfab API. It is safe for concurrent use.
type Client struct {
	core        httpclient.Core
	pollBackoff wait.Backoff
}

// New returns a client; the first token is requested on the first call.
func New(cfg Config) (*Client, error) {
	base, err := url.Parse(strings.TrimSuffix(cfg.BaseURL, "/"))
	if err != nil || base.Scheme == "" || base.Host == "" {
		return nil, fmt.Errorf("netfab API address %q is not an absolute URL", cfg.BaseURL)
	}
	if cfg.AccessKey == "" || cfg.SecretKey == "" {
		return nil, errors.New("netfab access key and secret key are both required")
	}
	retrying := httpclient.New(cfg.HTTP)
	cc := clientcredentials.Config{
		ClientID:     cfg.AccessKey,
		ClientSecret: cfg.SecretKey,
		TokenURL:     base.String() + "/oauth2/token",
		AuthStyle:    oauth2.AuthStyleInHeader,
	}
	// The token source lives as long as the client, so it gets a background
	// context; it caches the token and fetches a new one shortly before expiry.
	tokenCtx := context.WithValue(context.Background(), oauth2.HTTPClient, retrying)
	backoff := cfg.PollBackoff
	if backoff.Initial == 0 {
		backoff = wait.DefaultBackoff
	}
	return &Client{
		core: httpclient.Core{
			Service:     "netfab API",
			Base:        base,
			HTTP:        cc.Client(tokenCtx), // adds the bearer token
			UserAgent:   cfg.UserAgent,
			DecodeError: decodeError,
			Result: func(body []byte) (json.RawMessage, error) {
				var env Envelope[json.RawMessage]
				err := json.Unmarshal(body, &env)
				return env.Data, err
			},
		},
		pollBackoff: backoff,
	}, nil
}

// APIError is a non-2xx answer of the API.
type APIError struct {
	StatusCode int
	ErrorBody
}

func (e *APIError) Error() string {
	msg := e.Message
	if msg == "" {
		msg = http.StatusText(e.StatusCode)
	}
	return fmt.Sprintf("netfab API: %s (HTTP %d %s)", msg, e.StatusCode, e.Code)
}

// IsNotFound reports whether err is a 404 answer.
func IsNotFound(err error) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusNotFound
}

// decodeError makes an APIError of an error answer.
func decodeError(status int, body []byte) error {
	apiErr := &APIError{StatusCode: status}
	_ = json.Unmarshal(body, &apiErr.ErrorBody)
	return apiErr
}

// do sends a JSON request and decodes the "data" of a JSON answer into out.
func (c *Client) do(ctx context.Context, method, path string, header http.Header, in, out any) error {
	return c.core.Do(ctx, httpclient.Request{Method: method, Path: path, Header: header, Body: in}, out)
}

func get[T any](ctx context.Context, c *Client, path string) (T, error) {
	var v T
	err := c.do(ctx, http.MethodGet, path, nil, nil, &v)
	return v, err
}

func send[T any](ctx context.Context, c *Client, method, path string, in any) (T, error) {
	var v T
	err := c.do(ctx, method, path, nil, in, &v)
	return v, err
}

func (c *Client) del(ctx context.Context, path string) error {
	return c.do(ctx, http.MethodDelete, path, nil, nil, nil)
}

// Locations lists every location.
func (c *Client) Locations(ctx context.Context) ([]Location, error) {
	return get[[]Location](ctx, c, "/v3/locations")
}

// Location returns one location.
func (c *Client) Location(ctx context.Context, id int64) (Location, error) {
	return get[Location](ctx, c, fmt.Sprintf("/v3/locations/%d", id))
}

// PartnerPorts lists the partner ports.
func (c *Client) PartnerPorts(ctx context.Context) ([]PartnerPort, error) {
	return get[[]PartnerPort](ctx, c, "/v3/partner-ports")
}

// MVEImages lists the virtual-edge images.
func (c *Client) MVEImages(ctx context.Context) ([]MVEImage, error) {
	return get[[]MVEImage](ctx, c, "/v3/mve/images")
}

// MVESizes lists the virtual-edge sizes.
func (c *Client) MVESizes(ctx context.Context) ([]MVESize, error) {
	return get[[]MVESize](ctx, c, "/v3/mve/sizes")
}

// NATSessionPairings lists the session counts allowed at each NAT gateway speed.
func (c *Client) NATSessionPairings(ctx context.Context) ([]NATSessionPairing, error) {
	return get[[]NATSessionPairing](ctx, c, "/v3/nat-gateways/sessions")
}

// ValidateOrder checks and prices an order without buying it.
func (c *Client) ValidateOrder(ctx context.Context, items ...OrderItem) ([]OrderValidation, error) {
	return send[[]OrderValidation](ctx, c, http.MethodPost, "/v3/orders/validate", OrderRequest{Items: items})
}

// Order buys the items. The service creates nothing new for an idempotency
// key it has seen: it answers with the products that key already created, so
// a retried order never buys twice.
func (c *Client) Order(ctx context.Context, idempotencyKey string, items ...OrderItem) ([]Product, error) {
	var out []Product
	h := http.Header{}
	h.Set("Idempotency-Key", idempotencyKey)
	err := c.do(ctx, http.MethodPost, "/v3/orders", h, OrderRequest{Items: items}, &out)
	return out, err
}

// Product returns a product in any state, cancelled ones included.
func (c *Client) Product(ctx context.Context, uid string) (Product, error) {
	return get[Product](ctx, c, "/v3/products/"+url.PathEscape(uid))
}

// Products lists the active products of a type.
func (c *Client) Products(ctx context.Context, productType string) ([]Product, error) {
	return get[[]Product](ctx, c, "/v3/products?productType="+url.QueryEscape(productType))
}

// UpdateProduct changes a product in place.
func (c *Client) UpdateProduct(ctx context.Context, uid string, upd ProductUpdate) (Product, error) {
	return send[Product](ctx, c, http.MethodPut, "/v3/products/"+url.PathEscape(uid), upd)
}

// CancelProduct cancels a product now.
func (c *Client) CancelProduct(ctx context.Context, uid string) error {
	return c.del(ctx, "/v3/products/"+url.PathEscape(uid))
}

// ResourceTags returns a product's resource tags.
func (c *Client) ResourceTags(ctx context.Context, uid string) (map[string]string, error) {
	return get[map[string]string](ctx, c, "/v3/products/"+url.PathEscape(uid)+"/tags")
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
	return status != StatusCancelled && status != StatusDecommissioned
}

// IsProvisioned reports whether a product is deployed: CONFIGURED or LIVE.
func IsProvisioned(status string) bool {
	return status == StatusConfigured || status == StatusLive
}

// WaitForProvisioned polls a product until it is CONFIGURED or LIVE. It
// returns the last product read; on timeout the error wraps wait.ErrTimeout.
func (c *Client) WaitForProvisioned(ctx context.Context, uid string, timeout time.Duration) (Product, error) {
	var last Product
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

func mcrPath(mcrUID string) string {
	return "/v3/products/mcr/" + url.PathEscape(mcrUID)
}

// MCRPrefixFilterLists lists the prefix filter lists of an MCR.
func (c *Client) MCRPrefixFilterLists(ctx context.Context, mcrUID string) ([]PrefixList, error) {
	return get[[]PrefixList](ctx, c, mcrPath(mcrUID)+"/prefix-lists")
}

// MCRPrefixFilterList returns one prefix filter list of an MCR.
func (c *Client) MCRPrefixFilterList(ctx context.Context, mcrUID string, id int64) (PrefixList, error) {
	return get[PrefixList](ctx, c, fmt.Sprintf("%s/prefix-lists/%d", mcrPath(mcrUID), id))
}

// CreateMCRPrefixFilterList creates a prefix filter list on an MCR.
func (c *Client) CreateMCRPrefixFilterList(ctx context.Context, mcrUID string, l PrefixList) (PrefixList, error) {
	return send[PrefixList](ctx, c, http.MethodPost, mcrPath(mcrUID)+"/prefix-lists", l)
}

// UpdateMCRPrefixFilterList replaces the description and entries of a list.
func (c *Client) UpdateMCRPrefixFilterList(ctx context.Context, mcrUID string, l PrefixList) (PrefixList, error) {
	return send[PrefixList](ctx, c, http.MethodPut, fmt.Sprintf("%s/prefix-lists/%d", mcrPath(mcrUID), l.ID), l)
}

// DeleteMCRPrefixFilterList deletes a prefix filter list.
func (c *Client) DeleteMCRPrefixFilterList(ctx context.Context, mcrUID string, id int64) error {
	return c.del(ctx, fmt.Sprintf("%s/prefix-lists/%d", mcrPath(mcrUID), id))
}

// CreateIPsecAddOn adds the IPsec add-on to an MCR.
func (c *Client) CreateIPsecAddOn(ctx context.Context, mcrUID string, tunnelCount int64) (IPsecAddOn, error) {
	return send[IPsecAddOn](ctx, c, http.MethodPost, mcrPath(mcrUID)+"/addons", IPsecAddOn{AddOnType: AddOnTypeIPsec, TunnelCount: tunnelCount})
}

// IPsecAddOn returns an MCR's add-on.
func (c *Client) IPsecAddOn(ctx context.Context, mcrUID, addOnUID string) (IPsecAddOn, error) {
	return get[IPsecAddOn](ctx, c, mcrPath(mcrUID)+"/addons/"+url.PathEscape(addOnUID))
}

// UpdateIPsecAddOn changes the tunnel count of an add-on.
func (c *Client) UpdateIPsecAddOn(ctx context.Context, mcrUID, addOnUID string, tunnelCount int64) (IPsecAddOn, error) {
	return send[IPsecAddOn](ctx, c, http.MethodPut, mcrPath(mcrUID)+"/addons/"+url.PathEscape(addOnUID), map[string]int64{"tunnelCount": tunnelCount})
}

// DeleteIPsecAddOn removes an add-on.
func (c *Client) DeleteIPsecAddOn(ctx context.Context, mcrUID, addOnUID string) error {
	return c.del(ctx, mcrPath(mcrUID)+"/addons/"+url.PathEscape(addOnUID))
}

func natPath(natUID string) string {
	return "/v3/products/nat-gateways/" + url.PathEscape(natUID)
}

// NATPacketFilters lists the packet filters of a NAT gateway.
func (c *Client) NATPacketFilters(ctx context.Context, natUID string) ([]PacketFilter, error) {
	return get[[]PacketFilter](ctx, c, natPath(natUID)+"/packet-filters")
}

// NATPacketFilter returns one packet filter.
func (c *Client) NATPacketFilter(ctx context.Context, natUID string, id int64) (PacketFilter, error) {
	return get[PacketFilter](ctx, c, fmt.Sprintf("%s/packet-filters/%d", natPath(natUID), id))
}

// CreateNATPacketFilter creates a packet filter.
func (c *Client) CreateNATPacketFilter(ctx context.Context, natUID string, f PacketFilter) (PacketFilter, error) {
	return send[PacketFilter](ctx, c, http.MethodPost, natPath(natUID)+"/packet-filters", f)
}

// UpdateNATPacketFilter replaces a packet filter's description and entries.
func (c *Client) UpdateNATPacketFilter(ctx context.Context, natUID string, f PacketFilter) (PacketFilter, error) {
	return send[PacketFilter](ctx, c, http.MethodPut, fmt.Sprintf("%s/packet-filters/%d", natPath(natUID), f.ID), f)
}

// DeleteNATPacketFilter deletes a packet filter.
func (c *Client) DeleteNATPacketFilter(ctx context.Context, natUID string, id int64) error {
	return c.del(ctx, fmt.Sprintf("%s/packet-filters/%d", natPath(natUID), id))
}

// NATPrefixLists lists the prefix lists of a NAT gateway.
func (c *Client) NATPrefixLists(ctx context.Context, natUID string) ([]PrefixList, error) {
	return get[[]PrefixList](ctx, c, natPath(natUID)+"/prefix-lists")
}

// NATPrefixList returns one prefix list of a NAT gateway.
func (c *Client) NATPrefixList(ctx context.Context, natUID string, id int64) (PrefixList, error) {
	return get[PrefixList](ctx, c, fmt.Sprintf("%s/prefix-lists/%d", natPath(natUID), id))
}

// CreateNATPrefixList creates a prefix list on a NAT gateway.
func (c *Client) CreateNATPrefixList(ctx context.Context, natUID string, l PrefixList) (PrefixList, error) {
	return send[PrefixList](ctx, c, http.MethodPost, natPath(natUID)+"/prefix-lists", l)
}

// UpdateNATPrefixList replaces a prefix list's description and entries.
func (c *Client) UpdateNATPrefixList(ctx context.Context, natUID string, l PrefixList) (PrefixList, error) {
	return send[PrefixList](ctx, c, http.MethodPut, fmt.Sprintf("%s/prefix-lists/%d", natPath(natUID), l.ID), l)
}

// DeleteNATPrefixList deletes a prefix list.
func (c *Client) DeleteNATPrefixList(ctx context.Context, natUID string, id int64) error {
	return c.del(ctx, fmt.Sprintf("%s/prefix-lists/%d", natPath(natUID), id))
}

// RotatePartnerPort is the sandbox's admin operation that gives a partner
// port a new UID, as the vendor does when it rotates ports.
func (c *Client) RotatePartnerPort(ctx context.Context, adminKey, uid string) (PartnerPortRotation, error) {
	var out PartnerPortRotation
	h := http.Header{}
	h.Set("X-Admin-Key", adminKey)
	err := c.do(ctx, http.MethodPost, "/admin/partner-ports/"+url.PathEscape(uid)+"/rotate", h, nil, &out)
	return out, err
}
