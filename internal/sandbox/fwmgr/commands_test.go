package fwmgr_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

// commandCases: a body for every show command and the keys (written here by
// hand, from the OS API) its answer has.
var commandCases = map[string]struct{ body, keys string }{
	"show-alias-interfaces":           {`{"parent": "eth1"}`, "objects"},
	"show-api-versions":               {`{}`, "current-version supported-versions"},
	"show-asset":                      {`{}`, "ac disk lom-info memory network power-supply sam system tpm"},
	"show-bgp-errors":                 {`{}`, "from to total objects"},
	"show-bgp-groups":                 {`{}`, "from to total objects"},
	"show-bgp-paths":                  {`{}`, "from to total objects"},
	"show-bgp-peer":                   {`{"peer": "10.1.1.20"}`, "as authtype local-as remote-as state type auth-failures multihop-ttl uptime enable-multihop our-capabilities-list peer-capabilities-list graceful-restart keepalives reachability-detection received sent"},
	"show-bgp-peers":                  {`{"filter": "10.1.1"}`, "from to total objects"},
	"show-bgp-route-in":               {`{"address": "198.18.0.0", "mask-length": 24}`, "object"},
	"show-bgp-route-out":              {`{"address": "172.20.0.0", "mask-length": 24}`, "object"},
	"show-bgp-routemaps":              {`{}`, "from to total objects"},
	"show-bgp-routes-in":              {`{"peer": "10.1.1.20"}`, "from to total objects"},
	"show-bgp-routes-out":             {`{"peer": "10.1.1.20"}`, "from to total objects"},
	"show-bgp-stats":                  {`{}`, "from to total objects"},
	"show-bgp-summary":                {`{}`, "as confederation-id routing-domain-id default-med default-weight ipv4-route-rank ipv6-route-rank enable-ecmp enable-synchronization enabled"},
	"show-bond-interfaces":            {`{"virtual-system-id": 0}`, "objects"},
	"show-bootp-interface":            {`{"name": "eth2"}`, "circuit-id gateway-address primary remote-id status max-hopcount wait-time option-82-enabled relay-to"},
	"show-bootp-interfaces":           {`{}`, "from to total objects"},
	"show-bootp-stats":                {`{}`, "receive-summary reply-summary request-summary"},
	"show-bridge-interfaces":          {`{}`, "objects"},
	"show-cluster-members":            {`{}`, "members pending-gateways"},
	"show-cluster-state":              {`{}`, "additional-info cluster-status message mode other-cluster-members this-cluster-member"},
	"show-configuration-ipv6-pim":     {`{}`, "assert-interval data-interval hello-interval jp-delay-interval jp-interval mode register-suppress-interval state-refresh-interval state-refresh-ttl enable-state-refresh assert-rank bootstrap-candidate candidate-rp custom-ssm-prefix spt-threshold static-rp"},
	"show-configuration-isis":         {`{}`, "is-type max-areas system-id adjacency-check dynamic-hostname ignore-attached-bit overload-bit area-list authentication-ignore authentication default-metric hello ipv6 lsp metric-type prc-interval spf"},
	"show-configuration-pim":          {`{}`, "assert-interval data-interval hello-interval jp-delay-interval jp-interval mode register-suppress-interval state-refresh-interval state-refresh-ttl enable-state-refresh assert-rank bootstrap-candidate candidate-rp custom-ssm-prefix spt-threshold static-rp"},
	"show-connections":                {`{"use-preset": true, "preset": ["https"], "max-results": 5, "filter": {"ip-version": "v4"}}`, "data results"},
	"show-connections-presets":        {`{}`, "presets"},
	"show-custom-intelligence-feeds":  {`{}`, "objects"},
	"show-diagnostics":                {`{"category": "os", "topic": "memory"}`, "from to total objects"},
	"show-diagnostics-topics":         {`{}`, "os"},
	"show-dynamic-layer":              {`{"name": "dyn-web-access"}`, "meta-info objects rulebase"},
	"show-dynamic-layers":             {`{}`, "layers"},
	"show-extended-commands":          {`{}`, "extended-commands"},
	"show-features":                   {`{}`, "features"},
	"show-gre-interfaces":             {`{}`, "objects"},
	"show-igmp-groups":                {`{"interface": "eth2"}`, "from to total objects"},
	"show-igmp-interface-stats":       {`{"interface": "eth2"}`, "receive transmit"},
	"show-igmp-interfaces":            {`{}`, "from to total objects"},
	"show-igmp-interfaces-stats":      {`{}`, "from to total objects"},
	"show-igmp-stats":                 {`{}`, "error receive transmit"},
	"show-igmp-summary":               {`{}`, "interfaces-enabled next-group-age"},
	"show-interface":                  {`{"name": "eth1"}`, "comments ipv4-address ipv4-mask-length ipv6-address ipv6-local-link-address ipv6-mask-length type enabled ipv6-autoconfig"},
	"show-interfaces":                 {`{"names": ["eth1", "bond0"]}`, "objects"},
	"show-interfaces-by-type":         {`{}`, "alias-interfaces bond-interfaces bridge-interfaces gre-interfaces loopback-interfaces physical-interfaces vlan-interfaces vxlan-interfaces"},
	"show-ip-conflicts":               {`{"limit": 2}`, "flip-flop reused-old-ethernet-address"},
	"show-configuration-bgp":          {`{}`, "as cluster-id enable-communities confederation dampening default-med default-route-gateway enable-ecmp graceful-restart ping routing-domain enable-synchronization"},
	"show-ip-conflicts-configuration": {`{}`, "objects"},
	"show-physical-interfaces":        {`{}`, "objects"},
	"show-vlan-interfaces":            {`{"parent": "eth1"}`, "objects"},
	"show-vxlan-interfaces":           {`{}`, "objects"},
	"show-loopback-interfaces":        {`{}`, "objects"},
	"show-virtual-systems":            {`{}`, "from to total objects"},
	"show-version":                    {`{}`, "product-version os-build os-kernel-version os-edition"},
	"show-routes":                     {`{"address-family": "inet6"}`, "from to total objects"},
	"show-routes-static":              {`{}`, "from to total objects"},
	"show-static-routes":              {`{}`, "from to total objects"},
	"show-routes-rip":                 {`{}`, "from to total objects"},
	"show-routes-ospf":                {`{}`, "from to total objects"},
	"show-routes-direct":              {`{}`, "from to total objects"},
	"show-ospf-interfaces":            {`{"protocol-instance": "default"}`, "from to total objects"},
	"show-ospf-neighbors":             {`{}`, "from to total objects"},
	"show-ospf-summary":               {`{}`, "spf-schedule-delay num-areas abr asbr areas"},
	"show-pim-interfaces":             {`{}`, "from to total objects"},
	"show-pim-neighbors":              {`{}`, "from to total objects"},
	"show-isis-interfaces":            {`{}`, "from to total objects"},
	"show-isis-neighbors":             {`{}`, "from to total objects"},
	"show-remote-syslogs":             {`{}`, "objects"},
	"show-serial-number":              {`{}`, "serial-number"},
	"show-timezones":                  {`{}`, "timezones"},
	"show-users":                      {`{}`, "objects"},
	"show-roles":                      {`{}`, "roles"},
	"show-nat-pools":                  {`{}`, "from to total objects"},
	"show-routemaps":                  {`{}`, "from to total objects"},
	"show-dns":                        {`{}`, "primary secondary tertiary suffix forwarding-domains listening-interfaces"},
	"show-ntp":                        {`{}`, "enabled servers preferred"},
	"show-time-and-date":              {`{}`, "date time timezone iso8601 posix"},
	"show-hostname":                   {`{}`, "name"},
	"show-banner":                     {`{}`, "message enabled"},
	"show-message-of-the-day":         {`{}`, "message enabled"},
	"show-proxy":                      {`{}`, "address port"},
	"show-syslog":                     {`{}`, "audit-log cp-logs send-to-mgmt filename forwarded-logs-files"},
	"show-snmp":                       {`{}`, "enabled version trap-usm contact location interfaces"},
	"show-snmp-trap-receivers":        {`{}`, "objects"},
	"show-allowed-clients":            {`{}`, "allowed-any-host allowed-hosts allowed-networks"},
	"show-password-policy":            {`{}`, "lock-settings password-history password-strength all-users-require-two-factor-authentication"},
}

