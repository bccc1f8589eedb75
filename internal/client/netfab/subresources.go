package netfab

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

// Sub-resources of MCRs (prefix filter lists, the IPsec add-on) and of NAT
// gateways (packet filters, prefix lists).

func mcrPath(mcrUID string) string {
	return "/v3/products/mcr/" + url.PathEscape(mcrUID)
}

// MCRPrefixFilterLists lists the prefix filter lists of an MCR.
func (c *Client) MCRPrefixFilterLists(ctx context.Context, mcrUID string) ([]api.PrefixList, error) {
	return get[[]api.PrefixList](ctx, c, mcrPath(mcrUID)+"/prefix-lists")
}

// MCRPrefixFilterList returns one prefix filter list of an MCR.
func (c *Client) MCRPrefixFilterList(ctx context.Context, mcrUID string, id int64) (api.PrefixList, error) {
	return get[api.PrefixList](ctx, c, fmt.Sprintf("%s/prefix-lists/%d", mcrPath(mcrUID), id))
}

// CreateMCRPrefixFilterList creates a prefix filter list on an MCR.
func (c *Client) CreateMCRPrefixFilterList(ctx context.Context, mcrUID string, l api.PrefixList) (api.PrefixList, error) {
	return send[api.PrefixList](ctx, c, http.MethodPost, mcrPath(mcrUID)+"/prefix-lists", l)
}

// UpdateMCRPrefixFilterList replaces the description and entries of a list.
func (c *Client) UpdateMCRPrefixFilterList(ctx context.Context, mcrUID string, l api.PrefixList) (api.PrefixList, error) {
	return send[api.PrefixList](ctx, c, http.MethodPut, fmt.Sprintf("%s/prefix-lists/%d", mcrPath(mcrUID), l.ID), l)
}

// DeleteMCRPrefixFilterList deletes a prefix filter list.
func (c *Client) DeleteMCRPrefixFilterList(ctx context.Context, mcrUID string, id int64) error {
	return c.del(ctx, fmt.Sprintf("%s/prefix-lists/%d", mcrPath(mcrUID), id))
}

// CreateIPsecAddOn adds the IPsec add-on to an MCR.
func (c *Client) CreateIPsecAddOn(ctx context.Context, mcrUID string, tunnelCount int64) (api.IPsecAddOn, error) {
	return send[api.IPsecAddOn](ctx, c, http.MethodPost, mcrPath(mcrUID)+"/addons", api.IPsecAddOn{AddOnType: api.AddOnTypeIPsec, TunnelCount: tunnelCount})
}

// IPsecAddOns lists an MCR's add-ons.
func (c *Client) IPsecAddOns(ctx context.Context, mcrUID string) ([]api.IPsecAddOn, error) {
	return get[[]api.IPsecAddOn](ctx, c, mcrPath(mcrUID)+"/addons")
}

// IPsecAddOn returns an MCR's add-on.
func (c *Client) IPsecAddOn(ctx context.Context, mcrUID, addOnUID string) (api.IPsecAddOn, error) {
	return get[api.IPsecAddOn](ctx, c, mcrPath(mcrUID)+"/addons/"+url.PathEscape(addOnUID))
}

// UpdateIPsecAddOn changes the tunnel count of an add-on.
func (c *Client) UpdateIPsecAddOn(ctx context.Context, mcrUID, addOnUID string, tunnelCount int64) (api.IPsecAddOn, error) {
	return send[api.IPsecAddOn](ctx, c, http.MethodPut, mcrPath(mcrUID)+"/addons/"+url.PathEscape(addOnUID), map[string]int64{"tunnelCount": tunnelCount})
}

// DeleteIPsecAddOn removes an add-on.
func (c *Client) DeleteIPsecAddOn(ctx context.Context, mcrUID, addOnUID string) error {
	return c.del(ctx, mcrPath(mcrUID)+"/addons/"+url.PathEscape(addOnUID))
}

func natPath(natUID string) string {
	return "/v3/products/nat-gateways/" + url.PathEscape(natUID)
}

// NATPacketFilters lists the packet filters of a NAT gateway.
func (c *Client) NATPacketFilters(ctx context.Context, natUID string) ([]api.PacketFilter, error) {
	return get[[]api.PacketFilter](ctx, c, natPath(natUID)+"/packet-filters")
}

// NATPacketFilter returns one packet filter.
func (c *Client) NATPacketFilter(ctx context.Context, natUID string, id int64) (api.PacketFilter, error) {
	return get[api.PacketFilter](ctx, c, fmt.Sprintf("%s/packet-filters/%d", natPath(natUID), id))
}

// CreateNATPacketFilter creates a packet filter.
func (c *Client) CreateNATPacketFilter(ctx context.Context, natUID string, f api.PacketFilter) (api.PacketFilter, error) {
	return send[api.PacketFilter](ctx, c, http.MethodPost, natPath(natUID)+"/packet-filters", f)
}

// UpdateNATPacketFilter replaces a packet filter's description and entries.
func (c *Client) UpdateNATPacketFilter(ctx context.Context, natUID string, f api.PacketFilter) (api.PacketFilter, error) {
	return send[api.PacketFilter](ctx, c, http.MethodPut, fmt.Sprintf("%s/packet-filters/%d", natPath(natUID), f.ID), f)
}

// DeleteNATPacketFilter deletes a packet filter.
func (c *Client) DeleteNATPacketFilter(ctx context.Context, natUID string, id int64) error {
	return c.del(ctx, fmt.Sprintf("%s/packet-filters/%d", natPath(natUID), id))
}

// NATPrefixLists lists the prefix lists of a NAT gateway.
func (c *Client) NATPrefixLists(ctx context.Context, natUID string) ([]api.PrefixList, error) {
	return get[[]api.PrefixList](ctx, c, natPath(natUID)+"/prefix-lists")
}

// NATPrefixList returns one prefix list of a NAT gateway.
func (c *Client) NATPrefixList(ctx context.Context, natUID string, id int64) (api.PrefixList, error) {
	return get[api.PrefixList](ctx, c, fmt.Sprintf("%s/prefix-lists/%d", natPath(natUID), id))
}

// CreateNATPrefixList creates a prefix list on a NAT gateway.
func (c *Client) CreateNATPrefixList(ctx context.Context, natUID string, l api.PrefixList) (api.PrefixList, error) {
	return send[api.PrefixList](ctx, c, http.MethodPost, natPath(natUID)+"/prefix-lists", l)
}

// UpdateNATPrefixList replaces a prefix list's description and entries.
func (c *Client) UpdateNATPrefixList(ctx context.Context, natUID string, l api.PrefixList) (api.PrefixList, error) {
	return send[api.PrefixList](ctx, c, http.MethodPut, fmt.Sprintf("%s/prefix-lists/%d", natPath(natUID), l.ID), l)
}

// DeleteNATPrefixList deletes a prefix list.
func (c *Client) DeleteNATPrefixList(ctx context.Context, natUID string, id int64) error {
	return c.del(ctx, fmt.Sprintf("%s/prefix-lists/%d", natPath(natUID), id))
}
