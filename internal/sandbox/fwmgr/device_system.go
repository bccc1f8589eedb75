package fwmgr

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// The default messages: the factory values, and what set-banner and
// set-message-of-the-day with message "" put back.
const (
	DefaultBanner          = "This system is for authorized use only."
	DefaultMessageOfTheDay = "You have logged into the system."
)

func seedSystem(d *Device) {
	for id := range int64(3) {
		info := api.VirtualSystem{ResourceID: id, Interfaces: []string{}, VirtualSwitches: []api.VirtualSystemSwitch{},
			Resources: api.VirtualSystemResources{FirewallIPv4Instances: 4 - 2*min(id, 1), FirewallIPv6Instances: 2 - min(id, 1)}}
		for _, sp := range interfaceSpecs {
			if sp.vs == id {
				info.Interfaces = append(info.Interfaces, sp.name)
			}
		}
		slices.Sort(info.Interfaces)
		if id > 0 {
			info.VirtualSwitches = append(info.VirtualSwitches, api.VirtualSystemSwitch{ResourceID: 500, ConnectedThrough: "eth3." + strconv.FormatInt(id*10, 10)})
		}
		d.VirtualSystems = append(d.VirtualSystems, &VirtualSystemData{ID: id, Info: info})
	}
	d.Version = api.VersionResponse{ProductVersion: "Check Point Gaia R82", OSBuild: "777", OSKernelVersion: "3.10.0-1160.15.2cpx86_64", OSEdition: "64-bit"}
	d.Features = []api.Feature{
		{Name: "bgp", Description: "Border Gateway Protocol"},
		{Name: "clustering", Description: "Cluster configuration"},
		{Name: "dhcp-relay", Description: "BOOTP/DHCP relay"},
		{Name: "igmp", Description: "Internet Group Management Protocol"},
		{Name: "interfaces", Description: "Network interfaces"},
		{Name: "isis", Description: "IS-IS routing"},
		{Name: "ospf", Description: "OSPF routing"},
		{Name: "pim", Description: "Protocol Independent Multicast"},
		{Name: "route", Description: "Routing table monitor"},
		{Name: "static-routes", Description: "Static routes"},
		{Name: "syslog", Description: "System logging"},
		{Name: "user-management", Description: "Users and roles"},
	}
	d.ExtendedCommands = []api.ExtendedCommand{
		{Name: "cphaprob", Description: "Cluster high availability probe", Path: "/opt/CPsuite-R82/fw1/bin/cphaprob"},
		{Name: "cpinfo", Description: "Collect diagnostics", Path: "/opt/CPinfo-10/bin/cpinfo"},
		{Name: "fw", Description: "Firewall control", Path: "/opt/CPsuite-R82/fw1/bin/fw"},
		{Name: "netstat", Description: "Network statistics", Path: "/bin/netstat"},
		{Name: "tcpdump", Description: "Packet capture", Path: "/usr/sbin/tcpdump"},
	}
	d.Roles = []api.Role{
		{Name: "adminRole", Features: []api.RoleFeature{}, ExtendedCommands: []string{}, Users: []string{"admin"}},
		{Name: "monitorRole", Features: []api.RoleFeature{}, ExtendedCommands: []string{"netstat"}, Users: []string{"monitor"}},
		{Name: "networkRole", Features: []api.RoleFeature{}, ExtendedCommands: []string{"cphaprob", "tcpdump"}, Users: []string{"netops"}},
	}
	for _, f := range d.Features {
		d.Roles[0].Features = append(d.Roles[0].Features, api.RoleFeature{Name: f.Name, Permission: "read-write"})
		d.Roles[1].Features = append(d.Roles[1].Features, api.RoleFeature{Name: f.Name, Permission: "read-only"})
		if slices.Contains([]string{"bgp", "interfaces", "isis", "ospf", "pim", "igmp", "route", "static-routes"}, f.Name) {
			d.Roles[2].Features = append(d.Roles[2].Features, api.RoleFeature{Name: f.Name, Permission: "read-write"})
		}
	}
	for _, c := range d.ExtendedCommands {
		d.Roles[0].ExtendedCommands = append(d.Roles[0].ExtendedCommands, c.Name)
	}
	d.Users = []api.User{
		{Name: "admin", UID: 0, Homedir: "/home/admin", PrimarySystemGroupID: 0, SecondarySystemGroups: []api.SecondarySystemGroup{},
			RealName: "Admin", Shell: "clish", AllowAccessUsing: []string{"CLI", "Web-UI", "Gaia-API"}, Roles: []string{"adminRole"}},
		{Name: "monitor", UID: 102, Homedir: "/home/monitor", PrimarySystemGroupID: 100, SecondarySystemGroups: []api.SecondarySystemGroup{{Name: "viewers", PrimarySystemGroupID: 110}},
			RealName: "Monitoring", Shell: "clish", AllowAccessUsing: []string{"Gaia-API"}, Roles: []string{"monitorRole"}},
		{Name: "netops", UID: 103, Homedir: "/home/netops", PrimarySystemGroupID: 100, SecondarySystemGroups: []api.SecondarySystemGroup{},
			RealName: "Network Operations", Shell: "bash", AllowAccessUsing: []string{"CLI", "Gaia-API"}, Roles: []string{"networkRole"},
			MustChangePassword: true, RequiresTwoFactorAuthentication: true},
	}
	d.RemoteSyslogs = []api.RemoteSyslog{
		{ServerIP: "10.1.2.60", Level: "info", Port: 514, Protocol: "udp", TLSEncryption: api.TLSEncryption{PermittedPeers: []string{}}},
		{ServerIP: "10.1.2.61", Level: "warning", Port: 6514, Protocol: "tcp", QueuingMechanism: true,
			TLSEncryption: api.TLSEncryption{Enabled: true, AuthMode: "x509/name", PermittedPeers: []string{"syslog.example.net"}}},
	}
	// Gaia's syslog defaults, with the routing daemon's log forwarded; the
	// SNMP agent off, with Gaia's default read-only community, and one trap
	// receiver.
	d.Syslog = api.SyslogResponse{Filename: "/var/log/messages",
		ForwardedLogsFiles: []api.SyslogForwardedFile{{Path: "/var/log/routed.log", Tag: "routed"}}}
	d.SNMP = SNMPSettings{SnmpResponse: api.SnmpResponse{Enabled: false, Version: "any", Interfaces: api.All}, ReadOnlyCommunity: "public"}
	d.SnmpTrapReceivers = []SNMPTrapReceiverData{
		{SnmpTrapReceiver: api.SnmpTrapReceiver{Address: "10.1.2.62", Version: "v2"}, CommunityString: "trap-community-1"},
	}
	d.Timezones = []string{"America / New_York", "Asia / Jerusalem", "Asia / Tokyo", "Etc / GMT", "Europe / Berlin", "Europe / London", "UTC"}
	d.Timezone = "Europe / Berlin"
	d.DNS = api.DnsResponse{Primary: "10.1.2.53", Secondary: "10.1.2.54", Tertiary: "", Suffix: "corp.example.net",
		ForwardingDomains: []api.DNSForwardingDomain{
			{Suffix: "partner.example.org", Primary: "172.18.0.53", Secondary: "172.18.0.54"},
			{Suffix: "lab.example.net", Primary: "10.3.0.53"},
		},
		ListeningInterfaces: []string{"eth1.100", "eth2"}}
	d.NTP = api.NtpResponse{Enabled: true, Preferred: "10.1.2.123", Servers: []api.NTPServer{
		{Address: "10.1.2.123", Type: "server", Version: 4},
		{Address: "0.pool.ntp.example.net", Type: "pool", Version: 4},
	}}
	// Gaia's default banner and message of the day; no proxy.
	d.Banner = api.LoginMessageResponse{Enabled: true, Message: DefaultBanner}
	d.MessageOfTheDay = api.LoginMessageResponse{Enabled: false, Message: DefaultMessageOfTheDay}
	d.Proxy = api.ProxyResponse{}
	// The management network's hosts and two administrators' workstations
	// may reach the web, API and SSH interfaces.
	d.AllowedClients = api.AllowedClientsResponse{AllowedAnyHost: false, AllowedHosts: []string{"10.1.2.70", "10.1.2.71"},
		AllowedNetworks: []api.AllowedNetwork{{Subnet: "192.168.100.0", MaskLength: 24}}}
	// Gaia's factory password policy.
	d.PasswordPolicy = api.PasswordPolicyResponse{
		LockSettings: api.PasswordLockSettings{
			InactivitySettings:     api.PasswordInactivitySettings{LockUnusedAccountsEnabled: false, InactivityThresholdDays: 365},
			FailedAttemptsSettings: api.PasswordFailedAttemptsSettings{FailedLockDurationSeconds: 1200, FailedAttemptsAllowed: 10},
			PasswordExpirationDays: "never", PasswordExpirationWarningDays: 7, PasswordExpirationMaximumDaysBeforeLock: "never",
		},
		PasswordHistory:  api.PasswordHistory{CheckHistoryEnabled: false, RepeatedHistoryLength: 10},
		PasswordStrength: api.PasswordStrength{MinimumLength: 6, Complexity: 2, PalindromeCheckEnabled: true},
	}
	d.NatPools = []api.NatPool{
		{Prefix: "100.64.10.0/24", Comment: "user egress"},
		{Prefix: "100.64.20.0/25", Comment: "server egress"},
		{Prefix: "2001:db8:64::/96", Comment: "IPv6 egress"},
	}
	slices.SortFunc(d.NatPools, func(a, b api.NatPool) int { return comparePrefix(a.Prefix, b.Prefix) })
	d.IntelFeeds = []api.CustomIntelligenceFeed{
		{Name: "malware-domains", Protocol: "https", URL: "https://intel.example.net/feeds/domains.csv", Enabled: true, Action: "Prevent", Format: "csv",
			CustomCSVSettings: api.CustomCSVSetting{CSVDelimiter: ",", CSVLinesToBeSkipped: "1", CSVObservableName: "1", CSVObservableValue: 2,
				CSVObservableType: "domain", CSVObservableDescription: "3", CSVObservableConfidence: "high", CSVObservableSeverity: "high", CSVObservableProduct: "AV"}},
		{Name: "botnet-ips", Protocol: "https", URL: "https://intel.example.net/feeds/botnet.txt", Enabled: true, Action: "Detect", Format: "flat-list",
			AccountName: "feeduser", AccountPassword: "", CustomCSVSettings: api.CustomCSVSetting{}},
		{Name: "partner-blocklist", Protocol: "http", URL: "http://10.1.2.70/blocklist.csv", Enabled: false, Action: "Prevent", Format: "csv",
			CustomCSVSettings: api.CustomCSVSetting{CSVDelimiter: ";", CSVLinesToBeSkipped: "0", CSVObservableName: "1", CSVObservableValue: 1,
				CSVObservableType: "ip", CSVObservableConfidence: "medium", CSVObservableSeverity: "medium", CSVObservableProduct: "AB"}},
	}
	for _, sp := range interfaceSpecs {
		if sp.vs == 0 && sp.kind != "alias" {
			d.IPConflictsConfig = append(d.IPConflictsConfig, api.IPConflictsInterface{InterfaceName: sp.name, IPConflicts: ipConflictsEnabled(sp)})
		}
	}
	slices.SortFunc(d.IPConflictsConfig, func(a, b api.IPConflictsInterface) int { return strings.Compare(a.InterfaceName, b.InterfaceName) })
	for x := range 4 {
		d.FlipFlops = append(d.FlipFlops, api.IPConflict{IPv4Address: fmt.Sprintf("10.1.2.%d", 120+x),
			MACAddresses: []string{fmt.Sprintf("00:50:56:aa:00:%02x", x), fmt.Sprintf("00:50:56:bb:00:%02x", x)}})
	}
	for x := range 3 {
		d.ReusedAddresses = append(d.ReusedAddresses, api.IPConflict{IPv4Address: fmt.Sprintf("10.100.0.%d", 200+x),
			MACAddresses: []string{fmt.Sprintf("00:50:56:cc:01:%02x", x)}})
	}
	d.DiagnosticsCategories = []string{api.DiagnosticsCategoryOS}
	d.DiagnosticsTopics = map[string][]string{api.DiagnosticsCategoryOS: {"cpu", "disk", "memory"}}
	d.ConnectionsPreset = []ConnectionsPresetData{
		{Preset: api.ConnectionsPreset{Name: "all-connections", Description: "every connection of every instance"}, MaxResults: &api.MaxResultsAll},
		{Preset: api.ConnectionsPreset{Name: "https", Description: "connections to TCP port 443"}, Filter: api.ConnectionsFilter{IPProtocol: ptr(int64(6)), DestinationPort: ptr(int64(443))}},
		{Preset: api.ConnectionsPreset{Name: "dns", Description: "connections to UDP port 53"}, Filter: api.ConnectionsFilter{IPProtocol: ptr(int64(17)), DestinationPort: ptr(int64(53))}},
		{Preset: api.ConnectionsPreset{Name: "ipv6", Description: "IPv6 connections"}, Filter: api.ConnectionsFilter{IPVersion: "v6"}},
	}
}

