package fwmgr

import (
	"maps"
	"slices"
)

// gatewayRows are the gateways, clusters and interoperable devices, the
// VPN communities that join them, and the threat prevention profiles and
// indicators, each with the Terraform shape of upstream's (v3.2.0)
// checkpoint_management_<type> resource. Their secrets (a SIC one-time
// password, a portal certificate's password, a community's pre-shared
// secrets) are Secret: write-only arguments, never in a plan or a state.
var gatewayRows = []ManagementType{
	{
		Name: "simple-gateway", Plural: "simple-gateways", Category: "object", NoGroups: true,
		Doc: "A gateway managed by this server: its addresses, platform, the blades it runs and their settings, its interfaces with their topology (internal, external, leading to a DMZ), and where it sends its logs. Secure Internal Communication (SIC) starts from a one-time password, which is write-only. A published gateway is an installation target: show-gateways-and-servers lists it, and show-simple-gateway answers the policy installed on it.",
		Fields: []Field{
			gatewayAdvancedSettings("gateway"),
			gatewayBlade("anti-bot", "Anti-Bot", "gateway"),
			gatewayBlade("anti-virus", "Anti-Virus", "gateway"),
			gatewayBlade("application-control", "Application Control", "gateway"),
			{Name: "application-control-and-url-filtering-settings", Kind: KindBlock, Doc: "The gateway's Application Control and URL Filtering settings: the global ones, or its own.", Fields: []Field{
				{Name: "global-settings-mode", Kind: KindString, Doc: "Whether the gateway follows the global Application Control and URL Filtering settings or replaces them with override-global-settings."},
				{Name: "override-global-settings", Kind: KindBlock, Doc: "The gateway's own Application Control and URL Filtering settings, used in place of the global ones.", Fields: []Field{
					{Name: "fail-mode", Kind: KindString, Doc: "What happens to requests when the Application Control and URL Filtering engine fails: all of them are allowed, or all are blocked."},
					{Name: "website-categorization", Kind: KindBlock, Doc: "How websites are categorized for Application Control and URL Filtering.", Fields: []Field{
						{Name: "custom-mode", Kind: KindBlock, Doc: "The categorization mode of each feature, used when the website categorization mode is custom.", Fields: []Field{
							{Name: "social-networking-widgets", Kind: KindString, Doc: "The website categorization mode for social networking widgets."},
							{Name: "url-filtering", Kind: KindString, Doc: "The website categorization mode for URL Filtering."},
						}},
						{Name: "mode", Kind: KindString, Doc: "How requests wait, or do not wait, for the categorization of a website; custom-mode sets it per feature."},
					}},
				}},
			}},
			gatewayBlade("content-awareness", "Content Awareness", "gateway"),
			{Name: "dynamic-ip", Kind: KindBool, ReadOnly: true, Doc: "Whether the gateway's IP address is assigned dynamically."},
			{Name: "enable-https-inspection", Kind: KindBool, Doc: "Whether HTTPS Inspection is on. It needs an outbound inspection certificate, which the outbound inspection certificate API defines."},
			{Name: "fetch-policy", Kind: KindStringSet, Doc: "The management servers the gateway fetches its policy from."},
			// Not gatewayBlade: on a gateway (not on a cluster) the firewall is on by default.
			{Name: "firewall", Kind: KindBool, Default: true, Doc: "Whether the Firewall blade is enabled on the gateway."},
			gatewayFirewallSettings("gateway"),
			{Name: "hardware", Kind: KindString, ReadOnly: true, Doc: "The hardware platform of the gateway."},
			{Name: "hit-count", Kind: KindBool, Doc: "Whether hit count is on, counting how many connections match each rule."},
			gatewayHTTPSInspection("gateway"),
			{Name: "icap-server", Kind: KindBool, Doc: "Whether the gateway acts as an ICAP server."},
			gatewayBlade("identity-awareness", "Identity Awareness", "gateway"),
			gatewayIdentityAwarenessSettings("gateway"),
			gatewayInterfaces("gateway", false),
			gatewayBlade("ips", "Intrusion Prevention System (IPS)", "gateway"),
			gatewayIPSSettings("gateway", false),
			{Name: "ips-update-policy", Kind: KindString, Doc: "Whether IPS updates reach the gateway through the management server or are downloaded by the gateway itself."},
			{Name: "ipv4-address", Kind: KindString, Doc: "The gateway's IPv4 address."},
			{Name: "ipv6-address", Kind: KindString, Doc: "The gateway's IPv6 address."},
			{Name: "logs-settings", Kind: KindBlock, Doc: "How the gateway keeps, rotates, forwards and deletes its local logs.", Fields: []Field{
				{Name: "alert-when-free-disk-space-below", Kind: KindBool, Doc: "Whether an alert is raised when free disk space falls below alert-when-free-disk-space-below-threshold."},
				{Name: "alert-when-free-disk-space-below-metrics", Kind: KindString, Doc: "The unit of alert-when-free-disk-space-below-threshold."},
				{Name: "alert-when-free-disk-space-below-threshold", Kind: KindInt, Doc: "The free disk space below which the alert is raised."},
				{Name: "alert-when-free-disk-space-below-type", Kind: KindString, Default: "popup alert", Doc: "The kind of alert raised when free disk space is low."},
				{Name: "before-delete-keep-logs-from-the-last-days", Kind: KindBool, Doc: "Whether the logs of the last days are kept when old logs are deleted."},
				{Name: "before-delete-keep-logs-from-the-last-days-threshold", Kind: KindInt, Doc: "How many days of the most recent logs are kept when old logs are deleted."},
				{Name: "before-delete-run-script", Kind: KindBool, Doc: "Whether a script runs before logs are deleted."},
				{Name: "before-delete-run-script-command", Kind: KindString, Doc: "The command of the script that runs before logs are deleted."},
				{Name: "delete-index-files-older-than-days", Kind: KindBool, Doc: "Whether log index files older than a number of days are deleted."},
				{Name: "delete-index-files-older-than-days-threshold", Kind: KindInt, Doc: "The age, in days, past which log index files are deleted."},
				{Name: "delete-index-files-when-index-size-above", Kind: KindBool, Doc: "Whether log index files are deleted once the index grows past a size."},
				{Name: "delete-index-files-when-index-size-above-metrics", Kind: KindString, ReadOnly: true, Doc: "The unit of delete-index-files-when-index-size-above-threshold."},
				{Name: "delete-index-files-when-index-size-above-threshold", Kind: KindInt, Doc: "The index size past which log index files are deleted."},
				{Name: "delete-when-free-disk-space-below", Kind: KindBool, Doc: "Whether old logs are deleted when free disk space falls below delete-when-free-disk-space-below-threshold."},
				{Name: "delete-when-free-disk-space-below-metrics", Kind: KindString, ReadOnly: true, Doc: "The unit of delete-when-free-disk-space-below-threshold."},
				{Name: "delete-when-free-disk-space-below-threshold", Kind: KindInt, Doc: "The free disk space below which old logs are deleted."},
				{Name: "detect-new-citrix-ica-application-names", Kind: KindBool, Doc: "Whether new Citrix ICA application names are detected."},
				{Name: "forward-logs-to-log-server", Kind: KindBool, Doc: "Whether the logs are forwarded to a log server."},
				{Name: "forward-logs-to-log-server-name", Kind: KindString, ReadOnly: true, Doc: "The log server the logs are forwarded to."},
				{Name: "forward-logs-to-log-server-schedule-name", Kind: KindString, ReadOnly: true, Doc: "The schedule on which the logs are forwarded to the log server."},
				{Name: "perform-log-rotate-before-log-forwarding", Kind: KindBool, Doc: "Whether the log file is rotated before the logs are forwarded."},
				{Name: "reject-connections-when-free-disk-space-below-threshold", Kind: KindBool, Doc: "Whether new connections are rejected when free disk space is below the threshold."},
				{Name: "reserve-for-packet-capture-metrics", Kind: KindString, Doc: "The unit of reserve-for-packet-capture-threshold."},
				{Name: "reserve-for-packet-capture-threshold", Kind: KindInt, Doc: "How much disk space is kept for packet captures."},
				{Name: "rotate-log-by-file-size", Kind: KindBool, Doc: "Whether the log file is rotated when it reaches rotate-log-file-size-threshold."},
				{Name: "rotate-log-file-size-threshold", Kind: KindInt, Doc: "The size at which the log file is rotated."},
				{Name: "rotate-log-on-schedule", Kind: KindBool, Doc: "Whether the log file is rotated on a schedule."},
				{Name: "rotate-log-schedule-name", Kind: KindString, ReadOnly: true, Doc: "The schedule on which the log file is rotated."},
				{Name: "stop-logging-when-free-disk-space-below", Kind: KindBool, Doc: "Whether logging stops when free disk space falls below stop-logging-when-free-disk-space-below-threshold."},
				{Name: "stop-logging-when-free-disk-space-below-metrics", Kind: KindString, ReadOnly: true, Doc: "The unit of stop-logging-when-free-disk-space-below-threshold."},
				{Name: "stop-logging-when-free-disk-space-below-threshold", Kind: KindInt, Doc: "The free disk space below which logging stops."},
				{Name: "turn-on-qos-logging", Kind: KindBool, Doc: "Whether QoS logging is on."},
				{Name: "update-account-log-every", Kind: KindInt, Doc: "How often, in seconds, accounting log entries are updated."},
			}},
			{Name: "nat-hide-internal-interfaces", Kind: KindBool, Doc: "Whether the internal networks are hidden behind the gateway's external IP address."},
			gatewayNATSettings("gateway"),
			{Name: "one-time-password", Kind: KindString, WriteOnly: true, Secret: true, Doc: "The one-time password that sets up Secure Internal Communication (SIC) with the gateway."},
			{Name: "os-name", Kind: KindString, Default: "Gaia", Doc: "The operating system of the gateway."},
			gatewayPlatformPortalSettings("gateway"),
			gatewayProxySettings("gateway", true),
			gatewayBlade("qos", "Quality of Service (QoS)", "gateway"),
			{Name: "save-logs-locally", Kind: KindBool, Doc: "Whether the gateway saves its logs locally."},
			{Name: "send-alerts-to-server", Kind: KindStringSet, Doc: "The servers the gateway sends its alerts to."},
			{Name: "send-logs-to-backup-server", Kind: KindStringSet, Doc: "The backup servers the gateway sends its logs to."},
			{Name: "send-logs-to-server", Kind: KindStringSet, Doc: "The servers the gateway sends its logs to."},
			{Name: "sic-name", Kind: KindString, ReadOnly: true, Doc: "The gateway's Secure Internal Communication (SIC) name."},
			{Name: "sic-state", Kind: KindString, ReadOnly: true, Doc: "The state of Secure Internal Communication (SIC) with the gateway."},
			gatewayBlade("threat-emulation", "Threat Emulation", "gateway"),
			gatewayBlade("threat-extraction", "Threat Extraction", "gateway"),
			gatewayBlade("url-filtering", "URL Filtering", "gateway"),
			usercheckPortalSettings(),
			{Name: "version", Kind: KindString, Doc: "The software version of the gateway, such as R81."},
			gatewayBlade("vpn", "IPsec VPN", "gateway"),
			gatewayVPNSettings("gateway", KindBlock),
			gatewayBlade("zero-phishing", "Zero Phishing", "gateway"),
			{Name: "zero-phishing-fqdn", Kind: KindString, Doc: "The fully qualified domain name of the gateway for Zero Phishing."},
		},
		Example: map[string]any{
			"name":              "gw1",
			"ipv4-address":      "192.0.2.1",
			"version":           "R81",
			"one-time-password": "aaaa-Example-1",
			"firewall":          true,
		},
		Change: map[string]any{
			"name":                         "gw1 renamed",
			"ipv4-address":                 "192.0.2.2",
			"ipv6-address":                 "2001:db8::2",
			"version":                      "R80.30",
			"os-name":                      "Gaia Embedded",
			"anti-bot":                     true,
			"anti-virus":                   true,
			"application-control":          true,
			"content-awareness":            true,
			"enable-https-inspection":      true,
			"fetch-policy":                 []any{"mgmt-server"},
			"firewall":                     false,
			"hit-count":                    true,
			"icap-server":                  true,
			"identity-awareness":           true,
			"ips":                          true,
			"ips-update-policy":            "gateway automatic update",
			"nat-hide-internal-interfaces": true,
			"qos":                          true,
			"save-logs-locally":            true,
			"send-alerts-to-server":        []any{"mgmt-server"},
			"send-logs-to-backup-server":   []any{"log-server-2"},
			"send-logs-to-server":          []any{"mgmt-server"},
			"threat-emulation":             true,
			"threat-extraction":            true,
			"url-filtering":                true,
			"vpn":                          true,
			"zero-phishing":                true,
			"zero-phishing-fqdn":           "zp.example.com",
			"advanced-settings":            map[string]any{"connection-persistence": "keep-all-connections"},
			"application-control-and-url-filtering-settings": map[string]any{"global-settings-mode": "custom"},
			"firewall-settings":           map[string]any{"auto-calculate-connections-hash-table-size-and-memory-pool": true, "maximum-limit-for-concurrent-connections": 50000},
			"https-inspection":            map[string]any{"bypass-on-failure": map[string]any{"override-profile": true, "value": true}},
			"identity-awareness-settings": map[string]any{"identity-agent": true, "remote-access": true},
			"ips-settings":                map[string]any{"activation-mode": "detect", "bypass-all-under-load": true},
			"logs-settings":               map[string]any{"rotate-log-by-file-size": true, "rotate-log-file-size-threshold": 500},
			"nat-settings":                map[string]any{"auto-rule": true, "method": "hide", "hide-behind": "gateway", "install-on": "All"},
			"platform-portal-settings":    map[string]any{"portal-web-settings": map[string]any{"main-url": "https://gw.example.com/gaia", "aliases": []any{"https://gaia.example.com"}}},
			"proxy-settings":              map[string]any{"use-custom-proxy": true, "proxy-server": "proxy.example.com", "port": 8080},
			"usercheck-portal-settings":   map[string]any{"enabled": true, "portal-web-settings": map[string]any{"main-url": "https://gw.example.com/UserCheck"}},
			"vpn-settings":                map[string]any{"maximum-concurrent-tunnels": 20000, "vpn-domain-type": "addresses_behind_gw"},
			"comments":                    "changed by the test",
			"color":                       "orange",
			"interfaces":                  []any{map[string]any{"name": "eth0", "ipv4-address": "192.0.2.2", "ipv4-mask-length": "24", "topology": "external", "anti-spoofing": false, "comments": "uplink", "color": "blue"}, map[string]any{"name": "eth1", "ipv4-address": "198.51.100.1", "ipv4-mask-length": "24", "topology": "internal", "topology-settings": map[string]any{"ip-address-behind-this-interface": "network defined by the interface ip and net mask"}}},
		},
	},
	{
		Name: "simple-cluster", Plural: "simple-clusters", Category: "object", NoGroups: true,
		Doc: "A ClusterXL cluster of gateways managed by this server: its virtual addresses and cluster interfaces, its members (each with its own addresses and a write-only SIC one-time password), its mode (high availability or load sharing), the blades it runs and their settings. A published cluster is an installation target, as a gateway is.",
		Fields: []Field{
			gatewayAdvancedSettings("cluster"),
			gatewayBlade("anti-bot", "Anti-Bot", "cluster"),
			gatewayBlade("anti-virus", "Anti-Virus", "cluster"),
			gatewayBlade("application-control", "Application Control", "cluster"),
			{Name: "cluster-mode", Kind: KindString, Default: "cluster-xl-ha", Doc: "How the cluster works: \"cluster-xl-ha\" for high availability, or a load sharing mode."},
			gatewayBlade("content-awareness", "Content Awareness", "cluster"),
			gatewayBlade("data-awareness", "Data Awareness", "cluster"),
			{Name: "dynamic-ip", Kind: KindBool, ReadOnly: true, Doc: "Whether the cluster's IP address is assigned dynamically."},
			{Name: "enable-https-inspection", Kind: KindBool, Doc: "Whether HTTPS Inspection is on. It needs an outbound inspection certificate, which the outbound inspection certificate API defines."},
			{Name: "fetch-policy", Kind: KindStringSet, Doc: "The management servers the cluster fetches its policy from."},
			gatewayBlade("firewall", "Firewall", "cluster"),
			gatewayFirewallSettings("cluster"),
			{Name: "geo-mode", Kind: KindBool, Doc: "Whether the cluster runs in high availability Geo mode. Only for a cluster deployed in a cloud, with cluster-mode \"cluster-xl-ha\"."},
			{Name: "hardware", Kind: KindString, Doc: "The hardware platform of the cluster."},
			{Name: "hit-count", Kind: KindBool, Doc: "Whether hit count is on, counting how many connections match each rule."},
			gatewayHTTPSInspection("cluster"),
			gatewayBlade("identity-awareness", "Identity Awareness", "cluster"),
			gatewayIdentityAwarenessSettings("cluster"),
			gatewayInterfaces("cluster", true),
			gatewayBlade("ips", "Intrusion Prevention System (IPS)", "cluster"),
			gatewayIPSSettings("cluster", true),
			{Name: "ips-update-policy", Kind: KindString, Doc: "Whether IPS updates reach the cluster through the management server or are downloaded by the cluster itself."},
			{Name: "ipv4-address", Kind: KindString, Doc: "The cluster's IPv4 address."},
			{Name: "ipv6-address", Kind: KindString, Doc: "The cluster's IPv6 address."},
			{Name: "members", Kind: KindBlockList, Doc: "The member gateways of the cluster.", Fields: []Field{
				{Name: "interfaces", Kind: KindBlockList, Doc: "The member's network interfaces.", Fields: append(interfaceAddresses(),
					Field{Name: "name", Kind: KindString, Required: true, Doc: "The interface's name, which should be unique in the domain."},
				)},
				{Name: "ip-address", Kind: KindString, Doc: "The member's IPv4 or IPv6 address."},
				{Name: "name", Kind: KindString, Required: true, Doc: "The member's name, which should be unique in the domain."},
				{Name: "one-time-password", Kind: KindString, WriteOnly: true, Secret: true, Doc: "The one-time password that sets up Secure Internal Communication (SIC) with the member."},
				{Name: "priority", Kind: KindInt, ReadOnly: true, Doc: "The member's priority in the cluster."},
				{Name: "sic-message", Kind: KindString, ReadOnly: true, Doc: "The message that describes the Secure Internal Communication (SIC) state of the member."},
				{Name: "sic-state", Kind: KindString, ReadOnly: true, Doc: "The state of Secure Internal Communication (SIC) with the member."},
			}},
			{Name: "nat-hide-internal-interfaces", Kind: KindBool, Doc: "Whether the internal networks are hidden behind the cluster's external IP address."},
			gatewayNATSettings("cluster"),
			{Name: "os-name", Kind: KindString, Default: "Gaia", Doc: "The operating system of the cluster."},
			gatewayPlatformPortalSettings("cluster"),
			gatewayProxySettings("cluster", false),
			gatewayBlade("qos", "Quality of Service (QoS)", "cluster"),
			{Name: "save-logs-locally", Kind: KindBool, Doc: "Whether the cluster saves its logs locally."},
			{Name: "send-alerts-to-server", Kind: KindStringSet, Doc: "The servers the cluster sends its alerts to."},
			{Name: "send-logs-to-backup-server", Kind: KindStringSet, Doc: "The backup servers the cluster sends its logs to."},
			{Name: "send-logs-to-server", Kind: KindStringSet, Doc: "The servers the cluster sends its logs to."},
			{Name: "sic-name", Kind: KindString, ReadOnly: true, Doc: "The cluster's Secure Internal Communication (SIC) name."},
			{Name: "sic-state", Kind: KindString, ReadOnly: true, Doc: "The state of Secure Internal Communication (SIC) with the cluster."},
			gatewayBlade("threat-emulation", "Threat Emulation", "cluster"),
			gatewayBlade("url-filtering", "URL Filtering", "cluster"),
			usercheckPortalSettings(),
			{Name: "version", Kind: KindString, Doc: "The software version of the cluster, such as R81."},
			gatewayBlade("vpn", "IPsec VPN", "cluster"),
			gatewayVPNSettings("cluster", KindBlockList),
			gatewayBlade("zero-phishing", "Zero Phishing", "cluster"),
			{Name: "zero-phishing-fqdn", Kind: KindString, Doc: "The fully qualified domain name of the cluster for Zero Phishing."},
		},
		Example: map[string]any{
			"name":         "cluster1",
			"ipv4-address": "192.0.2.10",
			"version":      "R81",
			"hardware":     "Open server",
			"cluster-mode": "cluster-xl-ha",
		},
		Change: map[string]any{
			"name":                         "cluster1 renamed",
			"ipv4-address":                 "192.0.2.2",
			"ipv6-address":                 "2001:db8::2",
			"version":                      "R80.30",
			"os-name":                      "Gaia Embedded",
			"hardware":                     "CloudGuard IaaS",
			"cluster-mode":                 "cluster-xl-ls",
			"geo-mode":                     true,
			"data-awareness":               true,
			"anti-bot":                     true,
			"anti-virus":                   true,
			"application-control":          true,
			"content-awareness":            true,
			"enable-https-inspection":      true,
			"fetch-policy":                 []any{"mgmt-server"},
			"firewall":                     true,
			"hit-count":                    true,
			"identity-awareness":           true,
			"ips":                          true,
			"ips-update-policy":            "gateway automatic update",
			"nat-hide-internal-interfaces": true,
			"qos":                          true,
			"save-logs-locally":            true,
			"send-alerts-to-server":        []any{"mgmt-server"},
			"send-logs-to-backup-server":   []any{"log-server-2"},
			"send-logs-to-server":          []any{"mgmt-server"},
			"threat-emulation":             true,
			"url-filtering":                true,
			"vpn":                          true,
			"zero-phishing":                true,
			"zero-phishing-fqdn":           "zp.example.com",
			"advanced-settings":            map[string]any{"connection-persistence": "keep-all-connections"},
			"firewall-settings":            map[string]any{"auto-calculate-connections-hash-table-size-and-memory-pool": true, "maximum-limit-for-concurrent-connections": 50000},
			"https-inspection":             map[string]any{"bypass-on-failure": map[string]any{"override-profile": true, "value": true}},
			"identity-awareness-settings":  map[string]any{"identity-agent": true, "remote-access": true},
			"ips-settings":                 map[string]any{"activation-mode": "detect", "bypass-all-under-load": true},
			"nat-settings":                 map[string]any{"auto-rule": true, "method": "hide", "hide-behind": "gateway", "install-on": "All"},
			"platform-portal-settings":     map[string]any{"portal-web-settings": map[string]any{"main-url": "https://gw.example.com/gaia", "aliases": []any{"https://gaia.example.com"}}},
			"proxy-settings":               map[string]any{"use-custom-proxy": true, "proxy-server": "proxy.example.com", "port": 8080},
			"usercheck-portal-settings":    map[string]any{"enabled": true, "portal-web-settings": map[string]any{"main-url": "https://gw.example.com/UserCheck"}},
			"vpn-settings":                 map[string]any{"maximum-concurrent-tunnels": 20000, "vpn-domain-type": "addresses_behind_gw"},
			"comments":                     "changed by the test",
			"color":                        "orange",
			"interfaces":                   []any{map[string]any{"name": "eth0", "interface-type": "cluster", "ipv4-address": "192.0.2.10", "ipv4-mask-length": "24", "topology": "external", "anti-spoofing": false}},
			"members":                      []any{map[string]any{"name": "member1", "ip-address": "192.0.2.11", "interfaces": []any{map[string]any{"name": "eth0", "ipv4-address": "192.0.2.11", "ipv4-mask-length": "24"}}}, map[string]any{"name": "member2", "ip-address": "192.0.2.12", "interfaces": []any{map[string]any{"name": "eth0", "ipv4-address": "192.0.2.12", "ipv4-mask-length": "24"}}}},
		},
	},
	{
		Name: "interoperable-device", Plural: "interoperable-devices", Category: "object", NoGroups: true,
		Doc: "An interoperable device: a third-party or externally managed VPN gateway, known by its addresses, interfaces and VPN domain, that a VPN community can hold (its shared secret is the community's).",
		Fields: []Field{
			{Name: "domains-to-process", Kind: KindStringSet, Doc: "The domains the command runs on: CURRENT_DOMAIN or ALL_DOMAINS_ON_THIS_SERVER. It cannot go with details-level full, and needs the System Domain and ignore-warnings true."},
			{Name: "groups", Kind: KindBlockList, ReadOnly: true, Doc: "The groups the device belongs to.", Fields: []Field{
				{Name: "color", Kind: KindString, ReadOnly: true, Values: Colors, Doc: "The group's color."},
				{Name: "name", Kind: KindString, ReadOnly: true, Doc: "The group's name, unique in the domain."},
				{Name: "type", Kind: KindString, ReadOnly: true, Doc: "The group's object type."},
				{Name: "uid", Kind: KindString, ReadOnly: true, Doc: "The group's unique identifier."},
			}},
			{Name: "interfaces", Kind: KindBlockList, Doc: "The device's network interfaces.", Fields: slices.Concat(
				[]Field{
					{Name: "color", Kind: KindString, Default: "black", Values: Colors, Doc: "The interface's color, one of the predefined colors."},
					{Name: "comments", Kind: KindString, Doc: "Free-text comments on the interface."},
					{Name: "domains-to-process", Kind: KindStringSet, Doc: "The domains the command runs on: CURRENT_DOMAIN or ALL_DOMAINS_ON_THIS_SERVER. It cannot go with details-level full, and needs the System Domain and ignore-warnings true."},
					{Name: "ignore-errors", Kind: KindBool, Default: false, Doc: "Whether the change is applied despite errors. Such a change cannot be published, and when ignore-warnings is left out, warnings are ignored as well."},
					{Name: "ignore-warnings", Kind: KindBool, Default: false, Doc: "Whether the change is applied despite warnings."},
				},
				interfaceAddresses(),
				[]Field{
					{Name: "name", Kind: KindString, Doc: "The interface's name, unique in the domain."},
					{Name: "tags", Kind: KindStringSet, Doc: "The interface's tags, by identifier."},
					{Name: "topology", Kind: KindString, Default: "internal", Doc: "Where the interface leads, such as \"internal\" or \"external\"."},
					interfaceTopologySettings("What lies behind the interface when its topology is internal."),
				},
			)},
			{Name: "ipv4-address", Kind: KindString, Doc: "The device's IPv4 address."},
			{Name: "ipv6-address", Kind: KindString, Doc: "The device's IPv6 address."},
			{Name: "vpn-settings", Kind: KindBlock, Doc: "The device's VPN domain settings.", Fields: []Field{
				{Name: "vpn-domain", Kind: KindString, Doc: "The network group that makes up a custom encryption domain; required when vpn-domain-type is 'manual'."},
				{Name: "vpn-domain-exclude-external-ip-addresses", Kind: KindBool, Doc: "Whether the device's external IP addresses are left out of its VPN domain."},
				{Name: "vpn-domain-type", Kind: KindString, Default: "addresses_behind_gw", Doc: "How the device's encryption domain is defined: the addresses behind it (\"addresses_behind_gw\"), or the network group in vpn-domain ('manual')."},
			}},
		},
		Example: map[string]any{
			"name":         "NewInteroperableDevice",
			"ipv4-address": "192.0.2.50",
		},
		Change: map[string]any{
			"name":               "NewInteroperableDevice renamed",
			"ipv4-address":       "192.0.2.51",
			"ipv6-address":       "2001:db8::51",
			"domains-to-process": []any{"SMC User"},
			"interfaces":         []any{map[string]any{"name": "eth0", "ipv4-address": "192.0.2.51", "ipv4-mask-length": "24"}},
			"vpn-settings":       map[string]any{"vpn-domain-type": "manual", "vpn-domain": "InternalNet"},
			"comments":           "changed by the test",
			"color":              "orange",
		},
	},
	{
		Name: "vpn-community-meshed", Plural: "vpn-communities-meshed", Category: "policy", NoGroups: true,
		Doc: "A meshed VPN community: gateways that each encrypt the traffic between their VPN domains with every other gateway of the community, with the community's IKE settings. Its gateways are existing gateway, cluster or interoperable device objects; the pre-shared secrets of external gateways are write-only.",
		Fields: []Field{
			vpnAdvancedProperties(),
			{Name: "disable-nat", Kind: KindBool, Doc: "Whether NAT is off for traffic inside the community."},
			{Name: "encrypted-traffic", Kind: KindBlock, Doc: "Handling of encrypted traffic between the community's members.", Fields: []Field{
				{Name: "enabled", Kind: KindBool, Doc: "Whether all encrypted traffic is accepted."},
			}},
			{Name: "encryption-method", Kind: KindString, Doc: "The IKE version used for encryption (IKEv1, IKEv2, or a preference between them)."},
			{Name: "encryption-suite", Kind: KindString, Doc: "The encryption suite: a predefined one, or custom to use the ike-phase-1 and ike-phase-2 settings."},
			{Name: "excluded-services", Kind: KindStringSet, Doc: "Services, by name or UID, left out of the community: their connections are not encrypted and do not match rules that name the community."},
			{Name: "gateways", Kind: KindStringSet, RefTypes: vpnGatewayTypes, Doc: "The gateways of the community, by name or UID."},
			vpnGranularEncryptions(ikeP2UsePFS(KindBool, false)),
			vpnIKEPhase1(),
			vpnIKEPhase2(false),
			{Name: "link-selection-mode", Kind: KindString, Doc: "How the community's gateways choose the link to a peer."},
			vpnOverrideInterfaces(),
			vpnOverrideVPNDomains(),
			vpnPermanentTunnels(Field{Name: "enable-on-gateways", Kind: KindBool, Doc: "Whether the Route Injection Mechanism runs automatically on the gateways."}),
			{Name: "routing-mode", Kind: KindString, Doc: "How the community routes VPN traffic."},
			vpnSharedSecrets(),
			{Name: "tunnel-granularity", Kind: KindString, Doc: "How VPN tunnels are shared between hosts, subnets and gateways."},
			{Name: "use-shared-secret", Kind: KindBool, Default: false, Doc: "Whether the shared secrets are used for all of the external gateways."},
			vpnWireMode(),
		},
		Example: map[string]any{
			"name":              "MeshedCommunity",
			"encryption-method": "prefer ikev2 but support ikev1",
			"encryption-suite":  "suite-b-gcm-256",
		},
		Change: vpnCommunityChange("MeshedCommunity renamed", map[string]any{
			"gateways": []any{"gw1", "NewInteroperableDevice"},
		}),
	},
	{
		Name: "vpn-community-star", Plural: "vpn-communities-star", Category: "policy", NoGroups: true,
		Doc: "A star VPN community: center gateways that encrypt with satellite gateways (and, with mesh-center-gateways, with each other), with the community's IKE settings. Its gateways are existing gateway, cluster or interoperable device objects; the pre-shared secrets of external gateways are write-only.",
		Fields: []Field{
			vpnAdvancedProperties(),
			{Name: "center-gateways", Kind: KindStringSet, RefTypes: vpnGatewayTypes, Doc: "The center gateways of the community, by name or UID."},
			{Name: "disable-nat", Kind: KindBool, Doc: "Whether NAT is off for traffic inside the community."},
			{Name: "disable-nat-on", Kind: KindString, Doc: "The gateways on which NAT is off for traffic inside the community."},
			{Name: "encrypted-traffic", Kind: KindBlock, Doc: "Handling of encrypted traffic between the community's members.", Fields: []Field{
				{Name: "community-members", Kind: KindString, Doc: "Between which members of the community all encrypted traffic is accepted."},
				{Name: "enabled", Kind: KindBool, Doc: "Whether all encrypted traffic is accepted."},
			}},
			{Name: "encryption-method", Kind: KindString, Doc: "The IKE version used for encryption (IKEv1, IKEv2, or a preference between them)."},
			{Name: "encryption-suite", Kind: KindString, Doc: "The encryption suite: a predefined one, or custom to use the ike-phase-1 and ike-phase-2 settings."},
			{Name: "excluded-services", Kind: KindStringSet, Doc: "Services, by name or UID, left out of the community: their connections are not encrypted and do not match rules that name the community."},
			vpnGranularEncryptions(ikeP2UsePFS(KindString, "false")),
			vpnIKEPhase1(),
			vpnIKEPhase2(true),
			{Name: "link-selection-mode", Kind: KindString, Doc: "How the community's gateways choose the link to a peer."},
			{Name: "mep", Kind: KindBlock, Doc: "Multiple Entry Point (MEP) settings: how satellites pick among the center gateways.", Fields: []Field{
				{Name: "default-priority-rule", Kind: KindBlock, Doc: "The priority of the center gateways for every satellite; used only when entry-point-selection-mechanism is 'manual'.", Fields: []Field{
					{Name: "first-priority-center-gateways", Kind: KindStringSet, Doc: "The center gateways of first priority, by name or UID."},
					{Name: "second-priority-center-gateways", Kind: KindStringSet, Doc: "The center gateways of second priority, by name or UID."},
					{Name: "third-priority-center-gateways", Kind: KindStringSet, Doc: "The center gateways of third priority, by name or UID."},
				}},
				{Name: "enabled", Kind: KindBool, Doc: "Whether the center gateways act as Multiple Entry Points."},
				{Name: "entry-point-final-selection-mechanism", Kind: KindString, Doc: "How the entry point gateway is finally picked when the selection mechanism leaves more than one candidate."},
				{Name: "entry-point-selection-mechanism", Kind: KindString, Doc: "How the entry point gateway is picked among the center gateways."},
				{Name: "exception-priority-rules", Kind: KindBlockList, Doc: "Priorities of the center gateways for specific satellites; used only when entry-point-selection-mechanism is 'manual'.", Fields: []Field{
					{Name: "first-priority-center-gateways", Kind: KindStringSet, Doc: "The center gateways of first priority, by name or UID."},
					{Name: "satellite-gateways", Kind: KindStringSet, RefTypes: vpnGatewayTypes, Doc: "The satellite gateways, by name or UID, that the rule applies to."},
					{Name: "second-priority-center-gateways", Kind: KindStringSet, Doc: "The center gateways of second priority, by name or UID."},
					{Name: "third-priority-center-gateways", Kind: KindStringSet, Doc: "The center gateways of third priority, by name or UID."},
				}},
				{Name: "tracking", Kind: KindString, Doc: "How Multiple Entry Point events are tracked."},
			}},
			{Name: "mesh-center-gateways", Kind: KindBool, Default: false, Doc: "Whether the center gateways also form a mesh among themselves."},
			vpnOverrideInterfaces(),
			vpnOverrideVPNDomains(),
			vpnPermanentTunnels(
				Field{Name: "enable-on-center-gateways", Kind: KindBool, Doc: "Whether the Route Injection Mechanism runs automatically on the center gateways."},
				Field{Name: "enable-on-satellite-gateways", Kind: KindBool, Doc: "Whether the Route Injection Mechanism runs automatically on the satellite gateways."},
			),
			{Name: "routing-mode", Kind: KindString, Doc: "How the community routes VPN traffic."},
			{Name: "satellite-gateways", Kind: KindStringSet, RefTypes: vpnGatewayTypes, Doc: "The satellite gateways of the community, by name or UID."},
			vpnSharedSecrets(),
			{Name: "tunnel-granularity", Kind: KindString, Doc: "How VPN tunnels are shared between hosts, subnets and gateways."},
			{Name: "use-shared-secret", Kind: KindBool, Default: false, Doc: "Whether the shared secrets are used for all of the external gateways."},
			{Name: "vpn-routing", Kind: KindString, Doc: "How VPN traffic to the satellites is routed."},
			vpnWireMode(),
		},
		Example: map[string]any{
			"name":              "StarCommunity",
			"encryption-method": "prefer ikev2 but support ikev1",
			"encryption-suite":  "suite-b-gcm-256",
		},
		Change: vpnCommunityChange("StarCommunity renamed", map[string]any{
			"center-gateways":      []any{"gw1"},
			"satellite-gateways":   []any{"NewInteroperableDevice"},
			"disable-nat-on":       "satellite",
			"mesh-center-gateways": true,
			"vpn-routing":          "to center and to other satellites through center",
			"mep":                  map[string]any{"enabled": true, "entry-point-selection-mechanism": "random"},
		}),
	},
	{
		Name: "threat-profile", Plural: "threat-profiles", Category: "policy", NoGroups: true,
		Doc: "A threat prevention profile: which blades (IPS, Anti-Bot, Anti-Virus, Threat Emulation and Extraction, Zero Phishing) a threat rule with it turns on, which protections it activates by severity, confidence and performance impact, and the action for each confidence level, with per-protection and per-indicator overrides.",
		Fields: []Field{
			{Name: "activate-protections-by-extended-attributes", Kind: KindBlockList, ReadOnly: true, Doc: "IPS protections activated by their extended attributes (IPS tags).", Fields: ipsTagFields()},
			{Name: "active-protections-performance-impact", Kind: KindString, Doc: "The profile activates only protections with this performance impact."},
			{Name: "active-protections-severity", Kind: KindString, Doc: "The profile activates only protections with this severity."},
			{Name: "anti-bot", Kind: KindBool, Default: true, Doc: "Whether the profile turns the Anti-Bot blade on."},
			{Name: "anti-virus", Kind: KindBool, Default: true, Doc: "Whether the profile turns the Anti-Virus blade on."},
			{Name: "confidence-level-high", Kind: KindString, Default: "Prevent", Doc: "The action taken on protections of high confidence."},
			{Name: "confidence-level-low", Kind: KindString, Default: "Detect", Doc: "The action taken on protections of low confidence."},
			{Name: "confidence-level-medium", Kind: KindString, Default: "Prevent", Doc: "The action taken on protections of medium confidence."},
			{Name: "deactivate-protections-by-extended-attributes", Kind: KindBlockList, Doc: "IPS protections deactivated by their extended attributes (IPS tags).", Fields: ipsTagFields()},
			{Name: "indicator-overrides", Kind: KindBlockList, Doc: "Indicators whose action is different in this profile.", Fields: []Field{
				{Name: "action", Kind: KindString, Doc: "The action that the indicator takes under this profile."},
				{Name: "indicator", Kind: KindString, Doc: "The indicator whose action is overridden."},
			}},
			{Name: "ips", Kind: KindBool, Default: true, Doc: "Whether the profile turns the IPS blade on."},
			{Name: "ips-settings", Kind: KindBlockList, Doc: "The profile's settings of the IPS blade.", Fields: []Field{
				{Name: "exclude-protection-with-performance-impact", Kind: KindBool, Doc: "Whether protections are left out by their performance impact."},
				{Name: "exclude-protection-with-performance-impact-mode", Kind: KindString, Doc: "The performance impact of the protections left out."},
				{Name: "exclude-protection-with-severity", Kind: KindBool, Doc: "Whether protections are left out by their severity."},
				{Name: "exclude-protection-with-severity-mode", Kind: KindString, Doc: "The severity of the protections left out."},
				{Name: "newly-updated-protections", Kind: KindString, Doc: "How protections that an update adds or changes are activated."},
			}},
			{Name: "malicious-mail-policy-settings", Kind: KindBlockList, Doc: "What Mail Transfer Agent (MTA) gateways do with malicious emails.", Fields: []Field{
				{Name: "add-customized-text-to-email-body", Kind: KindBool, Default: false, Doc: "Whether customized text is added to the body of a malicious email."},
				{Name: "add-email-subject-prefix", Kind: KindBool, Default: false, Doc: "Whether a prefix is added to the subject of a malicious email."},
				{Name: "add-x-header-to-email", Kind: KindBool, Default: false, Doc: "Whether an X-Header is added to a malicious email."},
				{Name: "email-action", Kind: KindString, Doc: "What is done with a malicious email: block it entirely, or allow it and apply the configured changes (removing attachments and links, adding an X-Header, and so on)."},
				{Name: "email-body-customized-text", Kind: KindString, Doc: "The text added to the body of a malicious email, where $verdicts$ stands for the verdicts on its malicious or failed attachments and links."},
				{Name: "email-subject-prefix-text", Kind: KindString, Doc: "The prefix added to the subject of a malicious email."},
				{Name: "failed-to-scan-attachments-text", Kind: KindString, Doc: "The text that replaces attachments that could not be scanned, where $filename$ stands for the file's name and $md5$ for its MD5."},
				{Name: "malicious-attachments-text", Kind: KindString, Doc: "The text that replaces malicious attachments, where $filename$ stands for the file's name and $md5$ for its MD5."},
				{Name: "malicious-links-text", Kind: KindString, Doc: "The text that replaces malicious links, where $neutralized_url$ stands for the neutralized link."},
				{Name: "remove-attachments-and-links", Kind: KindBool, Doc: "Whether attachments and links are removed from a malicious email."},
				{Name: "send-copy", Kind: KindBool, Doc: "Whether a copy of a malicious email is sent to the recipients in send-copy-list."},
				{Name: "send-copy-list", Kind: KindStringSet, Doc: "The recipients that get a copy of a malicious email."},
			}},
			{Name: "overrides", Kind: KindBlockList, Doc: "Protections whose settings in this profile differ from their defaults.", Fields: []Field{
				{Name: "action", Kind: KindString, Required: true, Doc: "The protection's action in this profile."},
				{Name: "capture-packets", Kind: KindBool, Doc: "Whether packets that match the protection are captured."},
				{Name: "default", Kind: KindBlockList, ReadOnly: true, Doc: "The protection's default settings.", Fields: []Field{
					{Name: "action", Kind: KindString, ReadOnly: true, Doc: "The protection's default action."},
					{Name: "capture-packets", Kind: KindBool, ReadOnly: true, Doc: "Whether packets are captured by default."},
					{Name: "track", Kind: KindString, ReadOnly: true, Doc: "How matches are tracked by default."},
				}},
				{Name: "final", Kind: KindBlockList, ReadOnly: true, Doc: "The settings that end up applying to the protection in this profile.", Fields: []Field{
					{Name: "action", Kind: KindString, ReadOnly: true, Doc: "The action that applies in the end."},
					{Name: "capture-packets", Kind: KindBool, ReadOnly: true, Doc: "Whether packets are captured in the end."},
					{Name: "track", Kind: KindString, ReadOnly: true, Doc: "How matches are tracked in the end."},
				}},
				{Name: "protection", Kind: KindString, Required: true, Doc: "The IPS protection, by name."},
				{Name: "protection-external-info", Kind: KindStringSet, ReadOnly: true, Doc: "The protection's industry references (CVE)."},
				{Name: "protection-uid", Kind: KindString, ReadOnly: true, Doc: "The IPS protection's unique identifier."},
				{Name: "track", Kind: KindString, Doc: "How matches of the protection are tracked."},
			}},
			{Name: "scan-malicious-links", Kind: KindBlockList, Doc: "Scanning of the links (URLs) in email messages for malicious ones.", Fields: []Field{
				{Name: "max-bytes", Kind: KindInt, Doc: "How many bytes at the start of the mail body are scanned for links."},
				{Name: "max-links", Kind: KindInt, Doc: "The largest number of links scanned in a mail body."},
			}},
			{Name: "threat-emulation", Kind: KindBool, Default: true, Doc: "Whether the profile turns the Threat Emulation blade on."},
			{Name: "threat-extraction", Kind: KindBool, Doc: "Whether the profile turns the Threat Extraction blade on."},
			{Name: "use-extended-attributes", Kind: KindBool, Doc: "Whether IPS protections are activated and deactivated by their extended attributes."},
			{Name: "use-indicators", Kind: KindBool, Default: true, Doc: "Whether the profile uses indicators."},
			{Name: "zero-phishing", Kind: KindBool, Doc: "Whether the profile turns the Zero Phishing blade on."},
		},
		Example: map[string]any{
			"name":                                  "My_Profile",
			"active-protections-performance-impact": "low",
			"active-protections-severity":           "High or above",
			"ips":                                   true,
		},
		Change: map[string]any{
			"name":                                  "My_Profile renamed",
			"active-protections-performance-impact": "high",
			"active-protections-severity":           "Critical",
			"anti-bot":                              false,
			"anti-virus":                            false,
			"confidence-level-high":                 "Detect",
			"confidence-level-low":                  "Inactive",
			"confidence-level-medium":               "Detect",
			"ips":                                   false,
			"threat-emulation":                      false,
			"threat-extraction":                     true,
			"use-extended-attributes":               true,
			"use-indicators":                        false,
			"zero-phishing":                         true,
			"deactivate-protections-by-extended-attributes": []any{map[string]any{"category": "Vulnerability Type", "name": "Denial of Service"}},
			"indicator-overrides":                           []any{map[string]any{"action": "detect", "indicator": "My_Indicator"}},
			"ips-settings":                                  []any{map[string]any{"exclude-protection-with-performance-impact": true, "exclude-protection-with-performance-impact-mode": "high or lower"}},
			"malicious-mail-policy-settings":                []any{map[string]any{"email-action": "block", "remove-attachments-and-links": true}},
			"overrides":                                     []any{map[string]any{"protection": "FTP Commands", "action": "Prevent"}},
			"scan-malicious-links":                          []any{map[string]any{"max-bytes": 1000, "max-links": 20}},
			"comments":                                      "changed by the test",
			"color":                                         "orange",
		},
	},
	{
		Name: "threat-indicator", Plural: "threat-indicators", Category: "policy", NoGroups: true,
		Doc: "A threat indicator: observables of a threat (addresses, domains, URLs, mail addresses, file hashes) with their confidence and severity, and the action threat prevention takes on a match, overridden per profile.",
		Fields: []Field{
			{Name: "action", Kind: KindString, Default: "Prevent", Doc: "The action taken on traffic that matches the indicator."},
			{Name: "observables", Kind: KindBlockList, Doc: "What the indicator matches: its observables.", Fields: []Field{
				{Name: "confidence", Kind: KindString, Doc: "How confident the indicator is that a match is a real threat."},
				{Name: "domain", Kind: KindString, Doc: "A domain name to match."},
				{Name: "ip-address", Kind: KindString, Doc: "An IP address to match."},
				{Name: "ip-address-first", Kind: KindString, Doc: "The first IP address of a range to match; ip-address-last must be set with it."},
				{Name: "ip-address-last", Kind: KindString, Doc: "The last IP address of a range to match; ip-address-first must be set with it."},
				{Name: "mail-cc", Kind: KindString, Doc: "An email address to match in the Cc field."},
				{Name: "mail-from", Kind: KindString, Doc: "An email address to match in the sender (From) field."},
				{Name: "mail-reply-to", Kind: KindString, Doc: "An email address to match in the Reply-To field."},
				{Name: "mail-subject", Kind: KindString, Doc: "An email subject to match."},
				{Name: "mail-to", Kind: KindString, Doc: "An email address to match in the recipient (To) field."},
				{Name: "md5", Kind: KindString, Doc: "An MD5 hash to match."},
				{Name: "name", Kind: KindString, Required: true, Doc: "The observable's name, which should be unique in the domain."},
				{Name: "product", Kind: KindString, Doc: "The blade that handles the observable: AV for Anti-Virus, AB for Anti-Bot."},
				{Name: "severity", Kind: KindString, Doc: "How severe the threat is."},
				{Name: "url", Kind: KindString, Doc: "A URL to match."},
			}},
			{Name: "profile-overrides", Kind: KindBlockList, Doc: "Threat profiles in which the indicator's action differs from its own.", Fields: []Field{
				{Name: "action", Kind: KindString, Doc: "The indicator's action in that profile."},
				{Name: "profile", Kind: KindString, Doc: "The threat profile in which the indicator's action differs."},
			}},
		},
		Example: map[string]any{
			"name":        "My_Indicator",
			"action":      "Ask",
			"observables": []any{map[string]any{"name": "My_Observable", "ip-address": "192.0.2.5", "confidence": "medium", "severity": "low", "product": "AV"}},
		},
		Change: map[string]any{
			"name":              "My_Indicator renamed",
			"action":            "Detect",
			"observables":       []any{map[string]any{"name": "My_Observable2", "mail-to": "someone@example.com", "confidence": "high", "severity": "high", "product": "AB"}},
			"profile-overrides": []any{map[string]any{"profile": "My_Profile", "action": "detect"}},
			"comments":          "changed by the test",
			"color":             "orange",
		},
	},
}

