package netfab

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// An order (POST /v3/orders), top to bottom. The route (routes, netfab.go)
// serves placeOrder behind the API's token check (api) and the
// Idempotency-Key wrapper (keys, idempotency.go), which answers a repeated
// key with the products of the first order (replayOrder) without coming
// here. Then, in the order they run:
//
//  1. placeOrder: in one transaction, plan the order, create its products
//     and remember the answer under the key.
//  2. plan: every item checked (item) and priced (monthlyRate); the first
//     failure refuses the whole order.
//  3. item: the rules of every item, then the product's own checks, each in
//     its product's file (port.go, mcr.go, mve.go, natgateway.go, ix.go,
//     vxc.go); the checks that several products share follow item here.
//  4. monthlyRate: the item's price.
//  5. create: the product's identity, and what its product gets once it
//     exists (in its product's file); putProduct stores it (products.go).
//  6. The answer is each product's view (products.go), whose provisioning
//     status follows from the time since the order.
//
// POST /v3/orders/validate (validateOrder, last) is plan alone.

const (
	seqProductID  = "productId"
	maxOrderItems = 50
	currency      = "USD"
	companyName   = "netfab sandbox customer"
)

var companyUID = catalogueUID("company:" + companyName)

// order is one order being validated: the products it would create and what
// its items reserve (VLANs, diversity zones) so that items of one order do
// not collide with each other either.
type order struct {
	tx       *store.Tx
	company  string // the ordering company: it sees only its own products
	products []*productRecord
	prices   []api.OrderValidation
	vlans    map[string]map[int64]string // product UID -> VLAN -> holder
	zones    map[string]int              // type|location|zone -> products
	now      time.Time
	keysUsed []string // the service keys earlier items use
}

// placeOrder validates every item first and then creates them all in
// DEPLOYABLE, in one transaction. Its route honours Idempotency-Key
// (idempotency.go).
func (s *server) placeOrder(w http.ResponseWriter, r *http.Request) error {
	var req api.OrderRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	now := s.now()
	var out []api.Product
	err := s.tx(r.Context(), func(tx *store.Tx) error {
		o, err := plan(tx, &req, callerCompany(r), now)
		if err != nil {
			return err
		}
		out = make([]api.Product, len(o.products))
		for i, p := range o.products {
			if err := s.create(tx, p, now, callerCompany(r)); err != nil {
				return err
			}
			out[i] = p.view(now, s.delay)
		}
		// The products and the order's Idempotency-Key are committed
		// together: a restart cannot keep the one without the other.
		return httpx.RememberInTx(r.Context(), tx, http.StatusCreated, api.Envelope[any]{Data: out})
	})
	if err != nil {
		return err
	}
	writeData(w, http.StatusCreated, out)
	return nil
}

// plan validates every item of an order, first failure wins, and prices it.
func plan(tx *store.Tx, req *api.OrderRequest, company string, now time.Time) (*order, error) {
	if n := len(req.Items); n < 1 || n > maxOrderItems {
		return nil, invalid("items", "an order has 1 to %d items, got %d", maxOrderItems, n)
	}
	o := &order{tx: tx, company: company, vlans: map[string]map[int64]string{}, zones: map[string]int{}, now: now}
	for i := range req.Items {
		p, err := o.item(i, &req.Items[i])
		if err != nil {
			var ae *httpx.Error
			if errors.As(err, &ae) && len(req.Items) > 1 {
				if b, ok := ae.Body.(api.ErrorBody); ok {
					b.Message = fmt.Sprintf("items[%d]: %s", i, b.Message)
					ae.Body, ae.Message = b, b.Message
				}
			}
			return nil, err
		}
		o.products = append(o.products, p)
		o.prices = append(o.prices, api.OrderValidation{
			ProductType: p.ProductType, ProductName: p.ProductName, MonthlyRate: monthlyRate(p), Currency: currency,
		})
	}
	return o, nil
}

