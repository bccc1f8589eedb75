package netfab

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/workflowtest"
)

// Every list resource adopts objects made outside Terraform as Terraform
// 1.14+ users do it: the objects are made through the API, a list block
// finds them, `terraform query -generate-config-out` writes their
// configuration and import blocks, which plan only imports, apply, and plan
// empty; each result's resource equals the read after import
// (internal/workflowtest). A list resource without a case fails the test.
func TestAccQueryGeneratedConfig(t *testing.T) {
	accPreCheck(t)
	workflowtest.TestQueries(t, workflowtest.Provider{Name: "netfab", New: New("test"), Config: providerConfig()}, queryCases)
}

var queryCases = map[string]workflowtest.QueryCase{
	"netfab_lag_port": {
		Objects: func(t *testing.T) (string, int) {
			name := queryName(t, "lag")
			loc := locationWith(t, offersPort(10000))
			lag := func(count int64) netfabapi.OrderItem {
				return netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: name, LocationID: loc, PortSpeed: 10000,
					ContractTermMonths: 12, MarketplaceVisibility: new(false), LAG: &netfabapi.LAGOrder{LagCount: count}}
			}
			// A plain port of the same name is not a LAG: not listed.
			orderOutOfBand(t, lag(2), lag(1), netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: name,
				LocationID: loc, PortSpeed: 10000, ContractTermMonths: 1})
			return fmt.Sprintf("product_name = %q\nlocation_id = %d", name, loc), 2
		},
	},
	"netfab_mve": {
		Objects: func(t *testing.T) (string, int) {
			name := queryName(t, "mve")
			loc := locationWith(t, offersMVE)
			img := mveImage(t, "meraki", "")
			require.EqualValues(t, importMVEImage, img.ID, "the query case's Add names the catalogue's Meraki image")
			mve := func(vnics ...string) netfabapi.OrderItem {
				it := netfabapi.OrderItem{ProductType: netfabapi.ProductTypeMVE, ProductName: name, LocationID: loc, ContractTermMonths: 12,
					MVE: &netfabapi.MVEConfig{ImageID: img.ID, Size: "SMALL", VendorConfig: &netfabapi.MVEVendorConfig{Vendor: "meraki", Token: "vmx-token-1"}}}
				for _, d := range vnics {
					it.MVE.VNICs = append(it.MVE.VNICs, netfabapi.MVEVNIC{Description: d})
				}
				return it
			}
			orderOutOfBand(t, mve("WAN", "LAN"), mve())
			return fmt.Sprintf("product_name = %q", name), 2
		},
		// The service never answers vendor_config: the user adds it.
		Add:     fmt.Sprintf(`vendor_config = { vendor = "meraki", image_id = %d, product_size = "SMALL", token = "vmx-token-1" }`, importMVEImage),
		Records: "vendor_config",
	},
	"netfab_port": {
		Objects: func(t *testing.T) (string, int) {
			name := queryName(t, "port")
			loc := locationWith(t, offersPort(10000))
			orderOutOfBand(t,
				netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: name, LocationID: loc, PortSpeed: 10000,
					ContractTermMonths: 12, CostCentre: "network-engineering", ResourceTags: map[string]string{"environment": "production"}},
				netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: name, LocationID: loc, PortSpeed: 1000,
					ContractTermMonths: 1, MarketplaceVisibility: new(true)},
			)
			return fmt.Sprintf("product_name = %q\nlocation_id = %d", name, loc), 2
		},
	},
}

// queryName is a product name of the query case, unique in the shared
// sandbox.
func queryName(t *testing.T, what string) string {
	return "query-" + what + "-" + uuid.NewString()[:8]
}

// orderOutOfBand orders the items through the API, as another tool would,
// and waits until they are provisioned.
func orderOutOfBand(t *testing.T, items ...netfabapi.OrderItem) []netfabapi.Product {
	t.Helper()
	ctx := context.Background()
	ps, err := api.Order(ctx, uuid.NewString(), items...)
	require.NoError(t, err)
	for i, p := range ps {
		ps[i], err = api.WaitForProvisioned(ctx, p.ProductUID, time.Minute)
		require.NoError(t, err)
	}
	return ps
}

// cancelAtEnd cancels products made out of band when the test ends, so that
// the shared sandbox does not keep them.
func cancelAtEnd(t *testing.T, ps ...netfabapi.Product) {
	t.Cleanup(func() {
		for _, p := range ps {
			if err := api.CancelProduct(context.Background(), p.ProductUID); err != nil {
				t.Errorf("cancel %s: %v", p.ProductUID, err)
			}
		}
	})
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

// concat joins query checks.
func concat[T any](lists ...[]T) []T {
	var out []T
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}