// Every command of the table answers, with its documented keys, no null
// lists, and data (no empty answers: the device models every command).
func TestEveryCommandAnswers(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	for _, c := range api.Commands {
		t.Run(c.Name, func(t *testing.T) {
			tc, ok := commandCases[c.Name]
			require.True(t, ok, "commandCases has %s", c.Name)
			body := show(t, sb, sid, c.Name, tc.body)
			for _, k := range strings.Fields(tc.keys) {
				assert.Contains(t, body, k, "%s answers %s", c.Name, k)
			}
			raw, _ := json.Marshal(body)
			assert.NotContains(t, string(raw), ":null", "no null values in %s", c.Name)
			for k, v := range body {
				if list, ok := v.([]any); ok && k != "other-cluster-members" {
					assert.NotEmpty(t, list, "%s.%s has data", c.Name, k)
				}
			}
		})
	}
	assert.Len(t, commandCases, len(api.Commands))
}

// The answers are the seeded device: tests elsewhere (the provider's) can
// assert against fwmgr.Seed.
func TestAnswersAreTheSeededDevice(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	d := fwmgr.Seed()
	n := d.Node(fwmgr.PrimaryMemberID)

	eth1 := show(t, sb, sid, "show-interface", `{"name": "eth1"}`)
	x, ok := n.Interfaces[0].Interface("eth1")
	require.True(t, ok)
	assert.Equal(t, x.IPv4Address, eth1["ipv4-address"])
	assert.Equal(t, x.IPv6Address, eth1["ipv6-address"])
	assert.Equal(t, "physical", eth1["type"])

	byType := show(t, sb, sid, "show-interfaces-by-type", `{}`)
	all := objects(t, show(t, sb, sid, "show-interfaces", `{}`), "objects")
	var fromTypes, fromAll []string
	for _, k := range []string{"physical", "alias", "bond", "bridge", "gre", "loopback", "vlan", "vxlan"} {
		list := objects(t, byType, k+"-interfaces")
		require.NotEmpty(t, list, "the device has %s interfaces", k)
		for _, o := range list {
			fromTypes = append(fromTypes, asString(t, o["name"]))
		}
	}
	for _, o := range all {
		fromAll = append(fromAll, asString(t, o["name"]))
	}
	assert.ElementsMatch(t, fromAll, fromTypes, "show-interfaces and show-interfaces-by-type list the same interfaces")

	// Interfaces of every type carry IPv4 and IPv6 addresses somewhere.
	v6 := 0
	for _, o := range all {
		if o["ipv6-address"] != "" {
			v6++
		}
	}
	assert.GreaterOrEqual(t, v6, 5)

	peer := show(t, sb, sid, "show-bgp-peer", `{"peer": "10.1.1.20"}`)
	assert.Equal(t, "64601", peer["as"])
	assert.Equal(t, "Established", peer["state"])
	routes := objects(t, show(t, sb, sid, "show-bgp-route-in", `{"address": "198.18.0.0", "mask-length": 24}`), "object")
	est := 0
	for _, p := range n.BgpPeers {
		if p.Type == "external" && p.State == "Established" {
			est++
		}
	}
	assert.Len(t, routes, est, "every established external peer sends the shared prefix")

	groups := objects(t, show(t, sb, sid, "show-bgp-groups", `{"limit": 100}`), "objects")
	var peers, estPeers int64
	for _, g := range groups {
		peers += num(g["num-peers"])
		estPeers += num(g["num-peers-est"])
	}
	assert.EqualValues(t, len(n.BgpPeers), peers, "the groups count every peer")
	assert.GreaterOrEqual(t, peers, int64(50))

	conns := show(t, sb, sid, "show-connections", `{}`)
	assert.EqualValues(t, 10, num(conns["results"]), "max-results defaults to 10")
	https := show(t, sb, sid, "show-connections", `{"use-preset": true, "preset": ["https"], "max-results": "all"}`)
	for _, line := range strings.Split(strings.TrimSpace(asString(t, https["data"])), "\n")[1:] {
		assert.Contains(t, line, " 443 ", "the https preset keeps port 443: %q", line)
	}
	assert.EqualValues(t, strings.Count(asString(t, https["data"]), "\n")-1, num(https["results"]))

	topics := show(t, sb, sid, "show-diagnostics-topics", `{}`)["os"].(string)
	for _, cat := range d.DiagnosticsCategories {
		for _, topic := range d.DiagnosticsTopics[cat] {
			assert.Contains(t, topics, topic)
			show(t, sb, sid, "show-diagnostics", fmt.Sprintf(`{"category": %q, "topic": %q}`, cat, topic))
		}
	}

	conflicts := show(t, sb, sid, "show-ip-conflicts", `{"limit": 2}`)
	assert.Len(t, objects(t, conflicts, "flip-flop"), 2, "limit bounds each list")
	assert.Len(t, objects(t, conflicts, "reused-old-ethernet-address"), 2)

	// Route maps referenced by BGP exist in show-routemaps.
	var maps []string
	for _, m := range objects(t, show(t, sb, sid, "show-routemaps", `{"limit": 100}`), "objects") {
		maps = append(maps, asString(t, m["name"]))
	}
	for _, g := range d.BgpRoutemaps {
		assert.True(t, slices.Contains(maps, g.Default.ImportRoutemapList.Name), g.Default.ImportRoutemapList.Name)
	}
}

