package netfab

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

// queryName is a product name of a query test, unique in the shared
// sandbox.
func queryName(t *testing.T, what string) string {
	return "query-" + what + "-" + uuid.NewString()[:8]
}

func queryPort(name string, loc int64) netfabapi.OrderItem {
	return netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: name, LocationID: loc, PortSpeed: 10000,
		ContractTermMonths: 12, CostCentre: "network-engineering", ResourceTags: map[string]string{"environment": "production"}}
}

func queryMCR(t *testing.T, name string) netfabapi.OrderItem {
	return netfabapi.OrderItem{ProductType: netfabapi.ProductTypeMCR, ProductName: name, LocationID: locationWith(t, offersMCR), PortSpeed: 5000,
		ContractTermMonths: 12, CostCentre: "network-engineering", ResourceTags: map[string]string{"environment": "production"},
		MCR: &netfabapi.MCROrder{ASN: 64512}}
}

func queryIX(name, portUID, exchange string, vlan int64) netfabapi.OrderItem {
	return netfabapi.OrderItem{ProductType: netfabapi.ProductTypeIX, ProductName: name, IX: &netfabapi.IXConfig{
		RequestedProductUID: portUID, NetworkServiceType: exchange, ASN: 64512, MACAddress: "00:11:22:aa:bb:cc", RateLimit: 1000, VLAN: vlan}}
}

func queryNAT(t *testing.T, name string) netfabapi.OrderItem {
	loc, zones := natLocation(t)
	return netfabapi.OrderItem{ProductType: netfabapi.ProductTypeNATGateway, ProductName: name, LocationID: loc, DiversityZone: zones[0],
		ContractTermMonths: 12, ResourceTags: map[string]string{"environment": "production"},
		NATGateway: &netfabapi.NATConfig{Speed: 1000, SessionCount: 250000, ASN: 64512, AutoRenewTerm: true}}
}

func queryPrefixList(description string) netfabapi.PrefixList {
	return netfabapi.PrefixList{Description: description, AddressFamily: "IPv4", Entries: []netfabapi.PrefixEntry{
		{Action: "permit", Prefix: "10.0.0.0/8", Ge: 16, Le: 24}, {Action: "deny", Prefix: "0.0.0.0/0"}}}
}

// locationsWith returns the IDs of n seeded locations offering a product.
func locationsWith(t *testing.T, n int, offers func(netfabapi.LocationProducts) bool) []int64 {
	t.Helper()
	locs, err := api.Locations(context.Background())
	require.NoError(t, err)
	var out []int64
	for _, l := range locs {
		if offers(l.Products) && len(out) < n {
			out = append(out, l.ID)
		}
	}
	require.Len(t, out, n, "too few seeded locations offer the product")
	return out
}

// concat joins lists of checks.
func concat[T any](lists ...[]T) []T {
	var out []T
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}