// vpnGatewayTypes are the objects a VPN community may join.
var vpnGatewayTypes = []string{"simple-gateway", "simple-cluster", "interoperable-device"}

// portalAccessibility is the accessibility block of every portal and identity
// source of a gateway or a cluster: the server gives them all the same one.
func portalAccessibility() Field {
	return Field{Name: "accessibility", Kind: KindBlock, Doc: "From where the portal can be reached.", Fields: []Field{
		{Name: "allow-access-from", Kind: KindString, Doc: "Where connections to the portal are accepted from: through interfaces chosen by their topology, or as the security policy allows."},
		{Name: "internal-access-settings", Kind: KindBlock, Doc: "Which kinds of internal interface the portal can be reached through, when access is limited to internal interfaces.", Fields: []Field{
			{Name: "dmz", Kind: KindBool, Doc: "Whether the portal can be reached through internal interfaces whose topology is 'DMZ'."},
			{Name: "undefined", Kind: KindBool, Doc: "Whether the portal can be reached through internal interfaces whose topology is 'Undefined'."},
			{Name: "vpn", Kind: KindBool, Doc: "Whether the portal can be reached through interfaces that belong to a VPN encryption domain."},
		}},
	}}
}

// usersDirectories is the users-directories block of every identity source of
// a gateway or a cluster: the server gives them all the same one.
func usersDirectories() Field {
	return Field{Name: "users-directories", Kind: KindBlock, Doc: "The user directories users are looked up in.", Fields: []Field{
		{Name: "external-user-profile", Kind: KindBool, Default: true, Doc: "Whether users are looked up in external user profiles."},
		{Name: "internal-users", Kind: KindBool, Default: true, Doc: "Whether users are looked up among the internal users."},
		{Name: "specific", Kind: KindStringSet, Doc: "The LDAP account units, by name or UID, that users are looked up in; required when users-from-external-directories is \"specific\"."},
		{Name: "users-from-external-directories", Kind: KindString, Default: "all gateways directories", Doc: "Which external directories users are looked up in: all of the gateway's directories (\"all gateways directories\"), or only those listed in specific (\"specific\")."},
	}}
}

