package netfab

import (
	"github.com/google/uuid"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Ports and LAG ports: the checks of a port item of an order (port), and
// the member ports a LAG port gets once it exists (allocateLAGPorts).

const (
	seqLagID    = "lagId"
	maxLagCount = 8
)

func (o *order) port(it *api.OrderItem, p *productRecord) error {
	l, err := o.located(it, func(lp *api.LocationProducts) bool { return len(lp.PortSpeeds) > 0 })
	if err != nil {
		return err
	}
	allowed := portSpeeds
	if it.LAG != nil {
		allowed = lagSpeeds
		if n := it.LAG.LagCount; n < 1 || n > maxLagCount {
			return invalid("lagCount", "must be between 1 and %d", maxLagCount)
		}
	}
	if err := speedAt("portSpeed", it.PortSpeed, allowed, l.Products.PortSpeeds, l); err != nil {
		return err
	}
	zone, err := o.zone(it, l)
	if err != nil {
		return err
	}
	p.LocationID, p.Market, p.PortSpeed, p.DiversityZone = l.ID, l.Market, it.PortSpeed, zone
	p.VXCPermitted = true
	if it.LAG != nil {
		// The member UIDs are given when the LAG gets its own (allocateLAGPorts).
		p.LagPrimary = true
		p.LAG = &api.LAGDetails{LagCount: it.LAG.LagCount, Interface: api.LAGInterface{Demarcation: l.Name}}
	}
	return nil
}

// allocateLAGPorts gives a LAG port that has its own UID its LAG ID and
// the UIDs of its member ports, its own first.
func allocateLAGPorts(tx *store.Tx, p *productRecord) error {
	lag, err := tx.NextID(seqLagID)
	if err != nil {
		return err
	}
	p.LagID, p.AggregationID = lag, lag
	p.LAG.LagPortUIDs = []string{p.ProductUID}
	for range p.LAG.LagCount - 1 {
		p.LAG.LagPortUIDs = append(p.LAG.LagPortUIDs, uuid.NewString())
	}
	return nil
}