func ptr[T any](v T) *T { return &v }

func seedRoutemaps(d *Device) []api.Routemap {
	emptyMatch := func() api.RoutemapMatch {
		return api.RoutemapMatch{AspathRegex: []string{}, AS: []string{}, Community: []string{}, ExtendedCommunity: []string{}, Ifaddress: []string{},
			Interface: []string{}, Level: []string{}, MetricType: []string{}, Neighbor: []string{}, Network: []string{}, Nexthop: []string{},
			OspfInstance: []string{}, PrefixList: []string{}, PrefixTree: []string{}, RouteType: []string{}, Tag: []int64{}}
	}
	emptyAction := func() api.RoutemapAction {
		return api.RoutemapAction{Metric: []string{}, Community: []string{}, ExtendedCommunity: []string{}, Nexthop: []string{}}
	}
	var out []api.Routemap
	names := map[string]bool{}
	for _, g := range d.BgpRoutemaps {
		names[g.Default.ImportRoutemapList.Name] = true
		names[g.Default.ExportRoutemapList.Name] = true
		for _, p := range g.PeerList {
			names[p.ImportRoutemapList.Name] = true
			for _, c := range p.ExportRoutemapList.ConditionalRoutemap {
				names[c] = true
			}
		}
	}
	sorted := make([]string, 0, len(names))
	for n := range names {
		sorted = append(sorted, n)
	}
	slices.Sort(sorted)
	for _, name := range sorted {
		m1, a1 := emptyMatch(), emptyAction()
		m2, a2 := emptyMatch(), emptyAction()
		switch {
		case strings.HasPrefix(name, "rm-in-6"):
			m1.AS = []string{strings.TrimPrefix(name, "rm-in-")}
			m1.Protocol = "bgp"
			a1.Localpref = 120
			m2.Network = []string{"0.0.0.0/0"}
			a2.Preference = 0
		case strings.HasPrefix(name, "rm-out-"):
			m1.Protocol = "static"
			a1.AspathPrependCount = 1
			a1.Community = []string{LocalAS + ":1"}
			m2.Protocol = "direct"
		case name == "rm-in-peer":
			m1.Community = []string{"65535:666"}
			a1.Localpref = 10
		default:
			m1.Network = []string{"0.0.0.0/0"}
		}
		out = append(out, api.Routemap{Name: name, Ids: []api.RoutemapID{
			{ResourceID: 10, State: "allow", Match: m1, Action: a1},
			{ResourceID: 20, State: "restrict", Match: m2, Action: a2},
		}})
	}
	return out
}