// item validates one order item and returns the product it would create.
func (o *order) item(i int, it *api.OrderItem) (*productRecord, error) {
	if !slices.Contains(productTypes, it.ProductType) {
		return nil, invalid("productType", "must be one of %s", strings.Join(productTypes, ", "))
	}
	// Only the section of the item's type may be present.
	sections := []struct {
		field, productType string
		present            bool
	}{
		{"mcr", api.ProductTypeMCR, it.MCR != nil},
		{"lag", api.ProductTypePort, it.LAG != nil},
		{"ix", api.ProductTypeIX, it.IX != nil},
		{"natGateway", api.ProductTypeNATGateway, it.NATGateway != nil},
		{"mve", api.ProductTypeMVE, it.MVE != nil},
		{"vxc", api.ProductTypeVXC, it.VXC != nil},
	}
	for _, sec := range sections {
		if sec.present && sec.productType != it.ProductType {
			return nil, invalid(sec.field, "applies to %s items only; this item is a %s", sec.productType, it.ProductType)
		}
		// The MCR's section is optional; a port's is the LAG's, which only
		// LAG ports have.
		if !sec.present && sec.productType == it.ProductType && sec.productType != api.ProductTypeMCR && sec.productType != api.ProductTypePort {
			return nil, invalid(sec.field, "required for %s items", sec.productType)
		}
	}
	if err := checkProductName(it.ProductName); err != nil {
		return nil, err
	}
	p := &productRecord{
		Product: api.Product{
			ProductType:           it.ProductType,
			ProductName:           it.ProductName,
			ContractTermMonths:    it.ContractTermMonths,
			CostCentre:            it.CostCentre,
			PromoCode:             it.PromoCode,
			MarketplaceVisibility: it.MarketplaceVisibility != nil && *it.MarketplaceVisibility,
			AttributeTags:         maps.Clone(it.AttributeTags),
		},
		Tags: maps.Clone(it.ResourceTags),
	}
	if err := checkCostCentre(it.CostCentre); err != nil {
		return nil, err
	}
	if err := checkTags("resourceTags", it.ResourceTags); err != nil {
		return nil, err
	}
	if err := checkTags("attributeTags", it.AttributeTags); err != nil {
		return nil, err
	}
	// promoCode is accepted as it is: an unknown code never fails an order.

	var err error
	switch it.ProductType {
	case api.ProductTypePort:
		err = o.port(it, p)
	case api.ProductTypeMCR:
		err = o.mcr(it, p)
	case api.ProductTypeMVE:
		err = o.mve(it, p)
	case api.ProductTypeNATGateway:
		err = o.nat(it, p)
	case api.ProductTypeIX:
		err = o.ix(i, it, p)
	case api.ProductTypeVXC:
		err = o.vxc(i, it, p)
	}
	if err != nil {
		return nil, err
	}
	return p, nil
}

// The rules of every item, in the order item applies them; updates apply
// them too. Each failure is a 400 whose field is the camelCase name the
// provider knows and whose message is "field: rule" (invalid).

func checkProductName(name string) error {
	if n := utf8.RuneCountInString(name); n < 1 || n > 64 || strings.TrimSpace(name) == "" {
		return invalid("productName", "must be 1 to 64 characters and not blank")
	}
	return nil
}

func checkCostCentre(c string) error {
	if utf8.RuneCountInString(c) > 255 {
		return invalid("costCentre", "must be at most 255 characters")
	}
	return nil
}

// checkTags applies the rules of resource and attribute tags: keys 1..128
// characters, values at most 256.
func checkTags(field string, tags map[string]string) error {
	for _, k := range slices.Sorted(maps.Keys(tags)) {
		if n := utf8.RuneCountInString(k); n < 1 || n > 128 {
			return invalid(field, "key %q must be 1 to 128 characters", k)
		}
		if utf8.RuneCountInString(tags[k]) > 256 {
			return invalid(field, "value of %q must be at most 256 characters", k)
		}
	}
	return nil
}

// The checks that the products' own checks share, in the order the
// products call them, each followed by the checks it makes itself: where
// the product lives (located, speedAt, zone), its ASN, a connection's (an
// IX's or a VXC's) term and the fields it takes from elsewhere
// (connectionTerm, notUsed), the product it attaches to (activeEnd) and the
// VLANs it takes there.