// portalCertificateSettings is the certificate-settings block of every portal
// of a gateway or a cluster: the server gives them all the same one.
func portalCertificateSettings() Field {
	return Field{Name: "certificate-settings", Kind: KindBlock, Doc: "The certificate the portal presents to browsers.", Fields: []Field{
		{Name: "base64-certificate", Kind: KindString, Doc: "The portal's certificate file, in the *.p12 format, encoded in Base64 with padding."},
		{Name: "base64-password", Kind: KindString, WriteOnly: true, Secret: true, Doc: "The password of the certificate file, encoded in Base64 with padding."},
	}}
}

// portalWebSettings is the portal-web-settings block of every portal of a
// gateway or a cluster: the server gives them all the same one.
func portalWebSettings() Field {
	return Field{Name: "portal-web-settings", Kind: KindBlock, Doc: "The addresses the portal is published at.", Fields: []Field{
		{Name: "aliases", Kind: KindStringSet, Doc: "URL aliases that redirect to the portal's main URL."},
		{Name: "main-url", Kind: KindString, Doc: "The main URL of the portal."},
	}}
}

// httpsInspectionSetting is one setting of the https-inspection block of a
// gateway or a cluster: the server gives every one of them the same shape, a
// value that overrides the global configuration's.
func httpsInspectionSetting(name, doc string, kind FieldKind) Field {
	return Field{Name: name, Kind: KindBlock, Doc: doc, Fields: []Field{
		{Name: "override-profile", Kind: KindBool, Doc: "Whether this setting replaces the one of the global configuration."},
		{Name: "value", Kind: kind, Doc: "The value used instead of the global one when override-profile is true."},
	}}
}

