package netfab

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// kindProduct documents live under their product type as parent.
const kindProduct = "product"

var productTypes = []string{api.ProductTypePort, api.ProductTypeMCR, api.ProductTypeMVE, api.ProductTypeVXC, api.ProductTypeIX, api.ProductTypeNATGateway}

// productRecord is a stored product: the fields set at order or update time,
// plus the timestamps its lifecycle is derived from.
type productRecord struct {
	api.Product
	Tags        map[string]string `json:"tags"`
	OrderedAt   time.Time         `json:"orderedAt"`
	UpdatedAt   time.Time         `json:"updatedAt"`
	CancelledAt *time.Time        `json:"cancelledAt,omitempty"`
	// VXCPrivate is what a VXC's order gave that is never answered.
	VXCPrivate *vxcPrivate `json:"vxcPrivate,omitempty"`
}

func (p *productRecord) cancelled() bool { return p.CancelledAt != nil }

// loadProduct returns the product with that UID in any status, or a 404.
func loadProduct(tx *store.Tx, uid string) (*productRecord, error) {
	var p productRecord
	found, err := tx.Get(kindProduct, uid, &p)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, notFound("product %s not found", uid)
	}
	return &p, nil
}

var typeLabels = map[string]string{
	api.ProductTypePort: "port", api.ProductTypeMCR: "MCR", api.ProductTypeMVE: "MVE",
	api.ProductTypeVXC: "VXC", api.ProductTypeIX: "IX", api.ProductTypeNATGateway: "NAT gateway",
}

// loadTyped returns the product of the given type with that UID, or a 404
// naming what the path expects.
func loadTyped(tx *store.Tx, uid, productType string) (*productRecord, error) {
	p, err := loadProduct(tx, uid)
	if err != nil {
		return nil, err
	}
	if p.ProductType != productType {
		return nil, notFound("%s %s not found (product %s is a %s)", typeLabels[productType], uid, uid, p.ProductType)
	}
	return p, nil
}

// putProduct stores a product and files it under the references that
// orders and cancellations look products up by (productRefs), so that they
// never decode every product of a type.
func putProduct(tx *store.Tx, p *productRecord) error {
	if err := tx.Put(kindProduct, p.ProductUID, p.ProductType, p); err != nil {
		return err
	}
	return tx.SetRefs(kindProduct, p.ProductUID, productRefs(p)...)
}

// productRefs are the references of an active product: its type, location
// and diversity zone (zoneRef), and, for a connection, each product it rides
// on (onRef). A cancelled product has none.
func productRefs(p *productRecord) []string {
	if p.cancelled() {
		return nil
	}
	refs := []string{zoneRef(p.ProductType, p.LocationID, p.DiversityZone)}
	switch {
	case p.IX != nil:
		refs = append(refs, onRef(p.IX.RequestedProductUID))
	case p.VXC != nil:
		refs = append(refs, onRef(p.VXC.AEndProductUID), onRef(p.VXC.BEndProductUID))
	}
	return refs
}

// connectionsOn is the active IX connections, then the active VXCs, that
// ride on the product uid.
func connectionsOn(tx *store.Tx, uid string) (ixs, vxcs []productRecord, err error) {
	all, err := store.ListByRef[productRecord](tx, kindProduct, onRef(uid))
	if err != nil {
		return nil, nil, err
	}
	for _, p := range all {
		switch {
		case p.cancelled():
		case p.ProductType == api.ProductTypeIX:
			ixs = append(ixs, p)
		case p.ProductType == api.ProductTypeVXC:
			vxcs = append(vxcs, p)
		}
	}
	return ixs, vxcs, nil
}

func zoneRef(productType string, location int64, zone string) string {
	return fmt.Sprintf("zone|%s|%d|%s", productType, location, zone)
}

func onRef(uid string) string { return "on|" + uid }

// fileProductRefs gives the products of a store written before products
// had references their references, once.
func fileProductRefs(tx *store.Tx) error {
	return store.FileRefsOnce(tx, "product-refs", kindProduct, func(p *productRecord) (string, []string) {
		return p.ProductUID, productRefs(p)
	})
}