// The requests of the OS API's own examples answer: "all" is no filter
// (bootp stats summary, igmp stats type, igmp groups interface), and the
// diagnostics category os has the topics cpu, disk and memory.
func TestUpstreamExampleRequests(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	assert.Equal(t, show(t, sb, sid, "show-bootp-stats", `{}`), show(t, sb, sid, "show-bootp-stats", `{"summary": "all"}`))
	assert.Equal(t, show(t, sb, sid, "show-igmp-stats", `{}`), show(t, sb, sid, "show-igmp-stats", `{"type": "all"}`))
	local := show(t, sb, sid, "show-igmp-groups", `{"type": "local"}`)
	assert.Equal(t, local, show(t, sb, sid, "show-igmp-groups", `{"type": "local", "interface": "all"}`))
	assert.Positive(t, num(local["total"]))
	everyGroup := show(t, sb, sid, "show-igmp-groups", `{"interface": "all", "limit": 1000}`)
	assert.EqualValues(t, len(sb.Device.Node("1").IgmpGroups), num(everyGroup["total"]))

	assert.Equal(t, "cpu, disk, memory", show(t, sb, sid, "show-diagnostics-topics", `{}`)["os"])
	memory := objects(t, show(t, sb, sid, "show-diagnostics", `{"category": "os", "topic": "memory"}`), "objects")
	require.Len(t, memory, 2)
	assert.Equal(t, "physical", memory[0]["type"])
	assert.Equal(t, "swap", memory[1]["type"])
}