// gatewayAdvancedSettings is the advanced-settings block (connection persistence
// and SAM) of a gateway or a cluster: the server gives both the same one.
func gatewayAdvancedSettings(object string) Field {
	return Field{Name: "advanced-settings", Kind: KindBlock, Doc: "Advanced settings of the " + object + ": what happens to open connections on a policy installation, and the Suspicious Activity Monitoring (SAM) options.", Fields: []Field{
		{Name: "connection-persistence", Kind: KindString, Default: "rematch-connections", Doc: "What the " + object + " does with connections that are already open when a new policy is installed, such as \"rematch-connections\" or \"keep-all-connections\"."},
		{Name: "sam", Kind: KindBlock, Doc: "Settings of the Suspicious Activity Monitoring (SAM) server on the " + object + ".", Fields: []Field{
			{Name: "forward-to-other-sam-servers", Kind: KindBool, Default: false, Doc: "Whether requests from SAM clients are passed on to other SAM servers."},
			{Name: "purge-sam-file", Kind: KindBlock, Doc: "Automatic purging of the " + object + "'s SAM file once it grows to a set size.", Fields: []Field{
				{Name: "enabled", Kind: KindBool, Default: false, Doc: "Whether the SAM file is purged when it reaches the size in purge-when-size-reaches-to."},
				{Name: "purge-when-size-reaches-to", Kind: KindInt, Default: int64(100), Doc: "The size the SAM file may reach before it is purged."},
			}},
			{Name: "use-early-versions", Kind: KindBlock, Doc: "Compatibility of the SAM server with SAM clients of early versions.", Fields: []Field{
				{Name: "compatibility-mode", Kind: KindString, Default: "auth_opsec", Doc: "The mode in which the SAM server talks to SAM clients of early versions, when that compatibility is enabled."},
				{Name: "enabled", Kind: KindBool, Default: false, Doc: "Whether the SAM server accepts SAM clients of early versions, in the mode set by compatibility-mode."},
			}},
		}},
	}}
}

