package netfab

import (
	"slices"
	"strings"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// NAT gateways: the checks of a NAT gateway item of an order, and the rule
// of its speed and session count, which updates apply too.

func (o *order) nat(it *api.OrderItem, p *productRecord) error {
	if err := notUsed(it, "set natGateway.speed"); err != nil {
		return err
	}
	l, err := o.located(it, func(lp *api.LocationProducts) bool { return lp.NATGateway })
	if err != nil {
		return err
	}
	if it.DiversityZone == "" {
		return invalid("diversityZone", "required for NAT gateways; one of %s at location %d", strings.Join(l.Products.DiversityZones, ", "), l.ID)
	}
	if err := checkZone(l, it.DiversityZone); err != nil {
		return err
	}
	n := it.NATGateway
	if err := checkNATSpeed(o.tx, n.Speed, n.SessionCount); err != nil {
		return err
	}
	if n.ASN != 0 {
		if err := checkASN(n.ASN); err != nil {
			return err
		}
	}
	p.LocationID, p.Market, p.DiversityZone = l.ID, l.Market, it.DiversityZone
	p.Virtual = true
	p.NATGateway = &api.NATDetails{NATConfig: *n}
	return nil
}

// checkNATSpeed: speed is one of the NAT speeds and sessionCount one of the
// counts paired with it.
func checkNATSpeed(tx *store.Tx, speed, sessions int64) error {
	allowed, err := getNATSessions(tx, speed)
	if err != nil {
		return err
	}
	if len(allowed) == 0 {
		speeds, err := natSpeeds(tx)
		if err != nil {
			return err
		}
		return invalid("speed", "must be one of %s", joinInts(speeds))
	}
	if !slices.Contains(allowed, sessions) {
		return invalid("sessionCount", "must be one of %s for speed %d", joinInts(allowed), speed)
	}
	return nil
}