// show-time-and-date reads the sandbox clock in the device's time zone.
func TestTimeAndDateFollowsTheClock(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, `, "session-timeout": 3600`)
	now := sb.Clock.Now()
	td := show(t, sb, sid, "show-time-and-date", `{}`)
	assert.EqualValues(t, now.Unix(), num(td["posix"]))
	assert.Equal(t, "Europe / Berlin", td["timezone"])
	assert.Contains(t, show(t, sb, sid, "show-timezones", `{}`)["timezones"], td["timezone"], "the zone is one show-timezones lists")
	sb.Clock.Advance(50 * time.Minute)
	later := show(t, sb, sid, "show-time-and-date", `{"member-id": "2"}`)
	assert.EqualValues(t, now.Add(50*time.Minute).Unix(), num(later["posix"]))
	assert.NotEqual(t, td["time"], later["time"])
	assert.Equal(t, "fw-member-b", show(t, sb, sid, "show-hostname", `{"member-id": "2"}`)["name"])
}

func TestSeedIsDeterministic(t *testing.T) {
	a, _ := json.Marshal(fwmgr.Seed())
	// Built again from scratch, not the cached copy.
	b, _ := json.Marshal(fwmgr.Build())
	assert.JSONEq(t, string(a), string(b))
}

// The numbers the contract's sandbox section states.
func TestSeededDeviceAsDocumented(t *testing.T) {
	d := fwmgr.Seed()
	for _, id := range []string{"1", "2"} {
		n := d.Node(id)
		assert.Len(t, n.BgpPeers, 58)
		down := 0
		for _, p := range n.BgpPeers {
			if p.State != "Established" {
				down++
			}
		}
		assert.Equal(t, 5, down)
		assert.Len(t, n.RoutesIn, 2086)
		assert.Len(t, n.RoutesOut, 2202)
	}
	assert.Len(t, d.BgpGroups, 14)
	assert.Len(t, d.BgpPaths, 53)
	assert.Len(t, d.Members, 2)
	assert.Len(t, d.PendingGateways, 1)
	assert.Len(t, d.VirtualSystems, 3)
	x, ok := d.Node("1").Interfaces[0].Interface("eth1")
	require.True(t, ok)
	assert.Equal(t, "10.1.1.2", x.IPv4Address)
	assert.Equal(t, "2001:db8:1::2", x.IPv6Address)
}