// located checks the term and location of a product that lives at a
// location, which must offer it.
func (o *order) located(it *api.OrderItem, offered func(*api.LocationProducts) bool) (*api.Location, error) {
	if err := checkTerm(it.ContractTermMonths); err != nil {
		return nil, err
	}
	if it.LocationID == 0 {
		return nil, invalid("locationId", "required")
	}
	l, err := getLocation(o.tx, it.LocationID)
	if err != nil {
		return nil, err
	}
	if l == nil {
		return nil, invalid("locationId", "location %d does not exist", it.LocationID)
	}
	if !offered(&l.Products) {
		return nil, invalid("locationId", "location %d (%s) does not offer %s", l.ID, l.Name, it.ProductType)
	}
	return l, nil
}

func checkTerm(t int64) error {
	if !slices.Contains(contractTerms, t) {
		return invalid("contractTermMonths", "must be one of %s", joinInts(contractTerms))
	}
	return nil
}

func speedAt(field string, speed int64, allowed, offered []int64, l *api.Location) error {
	if !slices.Contains(allowed, speed) {
		return invalid(field, "must be one of %s", joinInts(allowed))
	}
	if !slices.Contains(offered, speed) {
		return invalid(field, "%d is not offered at location %d (%s); offered: %s", speed, l.ID, l.Name, joinInts(offered))
	}
	return nil
}

// zone checks a requested diversity zone or allocates the location's least
// used one.
func (o *order) zone(it *api.OrderItem, l *api.Location) (string, error) {
	key := func(z string) string { return fmt.Sprintf("%s|%d|%s", it.ProductType, l.ID, z) }
	if it.DiversityZone != "" {
		if err := checkZone(l, it.DiversityZone); err != nil {
			return "", err
		}
		o.zones[key(it.DiversityZone)]++
		return it.DiversityZone, nil
	}
	// The active products per zone come from the store's index of zone
	// references, not from decoding every product of the type.
	counts := maps.Clone(o.zones)
	for _, z := range l.Products.DiversityZones {
		n, err := o.tx.CountByRef(kindProduct, zoneRef(it.ProductType, l.ID, z))
		if err != nil {
			return "", err
		}
		counts[key(z)] += n
	}
	best := l.Products.DiversityZones[0]
	for _, z := range l.Products.DiversityZones[1:] {
		if counts[key(z)] < counts[key(best)] {
			best = z
		}
	}
	o.zones[key(best)]++
	return best, nil
}

func checkZone(l *api.Location, zone string) error {
	if !slices.Contains(l.Products.DiversityZones, zone) {
		return invalid("diversityZone", "must be one of %s at location %d (%s)", strings.Join(l.Products.DiversityZones, ", "), l.ID, l.Name)
	}
	return nil
}

const maxASN = 4294967295

func checkASN(asn int64) error {
	const field = "asn"
	if asn < 1 || asn > maxASN {
		return invalid(field, "must be between 1 and %d", int64(maxASN))
	}
	return nil
}

// connectionTerm checks the optional term of an IX or VXC (default 1) and
// refuses the fields that such a connection takes from what it attaches to.
func connectionTerm(it *api.OrderItem, p *productRecord) error {
	why := "a connection takes them from the product it attaches to"
	if err := notUsed(it, why); err != nil {
		return err
	}
	if it.DiversityZone != "" {
		return invalid("diversityZone", "does not apply to %s items; %s", it.ProductType, why)
	}
	p.ContractTermMonths = 1
	if it.ContractTermMonths != 0 {
		if err := checkTerm(it.ContractTermMonths); err != nil {
			return err
		}
		p.ContractTermMonths = it.ContractTermMonths
	}
	return nil
}

// notUsed refuses a top-level field a product type takes from elsewhere.
func notUsed(it *api.OrderItem, why string) error {
	switch {
	case it.PortSpeed != 0:
		return invalid("portSpeed", "does not apply to %s items; %s", it.ProductType, why)
	case it.LocationID != 0 && it.ProductType != api.ProductTypeMVE && it.ProductType != api.ProductTypeNATGateway:
		return invalid("locationId", "does not apply to %s items; %s", it.ProductType, why)
	}
	return nil
}