func seedPolicy(d *Device) {
	meta := func(comment string, posix int64, tags ...string) api.MetaInfo {
		return api.MetaInfo{LastModifier: "admin", Comments: comment, Tags: append([]string{}, tags...),
			LastModifyTime: api.ModifyTime{Posix: posix, ISO: fmtISO(posix)},
			CustomFields:   api.CustomFields{Field1: "owner: security", Field2: "", Field3: ""}}
	}
	emptyObjects := func() api.DynamicLayerObjects {
		return api.DynamicLayerObjects{Hosts: []api.Host{}, Networks: []api.Network{}, NetworkGroups: []api.NetworkGroup{}, ServicesTcp: []api.ServicesTcp{},
			ServicesUdp: []api.ServicesUdp{}, ServicesOther: []api.ServicesOther{}, ServiceGroups: []api.NetworkGroup{}, ApplicationSites: []api.ApplicationSite{},
			ApplicationSiteCategories: []api.ApplicationSite{}, ApplicationSiteGroups: []api.NetworkGroup{}, DynamicObjects: []api.DynamicObject{},
			DNSDomains: []api.DNSDomain{}, AddressRanges: []api.AddressRange{}, GroupsWithExclusion: []api.GroupsWithExclusion{}, Wildcards: []api.Wildcard{},
			IdentityTags: []api.IdentityTag{}, AccessRoles: []api.AccessRole{}, AccessLayers: []api.AccessLayer{}}
	}
	rule := func(uid, name, action string, src, dst, svc []string) api.DynamicLayerRule {
		return api.DynamicLayerRule{Name: name, Action: action, Source: src, Destination: dst, Service: svc, UID: uid,
			Track:     api.Track{Type: "Log", PerConnection: true, Accounting: false, Alert: "none", EnableFirewallSession: false},
			UserCheck: api.UserCheck{Confirm: "per rule", Frequency: "once a day", Interaction: "", CustomFrequency: api.CustomFrequency{Every: 1, Unit: "days"}}}
	}

	o1 := emptyObjects()
	o1.Hosts = []api.Host{
		{Name: "web-01", IPAddress: "10.200.0.11", IPv4Address: "10.200.0.11"},
		{Name: "web-02", IPAddress: "10.200.0.12", IPv4Address: "10.200.0.12"},
		{Name: "dns-v6", IPAddress: "2001:db8:2::53", IPv6Address: "2001:db8:2::53"},
	}
	o1.Networks = []api.Network{
		{Name: "users", Subnet: "10.100.0.0", Subnet4: "10.100.0.0", SubnetMask: "255.255.255.0", MaskLength: 24, MaskLength4: 24, Broadcast: "allow"},
		{Name: "servers", Subnet: "10.200.0.0", Subnet4: "10.200.0.0", SubnetMask: "255.255.255.0", MaskLength: 24, MaskLength4: 24, Broadcast: "allow"},
	}
	o1.NetworkGroups = []api.NetworkGroup{{Name: "web-servers", Members: []string{"web-01", "web-02"}}}
	o1.ServicesTcp = []api.ServicesTcp{{Name: "https-8443", Port: "8443", SessionTimeout: 3600, SyncConnectionsOnCluster: true}}
	o1.ServicesUdp = []api.ServicesUdp{{Name: "syslog-udp", Port: "514", SessionTimeout: 40, AcceptReplies: false, SyncConnectionsOnCluster: true}}
	o1.ServicesOther = []api.ServicesOther{{Name: "gre", IPProtocol: 47, SessionTimeout: 3600, SyncConnectionsOnCluster: true}}
	o1.ServiceGroups = []api.NetworkGroup{{Name: "web-services", Members: []string{"https-8443"}}}
	o1.AddressRanges = []api.AddressRange{{Name: "dhcp-pool", IPAddressFirst: "10.100.0.100", IPv4AddressFirst: "10.100.0.100", IPAddressLast: "10.100.0.199", IPv4AddressLast: "10.100.0.199"}}
	o1.DNSDomains = []api.DNSDomain{{Name: ".example.net", IsSubDomain: true}}
	o1.DynamicObjects = []api.DynamicObject{{Name: "partner-feed"}}
	o1.AccessLayers = []api.AccessLayer{{Name: "dyn-web-inline", Firewall: true, ImplicitCleanupAction: "drop"}}
	layer1 := api.DynamicLayerResponse{
		MetaInfo: meta("web access, pushed by automation", 1763812800000, "web", "automation"),
		Objects:  o1,
		Rulebase: []api.DynamicLayerRule{
			rule("3f1c0a52-0001-4c11-9d01-2a1b3c4d5e01", "users to web", "Accept", []string{"users"}, []string{"web-servers"}, []string{"https-8443"}),
			rule("3f1c0a52-0002-4c11-9d01-2a1b3c4d5e02", "syslog from servers", "Accept", []string{"servers"}, []string{"Any"}, []string{"syslog-udp"}),
			rule("3f1c0a52-0003-4c11-9d01-2a1b3c4d5e03", "inline web", "Apply Layer", []string{"Any"}, []string{"web-servers"}, []string{"Any"}),
			rule("3f1c0a52-0004-4c11-9d01-2a1b3c4d5e04", "cleanup", "Drop", []string{"Any"}, []string{"Any"}, []string{"Any"}),
		},
	}
	layer1.Rulebase[2].InlineLayer = "dyn-web-inline"
	o2 := emptyObjects()
	o2.Hosts = []api.Host{{Name: "partner-gw", IPAddress: "203.0.113.10", IPv4Address: "203.0.113.10"}}
	o2.Wildcards = []api.Wildcard{{Name: "partner-hosts", IPv4Address: "172.18.0.10", IPv4MaskWildcard: "0.0.255.0"}}
	o2.AccessRoles = []api.AccessRole{{Name: "partner-admins", Networks: []string{"partner-hosts"}, Users: []string{"any"}, Machines: []string{"all identified"}}}
	o2.IdentityTags = []api.IdentityTag{{Name: "partner", ExternalIdentifier: "ext-partner-1"}}
	layer2 := api.DynamicLayerResponse{
		MetaInfo: meta("partner access", 1763899200000, "partner"),
		Objects:  o2,
		Rulebase: []api.DynamicLayerRule{
			rule("7a2d1b63-0001-4e22-8e02-3b2c4d5e6f01", "partner admins", "Accept", []string{"partner-admins"}, []string{"servers"}, []string{"ssh"}),
			rule("7a2d1b63-0002-4e22-8e02-3b2c4d5e6f02", "partner cleanup", "Drop", []string{"Any"}, []string{"Any"}, []string{"Any"}),
		},
	}
	o3 := emptyObjects()
	o3.Networks = []api.Network{{Name: "vs1-inside", Subnet: "10.110.0.0", Subnet4: "10.110.0.0", SubnetMask: "255.255.255.0", MaskLength: 24, MaskLength4: 24, Broadcast: "allow"}}
	layer3 := api.DynamicLayerResponse{
		MetaInfo: meta("virtual system 1 tenant policy", 1763985600000),
		Objects:  o3,
		Rulebase: []api.DynamicLayerRule{
			rule("9b3e2c74-0001-4f33-9f03-4c3d5e6f7a01", "tenant out", "Accept", []string{"vs1-inside"}, []string{"Any"}, []string{"Any"}),
		},
	}
	for _, l := range []struct {
		vs, name string
		layer    api.DynamicLayerResponse
	}{{"0", "dyn-web-access", layer1}, {"0", "dyn-partner-access", layer2}, {"1", "dyn-tenant-vs1", layer3}} {
		d.DynamicLayers = append(d.DynamicLayers, DynamicLayerData{VirtualSystemID: l.vs,
			Summary: api.DynamicLayerSummary{Name: l.name, MetaInfo: l.layer.MetaInfo}, Layer: l.layer})
	}
}

