package fwmgr

import (
	"fmt"
	"slices"
	"strings"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// DefaultConnectionsMaxResults is the number of connections
// show-connections answers without max-results.
const DefaultConnectionsMaxResults = 10

// showConnections filters the member's connections table with the presets
// named and the explicit filter (whose fields win), and prints it.
func showConnections(c *call, r *api.ConnectionsRequest) (any, error) {
	var f api.ConnectionsFilter
	maxResults := api.MaxResults{N: DefaultConnectionsMaxResults}
	if len(r.Preset) > 0 && (r.UsePreset == nil || !*r.UsePreset) {
		return nil, invalid("use-preset", "must be true when preset names presets")
	}
	for _, name := range r.Preset {
		i := slices.IndexFunc(c.dev.ConnectionsPreset, func(p ConnectionsPresetData) bool { return p.Preset.Name == name })
		if i < 0 {
			return nil, notFound("Invalid parameter [preset]: no connections preset %q (see show-connections-presets)", name)
		}
		p := c.dev.ConnectionsPreset[i]
		f = mergeFilter(f, p.Filter)
		if p.MaxResults != nil {
			maxResults = *p.MaxResults
		}
	}
	if r.Filter != nil {
		f = mergeFilter(f, *r.Filter)
	}
	if r.MaxResults != nil {
		maxResults = *r.MaxResults
	}
	if !maxResults.All && maxResults.N < 1 {
		return nil, invalid("max-results", "must be 1 or more, or \"all\", got %d", maxResults.N)
	}
	if err := oneOf("filter.ip-version", f.IPVersion, "v4", "v6", "any"); err != nil {
		return nil, err
	}
	var rows []Connection
	for _, conn := range c.node.Connections {
		if connectionMatches(conn, f) {
			rows = append(rows, conn)
		}
	}
	if !maxResults.All && int64(len(rows)) > maxResults.N {
		rows = rows[:maxResults.N]
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-8s %-28s %-7s %-28s %-7s %-5s %-11s %s\n", "Instance", "Source", "SPort", "Destination", "DPort", "Proto", "State", "Timeout")
	for _, conn := range rows {
		fmt.Fprintf(&b, "%-8s %-28s %-7d %-28s %-7d %-5d %-11s %d\n", conn.InstanceID, conn.Source, conn.SourcePort, conn.Destination,
			conn.DestinationPort, conn.IPProtocol, orDash(conn.State), conn.Timeout)
	}
	return api.ConnectionsResponse{Results: int64(len(rows)), Data: b.String()}, nil
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func mergeFilter(base, over api.ConnectionsFilter) api.ConnectionsFilter {
	if len(over.InstanceID) > 0 {
		base.InstanceID = over.InstanceID
	}
	if over.Source != "" {
		base.Source = over.Source
	}
	if over.Destination != "" {
		base.Destination = over.Destination
	}
	if over.IPProtocol != nil {
		base.IPProtocol = over.IPProtocol
	}
	if over.SourcePort != nil {
		base.SourcePort = over.SourcePort
	}
	if over.DestinationPort != nil {
		base.DestinationPort = over.DestinationPort
	}
	if over.IPVersion != "" {
		base.IPVersion = over.IPVersion
	}
	return base
}

func connectionMatches(c Connection, f api.ConnectionsFilter) bool {
	return (len(f.InstanceID) == 0 || slices.Contains(f.InstanceID, c.InstanceID)) &&
		(f.Source == "" || f.Source == c.Source) &&
		(f.Destination == "" || f.Destination == c.Destination) &&
		(f.IPProtocol == nil || *f.IPProtocol == c.IPProtocol) &&
		(f.SourcePort == nil || *f.SourcePort == c.SourcePort) &&
		(f.DestinationPort == nil || *f.DestinationPort == c.DestinationPort) &&
		(f.IPVersion == "" || f.IPVersion == "any" || f.IPVersion == c.IPVersion)
}