// activeEnd loads a product a connection attaches to; it must exist, be
// active and be of one of the types.
func activeEnd(tx *store.Tx, company, field, uid string, types ...string) (*productRecord, error) {
	if uid == "" {
		return nil, invalid(field, "required")
	}
	var p productRecord
	found, err := tx.Get(kindProduct, uid, &p)
	switch {
	case err != nil:
		return nil, err
	case !found || p.CompanyUID != company:
		// Another company's product is one that does not exist.
		return nil, nil
	case p.cancelled():
		return nil, invalid(field, "product %s is cancelled", uid)
	case !slices.Contains(types, p.ProductType):
		return nil, invalid(field, "product %s is a %s; it must be one of %s", uid, p.ProductType, strings.Join(types, ", "))
	}
	return &p, nil
}

// The VLANs of a connection's end.
const (
	minVLAN = 2
	maxVLAN = 4093
)

func checkVLAN(field string, vlan int64) error {
	if vlan < minVLAN || vlan > maxVLAN {
		return invalid(field, "must be between %d and %d", minVLAN, maxVLAN)
	}
	return nil
}

// reserveVLAN checks that vlan is free on the product uid and reserves it.
func (o *order) reserveVLAN(field, uid string, vlan int64, holder string) error {
	used, err := o.vlansOn(uid)
	if err != nil {
		return err
	}
	if h := used[vlan]; h != "" {
		return invalid(field, "%d is already used on product %s by %s", vlan, uid, h)
	}
	used[vlan] = holder
	return nil
}

// freeVLAN reserves the lowest free VLAN on the product uid.
func (o *order) freeVLAN(uid, holder string) (int64, error) {
	used, err := o.vlansOn(uid)
	if err != nil {
		return 0, err
	}
	for v := int64(minVLAN); v <= maxVLAN; v++ {
		if used[v] == "" {
			used[v] = holder
			return v, nil
		}
	}
	return 0, conflict("product %s has no free VLAN", uid)
}

// vlansOn is the VLANs in use on the product uid, including those that
// earlier items of this order reserve.
func (o *order) vlansOn(uid string) (map[int64]string, error) {
	if o.vlans[uid] == nil {
		used, err := usedVLANs(o.tx, uid, "")
		if err != nil {
			return nil, err
		}
		o.vlans[uid] = used
	}
	return o.vlans[uid], nil
}

// usedVLANs maps each VLAN in use on product uid, by its active IX and VXC
// connections other than except, to the connection using it.
func usedVLANs(tx *store.Tx, uid, except string) (map[int64]string, error) {
	used := map[int64]string{}
	ixs, vxcs, err := connectionsOn(tx, uid)
	if err != nil {
		return nil, err
	}
	for _, ix := range ixs {
		if ix.ProductUID != except {
			used[ix.IX.VLAN] = fmt.Sprintf("IX %s", ix.ProductUID)
		}
	}
	for _, v := range vxcs {
		if v.ProductUID == except {
			continue
		}
		if v.VXC.AEndProductUID == uid && v.VXC.AEndVLAN != 0 {
			used[v.VXC.AEndVLAN] = fmt.Sprintf("VXC %s", v.ProductUID)
		}
		if v.VXC.BEndProductUID == uid && v.VXC.BEndVLAN != 0 {
			used[v.VXC.BEndVLAN] = fmt.Sprintf("VXC %s", v.ProductUID)
		}
	}
	return used, nil
}

// Monthly list prices in USD by type and speed (or MVE size), before the term
// discount.
var (
	portPrices = map[int64]float64{1000: 400, 10000: 1100, 100000: 3900}
	mcrPrices  = map[int64]float64{1000: 350, 2500: 480, 5000: 650, 10000: 900, 25000: 1700, 50000: 2900, 100000: 5200}
	natPrices  = map[int64]float64{1000: 300, 2500: 420, 5000: 600, 10000: 850}
	mvePrices  = map[string]float64{"SMALL": 450, "MEDIUM": 800, "LARGE": 1400, "X_LARGE_12": 2100}
)

