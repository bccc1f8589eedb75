package netfab

import (
	"fmt"
	"net/http"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Store kinds of the sub-resources of MCRs and NAT gateways; each document
// lives under its owner's product UID.
const (
	kindMCRPrefixList = "mcrPrefixList"
	kindNATPrefixList = "natPrefixList"
	kindAddOn         = "addOn"
	kindPacketFilter  = "packetFilter"
)

// child is a stored sub-resource. Key is its store ID (and the ID in its
// path); every sub-resource kind has this shape.
type child[T any] struct {
	Key   string `json:"key"`
	Owner string `json:"owner"`
	Item  T      `json:"item"`
}

// collection is the CRUD of one kind of sub-resource under its owner product:
// list and create on the collection path, get, replace and delete on the item
// path. Items of an owner that is cancelled are gone with it.
type collection[T any] struct {
	kind      string
	label     string // "prefix filter list"
	ownerType string
	idField   string // JSON name of the item's ID
	// newID allocates the ID of a new item.
	newID func(tx *store.Tx) (string, error)
	getID func(*T) string // "" when the body has none
	setID func(*T, string)
	// check validates an item, prev being the item it replaces (nil on
	// create), and may fill what a replacement leaves out from prev.
	check func(tx *store.Tx, owner *productRecord, prev, item *T) error
}

func (c *collection[T]) register(s *server, keys *httpx.Idempotency, base string) {
	s.Handle("GET "+base, s.api(c.list(s)))
	s.Handle("POST "+base, s.api(keys.Handle(c.create(s))))
	s.Handle("GET "+base+"/{id}", s.api(c.get(s)))
	s.Handle("PUT "+base+"/{id}", s.api(c.replace(s)))
	s.Handle("DELETE "+base+"/{id}", s.api(c.delete(s)))
}

// sequenceID allocates positive integer IDs from the store sequence of kind.
func sequenceID(kind string) func(*store.Tx) (string, error) {
	return func(tx *store.Tx) (string, error) {
		n, err := tx.NextID(kind)
		return strconv.FormatInt(n, 10), err
	}
}

func intID(id int64) string {
	if id == 0 {
		return ""
	}
	return strconv.FormatInt(id, 10)
}

func parseID(s string) int64 { n, _ := strconv.ParseInt(s, 10, 64); return n }

func (c *collection[T]) owner(tx *store.Tx, r *http.Request) (*productRecord, error) {
	return loadTyped(tx, r.PathValue("ownerUid"), c.ownerType)
}

// load returns the item of the path, which must belong to the path's owner.
func (c *collection[T]) load(tx *store.Tx, r *http.Request) (*productRecord, *child[T], error) {
	owner, err := c.owner(tx, r)
	if err != nil {
		return nil, nil, err
	}
	var ch child[T]
	found, err := tx.Get(c.kind, r.PathValue("id"), &ch)
	if err != nil {
		return nil, nil, err
	}
	if !found || ch.Owner != owner.ProductUID {
		return nil, nil, notFound("%s %s not found on %s %s", c.label, r.PathValue("id"), typeLabels[c.ownerType], owner.ProductUID)
	}
	return owner, &ch, nil
}

func (c *collection[T]) list(s *server) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var out []T
		err := s.tx(r.Context(), func(tx *store.Tx) error {
			owner, err := c.owner(tx, r)
			if err != nil {
				return err
			}
			children, err := store.List[child[T]](tx, c.kind, owner.ProductUID)
			for _, ch := range children {
				out = append(out, ch.Item)
			}
			return err
		})
		if err != nil {
			return err
		}
		writeData(w, http.StatusOK, nonNil(out))
		return nil
	}
}

func (c *collection[T]) create(s *server) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var item T
		if err := decode(r, &item); err != nil {
			return err
		}
		if c.getID(&item) != "" {
			return invalid(c.idField, "is assigned by the API; leave it out")
		}
		err := s.tx(r.Context(), func(tx *store.Tx) error {
			owner, err := c.owner(tx, r)
			if err != nil {
				return err
			}
			if owner.cancelled() {
				return conflict("%s %s was cancelled at %s; a %s needs an active %s",
					typeLabels[c.ownerType], owner.ProductUID, rfc3339(*owner.CancelledAt), c.label, typeLabels[c.ownerType])
			}
			if err := requireUnlocked(owner); err != nil {
				return err
			}
			if err := c.check(tx, owner, nil, &item); err != nil {
				return err
			}
			id, err := c.newID(tx)
			if err != nil {
				return err
			}
			c.setID(&item, id)
			if err := tx.Put(c.kind, id, owner.ProductUID, child[T]{Key: id, Owner: owner.ProductUID, Item: item}); err != nil {
				return err
			}
			// With its Idempotency-Key, in the same commit (see placeOrder).
			return httpx.RememberInTx(r.Context(), tx, http.StatusCreated, api.Envelope[any]{Data: item})
		})
		if err != nil {
			return err
		}
		writeData(w, http.StatusCreated, item)
		return nil
	}
}