// seedNodeSystem: what identifies a member (serial number, hardware) and
// how it sees the cluster.
func seedNodeSystem(d *Device, n *Node, i int) {
	m := d.Members[i]
	n.SerialNumber = m.SerialNumber
	n.Hostname = m.Hostname
	kv := func(pairs ...string) []api.AssetItem {
		out := []api.AssetItem{}
		for x := 0; x+1 < len(pairs); x += 2 {
			out = append(out, api.AssetItem{Key: pairs[x], Value: pairs[x+1]})
		}
		return out
	}
	n.Asset = api.AssetResponse{
		System: kv("Model", m.Model, "Serial Number", m.SerialNumber, "CPU Model", "Intel(R) Xeon(R) D-2187NT", "CPU Frequency", "2000.000 Mhz",
			"Number of Cores", "16", "CPU Hyperthreading", "Enabled", "Hostname", m.Hostname),
		Disk:   kv("Disk 1 Model", "SAMSUNG MZ7LH480", "Total Disks size", "480 GB", "Disk 1 Serial", fmt.Sprintf("S45PNA0M%06d", 310000+i*4711)),
		Memory: kv("Total Memory", []string{"32768 MB", "65536 MB"}[i], "Memory Slot 1 Size", "16384 MB", "Memory Slot 2 Size", "16384 MB"),
		Network: kv("Line card 1 model", "8x1GbE Copper", "Line card 2 model", "4x10GbE SFP+",
			"Management MAC", mac(i, 0)),
		PowerSupply: kv("Power supply 1 status", "Up", "Power supply 2 status", []string{"Up", "Down"}[i]),
		LOMInfo:     kv("LOM Firmware Revision", "3.42", "LOM IP", fmt.Sprintf("192.168.200.%d", 10+i)),
		TPM:         kv("TPM Version", "2.0", "TPM Status", "Enabled"),
		AC:          kv("AC Card", "Not Installed"),
		SAM:         kv("SAM Card", "Not Installed"),
	}
	other := 1 - i
	n.ClusterState = api.ClusterStateResponse{
		Mode:    "High Availability (Active Up) with IGMP Membership",
		Message: "",
		ThisClusterMember: api.ClusterStateMember{Peerid: int64(i + 1), Status: []string{"ACTIVE", "STANDBY"}[i],
			Name: d.Members[i].Hostname, Load: []int64{100, 0}[i]},
		OtherClusterMembers: []api.ClusterStateMember{{Peerid: int64(other + 1), Status: []string{"ACTIVE", "STANDBY"}[other],
			Name: d.Members[other].Hostname, Load: []int64{100, 0}[other]}},
		ClusterStatus:  "Active",
		AdditionalInfo: fmt.Sprintf("Local member is in current state: %s. Pending gateway %s waits to join.", []string{"ACTIVE", "STANDBY"}[i], d.PendingGateways[0].Hostname),
	}
}