func monthlyRate(p *productRecord) float64 {
	var list float64
	switch p.ProductType {
	case api.ProductTypePort:
		list = portPrices[p.PortSpeed]
		if p.LAG != nil {
			list *= float64(p.LAG.LagCount) // every member port
		}
	case api.ProductTypeMCR:
		list = mcrPrices[p.PortSpeed]
	case api.ProductTypeMVE:
		list = mvePrices[p.MVE.Size]
	case api.ProductTypeNATGateway:
		list = natPrices[p.NATGateway.Speed]
		if counts := pairedCounts(p.NATGateway.Speed); len(counts) > 0 && p.NATGateway.SessionCount == counts[len(counts)-1] {
			list *= 1.15 // the larger session table
		}
	case api.ProductTypeVXC:
		list = 20 + 0.08*float64(p.VXC.RateLimit)
	case api.ProductTypeIX:
		list = 50 + 0.05*float64(p.IX.RateLimit)
	}
	return math.Round(list*termDiscount(p.ContractTermMonths)*100) / 100
}

// termDiscount is the share of the list price paid for a contract term.
func termDiscount(months int64) float64 {
	switch {
	case months >= 36:
		return 0.80
	case months >= 24:
		return 0.85
	case months >= 12:
		return 0.90
	}
	return 1
}

func pairedCounts(speed int64) []int64 {
	for _, p := range natSessionPairings {
		if p.Speed == speed {
			return p.SessionCounts
		}
	}
	return nil
}

// create gives a validated product its identity and stores it.
func (s *server) create(tx *store.Tx, p *productRecord, now time.Time, company string) error {
	id, err := tx.NextID(seqProductID)
	if err != nil {
		return err
	}
	p.ProductUID = newProductUID()
	p.ProductID = id
	p.CreateDate = rfc3339(now)
	p.CreatedBy = s.cfg.AccessKey
	p.CompanyUID, p.CompanyName = company, companyName
	for _, a := range s.accounts() {
		if a.CompanyUID == company {
			p.CompanyName, p.CreatedBy = a.CompanyName, a.AccessKey
		}
	}
	p.OrderedAt, p.UpdatedAt = now, now
	switch {
	case p.IX != nil:
		if err := allocateIXAddresses(tx, p.IX); err != nil {
			return err
		}
		refreshIXResources(p.IX)
	case p.NATGateway != nil:
		p.NATGateway.ServiceLevelReference = fmt.Sprintf("NFSLR-%08d", id)
	case p.LAG != nil:
		if err := allocateLAGPorts(tx, p); err != nil {
			return err
		}
	case p.VXC != nil:
		describeVXC(tx, p)
		if p.VXCPrivate != nil && p.VXCPrivate.ServiceKey != "" {
			if err := useServiceKey(tx, p.VXCPrivate.ServiceKey, now); err != nil {
				return err
			}
		}
	}
	return putProduct(tx, p)
}

// newProductUID is a new product's UID: a UUID whose leading bits are the
// time (version 7), so that the store's indexes by UID (the documents' key
// and the references to a product) file each new product at their end, in
// pages the store has just used, and not at a random place in a B-tree as
// large as the store. With random (version 4) UIDs an order against a store
// of 100,000 products made 8 reads of the database file instead of 1, and
// its checkpoints wrote pages all over the file (P2b of
// docs/performance.md). The UIDs stay UUIDs with 74 random bits.
func newProductUID() string { return uuid.Must(uuid.NewV7()).String() }

func (s *server) validateOrder(w http.ResponseWriter, r *http.Request) error {
	var req api.OrderRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	var o *order
	err := s.tx(r.Context(), func(tx *store.Tx) error {
		var err error
		o, err = plan(tx, &req, callerCompany(r), s.now())
		return err
	})
	if err != nil {
		return err
	}
	writeData(w, http.StatusOK, o.prices)
	return nil
}