// gatewayFirewallSettings is the firewall-settings block of a gateway or a
// cluster: the server gives both the same one.
func gatewayFirewallSettings(object string) Field {
	return Field{Name: "firewall-settings", Kind: KindBlock, Doc: "Sizes of the " + object + "'s connections table and memory pool.", Fields: []Field{
		{Name: "auto-calculate-connections-hash-table-size-and-memory-pool", Kind: KindBool, Doc: "Whether the size of the connections hash table and of the memory pool are calculated automatically."},
		{Name: "auto-maximum-limit-for-concurrent-connections", Kind: KindBool, Doc: "Whether the limit on concurrent connections is set automatically."},
		{Name: "connections-hash-size", Kind: KindInt, Doc: "The size of the connections hash table, when it is not calculated automatically."},
		{Name: "maximum-limit-for-concurrent-connections", Kind: KindInt, Doc: "The largest number of connections open at the same time, when that limit is not set automatically."},
		{Name: "maximum-memory-pool-size", Kind: KindInt, Doc: "The largest size the memory pool may grow to, when it is not calculated automatically."},
		{Name: "memory-pool-size", Kind: KindInt, Doc: "The size of the memory pool, when it is not calculated automatically."},
	}}
}

// gatewayHTTPSInspection is the https-inspection block of a gateway or a
// cluster: the server gives both the same one.
func gatewayHTTPSInspection(object string) Field {
	return Field{Name: "https-inspection", Kind: KindBlock, Doc: "The " + object + "'s HTTPS Inspection settings; each one is taken from the global configuration unless overridden here.", Fields: []Field{
		httpsInspectionSetting("bypass-on-failure", "Fail-open: whether every request bypasses inspection when an internal system error occurs.", KindBool),
		httpsInspectionSetting("deny-expired-server-cert", "Whether traffic from servers whose certificate has expired is dropped.", KindBool),
		httpsInspectionSetting("deny-revoked-server-cert", "Whether traffic from servers whose certificate was revoked is dropped, the certificate being checked against its revocation list (CRL).", KindBool),
		httpsInspectionSetting("deny-untrusted-server-cert", "Whether traffic from servers whose certificate is not trusted is dropped.", KindBool),
		httpsInspectionSetting("site-categorization-allow-mode", "How requests are handled while their site is still being categorized; 'background' lets them through until the categorization completes.", KindString),
	}}
}