func (c *collection[T]) get(s *server) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var ch *child[T]
		err := s.tx(r.Context(), func(tx *store.Tx) error {
			var err error
			_, ch, err = c.load(tx, r)
			return err
		})
		if err != nil {
			return err
		}
		writeData(w, http.StatusOK, ch.Item)
		return nil
	}
}

func (c *collection[T]) replace(s *server) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var item T
		if err := decode(r, &item); err != nil {
			return err
		}
		if id := c.getID(&item); id != "" && id != r.PathValue("id") {
			return invalid(c.idField, "must be %s, the ID in the path, or left out", r.PathValue("id"))
		}
		err := s.tx(r.Context(), func(tx *store.Tx) error {
			owner, ch, err := c.load(tx, r)
			if err != nil {
				return err
			}
			if err := requireUnlocked(owner); err != nil {
				return err
			}
			if err := c.check(tx, owner, &ch.Item, &item); err != nil {
				return err
			}
			c.setID(&item, ch.Key)
			ch.Item = item
			return tx.Put(c.kind, ch.Key, owner.ProductUID, ch)
		})
		if err != nil {
			return err
		}
		writeData(w, http.StatusOK, item)
		return nil
	}
}

func (c *collection[T]) delete(s *server) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		err := s.tx(r.Context(), func(tx *store.Tx) error {
			owner, ch, err := c.load(tx, r)
			if err != nil {
				return err
			}
			if err := requireUnlocked(owner); err != nil {
				return err
			}
			_, err = tx.Delete(c.kind, ch.Key)
			return err
		})
		if err != nil {
			return err
		}
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
}

// prefixLists are MCR prefix filter lists or NAT gateway prefix lists: the
// same rules, and an address family that cannot change.
func prefixLists(kind, ownerType string) *collection[api.PrefixList] {
	return &collection[api.PrefixList]{
		kind: kind, label: "prefix list", ownerType: ownerType, idField: "id",
		newID: sequenceID(kind),
		getID: func(l *api.PrefixList) string { return intID(l.ID) },
		setID: func(l *api.PrefixList, id string) { l.ID = parseID(id) },
		check: func(_ *store.Tx, _ *productRecord, prev, l *api.PrefixList) error {
			if prev != nil {
				if l.AddressFamily == "" {
					l.AddressFamily = prev.AddressFamily
				}
				if l.AddressFamily != prev.AddressFamily {
					return invalid("addressFamily", "cannot be changed from %s to %s; create a new list instead", prev.AddressFamily, l.AddressFamily)
				}
			}
			return checkPrefixList(l)
		},
	}
}

var (
	mcrPrefixLists = prefixLists(kindMCRPrefixList, api.ProductTypeMCR)
	natPrefixLists = prefixLists(kindNATPrefixList, api.ProductTypeNATGateway)

	ipsecAddOns = &collection[api.IPsecAddOn]{
		kind: kindAddOn, label: "add-on", ownerType: api.ProductTypeMCR, idField: "addOnUid",
		newID: func(*store.Tx) (string, error) { return uuid.NewString(), nil },
		getID: func(a *api.IPsecAddOn) string { return a.AddOnUID },
		setID: func(a *api.IPsecAddOn, id string) { a.AddOnUID = id },
		check: func(tx *store.Tx, owner *productRecord, prev, a *api.IPsecAddOn) error {
			if prev != nil && a.AddOnType == "" {
				a.AddOnType = prev.AddOnType
			}
			if a.AddOnType != api.AddOnTypeIPsec {
				return invalid("addOnType", "must be %s", api.AddOnTypeIPsec)
			}
			if !slices.Contains(ipsecTunnels, a.TunnelCount) {
				return invalid("tunnelCount", "must be one of %s", joinInts(ipsecTunnels))
			}
			if prev == nil {
				existing, err := store.List[child[api.IPsecAddOn]](tx, kindAddOn, owner.ProductUID)
				if err != nil {
					return err
				}
				if len(existing) > 0 {
					return conflict("MCR %s already has an IPsec add-on (%s); change its tunnelCount instead", owner.ProductUID, existing[0].Key)
				}
			}
			return nil
		},
	}

	packetFilters = &collection[api.PacketFilter]{
		kind: kindPacketFilter, label: "packet filter", ownerType: api.ProductTypeNATGateway, idField: "id",
		newID: sequenceID(kindPacketFilter),
		getID: func(f *api.PacketFilter) string { return intID(f.ID) },
		setID: func(f *api.PacketFilter, id string) { f.ID = parseID(id) },
		check: func(_ *store.Tx, _ *productRecord, _, f *api.PacketFilter) error { return checkPacketFilter(f) },
	}
)