// view is the product as the API shows it at now.
func (p *productRecord) view(now time.Time, delay time.Duration) api.Product {
	out := p.Product
	out.ProvisioningStatus = p.status(now, delay)
	out.AttributeTags = maps.Clone(p.AttributeTags)
	if out.AttributeTags == nil {
		out.AttributeTags = map[string]string{}
	}
	// The lifecycle stops where the product was cancelled.
	end := now
	if p.cancelled() && p.CancelledAt.Before(now) {
		end = *p.CancelledAt
	}
	configuredAt := p.OrderedAt.Add(delay)
	liveAt := p.OrderedAt.Add(2 * delay)
	last := p.UpdatedAt
	reached := func(t time.Time) bool {
		if !t.After(end) {
			if t.After(last) {
				last = t
			}
			return true
		}
		return false
	}
	reached(configuredAt)
	if reached(liveAt) {
		out.LiveDate = rfc3339(liveAt)
		out.ContractStartDate = rfc3339(liveAt)
		out.ContractEndDate = rfc3339(liveAt.AddDate(0, int(p.ContractTermMonths), 0))
	}
	if p.cancelled() {
		out.TerminateDate = rfc3339(*p.CancelledAt)
		if p.CancelledAt.After(last) {
			last = *p.CancelledAt
		}
		if gone := p.CancelledAt.Add(delay); !gone.After(now) && gone.After(last) {
			last = gone
		}
	}
	out.Cancelable = !p.cancelled()
	out.LastUpdated = rfc3339(last)
	out.UsageAlgorithm = "POST_PAID_HOURLY_SPEED"
	if p.ContractTermMonths > 1 {
		out.UsageAlgorithm = "POST_PAID_FIXED_TERM"
	}
	if p.LAG != nil {
		lag := *p.LAG
		lag.LagPortUIDs = slices.Clone(lag.LagPortUIDs)
		lag.Interface.Up = 0
		if out.ProvisioningStatus == api.StatusLive {
			lag.Interface.Up = 1
		}
		out.LAG = &lag
	}
	if p.MVE != nil {
		mve := *p.MVE
		mve.VNICs = slices.Clone(mve.VNICs)
		out.MVE = &mve
	}
	if p.IX != nil {
		ix := *p.IX
		ix.Resources.IPAddresses = slices.Clone(ix.Resources.IPAddresses)
		ix.Resources.BGPConnections = slices.Clone(ix.Resources.BGPConnections)
		ix.DeployDate = ""
		if !configuredAt.After(end) {
			ix.DeployDate = rfc3339(configuredAt)
		}
		ix.Resources.Interface.Up = 0
		if out.ProvisioningStatus == api.StatusLive && !ix.Shutdown {
			ix.Resources.Interface.Up = 1
		}
		out.IX = &ix
	}
	return out
}

// status is the provisioning status at now: DEPLOYABLE for one delay after
// the order, CONFIGURED for the next, then LIVE; CANCELLED for one delay after
// the cancellation, then DECOMMISSIONED.
func (p *productRecord) status(now time.Time, delay time.Duration) string {
	if p.cancelled() {
		if now.Sub(*p.CancelledAt) < delay {
			return api.StatusCancelled
		}
		return api.StatusDecommissioned
	}
	switch e := now.Sub(p.OrderedAt); {
	case e < delay:
		return api.StatusDeployable
	case e < 2*delay:
		return api.StatusConfigured
	default:
		return api.StatusLive
	}
}