// gatewayIdentityAwarenessSettings is the identity-awareness-settings block of
// a gateway or a cluster: the server gives both the same one.
func gatewayIdentityAwarenessSettings(object string) Field {
	return Field{Name: "identity-awareness-settings", Kind: KindBlock, Doc: "The " + object + "'s Identity Awareness settings: the identity sources it uses and how each one is set up.", Fields: []Field{
		{Name: "browser-based-authentication", Kind: KindBool, Doc: "Whether browser-based authentication is an identity source."},
		{Name: "browser-based-authentication-settings", Kind: KindBlock, Doc: "Settings of browser-based authentication: how users authenticate, and the portal they do it in.", Fields: []Field{
			{Name: "authentication-settings", Kind: KindBlock, Doc: "How users authenticate through browser-based authentication.", Fields: []Field{
				{Name: "authentication-method", Kind: KindString, Default: "username and password", Doc: "How users authenticate: \"username and password\", through a RADIUS server (\"radius\"), or through an identity provider (\"identity provider\")."},
				{Name: "identity-provider", Kind: KindStringSet, Doc: "The identity provider objects, by name or UID, that users authenticate with; required when authentication-method is \"identity provider\"."},
				{Name: "radius", Kind: KindString, Doc: "The RADIUS server object, by name or UID, that users authenticate with; required when authentication-method is \"radius\"."},
				usersDirectories(),
			}},
			{Name: "browser-based-authentication-portal-settings", Kind: KindBlock, Doc: "Settings of the portal in which users authenticate with their browser.", Fields: []Field{
				portalAccessibility(),
				portalCertificateSettings(),
				portalWebSettings(),
			}},
		}},
		{Name: "identity-agent", Kind: KindBool, Doc: "Whether Identity Agents are an identity source."},
		{Name: "identity-agent-settings", Kind: KindBlock, Doc: "Settings of the Identity Agent identity source.", Fields: []Field{
			{Name: "agents-interval-keepalive", Kind: KindInt, Default: int64(5), Doc: "How often, in minutes, agents send a keepalive."},
			{Name: "authentication-settings", Kind: KindBlock, Doc: "How users of Identity Agents authenticate.", Fields: []Field{
				{Name: "authentication-method", Kind: KindString, Default: "username and password", Doc: "How users authenticate: \"username and password\", or through a RADIUS server (\"radius\")."},
				{Name: "radius", Kind: KindString, Doc: "The RADIUS server object, by name or UID, that users authenticate with; required when authentication-method is \"radius\"."},
				usersDirectories(),
			}},
			{Name: "identity-agent-portal-settings", Kind: KindBlock, Doc: "From where Identity Agents can reach the " + object + ".", Fields: []Field{
				portalAccessibility(),
			}},
			{Name: "user-reauthenticate-interval", Kind: KindInt, Default: int64(480), Doc: "How often, in minutes, an agent's user must authenticate again."},
		}},
		{Name: "identity-collector", Kind: KindBool, Doc: "Whether Identity Collectors are an identity source."},
		{Name: "identity-collector-settings", Kind: KindBlock, Doc: "Settings of the Identity Collector identity source.", Fields: []Field{
			{Name: "authentication-settings", Kind: KindBlock, Doc: "Where the users that Identity Collectors report are looked up.", Fields: []Field{
				usersDirectories(),
			}},
			{Name: "authorized-clients", Kind: KindBlockList, Required: true, Doc: "The Identity Collector clients allowed to send identities to the " + object + ".", Fields: []Field{
				{Name: "client", Kind: KindString, Doc: "The host or network group, by name or UID, of the client."},
				{Name: "client-secret", Kind: KindString, WriteOnly: true, Secret: true, Doc: "The secret the client authenticates with."},
			}},
			{Name: "client-access-permissions", Kind: KindBlock, Doc: "From where Identity Collectors can reach the " + object + ".", Fields: []Field{
				portalAccessibility(),
			}},
		}},
		{Name: "identity-sharing-settings", Kind: KindBlock, Doc: "Sharing of identities between the " + object + " and other gateways.", Fields: []Field{
			{Name: "receive-from", Kind: KindStringSet, Doc: "The gateways identities are received from."},
			{Name: "receive-from-other-gateways", Kind: KindBool, Doc: "Whether the " + object + " receives identities from other gateways."},
			{Name: "share-with-other-gateways", Kind: KindBool, Doc: "Whether the " + object + " shares its identities with other gateways."},
		}},
		{Name: "proxy-settings", Kind: KindBlock, Doc: "How Identity Awareness treats traffic that arrives through a proxy server.", Fields: []Field{
			{Name: "detect-using-x-forward-for", Kind: KindBool, Default: false, Doc: "Whether the original source IP is taken from the X-Forwarded-For HTTP header, which the proxy server adds to keep track of it."},
		}},
		{Name: "remote-access", Kind: KindBool, Doc: "Whether Remote Access is an identity source."},
	}}
}

// gatewayNATSettings is the nat-settings block of a gateway or a cluster: the
// server gives both the same one.
func gatewayNATSettings(object string) Field {
	return Field{Name: "nat-settings", Kind: KindBlock, Doc: "Automatic NAT of the " + object + "'s own address.", Fields: []Field{
		{Name: "auto-rule", Kind: KindBool, Default: false, Doc: "Whether address translation rules are added automatically."},
		{Name: "hide-behind", Kind: KindString, Doc: "What the address is hidden behind with hide NAT; not allowed when method is \"static\"."},
		{Name: "install-on", Kind: KindString, Doc: "The gateway that performs the translation."},
		{Name: "ipv4-address", Kind: KindString, Doc: "The IPv4 address the " + object + "'s address is translated to."},
		{Name: "ipv6-address", Kind: KindString, Doc: "The IPv6 address the " + object + "'s address is translated to."},
		{Name: "method", Kind: KindString, Doc: "How the address is translated, such as \"hide\" or \"static\"."},
	}}
}

// gatewayPlatformPortalSettings is the platform-portal-settings block of a
// gateway or a cluster: the server gives both the same one.
func gatewayPlatformPortalSettings(object string) Field {
	return Field{Name: "platform-portal-settings", Kind: KindBlock, Doc: "Settings of the " + object + "'s platform portal, its web administration portal.", Fields: []Field{
		portalAccessibility(),
		portalCertificateSettings(),
		portalWebSettings(),
	}}
}

// usercheckPortalSettings is the usercheck-portal-settings block of a gateway
// or a cluster: the server gives both the same one.
func usercheckPortalSettings() Field {
	return Field{Name: "usercheck-portal-settings", Kind: KindBlock, Doc: "Settings of the UserCheck portal, where users see UserCheck messages.", Fields: []Field{
		portalAccessibility(),
		portalCertificateSettings(),
		{Name: "enabled", Kind: KindBool, Doc: "Whether the UserCheck portal is on. It serves the Application Control, URL Filtering, Data Loss Prevention, Anti-Virus, Anti-Bot, Threat Emulation, Threat Extraction and Data Awareness blades."},
		portalWebSettings(),
	}}
}

// gatewayBlade is the field that turns a blade on or off on a gateway or a
// cluster: the server gives both the same one.
func gatewayBlade(name, blade, object string) Field {
	return Field{Name: name, Kind: KindBool, Doc: "Whether the " + blade + " blade is enabled on the " + object + "."}
}

// gatewayInterfaces is the interfaces block of a gateway or a cluster: the
// server gives both the same one, but for the role (interface-type) and the
// multicast address that only the interfaces of a cluster have.
func gatewayInterfaces(object string, cluster bool) Field {
	var role, multicast []Field
	if cluster {
		role = []Field{
			{Name: "interface-type", Kind: KindString, Required: true, Doc: "The role of the interface in the cluster, such as \"cluster\" or \"sync\"."},
		}
		multicast = []Field{
			{Name: "multicast-address", Kind: KindString, Doc: "The interface's multicast IP address."},
			{Name: "multicast-address-type", Kind: KindString, Doc: "How the interface's multicast address is chosen."},
		}
	}
	return Field{Name: "interfaces", Kind: KindBlockList, Doc: "The " + object + "'s network interfaces.", Fields: slices.Concat(
		[]Field{
			{Name: "anti-spoofing", Kind: KindBool, Default: true, Doc: "Whether anti-spoofing checks the packets of the interface."},
			{Name: "anti-spoofing-settings", Kind: KindBlock, Doc: "How anti-spoofing acts on the interface.", Fields: []Field{
				{Name: "action", Kind: KindString, Doc: "What anti-spoofing does with spoofed packets: reject them (prevent) or only monitor them (detect)."},
			}},
			{Name: "color", Kind: KindString, Default: "black", Values: Colors, Doc: "The interface's color, one of the predefined colors."},
			{Name: "comments", Kind: KindString, Doc: "Free-text comments on the interface."},
		},
		role,
		interfaceAddresses(),
		multicast,
		[]Field{
			{Name: "name", Kind: KindString, Required: true, Doc: "The interface's name, which should be unique in the domain."},
			{Name: "security-zone", Kind: KindBool, Default: false, Doc: "Whether the interface belongs to a security zone."},
			{Name: "security-zone-settings", Kind: KindBlock, Doc: "Which security zone the interface belongs to.", Fields: []Field{
				{Name: "auto-calculated", Kind: KindBool, Doc: "Whether the security zone follows from where the interface leads."},
				{Name: "specific-zone", Kind: KindString, Doc: "The security zone chosen by hand, when it is not calculated automatically."},
			}},
			{Name: "topology", Kind: KindString, Default: "automatic", Doc: "Where the interface leads: \"external\", \"internal\", or \"automatic\" to have it calculated."},
			{Name: "topology-automatic-calculation", Kind: KindString, ReadOnly: true, Doc: "The topology the automatic calculation found for the interface."},
			interfaceTopologySettings("What lies behind an internal interface."),
		},
	)}
}

// interfaceAddresses are the addresses of an interface of a gateway, a cluster,
// a cluster member or an interoperable device: the server gives them all the
// same ones.
func interfaceAddresses() []Field {
	return []Field{
		{Name: "ipv4-address", Kind: KindString, Doc: "The interface's IPv4 address."},
		{Name: "ipv4-mask-length", Kind: KindString, Doc: "The length of the interface's IPv4 network mask."},
		{Name: "ipv4-network-mask", Kind: KindString, Doc: "The interface's IPv4 network mask."},
		{Name: "ipv6-address", Kind: KindString, Doc: "The interface's IPv6 address."},
		{Name: "ipv6-mask-length", Kind: KindString, Doc: "The length of the interface's IPv6 network mask."},
		{Name: "ipv6-network-mask", Kind: KindString, Doc: "The interface's IPv6 network mask."},
	}
}

// interfaceTopologySettings is the topology-settings block of an interface of
// a gateway, a cluster or an interoperable device: the server gives them all
// the same one.
func interfaceTopologySettings(doc string) Field {
	return Field{Name: "topology-settings", Kind: KindBlock, Doc: doc, Fields: []Field{
		{Name: "interface-leads-to-dmz", Kind: KindBool, Doc: "Whether the interface leads to a demilitarized zone (DMZ), a perimeter network."},
		{Name: "ip-address-behind-this-interface", Kind: KindString, Doc: "Which addresses lie behind the interface, such as the network that the interface's address and mask define."},
		{Name: "specific-network", Kind: KindString, Doc: "The network that lies behind the interface."},
	}}
}

// gatewayIPSSettings is the ips-settings block of a gateway or a cluster: the
// server gives both the same one, but for reject-on-cluster-fail-over, which
// only a cluster has.
func gatewayIPSSettings(object string, cluster bool) Field {
	var failover []Field
	if cluster {
		failover = []Field{
			{Name: "reject-on-cluster-fail-over", Kind: KindBool, Doc: "Whether packets of IPS connections are rejected, rather than accepted, during a cluster failover."},
		}
	}
	return Field{Name: "ips-settings", Kind: KindBlock, Doc: "How the IPS blade behaves on the " + object + ", including when the " + object + " is under load.", Fields: slices.Concat(
		[]Field{
			{Name: "activation-mode", Kind: KindString, Doc: "Whether the IPS blade only detects (Detect Only) or enforces the IPS policy it is given."},
			{Name: "bypass-all-under-load", Kind: KindBool, Doc: "Whether every IPS protection is turned off while CPU and memory usage are high, until they are back to normal."},
			{Name: "bypass-track-method", Kind: KindString, Doc: "How it is tracked that every IPS protection is off until CPU and memory usage are back to normal."},
			{Name: "cpu-usage-high-threshold", Kind: KindInt, Doc: "The CPU usage, as a percentage from 1 to 99, above which the load is considered high."},
			{Name: "cpu-usage-low-threshold", Kind: KindInt, Doc: "The CPU usage, as a percentage from 1 to 99, below which the load is considered normal again."},
			{Name: "memory-usage-high-threshold", Kind: KindInt, Doc: "The memory usage, as a percentage from 1 to 99, above which the load is considered high."},
			{Name: "memory-usage-low-threshold", Kind: KindInt, Doc: "The memory usage, as a percentage from 1 to 99, below which the load is considered normal again."},
		},
		failover,
		[]Field{
			{Name: "send-threat-cloud-info", Kind: KindBool, Doc: "Whether anonymous information is sent to Check Point to help improve its Threat Prevention products."},
			{Name: "top-cpu-consuming-protections", Kind: KindBlock, Doc: "Relief for a " + object + " under load: turning off the IPS protections that use the most CPU.", Fields: []Field{
				{Name: "disable-period", Kind: KindInt, Doc: "For how many hours those protections stay off."},
				{Name: "disable-under-load", Kind: KindBool, Doc: "Whether the IPS protections that use the most CPU are turned off for a while under load."},
			}},
		},
	)}
}

