package netfab

import (
	api "github.com/iacsuite/providers/internal/api/netfab"
)

// MCRs (cloud routers): the checks of an MCR item of an order.

const defaultMCRASN = 133937

func (o *order) mcr(it *api.OrderItem, p *productRecord) error {
	l, err := o.located(it, func(lp *api.LocationProducts) bool { return lp.MCR })
	if err != nil {
		return err
	}
	if err := speedAt("portSpeed", it.PortSpeed, mcrSpeeds, l.Products.MCRSpeeds, l); err != nil {
		return err
	}
	zone, err := o.zone(it, l)
	if err != nil {
		return err
	}
	asn := int64(defaultMCRASN)
	if it.MCR != nil && it.MCR.ASN != 0 {
		asn = it.MCR.ASN
		if err := checkASN(asn); err != nil {
			return err
		}
	}
	p.LocationID, p.Market, p.PortSpeed, p.DiversityZone = l.ID, l.Market, it.PortSpeed, zone
	p.Virtual, p.VXCPermitted = true, true
	p.MCR = &api.MCRDetails{ASN: asn}
	return nil
}
