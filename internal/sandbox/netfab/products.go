package netfab

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	api "github.com/iacsuite/providers/internal/api/netfab"
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

// activeProducts lists the products of one type (all types if empty) that are
// not cancelled.
func activeProducts(tx *store.Tx, productType string) ([]productRecord, error) {
	all, err := store.List[productRecord](tx, kindProduct, productType)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(all, func(p productRecord) bool { return p.cancelled() }), nil
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

func zoneRef(productType string, location int64, zone string) string {
	return fmt.Sprintf("zone|%s|%d|%s", productType, location, zone)
}

func onRef(uid string) string { return "on|" + uid }

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

// fileProductRefs gives the products of a store written before products
// had references their references, once.
func fileProductRefs(tx *store.Tx) error {
	return store.FileRefsOnce(tx, "product-refs", kindProduct, func(p *productRecord) (string, []string) {
		return p.ProductUID, productRefs(p)
	})
}

func (s *server) listProducts(w http.ResponseWriter, r *http.Request) error {
	t := r.URL.Query().Get("productType")
	if t != "" && !slices.Contains(productTypes, t) {
		return invalid("productType", "must be one of %s", strings.Join(productTypes, ", "))
	}
	now := s.now()
	var out []api.Product
	err := s.tx(r.Context(), func(tx *store.Tx) error {
		ps, err := activeProducts(tx, t)
		if err != nil {
			return err
		}
		slices.SortFunc(ps, func(a, b productRecord) int { return cmp.Compare(a.ProductID, b.ProductID) })
		company := callerCompany(r)
		for i := range ps {
			if ps[i].CompanyUID == company {
				out = append(out, ps[i].view(now, s.delay))
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	writeData(w, http.StatusOK, nonNil(out))
	return nil
}

func (s *server) getProduct(w http.ResponseWriter, r *http.Request) error {
	var p *productRecord
	err := s.tx(r.Context(), func(tx *store.Tx) error {
		var err error
		p, err = loadProduct(tx, r.PathValue("productUid"))
		return err
	})
	if err != nil {
		return err
	}
	writeData(w, http.StatusOK, p.view(s.now(), s.delay))
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
			if err := checkASN("asn", *u.MCR.ASN); err != nil {
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
			if err := checkASN("asn", *n.ASN); err != nil {
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

func applyIXUpdate(tx *store.Tx, p *productRecord, u *api.IXUpdate) error {
	cfg := p.IX.IXConfig
	if u.ASN != nil {
		cfg.ASN = *u.ASN
	}
	if u.MACAddress != nil {
		cfg.MACAddress = *u.MACAddress
	}
	if u.RateLimit != nil {
		cfg.RateLimit = *u.RateLimit
	}
	if u.VLAN != nil {
		cfg.VLAN = *u.VLAN
	}
	if u.Shutdown != nil {
		cfg.Shutdown = *u.Shutdown
	}
	if u.PublicGraph != nil {
		cfg.PublicGraph = u.PublicGraph
	}
	if u.ReverseDNS != nil {
		cfg.ReverseDNS = *u.ReverseDNS
	}
	parent, err := loadProduct(tx, cfg.RequestedProductUID)
	if err != nil {
		return err
	}
	if err := checkIXSettings(&cfg, parent.PortSpeed); err != nil {
		return err
	}
	if cfg.VLAN != p.IX.VLAN {
		used, err := usedVLANs(tx, cfg.RequestedProductUID, p.ProductUID)
		if err != nil {
			return err
		}
		if used[cfg.VLAN] != "" {
			return invalid("vlan", "%d is already used on product %s by %s", cfg.VLAN, cfg.RequestedProductUID, used[cfg.VLAN])
		}
	}
	p.IX.IXConfig = cfg
	refreshIXResources(p.IX)
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
		attached, err := attachedConnections(tx, uid)
		if err != nil {
			return err
		}
		if len(attached) > 0 {
			return conflict("%s %s cannot be cancelled while connections are attached; cancel them first: %s",
				typeLabels[p.ProductType], uid, strings.Join(attached, ", "))
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
// the product uid.
func attachedConnections(tx *store.Tx, uid string) ([]string, error) {
	var out []string
	ixs, vxcs, err := connectionsOn(tx, uid)
	if err != nil {
		return nil, err
	}
	for _, ix := range ixs {
		out = append(out, fmt.Sprintf("IX %q (%s)", ix.ProductName, ix.ProductUID))
	}
	for _, v := range vxcs {
		out = append(out, fmt.Sprintf("VXC %q (%s)", v.ProductName, v.ProductUID))
	}
	return out, nil
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