// gatewayProxySettings is the proxy-settings block of a gateway or a cluster:
// the server gives both the same one, but only the gateway's declares
// defaults (withDefaults) for port and use-custom-proxy.
func gatewayProxySettings(object string, withDefaults bool) Field {
	port := Field{Name: "port", Kind: KindInt, Doc: "The port of the proxy server."}
	useCustomProxy := Field{Name: "use-custom-proxy", Kind: KindBool, Doc: "Whether the " + object + " uses its own proxy settings, proxy-server and port, instead of the global ones."}
	if withDefaults {
		port.Default = int64(80)
		useCustomProxy.Default = false
	}
	return Field{Name: "proxy-settings", Kind: KindBlock, Doc: "The proxy server the " + object + " uses.", Fields: []Field{
		port,
		{Name: "proxy-server", Kind: KindString, Doc: "The address or host name of the proxy server."},
		useCustomProxy,
	}}
}

// gatewayVPNSettings is the vpn-settings block of a gateway or a cluster: the
// server gives both the same one, but for the kind of its office-mode, a block
// for a gateway and a list of blocks for a cluster.
func gatewayVPNSettings(object string, officeModeKind FieldKind) Field {
	return Field{Name: "vpn-settings", Kind: KindBlock, Doc: "How the " + object + " takes part in VPNs: authentication, link selection, limits, Office Mode, remote access and its VPN domain.", Fields: []Field{
		{Name: "authentication", Kind: KindBlock, Doc: "Authentication of the " + object + "'s VPN clients.", Fields: []Field{
			{Name: "authentication-clients", Kind: KindStringSet, Doc: "The VPN authentication clients, by name or UID."},
		}},
		{Name: "link-selection", Kind: KindBlock, Doc: "Link selection: the address VPN peers use to reach the " + object + ".", Fields: []Field{
			{Name: "dns-resolving-hostname", Kind: KindString, Doc: "The host name whose DNS resolution gives the address; required when ip-selection is \"dns-resolving-from-hostname\"."},
			{Name: "ip-address", Kind: KindString, Doc: "The address to use; required when ip-selection is \"use-selected-address-from-topology\" or \"use-statically-nated-ip\"."},
			{Name: "ip-selection", Kind: KindString, Default: "use-main-address", Doc: "How the address is chosen: \"use-main-address\", \"use-selected-address-from-topology\", \"use-statically-nated-ip\" or \"dns-resolving-from-hostname\", for instance."},
		}},
		{Name: "maximum-concurrent-ike-negotiations", Kind: KindInt, Doc: "The largest number of IKE negotiations at the same time."},
		{Name: "maximum-concurrent-tunnels", Kind: KindInt, Doc: "The largest number of VPN tunnels open at the same time."},
		{Name: "office-mode", Kind: officeModeKind, Doc: "Office Mode, which gives remote clients an address on the internal network. Its impact is wide: it applies to the clients of both the IPsec VPN and the Mobile Access blades.", Fields: []Field{
			{Name: "allocate-ip-address-from", Kind: KindBlock, Doc: "How Office Mode allocates addresses; the methods are tried one after the other until one succeeds.", Fields: []Field{
				{Name: "allocate-method", Kind: KindString, Default: "manual", Doc: "Where addresses come from: a manual IP pool (\"manual\") or DHCP (\"automatic\"); required when use-allocate-method is true."},
				{Name: "dhcp-mac-address", Kind: KindString, Default: "per-machine", Doc: "How the MAC address used for DHCP allocation is calculated; required when allocate-method is \"automatic\"."},
				{Name: "dhcp-server", Kind: KindString, Doc: "The DHCP server, by name or UID; required when allocate-method is \"automatic\"."},
				{Name: "manual-network", Kind: KindString, Doc: "The network, by name or UID, that makes up the IP pool; required when allocate-method is \"manual\"."},
				{Name: "optional-parameters", Kind: KindBlock, Doc: "DNS and WINS servers, DNS suffixes and lease duration given to clients. They apply to every Office Mode method except automatic allocation (DHCP) and ipassignment.conf entries that carry them.", Fields: []Field{
					{Name: "dns-suffixes", Kind: KindString, Doc: "The DNS suffixes given to clients."},
					{Name: "first-backup-dns-server", Kind: KindString, Doc: "The first backup DNS server, by name or UID; required when use-first-backup-dns-server is true, and not allowed when it is false."},
					{Name: "first-backup-wins-server", Kind: KindString, Doc: "The first backup WINS server, by name or UID; required when use-first-backup-wins-server is true, and not allowed when it is false."},
					{Name: "ip-lease-duration", Kind: KindInt, Doc: "How long an allocated address is leased, in minutes from 2 to 32767."},
					{Name: "primary-dns-server", Kind: KindString, Doc: "The primary DNS server, by name or UID; required when use-primary-dns-server is true, and not allowed when it is false."},
					{Name: "primary-wins-server", Kind: KindString, Doc: "The primary WINS server, by name or UID; required when use-primary-wins-server is true, and not allowed when it is false."},
					{Name: "second-backup-dns-server", Kind: KindString, Doc: "The second backup DNS server, by name or UID; required when use-second-backup-dns-server is true, and not allowed when it is false."},
					{Name: "second-backup-wins-server", Kind: KindString, Doc: "The second backup WINS server, by name or UID; required when use-second-backup-wins-server is true, and not allowed when it is false."},
					{Name: "use-first-backup-dns-server", Kind: KindBool, Default: false, Doc: "Whether clients are given a first backup DNS server."},
					{Name: "use-first-backup-wins-server", Kind: KindBool, Default: false, Doc: "Whether clients are given a first backup WINS server."},
					{Name: "use-primary-dns-server", Kind: KindBool, Default: false, Doc: "Whether clients are given a primary DNS server."},
					{Name: "use-primary-wins-server", Kind: KindBool, Default: false, Doc: "Whether clients are given a primary WINS server."},
					{Name: "use-second-backup-dns-server", Kind: KindBool, Default: false, Doc: "Whether clients are given a second backup DNS server."},
					{Name: "use-second-backup-wins-server", Kind: KindBool, Default: false, Doc: "Whether clients are given a second backup WINS server."},
				}},
				{Name: "radius-server", Kind: KindBool, Default: false, Doc: "Whether addresses are allocated by the RADIUS server that authenticates the user."},
				{Name: "use-allocate-method", Kind: KindBool, Default: true, Doc: "Whether addresses are allocated with allocate-method."},
				{Name: "virtual-ip-address", Kind: KindString, Doc: "The virtual IPv4 address that DHCP server replies go to; required when allocate-method is \"automatic\"."},
			}},
			{Name: "anti-spoofing-additional-addresses", Kind: KindString, Default: "None", Doc: "Further addresses, by name or UID, that anti-spoofing accepts for Office Mode; required when perform-anti-spoofing is true."},
			{Name: "group", Kind: KindString, Doc: "The group, by name or UID, allowed to use Office Mode; required when mode is \"group\"."},
			{Name: "mode", Kind: KindString, Default: "off", Doc: "Who may use Office Mode; when \"off\", every other Office Mode setting is ignored."},
			{Name: "perform-anti-spoofing", Kind: KindBool, Default: false, Doc: "Whether anti-spoofing checks Office Mode addresses."},
			{Name: "support-multiple-interfaces", Kind: KindBool, Default: false, Doc: "Whether connectivity is improved for gateways with several external interfaces."},
		}},
		{Name: "remote-access", Kind: KindBlock, Doc: "How remote clients connect to the " + object + "'s VPN.", Fields: []Field{
			{Name: "allow-vpn-clients-to-route-traffic", Kind: KindBool, Default: false, Doc: "Whether VPN clients may route their traffic through the " + object + "."},
			{Name: "l2tp-auth-method", Kind: KindString, Default: "md5", Doc: "How L2TP clients authenticate, such as \"md5\" or \"certificate\"; required when support-l2tp is true."},
			{Name: "l2tp-certificate", Kind: KindString, Doc: "The certificate for L2TP, or \"defaultCert\" for the default one; required when l2tp-auth-method is \"certificate\"."},
			{Name: "nat-traversal-service", Kind: KindString, Default: "VPN1_IPSEC_encapsulation", Doc: "The UDP service, by name or UID, used for NAT traversal; required when support-nat-traversal-mechanism is true."},
			{Name: "support-l2tp", Kind: KindBool, Default: false, Doc: "Whether L2TP clients are supported; this matters only while Office Mode is on."},
			{Name: "support-nat-traversal-mechanism", Kind: KindBool, Default: true, Doc: "Whether NAT traversal by UDP encapsulation is supported."},
			{Name: "support-visitor-mode", Kind: KindBool, Default: false, Doc: "Whether clients may connect in Visitor Mode."},
			{Name: "visitor-mode-interface", Kind: KindString, Default: "All IPs", Doc: "The interface Visitor Mode listens on: the IPv4 address of an existing interface, or \"All IPs\" for all of them; required when support-visitor-mode is true."},
			{Name: "visitor-mode-service", Kind: KindString, Default: "https", Doc: "The TCP service, by name or UID, that Visitor Mode uses; required when support-visitor-mode is true."},
		}},
		{Name: "vpn-domain", Kind: KindString, Doc: "The object, by name or UID, that makes up the " + object + "'s VPN domain."},
		{Name: "vpn-domain-exclude-external-ip-addresses", Kind: KindBool, Doc: "Whether the " + object + "'s external IP addresses are left out of its VPN domain."},
		{Name: "vpn-domain-type", Kind: KindString, Doc: "How the " + object + "'s VPN domain is defined, such as \"addresses_behind_gw\" or \"manual\"."},
	}}
}

// vpnAdvancedProperties is the advanced-properties block of a VPN community:
// the server gives a meshed and a star community the same one.
func vpnAdvancedProperties() Field {
	return Field{Name: "advanced-properties", Kind: KindBlock, Doc: "Advanced IKE properties of the community.", Fields: []Field{
		{Name: "support-ip-compression", Kind: KindBool, Doc: "Whether IP compression is supported."},
		{Name: "use-aggressive-mode", Kind: KindBool, Doc: "Whether IKE uses aggressive mode."},
	}}
}

// vpnOverrideInterfaces is the override-interfaces block of a VPN community:
// the server gives a meshed and a star community the same one.
func vpnOverrideInterfaces() Field {
	return Field{Name: "override-interfaces", Kind: KindBlockList, Doc: "Enhanced Link Selection interfaces set for each VPN peer of the community, in place of the peer's own.", Fields: []Field{
		{Name: "gateway", Kind: KindString, Doc: "The VPN peer whose interfaces are set here."},
		{Name: "interfaces", Kind: KindBlockList, Required: true, Doc: "The peer's Enhanced Link Selection interfaces.", Fields: []Field{
			{Name: "interface-name", Kind: KindString, Doc: "The interface's name."},
			{Name: "next-hop-ip", Kind: KindString, Doc: "The IP address of the next hop from the interface."},
			{Name: "priority", Kind: KindInt, Doc: "The interface's priority, when it is a backup interface."},
			{Name: "redundancy-mode", Kind: KindString, Doc: "Whether the interface is active or a backup."},
			{Name: "static-nat-ip", Kind: KindString, Doc: "The NATed IPv4 address that hides the source address of outgoing connections; IPv4 only."},
		}},
	}}
}

// vpnOverrideVPNDomains is the override-vpn-domains block of a VPN community:
// the server gives a meshed and a star community the same one.
func vpnOverrideVPNDomains() Field {
	return Field{Name: "override-vpn-domains", Kind: KindBlockList, Doc: "VPN domains that replace the participant gateways' own within the community.", Fields: []Field{
		{Name: "gateway", Kind: KindString, Doc: "The participant gateway, by name or UID, whose VPN domain is replaced."},
		{Name: "vpn-domain", Kind: KindString, Doc: "The network, by name or UID, used as the gateway's VPN domain."},
	}}
}

// vpnSharedSecrets is the shared-secrets block of a VPN community: the server
// gives a meshed and a star community the same one.
func vpnSharedSecrets() Field {
	return Field{Name: "shared-secrets", Kind: KindBlockList, Doc: "Pre-shared secrets for the community's external gateways.", Fields: []Field{
		{Name: "external-gateway", Kind: KindString, Doc: "The external gateway, by name or UID, that the secret is shared with."},
		{Name: "shared-secret", Kind: KindString, WriteOnly: true, Secret: true, Doc: "The pre-shared secret of that gateway."},
	}}
}