// The rules of the sub-resources' items.

// checkPrefixList applies the rules of MCR prefix filter lists and NAT
// gateway prefix lists.
func checkPrefixList(l *api.PrefixList) error {
	if n := utf8.RuneCountInString(l.Description); n < 1 || n > 255 {
		return invalid("description", "must be 1 to 255 characters")
	}
	maxLen := 0
	switch l.AddressFamily {
	case "IPv4":
		maxLen = 32
	case "IPv6":
		maxLen = 128
	default:
		return invalid("addressFamily", "must be IPv4 or IPv6")
	}
	if n := len(l.Entries); n < 1 || n > 200 {
		return invalid("entries", "must have 1 to 200 entries, got %d", n)
	}
	for i, e := range l.Entries {
		f := func(name string) string { return fmt.Sprintf("entries[%d].%s", i, name) }
		if e.Action != "permit" && e.Action != "deny" {
			return invalid(f("action"), "must be permit or deny")
		}
		p, err := netip.ParsePrefix(e.Prefix)
		if err != nil {
			return invalid(f("prefix"), "%q is not a CIDR prefix", e.Prefix)
		}
		if p.Addr().Is4() != (maxLen == 32) {
			return invalid(f("prefix"), "%s is not an %s prefix", e.Prefix, l.AddressFamily)
		}
		if p.Masked() != p {
			return invalid(f("prefix"), "%s is not in network address form; use %s", e.Prefix, p.Masked())
		}
		bits := int64(p.Bits())
		if e.Ge != 0 && (e.Ge < bits || e.Ge > int64(maxLen)) {
			return invalid(f("ge"), "must be between the prefix length %d and %d", bits, maxLen)
		}
		if e.Le != 0 && (e.Le < bits || e.Le > int64(maxLen)) {
			return invalid(f("le"), "must be between the prefix length %d and %d", bits, maxLen)
		}
		if e.Ge != 0 && e.Le != 0 && e.Ge > e.Le {
			return invalid(f("le"), "must be at least ge (%d)", e.Ge)
		}
	}
	return nil
}

// checkPacketFilter applies the rules of NAT gateway packet filters.
func checkPacketFilter(pf *api.PacketFilter) error {
	if n := utf8.RuneCountInString(pf.Description); n < 1 || n > 255 {
		return invalid("description", "must be 1 to 255 characters")
	}
	if n := len(pf.Entries); n < 1 || n > 200 {
		return invalid("entries", "must have 1 to 200 entries, got %d", n)
	}
	for i, e := range pf.Entries {
		f := func(name string) string { return fmt.Sprintf("entries[%d].%s", i, name) }
		if e.Action != "permit" && e.Action != "deny" {
			return invalid(f("action"), "must be permit or deny")
		}
		if utf8.RuneCountInString(e.Description) > 255 {
			return invalid(f("description"), "must be at most 255 characters")
		}
		src, err := netip.ParsePrefix(e.SourceAddress)
		if err != nil {
			return invalid(f("sourceAddress"), "%q is not a CIDR prefix", e.SourceAddress)
		}
		dst, err := netip.ParsePrefix(e.DestinationAddress)
		if err != nil {
			return invalid(f("destinationAddress"), "%q is not a CIDR prefix", e.DestinationAddress)
		}
		if src.Addr().Is4() != dst.Addr().Is4() {
			return invalid(f("destinationAddress"), "must be of the same address family as sourceAddress")
		}
		if e.DestinationPorts != "" {
			if err := checkPorts(e.DestinationPorts); err != nil {
				return invalid(f("destinationPorts"), "%v", err)
			}
		}
		if e.IPProtocol < 0 || e.IPProtocol > 255 {
			return invalid(f("ipProtocol"), "must be an IP protocol number between 0 and 255")
		}
	}
	return nil
}

// checkPorts accepts "80", "80-90" and comma-separated lists of those, each
// port 1..65535 and each range ascending.
func checkPorts(s string) error {
	port := func(p string) (int, error) {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 || p != strconv.Itoa(n) {
			return 0, fmt.Errorf("%q is not a port number between 1 and 65535", p)
		}
		return n, nil
	}
	for part := range strings.SplitSeq(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := port(lo)
		if err != nil {
			return err
		}
		if !isRange {
			continue
		}
		b, err := port(hi)
		if err != nil {
			return err
		}
		if a >= b {
			return fmt.Errorf("range %s must be ascending", part)
		}
	}
	return nil
}