func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// listProducts answers one page of the caller's active products, by product
// ID (the store's insertion order), with the query's filters. It reads the
// store a page at a time from where the token says the last page ended, so
// that a listing of ten thousand products holds one page in memory, here and
// in the caller.
func (s *server) listProducts(w http.ResponseWriter, r *http.Request) error {
	q, err := parseProductQuery(r)
	if err != nil {
		return err
	}
	now := s.now()
	company := callerCompany(r)
	page := api.ProductPage{Data: []api.ListedProduct{}}
	err = s.tx(r.Context(), func(tx *store.Tx) error {
		after := q.after
		for len(page.Data) < q.size {
			batch, err := store.ListAfter[productRecord](tx, kindProduct, q.productType, after, q.size)
			if err != nil {
				return err
			}
			for i, p := range batch {
				after = p.Pos
				v, ok := q.match(&p.Doc, company, now, s.delay)
				if !ok {
					continue
				}
				page.Data = append(page.Data, v)
				if len(page.Data) == q.size {
					// The token is given when a product may follow: one of
					// the rest of this batch matches, or the store may hold
					// more. So the last page may be empty, never short of a
					// product.
					more := len(batch) == q.size
					for j := i + 1; j < len(batch) && !more; j++ {
						_, more = q.match(&batch[j].Doc, company, now, s.delay)
					}
					if more {
						page.NextPageToken = pageToken(after)
					}
					return nil
				}
			}
			if len(batch) < q.size {
				return nil
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, page)
	return nil
}

// productQuery is the parsed query of GET /v3/products.
type productQuery struct {
	productType, name, status string
	location                  int64
	tags                      bool
	size                      int
	after                     int64 // position of the last product of the previous page
}

func parseProductQuery(r *http.Request) (*productQuery, error) {
	v := r.URL.Query()
	q := &productQuery{productType: v.Get(api.ProductsQueryType), name: v.Get(api.ProductsQueryName),
		status: v.Get(api.ProductsQueryStatus), size: api.ProductsPageSizeDefault}
	if q.productType != "" && !slices.Contains(productTypes, q.productType) {
		return nil, invalid(api.ProductsQueryType, "must be one of %s", strings.Join(productTypes, ", "))
	}
	if q.status != "" && !slices.Contains(api.ListableStatuses, q.status) {
		return nil, invalid(api.ProductsQueryStatus, "must be one of %s (a listing holds active products only), not %q",
			strings.Join(api.ListableStatuses, ", "), q.status)
	}
	if s := v.Get(api.ProductsQueryLocation); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 1 {
			return nil, invalid(api.ProductsQueryLocation, "must be a location ID (a positive whole number), not %q", s)
		}
		q.location = n
	}
	if s := v.Get(api.ProductsQueryTags); s != "" {
		b, err := strconv.ParseBool(s)
		if err != nil {
			return nil, invalid(api.ProductsQueryTags, "must be true or false, not %q", s)
		}
		q.tags = b
	}
	if s := v.Get(api.ProductsQueryPageSize); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > api.ProductsPageSizeMax {
			return nil, invalid(api.ProductsQueryPageSize, "must be a whole number from 1 to %d, not %q", api.ProductsPageSizeMax, s)
		}
		q.size = n
	}
	if s := v.Get(api.ProductsQueryPageToken); s != "" {
		after, ok := parsePageToken(s)
		if !ok {
			return nil, invalid(api.ProductsQueryPageToken, "is not a token this listing gave (nextPageToken of the previous page)")
		}
		q.after = after
	}
	return q, nil
}

// match is the product as listed, when it is the company's, active and
// passes the filters.
func (q *productQuery) match(p *productRecord, company string, now time.Time, delay time.Duration) (api.ListedProduct, bool) {
	if p.CompanyUID != company || p.cancelled() ||
		(q.location != 0 && p.LocationID != q.location) || (q.name != "" && p.ProductName != q.name) {
		return api.ListedProduct{}, false
	}
	v := api.ListedProduct{Product: p.view(now, delay)}
	if q.status != "" && v.ProvisioningStatus != q.status {
		return api.ListedProduct{}, false
	}
	if q.tags && len(p.Tags) > 0 {
		v.ResourceTags = maps.Clone(p.Tags)
	}
	return v, true
}

// A page token is the store position of the last product of the page,
// opaque to callers.
const pageTokenPrefix = "p1."

func pageToken(after int64) string {
	return base64.RawURLEncoding.EncodeToString([]byte(pageTokenPrefix + strconv.FormatInt(after, 10)))
}

func parsePageToken(s string) (int64, bool) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return 0, false
	}
	rest, ok := strings.CutPrefix(string(b), pageTokenPrefix)
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(rest, 10, 64)
	return n, err == nil && n > 0
}

// getProduct answers a product in any status; with includeResourceTags=true
// it carries the product's resource tags too (as a listed product does), so
// that a client reads both in one request.
func (s *server) getProduct(w http.ResponseWriter, r *http.Request) error {
	withTags := false
	if v := r.URL.Query().Get(api.ProductsQueryTags); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return invalid(api.ProductsQueryTags, "must be true or false, not %q", v)
		}
		withTags = b
	}
	var p *productRecord
	err := s.tx(r.Context(), func(tx *store.Tx) error {
		var err error
		p, err = loadProduct(tx, r.PathValue("productUid"))
		return err
	})
	if err != nil {
		return err
	}
	v := api.ListedProduct{Product: p.view(s.now(), s.delay)}
	if withTags && len(p.Tags) > 0 {
		v.ResourceTags = maps.Clone(p.Tags)
	}
	writeData(w, http.StatusOK, v)
	return nil
}

