package fwmgr

import (
	"fmt"
	"net/netip"
	"slices"
	"strconv"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// The set commands of static routes (api.Sets: set-static-route,
// delete-static-route). A member's static routes are part of its settings
// (memberSettings.StaticRoutes), starting from the seeded ones, and
// show-static-routes answers them. Every input is checked before anything
// changes; the rules that need the route as it is (a new route needs a
// type; a gateway route needs a gateway) are checked on each member.

// staticRouteTypes are the types of next hop.
var staticRouteTypes = []string{"gateway", "blackhole", "reject"}

// defaultPriority is a next hop's priority when none is given.
const defaultPriority = "default"

// routeDestination checks address and mask-length: a network address of
// its family with no host bits beyond the mask.
func routeDestination(address string, maskLength *int64) (netip.Prefix, error) {
	a, err := netip.ParseAddr(address)
	if err != nil || a.Zone() != "" || a.Is4In6() {
		return netip.Prefix{}, invalid("address", "must be an IPv4 or IPv6 address, got %q", address)
	}
	if maskLength == nil {
		return netip.Prefix{}, missing("mask-length")
	}
	if *maskLength < 0 || *maskLength > int64(a.BitLen()) {
		return netip.Prefix{}, invalid("mask-length", "must be from 0 to %d for an IPv%d address, got %d", a.BitLen(), map[int]int{32: 4, 128: 6}[a.BitLen()], *maskLength)
	}
	p := netip.PrefixFrom(a, int(*maskLength))
	if p.Masked().Addr() != a {
		return netip.Prefix{}, invalid("address", "%s has host bits beyond mask-length %d: the network is %s", address, *maskLength, p.Masked().Addr())
	}
	if a.String() != address {
		return netip.Prefix{}, invalid("address", "must be written as the device writes it, %s, got %q", a, address)
	}
	return p, nil
}

func routeIndex(routes []api.StaticRoute, p netip.Prefix) int {
	return slices.IndexFunc(routes, func(r api.StaticRoute) bool {
		return r.Address == p.Addr().String() && r.MaskLength == int64(p.Bits())
	})
}

func setStaticRoute(_ *call, r *api.SetStaticRouteRequest) (func(m *memberSettings) error, error) {
	p, err := routeDestination(r.Address, r.MaskLength)
	if err != nil {
		return nil, err
	}
	if r.Type != nil && !slices.Contains(staticRouteTypes, *r.Type) {
		return nil, invalid("type", "must be one of %v, got %q", staticRouteTypes, *r.Type)
	}
	var hops []api.StaticRouteNextHop
	if r.NextHop != nil {
		hops = []api.StaticRouteNextHop{}
		for i, h := range *r.NextHop {
			field := fmt.Sprintf("next-hop[%d]", i)
			g, err := netip.ParseAddr(h.Gateway)
			if err != nil || g.Zone() != "" {
				return nil, invalid(field+".gateway", "must be an IPv4 or IPv6 address, got %q", h.Gateway)
			}
			if g.Is4() != p.Addr().Is4() {
				return nil, invalid(field+".gateway", "%s is not of the family of the route %s", h.Gateway, p)
			}
			if slices.ContainsFunc(hops, func(x api.StaticRouteNextHop) bool { return x.Gateway == h.Gateway }) {
				return nil, invalid(field+".gateway", "%q is given twice: each gateway once", h.Gateway)
			}
			prio := h.Priority
			if prio == "" {
				prio = defaultPriority
			}
			if err := api.CheckNextHopPriority(prio); err != nil {
				return nil, invalid(field+".priority", "%s, got %q", err.Error(), h.Priority)
			}
			hops = append(hops, api.StaticRouteNextHop{Gateway: h.Gateway, Priority: prio})
		}
	}
	if r.Rank != nil && (*r.Rank < 0 || *r.Rank > 255) {
		return nil, invalid("rank", "must be from 0 to 255, got %d", *r.Rank)
	}
	return func(m *memberSettings) error {
		routes := slices.Clone(m.StaticRoutes)
		i := routeIndex(routes, p)
		route := api.StaticRoute{Address: p.Addr().String(), MaskLength: int64(p.Bits()), NextHop: []api.StaticRouteNextHop{},
			Rank: "0", VirtualSystemID: "0"}
		if i >= 0 {
			route = routes[i]
		} else if r.Type == nil {
			return missing("type")
		}
		if r.Type != nil {
			route.Type = *r.Type
		}
		if hops != nil {
			route.NextHop = hops
		}
		for _, in := range []struct {
			to    *bool
			value *bool
		}{{&route.Ping, r.Ping}, {&route.ScopeLocal, r.ScopeLocal}} {
			if in.value != nil {
				*in.to = *in.value
			}
		}
		if r.Rank != nil {
			route.Rank = strconv.FormatInt(*r.Rank, 10)
		}
		if r.Comment != nil {
			route.Comment = *r.Comment
		}
		switch {
		case route.Type == "gateway" && len(route.NextHop) == 0:
			return invalid("next-hop", "a route of type gateway needs at least one next-hop gateway")
		case route.Type != "gateway" && len(route.NextHop) > 0:
			return invalid("next-hop", "a route of type %s has no next-hop gateway (send next-hop [] to remove them)", route.Type)
		}
		if i >= 0 {
			routes[i] = route
		} else {
			routes = append(routes, route)
			slices.SortFunc(routes, func(a, b api.StaticRoute) int {
				return comparePrefix(fmt.Sprintf("%s/%d", a.Address, a.MaskLength), fmt.Sprintf("%s/%d", b.Address, b.MaskLength))
			})
		}
		m.StaticRoutes = routes
		return nil
	}, nil
}

func deleteStaticRoute(_ *call, r *api.DeleteStaticRouteRequest) (func(m *memberSettings) error, error) {
	p, err := routeDestination(r.Address, r.MaskLength)
	if err != nil {
		return nil, err
	}
	return func(m *memberSettings) error {
		i := routeIndex(m.StaticRoutes, p)
		if i < 0 {
			return notFound("no static route %s on this member (show-static-routes lists them)", p)
		}
		m.StaticRoutes = slices.Delete(slices.Clone(m.StaticRoutes), i, i+1)
		return nil
	}, nil
}