// The seeded device holds together: counters match the lists they count,
// and names refer to things that exist.
func TestSeededDeviceIsConsistent(t *testing.T) {
	d := fwmgr.Seed()
	for id, n := range d.Nodes {
		in, out := map[string]int64{}, map[string]int64{}
		for _, r := range n.RoutesIn {
			in[r.Peer]++
		}
		for _, r := range n.RoutesOut {
			out[r.Peer]++
		}
		for _, p := range n.BgpPeers {
			assert.Equal(t, p.Received.RoutesReceived, in[p.Peer], "member %s peer %s routes-received", id, p.Peer)
			assert.Equal(t, p.Sent.RoutesSent, out[p.Peer], "member %s peer %s routes-sent", id, p.Peer)
			assert.LessOrEqual(t, p.Received.RoutesReceivedActive, p.Received.RoutesReceived)
			if p.State != "Established" {
				assert.Zero(t, p.Uptime)
			}
		}
		for vs, set := range n.Interfaces {
			for _, b := range set.Bond {
				for _, m := range b.Members {
					_, ok := set.Interface(m)
					assert.True(t, ok, "bond %s member %s exists in virtual system %d", b.Name, m, vs)
				}
			}
			for _, b := range set.Bridge {
				for _, m := range b.Members {
					_, ok := set.Interface(m)
					assert.True(t, ok, "bridge %s member %s exists", b.Name, m)
				}
			}
			for _, a := range set.Alias {
				_, ok := set.Interface(a.Parent)
				assert.True(t, ok, "alias %s parent %s exists", a.Name, a.Parent)
			}
			var names []string
			for _, x := range set.All {
				names = append(names, x.Name)
			}
			assert.ElementsMatch(t, d.VirtualSystem(vs).Info.Interfaces, names, "show-virtual-systems lists virtual system %d's interfaces", vs)
		}
		for _, c := range d.IPConflictsConfig {
			_, ok := n.Interfaces[0].Interface(c.InterfaceName)
			assert.True(t, ok, "%s exists", c.InterfaceName)
		}
		for _, b := range n.BootpInterfaces {
			_, ok := n.Interfaces[0].Interface(b.Name)
			assert.True(t, ok, "BOOTP interface %s exists", b.Name)
		}
		assert.Equal(t, n.SerialNumber, d.Members[slices.IndexFunc(d.Members, func(m api.ClusterMember) bool { return fmt.Sprint(m.MemberID) == id })].SerialNumber)
	}
	var peers, est int64
	for _, g := range d.BgpGroups {
		peers += g.NumPeers
		est += g.NumPeersEst
	}
	assert.EqualValues(t, 58, peers)
	assert.EqualValues(t, 53, est, "one AS path per established peer")
	assert.Len(t, d.BgpPaths, int(est))
}

// asString is v as a string, failing the test when the answer holds another type.
func asString(t *testing.T, v any) string {
	t.Helper()
	s, ok := v.(string)
	require.True(t, ok, "want a string, got %T", v)
	return s
}