// updateProduct changes the fields of api.ProductUpdate in place, validated
// with the rules of an order.
func (s *server) updateProduct(w http.ResponseWriter, r *http.Request) error {
	var u api.ProductUpdate
	if err := decode(r, &u); err != nil {
		return err
	}
	now := s.now()
	var p *productRecord
	err := s.tx(r.Context(), func(tx *store.Tx) error {
		var err error
		if p, err = loadProduct(tx, r.PathValue("productUid")); err != nil {
			return err
		}
		if err := requireActive(p); err != nil {
			return err
		}
		if err := requireUnlocked(p); err != nil {
			return err
		}
		if err := applyUpdate(tx, p, &u); err != nil {
			return err
		}
		p.UpdatedAt = now
		return putProduct(tx, p)
	})
	if err != nil {
		return err
	}
	writeData(w, http.StatusOK, p.view(now, s.delay))
	return nil
}

// requireActive refuses changes to a cancelled product.
func requireActive(p *productRecord) error {
	if p.cancelled() {
		return conflict("product %s was cancelled at %s; only active products can be changed", p.ProductUID, rfc3339(*p.CancelledAt))
	}
	return nil
}

func applyUpdate(tx *store.Tx, p *productRecord, u *api.ProductUpdate) error {
	sections := []struct {
		field       string
		present     bool
		productType string
	}{
		{"mcr", u.MCR != nil, api.ProductTypeMCR},
		{"ix", u.IX != nil, api.ProductTypeIX},
		{"natGateway", u.NATGateway != nil, api.ProductTypeNATGateway},
		{"vxc", u.VXC != nil, api.ProductTypeVXC},
	}
	for _, sec := range sections {
		if sec.present && p.ProductType != sec.productType {
			return invalid(sec.field, "applies to %s products only; this product is a %s", sec.productType, p.ProductType)
		}
	}
	if u.ProductName != nil {
		if err := checkProductName(*u.ProductName); err != nil {
			return err
		}
		p.ProductName = *u.ProductName
	}
	if u.CostCentre != nil {
		if err := checkCostCentre(*u.CostCentre); err != nil {
			return err
		}
		p.CostCentre = *u.CostCentre
	}
	if u.MarketplaceVisibility != nil {
		p.MarketplaceVisibility = *u.MarketplaceVisibility
	}
	if u.PromoCode != nil {
		p.PromoCode = *u.PromoCode
	}
	if u.AttributeTags != nil {
		if err := checkTags("attributeTags", u.AttributeTags); err != nil {
			return err
		}
		p.AttributeTags = u.AttributeTags
	}
	if u.ContractTermMonths != nil {
		if err := checkTerm(*u.ContractTermMonths); err != nil {
			return err
		}
		p.ContractTermMonths = *u.ContractTermMonths
		if p.IX != nil {
			p.IX.Term = p.ContractTermMonths
		}
	}
	switch {
	case u.MCR != nil:
		if u.MCR.ASN != nil {
			if err := checkASN(*u.MCR.ASN); err != nil {
				return err
			}
			p.MCR.ASN = *u.MCR.ASN
		}
	case u.NATGateway != nil:
		n := u.NATGateway
		speed, sessions := p.NATGateway.Speed, p.NATGateway.SessionCount
		if n.Speed != nil {
			speed = *n.Speed
		}
		if n.SessionCount != nil {
			sessions = *n.SessionCount
		}
		if err := checkNATSpeed(tx, speed, sessions); err != nil {
			return err
		}
		p.NATGateway.Speed, p.NATGateway.SessionCount = speed, sessions
		if n.ASN != nil {
			if err := checkASN(*n.ASN); err != nil {
				return err
			}
			p.NATGateway.ASN = *n.ASN
		}
		if n.AutoRenewTerm != nil {
			p.NATGateway.AutoRenewTerm = *n.AutoRenewTerm
		}
		if n.BGPShutdownDefault != nil {
			p.NATGateway.BGPShutdownDefault = *n.BGPShutdownDefault
		}
	case u.IX != nil:
		return applyIXUpdate(tx, p, u.IX)
	case u.VXC != nil:
		if err := applyVXCUpdate(tx, p, u.VXC); err != nil {
			return err
		}
	}
	if p.VXC != nil {
		describeVXC(tx, p) // the ends' names and the CSP connections follow
	}
	return nil
}

