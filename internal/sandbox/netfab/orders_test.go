package netfab

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

func TestProvisioningLifecycle(t *testing.T) {
	cases := []struct {
		productType string
		// item orders what the product needs first and returns its item.
		item  func(sb *sandbox) api.OrderItem
		check func(t *testing.T, p api.Product)
	}{
		{api.ProductTypePort, func(*sandbox) api.OrderItem { return portItem() }, func(t *testing.T, p api.Product) {
			require.EqualValues(t, 10000, p.PortSpeed, "port %+v", p)
			require.NotEmpty(t, p.DiversityZone, "port %+v", p)
			require.EqualValues(t, 1, p.LocationID, "port %+v", p)
			require.Equal(t, "AU", p.Market, "port %+v", p)
		}},
		{api.ProductTypeMCR, func(*sandbox) api.OrderItem { return mcrItem() }, func(t *testing.T, p api.Product) {
			require.NotNil(t, p.MCR, "MCR %+v", p)
			require.EqualValues(t, 133937, p.MCR.ASN, "MCR %+v", p)
			require.True(t, p.Virtual, "MCR %+v", p)
			require.EqualValues(t, 5000, p.PortSpeed, "MCR %+v", p)
		}},
		{api.ProductTypeMVE, func(*sandbox) api.OrderItem { return mveItem() }, func(t *testing.T, p api.Product) {
			require.NotNil(t, p.MVE, "MVE %+v", p.MVE)
			require.Equal(t, "FORTINET", p.MVE.Vendor, "MVE %+v", p.MVE)
			require.Equal(t, []api.MVEVNIC{{VLAN: 1}}, p.MVE.VNICs, "MVE %+v", p.MVE)
			require.Equal(t, "MEDIUM", p.MVE.Size, "MVE %+v", p.MVE)
			require.EqualValues(t, 4, p.MVE.ImageID, "MVE %+v", p.MVE)
		}},
		{api.ProductTypeNATGateway, func(*sandbox) api.OrderItem { return natItem() }, func(t *testing.T, p api.Product) {
			require.NotNil(t, p.NATGateway, "NAT gateway %+v", p.NATGateway)
			require.EqualValues(t, 1000, p.NATGateway.Speed, "NAT gateway %+v", p.NATGateway)
			require.EqualValues(t, 50000, p.NATGateway.SessionCount, "NAT gateway %+v", p.NATGateway)
			require.NotEmpty(t, p.NATGateway.ServiceLevelReference, "NAT gateway %+v", p.NATGateway)
			require.Equal(t, "red", p.DiversityZone, "NAT gateway %+v", p.NATGateway)
		}},
		{api.ProductTypeIX, func(sb *sandbox) api.OrderItem {
			port := sb.order(portItem())[0]
			return ixItem(port.ProductUID, 100)
		}, func(t *testing.T, p api.Product) {
			ix := p.IX
			if ix == nil || ix.VLAN != 100 || ix.IXPeerMacro != "AS64512" || ix.Term != 1 || p.LocationID != 1 ||
				ix.PublicGraph == nil || !*ix.PublicGraph || len(ix.Resources.IPAddresses) != 2 || len(ix.Resources.BGPConnections) == 0 ||
				ix.Resources.VPLSInterface.MACAddress != "00:1a:2b:3c:4d:5e" || ix.Resources.Interface.PortSpeed != 10000 {
				t.Fatalf("IX %+v", ix)
			}
			wantUp := int64(0)
			if p.ProvisioningStatus == api.StatusLive {
				wantUp = 1
			}
			require.Equal(t, wantUp, ix.Resources.Interface.Up, "IX in %s: interface up %d, deployDate %q", p.ProvisioningStatus, ix.Resources.Interface.Up, ix.DeployDate)
			require.Equal(t, (ix.DeployDate == ""), (p.ProvisioningStatus == api.StatusDeployable), "IX in %s: interface up %d, deployDate %q", p.ProvisioningStatus, ix.Resources.Interface.Up, ix.DeployDate)
		}},
		{api.ProductTypeVXC, func(sb *sandbox) api.OrderItem {
			ps := sb.order(portItem(), mcrItem())
			return vxcItem(ps[0].ProductUID, ps[1].ProductUID, 500)
		}, func(t *testing.T, p api.Product) {
			if p.VXC == nil || p.VXC.RateLimit != 500 || p.VXC.AEndVLAN < 2 || p.VXC.BEndVLAN < 2 || p.LocationID != 1 {
				t.Fatalf("VXC %+v", p.VXC)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.productType, func(t *testing.T) {
			sb := start(t)
			item := tc.item(sb)
			ordered := sb.clock.Now()
			p := sb.order(item)[0]
			if p.ProductType != tc.productType || p.ProductUID == "" || p.ProductID < 1 || p.CreateDate != rfc3339(ordered) ||
				p.CreatedBy == "" || p.CompanyUID == "" || !p.Cancelable || p.AttributeTags == nil {
				t.Fatalf("ordered %+v", p)
			}
			steps := []struct {
				status string
				live   bool
			}{{api.StatusDeployable, false}, {api.StatusConfigured, false}, {api.StatusLive, true}}
			for i, step := range steps {
				if i > 0 {
					sb.clock.Advance(delay)
				}
				got := sb.product(p.ProductUID)
				require.Equal(t, step.status, got.ProvisioningStatus, "after %s: %s, want %s", time.Duration(i)*delay, got.ProvisioningStatus, step.status)
				require.Equal(t, step.live, (got.LiveDate != ""), "%s with liveDate %q", got.ProvisioningStatus, got.LiveDate)
				require.Equal(t, rfc3339(sb.clock.Now()), got.LastUpdated, "lastUpdated %s, want the last transition %s", got.LastUpdated, rfc3339(sb.clock.Now()))
				tc.check(t, got)
			}
			live := sb.product(p.ProductUID)
			if live.LiveDate != rfc3339(ordered.Add(2*delay)) || live.ContractStartDate != live.LiveDate ||
				live.ContractEndDate != rfc3339(ordered.Add(2*delay).AddDate(0, int(live.ContractTermMonths), 0)) {
				t.Fatalf("live product dates: %+v", live)
			}
			var listed []api.Product
			sb.call(http.MethodGet, "/v3/products?productType="+tc.productType, nil).ok(http.StatusOK, &listed)
			require.Len(t, listed, 1, "list of %s: %+v", tc.productType, listed)
			require.Equal(t, p.ProductUID, listed[0].ProductUID, "list of %s: %+v", tc.productType, listed)
		})
	}
}

func TestZeroDelayIsLiveAtOnce(t *testing.T) {
	sb := start(t, func(c *Config) { c.ProvisioningDelay = 0 })
	p := sb.order(portItem())[0]
	require.Equal(t, api.StatusLive, p.ProvisioningStatus, "with no delay: %s", p.ProvisioningStatus)
	require.NotEmpty(t, p.LiveDate, "with no delay: %s", p.ProvisioningStatus)
}

func TestIdempotencyKey(t *testing.T) {
	sb := start(t)
	req := api.OrderRequest{Items: []api.OrderItem{portItem(), mcrItem()}}
	var first, again []api.Product
	sb.call(http.MethodPost, "/v3/orders", req, "Idempotency-Key", "order-1").ok(http.StatusCreated, &first)
	sb.clock.Advance(delay)
	res := sb.call(http.MethodPost, "/v3/orders", req, "Idempotency-Key", "order-1")
	res.ok(http.StatusCreated, &again)
	require.Equal(t, "true", res.header.Get("Idempotent-Replayed"), "replay not marked")
	require.Len(t, again, 2, "replay gave other products: %+v", again)
	require.Equal(t, first[0].ProductUID, again[0].ProductUID, "replay gave other products: %+v", again)
	require.Equal(t, first[1].ProductUID, again[1].ProductUID, "replay gave other products: %+v", again)
	require.Equal(t, api.StatusConfigured, again[0].ProvisioningStatus, "replay shows status %s, want the current one", again[0].ProvisioningStatus)
	// The key survives a restart.
	sb.restart()
	sb.call(http.MethodPost, "/v3/orders", req, "Idempotency-Key", "order-1").ok(http.StatusCreated, &again)
	require.Equal(t, first[0].ProductUID, again[0].ProductUID, "key forgotten after restart")
	var all []api.Product
	sb.call(http.MethodGet, "/v3/products", nil).ok(http.StatusOK, &all)
	require.Len(t, all, 2, "%d products after replays, want 2", len(all))
	// The same key for another order is refused; another key orders anew.
	other := api.OrderRequest{Items: []api.OrderItem{portItem()}}
	sb.call(http.MethodPost, "/v3/orders", other, "Idempotency-Key", "order-1").fails(http.StatusConflict, api.CodeConflict)
	var fresh []api.Product
	sb.call(http.MethodPost, "/v3/orders", req, "Idempotency-Key", "order-2").ok(http.StatusCreated, &fresh)
	require.NotEqual(t, first[0].ProductUID, fresh[0].ProductUID, "another key replayed the first order")
}

func TestValidateOrderPricesAndCreatesNothing(t *testing.T) {
	sb := start(t)
	var prices []api.OrderValidation
	sb.call(http.MethodPost, "/v3/orders/validate", api.OrderRequest{Items: []api.OrderItem{portItem(), natItem()}}).ok(http.StatusOK, &prices)
	if len(prices) != 2 || prices[0].MonthlyRate != 990 || prices[0].Currency != "USD" || prices[0].ProductName != "port-1" ||
		prices[1].ProductType != api.ProductTypeNATGateway || prices[1].MonthlyRate != 270 {
		t.Fatalf("prices %+v", prices)
	}
	var all []api.Product
	sb.call(http.MethodGet, "/v3/products", nil).ok(http.StatusOK, &all)
	require.Len(t, all, 0, "validate created %d products", len(all))
}

func TestOrderValidation(t *testing.T) {
	sb := start(t)
	setup := sb.order(portItem(), mcrItem(), mveItem(), api.OrderItem{ProductType: api.ProductTypePort, ProductName: "paris", LocationID: 20, PortSpeed: 1000, ContractTermMonths: 1})
	port, mcr, mve := setup[0].ProductUID, setup[1].ProductUID, setup[2].ProductUID
	sb.order(ixItem(port, 100))
	var closed, open, open2 string
	for _, p := range sb.partnerPorts() {
		switch {
		case !p.VXCPermitted:
			closed = p.ProductUID
		case open == "":
			open = p.ProductUID
		case open2 == "":
			open2 = p.ProductUID
		}
	}
	setupCount := len(setup) + 1

	with := func(base api.OrderItem, f func(*api.OrderItem)) api.OrderItem { f(&base); return base }
	ix := func(f func(*api.IXConfig)) api.OrderItem {
		it := ixItem(port, 200)
		f(it.IX)
		return it
	}
	cases := []struct {
		name         string
		items        []api.OrderItem
		field, wants string
	}{
		{"no items", nil, "items", "1 to 50 items"},
		{"product type", []api.OrderItem{with(portItem(), func(i *api.OrderItem) { i.ProductType = "ROUTER" })}, "productType", "must be one of PORT, MCR2, MVE, VXC, IX, NAT_GATEWAY"},
		{"empty name", []api.OrderItem{with(portItem(), func(i *api.OrderItem) { i.ProductName = "" })}, "productName", "1 to 64 characters"},
		{"long name", []api.OrderItem{with(portItem(), func(i *api.OrderItem) { i.ProductName = strings.Repeat("n", 65) })}, "productName", "1 to 64 characters"},
		{"term", []api.OrderItem{with(portItem(), func(i *api.OrderItem) { i.ContractTermMonths = 6 })}, "contractTermMonths", "must be one of 1, 12, 24, 36, 48, 60"},
		{"MVE term", []api.OrderItem{with(mveItem(), func(i *api.OrderItem) { i.ContractTermMonths = 0 })}, "contractTermMonths", "must be one of"},
		{"unknown location", []api.OrderItem{with(portItem(), func(i *api.OrderItem) { i.LocationID = 999 })}, "locationId", "location 999 does not exist"},
		{"location without MCR", []api.OrderItem{with(mcrItem(), func(i *api.OrderItem) { i.LocationID = 4 })}, "locationId", "does not offer MCR2"},
		{"location without NAT", []api.OrderItem{with(natItem(), func(i *api.OrderItem) { i.LocationID = 3 })}, "locationId", "does not offer NAT_GATEWAY"},
		{"location without MVE", []api.OrderItem{with(mveItem(), func(i *api.OrderItem) { i.LocationID = 4 })}, "locationId", "does not offer MVE"},
		{"port speed", []api.OrderItem{with(portItem(), func(i *api.OrderItem) { i.PortSpeed = 2500 })}, "portSpeed", "must be one of 1000, 10000, 100000"},
		{"port speed not at location", []api.OrderItem{with(portItem(), func(i *api.OrderItem) { i.LocationID, i.PortSpeed = 4, 100000 })}, "portSpeed", "100000 is not offered at location 4"},
		{"MCR speed", []api.OrderItem{with(mcrItem(), func(i *api.OrderItem) { i.PortSpeed = 3000 })}, "portSpeed", "must be one of 1000, 2500, 5000, 10000, 25000, 50000, 100000"},
		{"MCR speed not at location", []api.OrderItem{with(mcrItem(), func(i *api.OrderItem) { i.LocationID, i.PortSpeed = 7, 100000 })}, "portSpeed", "not offered at location 7"},
		{"zone", []api.OrderItem{with(portItem(), func(i *api.OrderItem) { i.DiversityZone = "green" })}, "diversityZone", "must be one of red, blue"},
		{"zone not at location", []api.OrderItem{with(portItem(), func(i *api.OrderItem) { i.LocationID, i.DiversityZone = 4, "blue" })}, "diversityZone", "must be one of red at location 4"},
		{"NAT zone required", []api.OrderItem{with(natItem(), func(i *api.OrderItem) { i.DiversityZone = "" })}, "diversityZone", "required"},
		{"NAT speed", []api.OrderItem{with(natItem(), func(i *api.OrderItem) { i.NATGateway.Speed = 2000 })}, "speed", "must be one of 1000, 2500, 5000, 10000"},
		{"NAT sessions", []api.OrderItem{with(natItem(), func(i *api.OrderItem) { i.NATGateway.SessionCount = 200000 })}, "sessionCount", "must be one of 32768, 50000, 100000, 250000 for speed 1000"},
		{"NAT section", []api.OrderItem{with(natItem(), func(i *api.OrderItem) { i.NATGateway = nil })}, "natGateway", "required"},
		{"MCR ASN too big", []api.OrderItem{with(mcrItem(), func(i *api.OrderItem) { i.MCR = &api.MCROrder{ASN: 4294967296} })}, "asn", "between 1 and 4294967295"},
		{"MCR ASN negative", []api.OrderItem{with(mcrItem(), func(i *api.OrderItem) { i.MCR = &api.MCROrder{ASN: -5} })}, "asn", "between 1 and 4294967295"},
		{"section of another type", []api.OrderItem{with(portItem(), func(i *api.OrderItem) { i.MCR = &api.MCROrder{ASN: 65000} })}, "mcr", "applies to MCR2 items only"},
		{"tag key", []api.OrderItem{with(portItem(), func(i *api.OrderItem) { i.ResourceTags = map[string]string{strings.Repeat("k", 129): "v"} })}, "resourceTags", "1 to 128 characters"},
		{"tag value", []api.OrderItem{with(portItem(), func(i *api.OrderItem) { i.ResourceTags = map[string]string{"k": strings.Repeat("v", 257)} })}, "resourceTags", "at most 256"},
		{"MVE image", []api.OrderItem{with(mveItem(), func(i *api.OrderItem) { i.MVE.ImageID = 999 })}, "imageId", "image 999 does not exist"},
		{"MVE size", []api.OrderItem{with(mveItem(), func(i *api.OrderItem) { i.MVE = &api.MVEConfig{ImageID: 1, Size: "X_LARGE_12"} })}, "size", "must be one of SMALL, MEDIUM, LARGE for image 1"},
		{"IX section", []api.OrderItem{with(ixItem(port, 200), func(i *api.OrderItem) { i.IX = nil })}, "ix", "required"},
		{"IX on missing product", []api.OrderItem{ix(func(c *api.IXConfig) { c.RequestedProductUID = "00000000-0000-0000-0000-000000000000" })}, "requestedProductUid", "does not exist"},
		{"IX on an MCR", []api.OrderItem{ix(func(c *api.IXConfig) { c.RequestedProductUID = mcr })}, "requestedProductUid", "must be one of PORT, MVE"},
		{"IX exchange elsewhere", []api.OrderItem{ix(func(c *api.IXConfig) { c.NetworkServiceType = "FranceIX Paris" })}, "networkServiceType", "not offered in metro Sydney"},
		{"IX VLAN low", []api.OrderItem{ix(func(c *api.IXConfig) { c.VLAN = 1 })}, "vlan", "between 2 and 4093"},
		{"IX VLAN high", []api.OrderItem{ix(func(c *api.IXConfig) { c.VLAN = 4094 })}, "vlan", "between 2 and 4093"},
		{"IX VLAN in use", []api.OrderItem{ix(func(c *api.IXConfig) { c.VLAN = 100 })}, "vlan", "100 is already used"},
		{"IX VLAN twice in one order", []api.OrderItem{ixItem(port, 300), ixItem(port, 300)}, "vlan", "items[1]: vlan: 300 is already used"},
		{"IX MAC short", []api.OrderItem{ix(func(c *api.IXConfig) { c.MACAddress = "00:1a:2b:3c:4d" })}, "macAddress", "six hexadecimal pairs"},
		{"IX MAC not hex", []api.OrderItem{ix(func(c *api.IXConfig) { c.MACAddress = "zz:1a:2b:3c:4d:5e" })}, "macAddress", "six hexadecimal pairs"},
		{"IX rate zero", []api.OrderItem{ix(func(c *api.IXConfig) { c.RateLimit = 0 })}, "rateLimit", "between 1 and 10000"},
		{"IX rate above port", []api.OrderItem{ix(func(c *api.IXConfig) { c.RateLimit = 10001 })}, "rateLimit", "between 1 and 10000"},
		{"IX ASN", []api.OrderItem{ix(func(c *api.IXConfig) { c.ASN = -1 })}, "asn", "between"},
		{"IX port speed", []api.OrderItem{with(ixItem(port, 200), func(i *api.OrderItem) { i.PortSpeed = 1000 })}, "portSpeed", "does not apply to IX"},
		{"VXC missing end", []api.OrderItem{vxcItem(port, "no-such-product", 100)}, "bEndProductUid", "does not exist"},
		{"VXC closed partner port", []api.OrderItem{vxcItem(port, closed, 100)}, "bEndProductUid", "vxcPermitted is false"},
		{"VXC two partner ports", []api.OrderItem{vxcItem(open, open2, 100)}, "aEndProductUid", "both are partner ports"},
		{"VXC rate", []api.OrderItem{vxcItem(port, mve, 0)}, "rateLimit", "between 1 and"},
		{"VXC VLAN in use", []api.OrderItem{with(vxcItem(port, mve, 100), func(i *api.OrderItem) { i.VXC.AEndVLAN = 100 })}, "aEndVlan", "already used"},
		{"all or nothing", []api.OrderItem{portItem(), with(portItem(), func(i *api.OrderItem) { i.PortSpeed = 1 })}, "portSpeed", "items[1]: portSpeed: must be one of"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, path := range []string{"/v3/orders/validate", "/v3/orders"} {
				sb.call(http.MethodPost, path, api.OrderRequest{Items: tc.items}).invalid(tc.field, tc.wants)
			}
		})
	}
	var all []api.Product
	sb.call(http.MethodGet, "/v3/products", nil).ok(http.StatusOK, &all)
	require.Len(t, all, setupCount, "refused orders created products: %d, want %d", len(all), setupCount)

	t.Run("unknown field", func(t *testing.T) {
		sb.call(http.MethodPost, "/v3/orders", `{"items":[{"productType":"PORT","productName":"x","speed":1000}]}`).invalid("speed", "unknown or immutable")
	})
	t.Run("promo code never fails", func(t *testing.T) {
		sb.order(with(mcrItem(), func(i *api.OrderItem) { i.PromoCode = "NOT-A-REAL-CODE" }))
	})
	t.Run("zones are allocated", func(t *testing.T) {
		a := sb.order(with(portItem(), func(i *api.OrderItem) { i.LocationID = 2 }))[0]
		b := sb.order(with(portItem(), func(i *api.OrderItem) { i.LocationID = 2 }))[0]
		require.NotEmpty(t, a.DiversityZone, "zones %q and %q, want both allocated, one each", a.DiversityZone, b.DiversityZone)
		require.NotEmpty(t, b.DiversityZone, "zones %q and %q, want both allocated, one each", a.DiversityZone, b.DiversityZone)
		require.NotEqual(t, b.DiversityZone, a.DiversityZone, "zones %q and %q, want both allocated, one each", a.DiversityZone, b.DiversityZone)
	})
	t.Run("VXC to a partner port", func(t *testing.T) {
		// The first open partner port is an AWS one: it takes an AWS configuration.
		v := sb.order(partnerVXC(mcr, open, 1000, awsVIF))[0]
		if v.VXC.BEndProductUID != open || v.VXC.BEndVLAN != 0 || v.VXC.AEndVLAN < 2 {
			t.Fatalf("VXC %+v", v.VXC)
		}
	})
}

func TestConcurrentOrders(t *testing.T) {
	sb := start(t)
	const n = 16
	post := func(key string) (int, []api.Product, error) {
		body, _ := json.Marshal(api.OrderRequest{Items: []api.OrderItem{portItem()}})
		req, err := http.NewRequest(http.MethodPost, sb.url+"/v3/orders", bytes.NewReader(body))
		if err != nil {
			return 0, nil, err
		}
		req.Header.Set("Authorization", "Bearer "+sb.token)
		if key != "" {
			req.Header.Set("Idempotency-Key", key)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer res.Body.Close()
		var env api.Envelope[[]api.Product]
		err = json.NewDecoder(res.Body).Decode(&env)
		return res.StatusCode, env.Data, err
	}
	run := func(key string) []api.Product {
		var wg sync.WaitGroup
		out := make([]api.Product, n)
		errs := make([]error, n)
		for i := range n {
			wg.Go(func() {
				status, ps, err := post(key)
				if err == nil && (status != http.StatusCreated || len(ps) != 1) {
					err = fmt.Errorf("status %d, %d products", status, len(ps))
				}
				if err == nil {
					out[i] = ps[0]
				}
				errs[i] = err
			})
		}
		wg.Wait()
		for _, err := range errs {
			require.NoError(t, err)
		}
		return out
	}

	uids, ids := map[string]bool{}, map[int64]bool{}
	for _, p := range run("") {
		uids[p.ProductUID], ids[p.ProductID] = true, true
	}
	require.Equal(t, n, len(uids), "%d concurrent orders gave %d UIDs and %d IDs", n, len(uids), len(ids))
	require.Equal(t, n, len(ids), "%d concurrent orders gave %d UIDs and %d IDs", n, len(uids), len(ids))

	same := map[string]bool{}
	for _, p := range run("one-key") {
		same[p.ProductUID] = true
	}
	require.Len(t, same, 1, "concurrent orders with one key created %d products", len(same))
	var all []api.Product
	sb.call(http.MethodGet, "/v3/products", nil).ok(http.StatusOK, &all)
	require.Len(t, all, n+1, "%d products, want %d", len(all), n+1)
}