// vpnWireMode is the wire-mode block of a VPN community: the server gives a
// meshed and a star community the same one.
func vpnWireMode() Field {
	return Field{Name: "wire-mode", Kind: KindBlock, Doc: "Wire mode settings of the community.", Fields: []Field{
		{Name: "allow-uninspected-encrypted-routing", Kind: KindBool, Doc: "Whether members may route encrypted traffic without inspection in VPN routing setups."},
		{Name: "allow-uninspected-encrypted-traffic", Kind: KindBool, Doc: "Whether encrypted traffic between the Wire mode interfaces of the community's members passes without inspection."},
	}}
}

// vpnGranularEncryptions is the granular-encryptions block of a VPN
// community: the server gives a meshed and a star community the same one, but
// for the type of the ike-p2-use-pfs of its ike-phase-2 (usePFS).
func vpnGranularEncryptions(usePFS Field) Field {
	return Field{Name: "granular-encryptions", Kind: KindBlockList, Doc: "Encryption settings for specific pairs of an internal and an external gateway.", Fields: []Field{
		{Name: "encryption-method", Kind: KindString, Doc: "The IKE version used for encryption between the two gateways."},
		{Name: "encryption-suite", Kind: KindString, Doc: "The encryption suite between the two gateways: a predefined one, or custom to use the ike-phase-1 and ike-phase-2 settings."},
		{Name: "external-gateway", Kind: KindString, Required: true, Doc: "The externally managed or third-party gateway of the pair, by name or UID."},
		ikePhase1(),
		ikePhase2(usePFS),
		{Name: "internal-gateway", Kind: KindString, Required: true, Doc: "The Check Point gateway of the pair that this server manages, by name or UID, or 'Any' for every internal gateway of the community."},
	}}
}

// vpnIKEPhase1 is the ike-phase-1 block of a VPN community: the server gives
// a meshed and a star community the same one.
func vpnIKEPhase1() Field {
	return ikePhase1(
		Field{Name: "ike-p1-rekey-time-unit", Kind: KindString, Doc: "The unit of ike-p1-rekey-time."},
		Field{Name: "multiple-key-exchanges", Kind: KindString, Doc: "The additional key exchanges of IKE phase 1, used when use-multiple-key-exchanges is true."},
		Field{Name: "use-multiple-key-exchanges", Kind: KindBool, Doc: "Whether IKE phase 1 performs several key exchanges."},
		Field{Name: "use-standard-proposal", Kind: KindBool, Doc: "Whether IKE phase 1 uses the standard proposal of algorithms."},
	)
}

// vpnIKEPhase2 is the ike-phase-2 block of a VPN community: the server gives
// a meshed and a star community the same one, but for ike-p2-rekey-time-unit,
// which only a star community has (withRekeyTimeUnit).
func vpnIKEPhase2(withRekeyTimeUnit bool) Field {
	var unit []Field
	if withRekeyTimeUnit {
		unit = []Field{{Name: "ike-p2-rekey-time-unit", Kind: KindString, Doc: "The unit of ike-p2-rekey-time."}}
	}
	return ikePhase2(slices.Concat(
		unit,
		[]Field{
			ikeP2UsePFS(KindBool, false),
			{Name: "multiple-key-exchanges", Kind: KindString, Doc: "The additional key exchanges of IKE phase 2, used when use-multiple-key-exchanges is true."},
			{Name: "use-multiple-key-exchanges", Kind: KindBool, Doc: "Whether IKE phase 2 performs several key exchanges."},
			{Name: "use-standard-proposal", Kind: KindBool, Doc: "Whether IKE phase 2 uses the standard proposal of algorithms."},
		},
	)...)
}

// ikePhase1 is the ike-phase-1 block of a VPN community and of its granular
// encryptions, with more fields after the ones that the server gives both.
func ikePhase1(more ...Field) Field {
	return Field{Name: "ike-phase-1", Kind: KindBlock, Doc: "IKE phase 1 settings, used only when encryption-suite is custom.", Fields: append([]Field{
		{Name: "data-integrity", Kind: KindString, Default: "sha1", Doc: "The hash algorithm IKE phase 1 uses for data integrity."},
		{Name: "diffie-hellman-group", Kind: KindString, Default: "group-2", Doc: "The Diffie-Hellman group IKE phase 1 uses."},
		{Name: "encryption-algorithm", Kind: KindString, Default: "aes-256", Doc: "The encryption algorithm IKE phase 1 uses."},
		{Name: "ike-p1-rekey-time", Kind: KindInt, Default: int64(1440), Doc: "How often IKE phase 1 is renegotiated."},
	}, more...)}
}

// ikePhase2 is the ike-phase-2 block of a VPN community and of its granular
// encryptions, with more fields after the ones that the server gives both.
func ikePhase2(more ...Field) Field {
	return Field{Name: "ike-phase-2", Kind: KindBlock, Doc: "IKE phase 2 settings, used only when encryption-suite is custom.", Fields: append([]Field{
		{Name: "data-integrity", Kind: KindString, Default: "sha1", Doc: "The hash algorithm IKE phase 2 uses for data integrity."},
		{Name: "encryption-algorithm", Kind: KindString, Default: "aes-128", Doc: "The encryption algorithm IKE phase 2 uses."},
		{Name: "ike-p2-pfs-dh-grp", Kind: KindString, Default: "group-2", Doc: "The Diffie-Hellman group IKE phase 2 uses for Perfect Forward Secrecy."},
		{Name: "ike-p2-rekey-time", Kind: KindInt, Default: int64(1440), Doc: "How often IKE phase 2 is renegotiated."},
	}, more...)}
}

// ikeP2UsePFS is the ike-p2-use-pfs of an ike-phase-2 block, a bool or (in
// the granular encryptions of a star community) a string.
func ikeP2UsePFS(kind FieldKind, def any) Field {
	return Field{Name: "ike-p2-use-pfs", Kind: kind, Default: def, Doc: "Whether IKE phase 2 uses Perfect Forward Secrecy (PFS)."}
}

// vpnPermanentTunnels is the permanent-tunnels block of a VPN community: the
// server gives a meshed and a star community the same one, but for the fields
// that turn the Route Injection Mechanism on for some of its gateways
// (enableOn).
func vpnPermanentTunnels(enableOn ...Field) Field {
	return Field{Name: "permanent-tunnels", Kind: KindBlock, Doc: "Which of the community's tunnels stay up permanently, and how they are tracked.", Fields: []Field{
		{Name: "gateways", Kind: KindBlockList, Doc: "Gateways whose tunnels are all permanent, each with its track options; used only when set-permanent-tunnels is \"all-tunnels-of-specific-gateways\".", Fields: []Field{
			{Name: "gateway", Kind: KindString, Doc: "The gateway, by name or UID, whose tunnels are all permanent."},
			{Name: "override-tunnel-down-track", Kind: KindString, Doc: "How a tunnel of this gateway going down is tracked; used only when track-options is 'override track options'."},
			{Name: "override-tunnel-up-track", Kind: KindString, Doc: "How a tunnel of this gateway coming up is tracked; used only when track-options is 'override track options'."},
			{Name: "track-options", Kind: KindString, Doc: "Whether the community's track options apply to this gateway's permanent tunnels, or are overridden."},
		}},
		{Name: "rim", Kind: KindBlock, Doc: "Settings of the Route Injection Mechanism (RIM).", Fields: slices.Concat(enableOn, []Field{
			{Name: "enabled", Kind: KindBool, Doc: "Whether the Route Injection Mechanism is on."},
			{Name: "route-injection-track", Kind: KindString, Doc: "How route injections are tracked."},
		})},
		{Name: "set-permanent-tunnels", Kind: KindString, Doc: "Which tunnels are permanent, such as \"all-tunnels-of-specific-gateways\" (those in gateways) or \"specific-tunnels-in-the-community\" (those in tunnels)."},
		{Name: "tunnel-down-track", Kind: KindString, Doc: "How a permanent tunnel of the community going down is tracked."},
		{Name: "tunnel-up-track", Kind: KindString, Doc: "How a permanent tunnel of the community coming up is tracked."},
		{Name: "tunnels", Kind: KindBlockList, Doc: "Tunnels that are permanent, each with its track options; used only when set-permanent-tunnels is \"specific-tunnels-in-the-community\".", Fields: []Field{
			{Name: "first-tunnel-endpoint", Kind: KindString, Doc: "One end of the tunnel, a center gateway, by name or UID."},
			{Name: "override-tunnel-down-track", Kind: KindString, Doc: "How this tunnel going down is tracked; used only when track-options is 'override track options'."},
			{Name: "override-tunnel-up-track", Kind: KindString, Doc: "How this tunnel coming up is tracked; used only when track-options is 'override track options'."},
			{Name: "second-tunnel-endpoint", Kind: KindString, Doc: "The other end of the tunnel, by name or UID: a center gateway in a meshed community, a satellite gateway in a star community."},
			{Name: "track-options", Kind: KindString, Doc: "Whether the community's track options apply to this permanent tunnel, or are overridden."},
		}},
	}}
}

// vpnCommunityChange is the Change of a meshed or a star VPN community row:
// the server gives both the same fields, so both change them alike, and own
// adds the changes of the fields that only the row has.
func vpnCommunityChange(name string, own map[string]any) map[string]any {
	change := map[string]any{
		"name":                 name,
		"encryption-method":    "ikev2 only",
		"encryption-suite":     "custom",
		"disable-nat":          true,
		"excluded-services":    []any{"https"},
		"link-selection-mode":  "enhanced",
		"routing-mode":         "domain-based",
		"tunnel-granularity":   "per-host",
		"use-shared-secret":    true,
		"advanced-properties":  map[string]any{"support-ip-compression": true},
		"encrypted-traffic":    map[string]any{"enabled": true},
		"ike-phase-1":          map[string]any{"data-integrity": "sha256", "encryption-algorithm": "aes-256"},
		"ike-phase-2":          map[string]any{"data-integrity": "sha256", "encryption-algorithm": "aes-gcm-256"},
		"permanent-tunnels":    map[string]any{"set-permanent-tunnels": "all"},
		"wire-mode":            map[string]any{"allow-uninspected-encrypted-traffic": true},
		"granular-encryptions": []any{map[string]any{"internal-gateway": "gw1", "external-gateway": "NewInteroperableDevice", "encryption-method": "ikev2 only", "encryption-suite": "custom"}},
		"override-interfaces":  []any{map[string]any{"gateway": "gw1", "interfaces": []any{map[string]any{"interface-name": "eth0", "redundancy-mode": "active"}}}},
		"override-vpn-domains": []any{map[string]any{"gateway": "gw1", "vpn-domain": "InternalNet"}},
		"shared-secrets":       []any{map[string]any{"external-gateway": "NewInteroperableDevice"}},
		"comments":             "changed by the test",
		"color":                "orange",
	}
	maps.Copy(change, own)
	return change
}

// ipsTagFields are the fields of an IPS tag (an extended attribute) that a
// threat profile activates or deactivates protections by: the server gives
// both lists the same ones.
func ipsTagFields() []Field {
	return []Field{
		{Name: "category", Kind: KindString, Doc: "The category of the IPS tag."},
		{Name: "name", Kind: KindString, Doc: "The name of the IPS tag."},
		{Name: "uid", Kind: KindString, Doc: "The unique identifier of the IPS tag."},
		{Name: "values", Kind: KindBlockList, ReadOnly: true, Doc: "The values of the extended attribute.", Fields: []Field{
			{Name: "name", Kind: KindString, ReadOnly: true, Doc: "The value's name."},
			{Name: "uid", Kind: KindString, ReadOnly: true, Doc: "The value's unique identifier."},
		}},
	}
}