// cancelProduct cancels a product now. Products with active connections
// attached refuse; an MCR or NAT gateway takes its sub-resources with it.
func (s *server) cancelProduct(w http.ResponseWriter, r *http.Request) error {
	uid := r.PathValue("productUid")
	now := s.now()
	var p *productRecord
	err := s.tx(r.Context(), func(tx *store.Tx) error {
		var err error
		if p, err = loadProduct(tx, uid); err != nil {
			return err
		}
		if p.cancelled() {
			return notFound("product %s not found: it was cancelled at %s", uid, rfc3339(*p.CancelledAt))
		}
		if err := requireUnlocked(p); err != nil {
			return err
		}
		attached, kinds, err := attachedConnections(tx, uid)
		if err != nil {
			return err
		}
		if len(attached) > 0 {
			// upstream's service words it "... has active VXCs associated
			// with it.", which clients and upstream's tests match
			return conflict("%s %s has active %s associated with it. Cancel them first: %s",
				typeLabels[p.ProductType], uid, kinds, strings.Join(attached, ", "))
		}
		switch p.ProductType {
		case api.ProductTypeMCR:
			if err := deleteChildren(tx, uid, kindAddOn, kindMCRPrefixList); err != nil {
				return err
			}
		case api.ProductTypeNATGateway:
			if err := deleteChildren(tx, uid, kindPacketFilter, kindNATPrefixList); err != nil {
				return err
			}
		}
		p.CancelledAt = &now
		return putProduct(tx, p)
	})
	if err != nil {
		return err
	}
	v := p.view(now, s.delay)
	v.ProvisioningStatus = api.StatusCancelled // the state a cancellation enters, whatever the delay
	writeData(w, http.StatusOK, v)
	return nil
}

// attachedConnections describes the active IX and VXC products that ride on
// the product uid, and names their kinds ("VXCs", "IX connections" or both).
func attachedConnections(tx *store.Tx, uid string) (out []string, kinds string, err error) {
	ixs, vxcs, err := connectionsOn(tx, uid)
	if err != nil {
		return nil, "", err
	}
	var names []string
	if len(vxcs) > 0 {
		names = append(names, "VXCs")
	}
	if len(ixs) > 0 {
		names = append(names, "IX connections")
	}
	for _, ix := range ixs {
		out = append(out, fmt.Sprintf("IX %q (%s)", ix.ProductName, ix.ProductUID))
	}
	for _, v := range vxcs {
		out = append(out, fmt.Sprintf("VXC %q (%s)", v.ProductName, v.ProductUID))
	}
	return out, strings.Join(names, " and "), nil
}

func deleteChildren(tx *store.Tx, owner string, kinds ...string) error {
	for _, kind := range kinds {
		children, err := store.List[child[json.RawMessage]](tx, kind, owner)
		if err != nil {
			return err
		}
		for _, c := range children {
			if _, err := tx.Delete(kind, c.Key); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *server) getTags(w http.ResponseWriter, r *http.Request) error {
	var p *productRecord
	if err := s.tx(r.Context(), func(tx *store.Tx) error {
		var err error
		p, err = loadProduct(tx, r.PathValue("productUid"))
		return err
	}); err != nil {
		return err
	}
	writeData(w, http.StatusOK, nonNilMap(p.Tags))
	return nil
}

func (s *server) putTags(w http.ResponseWriter, r *http.Request) error {
	var tags map[string]string
	if err := decode(r, &tags); err != nil {
		return err
	}
	if err := checkTags("resourceTags", tags); err != nil {
		return err
	}
	now := s.now()
	err := s.tx(r.Context(), func(tx *store.Tx) error {
		p, err := loadProduct(tx, r.PathValue("productUid"))
		if err != nil {
			return err
		}
		if err := requireActive(p); err != nil {
			return err
		}
		if err := requireUnlocked(p); err != nil {
			return err
		}
		p.Tags = tags
		p.UpdatedAt = now
		return putProduct(tx, p)
	})
	if err != nil {
		return err
	}
	writeData(w, http.StatusOK, nonNilMap(tags))
	return nil
}

func nonNilMap(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}