// seedNodeRuntime: the member's connections table and diagnostics.
func seedNodeRuntime(n *Node, i int) {
	// The active member holds 60 connections, the standby its synchronised
	// subset of 24.
	count := []int{60, 24}[i]
	for x := range count {
		c := Connection{InstanceID: strconv.Itoa(x % 4), IPVersion: "v4", State: "ESTABLISHED", Timeout: int64(3600 - x*7)}
		switch x % 5 {
		case 0, 1:
			c.IPProtocol, c.DestinationPort = 6, 443
			c.Source, c.Destination = fmt.Sprintf("10.100.0.%d", 10+x), fmt.Sprintf("10.200.0.%d", 11+x%2)
		case 2:
			c.IPProtocol, c.DestinationPort = 17, 53
			c.Source, c.Destination = fmt.Sprintf("10.100.0.%d", 10+x), "10.1.2.53"
			c.State, c.Timeout = "", 40
		case 3:
			c.IPProtocol, c.DestinationPort, c.IPVersion = 6, 22, "v6"
			c.Source, c.Destination = fmt.Sprintf("2001:db8:100::%x", 0x10+x), "2001:db8:2::22"
		case 4:
			c.IPProtocol, c.DestinationPort = 6, 8443
			c.Source, c.Destination = fmt.Sprintf("172.18.0.%d", 10+x), "10.200.0.11"
		}
		c.SourcePort = int64(40000 + x*13 + i*5)
		n.Connections = append(n.Connections, c)
	}
	gb := int64(1 << 30)
	mb := int64(1 << 20)
	n.Diagnostics = map[string]map[string][]api.DiagnosticsEntry{api.DiagnosticsCategoryOS: {
		"cpu": {{Type: "1min", Total: 100, Used: int64(23 - 17*i), Free: int64(77 + 17*i)}, {Type: "5min", Total: 100, Used: int64(19 - 14*i), Free: int64(81 + 14*i)},
			{Type: "15min", Total: 100, Used: int64(17 - 12*i), Free: int64(83 + 12*i)}, {Type: "cores", Total: 16, Used: int64(12 - 8*i), Free: int64(4 + 8*i)}},
		"disk": {{Type: "/", Total: 64 * gb, Used: int64(21+3*i) * gb, Free: int64(43-3*i) * gb},
			{Type: "/var/log", Total: 300 * gb, Used: int64(120-40*i) * gb, Free: int64(180+40*i) * gb}},
		"memory": {{Type: "physical", Total: []int64{32768, 65536}[i] * mb, Used: int64(14000+3000*i) * mb, Free: ([]int64{32768, 65536}[i] - int64(14000+3000*i)) * mb},
			{Type: "swap", Total: 8192 * mb, Used: int64(i) * 12 * mb, Free: (8192 - int64(i)*12) * mb}},
	}}
}

func fmtISO(posixMillis int64) string {
	return timeFromMillis(posixMillis).Format("2006-01-02T15:04:05-0700")
}
