// Code in this file was written from the OS API reference: the request and
// the answer of every show command of Commands. Commands that take the same
// inputs share a request type, and commands that answer the same shape share
// a response type (Page and List for the lists); Commands names the types of
// each command. Optional inputs are pointers or omitted when empty;
// responses carry every field.

package fwmgr

// Member is the member-id input, which every show command but
// show-cluster-members takes: the cluster member that runs the command (see
// Command.MemberRouting). It is the whole body of the commands without other
// inputs.
type Member struct {
	MemberID string `json:"member-id,omitempty"`
}

// Paging is the limit, offset and order inputs of the paged show commands
// (see Command.Paged).
type Paging struct {
	Limit  *int64 `json:"limit,omitempty"`  // maximum number of objects returned (1..1000, default 50)
	Offset *int64 `json:"offset,omitempty"` // number of objects skipped first
	Order  string `json:"order,omitempty"`  // ASC (default) or DESC, see the command's Sort
}

// Page is the answer of the paged show commands: one page of a list of T.
type Page[T any] struct {
	From    int64 `json:"from"`
	To      int64 `json:"to"`
	Total   int64 `json:"total"`
	Objects []T   `json:"objects"`
}

// List is the answer of the show commands that answer a whole list of T.
type List[T any] struct {
	Objects []T `json:"objects"`
}

// ParentInterfaceRequest is the body of show-alias-interfaces and
// show-vlan-interfaces.
type ParentInterfaceRequest struct {
	Parent          string `json:"parent,omitempty"`            // only the interfaces of this parent interface
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
	Member
}

// ApiVersionsResponse is the answer of show-api-versions.
type ApiVersionsResponse struct {
	CurrentVersion    string   `json:"current-version"`
	SupportedVersions []string `json:"supported-versions" unordered:"true"`
}

// AssetResponse is the answer of show-asset.
type AssetResponse struct {
	AC          []AssetItem `json:"ac"`
	Disk        []AssetItem `json:"disk"`
	LOMInfo     []AssetItem `json:"lom-info"`
	Memory      []AssetItem `json:"memory"`
	Network     []AssetItem `json:"network"`
	PowerSupply []AssetItem `json:"power-supply"`
	SAM         []AssetItem `json:"sam"`
	System      []AssetItem `json:"system"`
	TPM         []AssetItem `json:"tpm"`
}

// PagedRequest is the body of the paged show commands without inputs of
// their own.
type PagedRequest struct {
	Paging
	Member
}

// BgpPeerRequest is the body of show-bgp-peer.
type BgpPeerRequest struct {
	Peer string `json:"peer"` // The peer to be queried
	Member
}

// BgpPeerResponse is the answer of show-bgp-peer.
type BgpPeerResponse struct {
	Type                  string                   `json:"type"`
	AS                    string                   `json:"as"`
	State                 string                   `json:"state"`
	Uptime                int64                    `json:"uptime"`
	RemoteAS              string                   `json:"remote-as"`
	LocalAS               string                   `json:"local-as"`
	PeerCapabilitiesList  []string                 `json:"peer-capabilities-list" unordered:"true"`
	OurCapabilitiesList   []string                 `json:"our-capabilities-list" unordered:"true"`
	Authtype              string                   `json:"authtype"`
	AuthFailures          int64                    `json:"auth-failures"`
	EnableMultihop        bool                     `json:"enable-multihop"`
	MultihopTTL           int64                    `json:"multihop-ttl"`
	ReachabilityDetection BgpReachabilityDetection `json:"reachability-detection"`
	GracefulRestart       BgpPeerGracefulRestart   `json:"graceful-restart"`
	Keepalives            BgpKeepalives            `json:"keepalives"`
	Received              BgpPeerReceived          `json:"received"`
	Sent                  BgpPeerSent              `json:"sent"`
}

// BgpPeersRequest is the body of show-bgp-peers.
type BgpPeersRequest struct {
	Paging
	Filter string `json:"filter,omitempty"` // Filter the results
	Member
}

// BgpRouteRequest is the body of show-bgp-route-in and show-bgp-route-out.
type BgpRouteRequest struct {
	Address    string `json:"address"`     // Filter the results for a specific route address
	MaskLength int64  `json:"mask-length"` // Filter the results for a specific route mask-length
	Member
}

// BgpRouteResponse is the answer of show-bgp-route-in and show-bgp-route-out.
type BgpRouteResponse struct {
	Object []BgpRoute `json:"object"`
}

// BgpRoutesRequest is the body of show-bgp-routes-in and show-bgp-routes-out.
// Its fields are its own (not Paging's and Member's) so that callers outside
// this package can write it as a literal.
type BgpRoutesRequest struct {
	Limit    *int64 `json:"limit,omitempty"`     // maximum number of objects returned (1..1000, default 50)
	Offset   *int64 `json:"offset,omitempty"`    // number of objects skipped first
	Order    string `json:"order,omitempty"`     // ASC (default) or DESC, see the command's Sort
	Peer     string `json:"peer,omitempty"`      // Filter the results for a specific peer
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command
}

// BgpRoutesInRequest and BgpRoutesInResponse are the body and the answer of
// show-bgp-routes-in, under the names its callers use.
type (
	BgpRoutesInRequest  = BgpRoutesRequest
	BgpRoutesInResponse = Page[BgpRoute]
)

// BgpSummaryResponse is the answer of show-bgp-summary.
type BgpSummaryResponse struct {
	Enabled               bool   `json:"enabled"`
	ConfederationID       string `json:"confederation-id"`
	RoutingDomainID       string `json:"routing-domain-id"`
	AS                    string `json:"as"`
	DefaultWeight         int64  `json:"default-weight"`
	IPv4RouteRank         int64  `json:"ipv4-route-rank"`
	IPv6RouteRank         int64  `json:"ipv6-route-rank"`
	DefaultMED            int64  `json:"default-med"`
	EnableECMP            bool   `json:"enable-ecmp"`
	EnableSynchronization bool   `json:"enable-synchronization"`
}

// VirtualSystemRequest is the body of the show commands of one virtual
// system without other inputs.
type VirtualSystemRequest struct {
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
	Member
}

// BootpInterfaceRequest is the body of show-bootp-interface.
type BootpInterfaceRequest struct {
	Name string `json:"name"` // Interface name
	Member
}

// BootpInterfaceResponse is the answer of show-bootp-interface.
type BootpInterfaceResponse struct {
	MaxHopcount     int64          `json:"max-hopcount"`
	WaitTime        int64          `json:"wait-time"`
	Primary         string         `json:"primary"`
	GatewayAddress  string         `json:"gateway-address"`
	RelayTo         []BootpRelayTo `json:"relay-to"`
	Option82Enabled bool           `json:"option-82-enabled"`
	CircuitID       string         `json:"circuit-id"`
	RemoteID        string         `json:"remote-id"`
	Status          string         `json:"status"`
}

// BootpStatsRequest is the body of show-bootp-stats.
type BootpStatsRequest struct {
	Summary string `json:"summary,omitempty"` // Filter the bootp stats returned
	Member
}

// BootpStatsResponse is the answer of show-bootp-stats.
type BootpStatsResponse struct {
	ReceiveSummary BootpReceiveSummary `json:"receive-summary"`
	RequestSummary BootpRequestSummary `json:"request-summary"`
	ReplySummary   BootpReplySummary   `json:"reply-summary"`
}

// ClusterMembersResponse is the answer of show-cluster-members.
type ClusterMembersResponse struct {
	Members         []ClusterMember `json:"members"`
	PendingGateways []ClusterMember `json:"pending-gateways"`
}

// ClusterStateResponse is the answer of show-cluster-state.
type ClusterStateResponse struct {
	Mode                string               `json:"mode"`
	Message             string               `json:"message"`
	ThisClusterMember   ClusterStateMember   `json:"this-cluster-member"`
	OtherClusterMembers []ClusterStateMember `json:"other-cluster-members"`
	ClusterStatus       string               `json:"cluster-status"`
	AdditionalInfo      string               `json:"additional-info"`
}

// ConfigurationIsisResponse is the answer of show-configuration-isis.
type ConfigurationIsisResponse struct {
	AdjacencyCheck       bool                       `json:"adjacency-check"`
	AreaList             []IsisAreaList             `json:"area-list"`
	DefaultMetric        []IsisDefaultMetric        `json:"default-metric"`
	IsType               string                     `json:"is-type"`
	MaxAreas             string                     `json:"max-areas"`
	OverloadBit          bool                       `json:"overload-bit"`
	SystemID             string                     `json:"system-id"`
	IgnoreAttachedBit    bool                       `json:"ignore-attached-bit"`
	IPv6                 IsisIPv6                   `json:"ipv6"`
	DynamicHostname      bool                       `json:"dynamic-hostname"`
	Hello                IsisHello                  `json:"hello"`
	MetricType           []IsisMetricType           `json:"metric-type"`
	LSP                  IsisLSP                    `json:"lsp"`
	SPF                  []IsisInterval             `json:"spf"`
	PRCInterval          []IsisInterval             `json:"prc-interval"`
	AuthenticationIgnore []IsisAuthenticationIgnore `json:"authentication-ignore"`
	Authentication       []IsisAuthentication       `json:"authentication"`
}

// ConfigurationPimResponse is the answer of show-configuration-pim and of
// show-configuration-ipv6-pim.
type ConfigurationPimResponse struct {
	AssertInterval           string                `json:"assert-interval"`
	AssertRank               []PimAssertRank       `json:"assert-rank"`
	BootstrapCandidate       PimBootstrapCandidate `json:"bootstrap-candidate"`
	CandidateRP              PimCandidateRP        `json:"candidate-rp"`
	DataInterval             string                `json:"data-interval"`
	HelloInterval            string                `json:"hello-interval"`
	JPDelayInterval          string                `json:"jp-delay-interval"`
	JPInterval               string                `json:"jp-interval"`
	Mode                     string                `json:"mode"`
	RegisterSuppressInterval string                `json:"register-suppress-interval"`
	EnableStateRefresh       bool                  `json:"enable-state-refresh"`
	StateRefreshInterval     string                `json:"state-refresh-interval"`
	StateRefreshTTL          string                `json:"state-refresh-ttl"`
	StaticRP                 []PimStaticRP         `json:"static-rp"`
	CustomSSMPrefix          []PimSSMPrefix        `json:"custom-ssm-prefix"`
	SPTThreshold             []PimSPTThreshold     `json:"spt-threshold"`
}

// ConnectionsRequest is the body of show-connections.
type ConnectionsRequest struct {
	MaxResults *MaxResults        `json:"max-results,omitempty"`             // Max number of connection to display, or "all" (10 by default)
	UsePreset  *bool              `json:"use-preset,omitempty"`              // A preset represents a pre-configured request with default values
	Preset     []string           `json:"preset,omitempty" unordered:"true"` // The names of the presets to be used (API call "show-connections-presets" returns the list of available presets)
	Filter     *ConnectionsFilter `json:"filter,omitempty"`                  // Connection filtering options
	Member
}

// ConnectionsResponse is the answer of show-connections.
type ConnectionsResponse struct {
	Results int64  `json:"results"`
	Data    string `json:"data"`
}

// ConnectionsFilter selects connections; every field given must match.
type ConnectionsFilter struct {
	InstanceID      []string `json:"instance-id,omitempty" unordered:"true"` // firewall instances queried (all by default)
	Source          string   `json:"source,omitempty"`                       // source IP address
	Destination     string   `json:"destination,omitempty"`                  // destination IP address
	IPProtocol      *int64   `json:"ip-protocol,omitempty"`                  // IP protocol number
	SourcePort      *int64   `json:"source-port,omitempty"`                  // source port
	DestinationPort *int64   `json:"destination-port,omitempty"`             // destination port
	IPVersion       string   `json:"ip-version,omitempty"`                   // v4, v6 or any (default)
}

// ConnectionsPresetsResponse is the answer of show-connections-presets.
type ConnectionsPresetsResponse struct {
	Presets []ConnectionsPreset `json:"presets"`
}

// DiagnosticsRequest is the body of show-diagnostics.
type DiagnosticsRequest struct {
	Category string `json:"category"`
	Topic    string `json:"topic"`
	Member
}

// DiagnosticsResponse is the answer of show-diagnostics.
type DiagnosticsResponse struct {
	Total   int64              `json:"total"`
	From    int64              `json:"from"`
	To      int64              `json:"to"`
	Objects []DiagnosticsEntry `json:"objects"`
}

// DiagnosticsTopicsResponse is the answer of show-diagnostics-topics.
type DiagnosticsTopicsResponse struct {
	OS string `json:"os"` // the topics of category os, comma-separated
}

// DynamicLayerRequest is the body of show-dynamic-layer.
type DynamicLayerRequest struct {
	Name            string `json:"name"`                        // Object name
	VirtualSystemID string `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
	Member
}

// DynamicLayerResponse is the answer of show-dynamic-layer.
type DynamicLayerResponse struct {
	MetaInfo MetaInfo            `json:"meta-info"`
	Objects  DynamicLayerObjects `json:"objects"`
	Rulebase []DynamicLayerRule  `json:"rulebase"`
}

// DynamicLayersRequest is the body of show-dynamic-layers.
type DynamicLayersRequest struct {
	VirtualSystemID string `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
	Member
}

// DynamicLayersResponse is the answer of show-dynamic-layers.
type DynamicLayersResponse struct {
	Layers []DynamicLayerSummary `json:"layers"`
}

// ExtendedCommandsResponse is the answer of show-extended-commands.
type ExtendedCommandsResponse struct {
	ExtendedCommands []ExtendedCommand `json:"extended-commands"`
}

// FeaturesResponse is the answer of show-features.
type FeaturesResponse struct {
	Features []Feature `json:"features"`
}

// IgmpGroupsRequest is the body of show-igmp-groups.
type IgmpGroupsRequest struct {
	Paging
	Type      string `json:"type,omitempty"`      // The type of IGMP group
	Interface string `json:"interface,omitempty"` // The name of the interface associated with the IGMP groups
	Member
}

// IgmpInterfaceStatsRequest is the body of show-igmp-interface-stats.
type IgmpInterfaceStatsRequest struct {
	Interface string `json:"interface"` // The name of IGMP interface
	Member
}

// IgmpInterfaceStatsResponse is the answer of show-igmp-interface-stats.
type IgmpInterfaceStatsResponse struct {
	Receive  IgmpInterfaceReceive  `json:"receive"`
	Transmit IgmpInterfaceTransmit `json:"transmit"`
}

// IgmpStatsRequest is the body of show-igmp-stats.
type IgmpStatsRequest struct {
	Type string `json:"type,omitempty"` // The type of IGMP statistics
	Member
}

// IgmpStatsResponse is the answer of show-igmp-stats.
type IgmpStatsResponse struct {
	Receive  IgmpReceive  `json:"receive"`
	Transmit IgmpTransmit `json:"transmit"`
	Error    IgmpErrors   `json:"error"`
}

// IgmpSummaryResponse is the answer of show-igmp-summary.
type IgmpSummaryResponse struct {
	NextGroupAge      string `json:"next-group-age"`
	InterfacesEnabled int64  `json:"interfaces-enabled"`
}

// InterfaceRequest is the body of show-interface.
type InterfaceRequest struct {
	Name string `json:"name"`
	Member
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
}

// InterfaceResponse is the answer of show-interface.
type InterfaceResponse struct {
	IPv4Address    string `json:"ipv4-address"`
	IPv4MaskLength string `json:"ipv4-mask-length"`
	InterfaceSettings
	Type string `json:"type"`
}

// InterfacesRequest is the body of show-interfaces.
type InterfacesRequest struct {
	Names []string `json:"names,omitempty" unordered:"true"`
	Member
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
}

// InterfacesByTypeResponse is the answer of show-interfaces-by-type.
type InterfacesByTypeResponse struct {
	PhysicalInterfaces []PhysicalInterface `json:"physical-interfaces"`
	LoopbackInterfaces []LoopbackInterface `json:"loopback-interfaces"`
	BridgeInterfaces   []BridgeInterface   `json:"bridge-interfaces"`
	BondInterfaces     []BondInterface     `json:"bond-interfaces"`
	AliasInterfaces    []AliasInterface    `json:"alias-interfaces"`
	VLANInterfaces     []VlanInterface     `json:"vlan-interfaces"`
	VXLANInterfaces    []VxlanInterface    `json:"vxlan-interfaces"`
	GREInterfaces      []GreInterface      `json:"gre-interfaces"`
}

// IpConflictsRequest is the body of show-ip-conflicts.
type IpConflictsRequest struct {
	Limit int64 `json:"limit"` // The maximum number of each type of result
	Member
}

// IpConflictsResponse is the answer of show-ip-conflicts.
type IpConflictsResponse struct {
	FlipFlop                 []IPConflict `json:"flip-flop"`
	ReusedOldEthernetAddress []IPConflict `json:"reused-old-ethernet-address"`
}

// ConfigurationBgpResponse is the answer of show-configuration-bgp.
type ConfigurationBgpResponse struct {
	AS                    string                   `json:"as"`
	ClusterID             string                   `json:"cluster-id"`
	EnableCommunities     bool                     `json:"enable-communities"`
	Confederation         BgpConfederation         `json:"confederation"`
	Dampening             BgpDampening             `json:"dampening"`
	DefaultMED            string                   `json:"default-med"`
	DefaultRouteGateway   string                   `json:"default-route-gateway"`
	EnableECMP            bool                     `json:"enable-ecmp"`
	GracefulRestart       BgpGracefulRestartConfig `json:"graceful-restart"`
	Ping                  BgpPing                  `json:"ping"`
	RoutingDomain         BgpRoutingDomain         `json:"routing-domain"`
	EnableSynchronization bool                     `json:"enable-synchronization"`
}

// VersionResponse is the answer of show-version.
type VersionResponse struct {
	ProductVersion  string `json:"product-version"`
	OSBuild         string `json:"os-build"`
	OSKernelVersion string `json:"os-kernel-version"`
	OSEdition       string `json:"os-edition"`
}

// RoutesRequest is the body of show-routes and of its protocol variants
// show-routes-static, -rip and -ospf.
type RoutesRequest struct {
	Paging
	AddressFamily string `json:"address-family,omitempty"` // Address family of routes returned
	Member
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
}

// StaticRoutesRequest is the body of show-static-routes.
type StaticRoutesRequest struct {
	Paging
	Member
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
}

// RoutesDirectRequest is the body of show-routes-direct.
type RoutesDirectRequest struct {
	Paging
	AddressFamily string `json:"address-family,omitempty"` // Address family of routes returned
	Member
}

// InstancePagedRequest is the body of the paged OSPF and IS-IS commands
// (show-ospf-interfaces, -neighbors, show-isis-interfaces, -neighbors).
type InstancePagedRequest struct {
	Paging
	ProtocolInstance string `json:"protocol-instance,omitempty"` // Existing protocol instance
	Member
}

// OspfSummaryRequest is the body of show-ospf-summary.
type OspfSummaryRequest struct {
	ProtocolInstance string `json:"protocol-instance,omitempty"` // Existing OSPFv2 Instance
	Member
}

// OspfSummaryResponse is the answer of show-ospf-summary.
type OspfSummaryResponse struct {
	SPFScheduleDelay              int64      `json:"spf-schedule-delay"`
	SPFHoldTime                   int64      `json:"spf-hold-time"`
	NumAreas                      int64      `json:"num-areas"`
	NumNormalAreas                int64      `json:"num-normal-areas"`
	NumStubAreas                  int64      `json:"num-stub-areas"`
	NumNssaAreas                  int64      `json:"num-nssa-areas"`
	RFC1583Compatibility          bool       `json:"rfc1583compatibility"`
	ABR                           bool       `json:"abr"`
	ASBR                          bool       `json:"asbr"`
	GracefulRestartCapable        bool       `json:"graceful-restart-capable"`
	GracePeriod                   int64      `json:"grace-period"`
	GracefulRestartStatus         string     `json:"graceful-restart-status"`
	LastGracefulRestartExitStatus string     `json:"last-graceful-restart-exit-status"`
	VirtualLinks                  int64      `json:"virtual-links"`
	InterfaceUp                   int64      `json:"interface-up"`
	InterfaceDown                 int64      `json:"interface-down"`
	ASECost                       int64      `json:"ase-cost"`
	ASEType                       int64      `json:"ase-type"`
	Areas                         []OspfArea `json:"areas"`
}

// SerialNumberResponse is the answer of show-serial-number.
type SerialNumberResponse struct {
	SerialNumber string `json:"serial-number"`
}

// TimezonesResponse is the answer of show-timezones.
type TimezonesResponse struct {
	Timezones []string `json:"timezones" unordered:"true"`
}

// RolesResponse is the answer of show-roles.
type RolesResponse struct {
	Roles []Role `json:"roles"`
}

// DnsResponse is the answer of show-dns.
type DnsResponse struct {
	Primary             string                `json:"primary"`
	Secondary           string                `json:"secondary"`
	Tertiary            string                `json:"tertiary"`
	Suffix              string                `json:"suffix"`
	ForwardingDomains   []DNSForwardingDomain `json:"forwarding-domains"`
	ListeningInterfaces []string              `json:"listening-interfaces"`
}

// NtpResponse is the answer of show-ntp.
type NtpResponse struct {
	Enabled   bool        `json:"enabled"`
	Servers   []NTPServer `json:"servers"`
	Preferred string      `json:"preferred"`
}

// TimeAndDateResponse is the answer of show-time-and-date.
type TimeAndDateResponse struct {
	Date     string `json:"date"`     // YYYY-MM-DD
	Time     string `json:"time"`     // HH:MM:SS
	Timezone string `json:"timezone"` // Area / Region, as show-timezones lists them
	ISO8601  string `json:"iso8601"`
	Posix    int64  `json:"posix"` // seconds since the epoch
}

// HostnameResponse is the answer of show-hostname.
type HostnameResponse struct {
	Name string `json:"name"`
}

// LoginMessageResponse is the answer of show-banner and
// show-message-of-the-day: a message shown at login (web, SSH and serial),
// and whether it is shown.
type LoginMessageResponse struct {
	Message string `json:"message"`
	Enabled bool   `json:"enabled"`
}

// AllowedClientsResponse is the answer of show-allowed-clients: the hosts
// and networks that may connect to the OS's management interfaces (web,
// API, SSH), or any host.
type AllowedClientsResponse struct {
	AllowedAnyHost  bool             `json:"allowed-any-host"`
	AllowedHosts    []string         `json:"allowed-hosts"`
	AllowedNetworks []AllowedNetwork `json:"allowed-networks"`
}

// ProxyResponse is the answer of show-proxy: the HTTP proxy the OS reaches
// the internet through; address "" and port 0 when none is configured.
type ProxyResponse struct {
	Address string `json:"address"`
	Port    int64  `json:"port"`
}

// SyslogResponse is the answer of show-syslog: the local syslog's
// settings and the log files it forwards.
type SyslogResponse struct {
	AuditLog           bool                  `json:"audit-log"`    // the audit log is permanent (kept across reboots)
	CpLogs             bool                  `json:"cp-logs"`      // Check Point logs go to syslog too
	SendToMgmt         bool                  `json:"send-to-mgmt"` // syslog is sent to the management server
	Filename           string                `json:"filename"`     // the file syslog writes to
	ForwardedLogsFiles []SyslogForwardedFile `json:"forwarded-logs-files"`
}

// SyslogForwardedFile is a log file that syslog forwards, with its tag.
type SyslogForwardedFile struct {
	Path string `json:"path"`
	Tag  string `json:"tag"`
}

// SnmpResponse is the answer of show-snmp: the SNMP agent's settings
// (never its communities, which are secrets).
type SnmpResponse struct {
	Enabled    bool   `json:"enabled"`
	Version    string `json:"version"`    // any (v1, v2 and v3) or v3-Only
	TrapUsm    string `json:"trap-usm"`   // the USM user the traps are sent as; "" for none
	Contact    string `json:"contact"`    // "" for none
	Location   string `json:"location"`   // "" for none
	Interfaces string `json:"interfaces"` // all, or the one interface the agent listens on
}

// SnmpTrapReceiver is an element of show-snmp-trap-receivers (never its
// community string, a secret).
type SnmpTrapReceiver struct {
	Address string `json:"address"`
	Version string `json:"version"` // v1, v2 or v3
}

// PasswordPolicyResponse is the answer of show-password-policy: the rules
// of local users' passwords (strength, history, expiration and lockout)
// and whether every user must use two-factor authentication.
type PasswordPolicyResponse struct {
	LockSettings                           PasswordLockSettings `json:"lock-settings"`
	PasswordHistory                        PasswordHistory      `json:"password-history"`
	PasswordStrength                       PasswordStrength     `json:"password-strength"`
	AllUsersRequireTwoFactorAuthentication bool                 `json:"all-users-require-two-factor-authentication"`
}

// PasswordLockSettings are a password policy's expiration and lockout
// settings.
type PasswordLockSettings struct {
	InactivitySettings     PasswordInactivitySettings     `json:"inactivity-settings"`
	FailedAttemptsSettings PasswordFailedAttemptsSettings `json:"failed-attempts-settings"`
	// PasswordExpirationDays is "never" or a number of days, 1 to 1827.
	PasswordExpirationDays        string `json:"password-expiration-days"`
	PasswordExpirationWarningDays int64  `json:"password-expiration-warning-days"` // 1 to 366
	// PasswordExpirationMaximumDaysBeforeLock is "never" or a number of
	// days, 1 to 1827.
	PasswordExpirationMaximumDaysBeforeLock string `json:"password-expiration-maximum-days-before-lock"`
	MustOneTimePasswordEnabled              bool   `json:"must-one-time-password-enabled"`
}

// PasswordInactivitySettings lock accounts unused for a time.
type PasswordInactivitySettings struct {
	LockUnusedAccountsEnabled bool  `json:"lock-unused-accounts-enabled"`
	InactivityThresholdDays   int64 `json:"inactivity-threshold-days"` // 1 to 1827
}

// PasswordFailedAttemptsSettings lock a user out after failed logins.
type PasswordFailedAttemptsSettings struct {
	FailedLockDurationSeconds int64 `json:"failed-lock-duration-seconds"` // 60 to 604800
	FailedLockEnforcedOnAdmin bool  `json:"failed-lock-enforced-on-admin"`
	FailedLockEnabled         bool  `json:"failed-lock-enabled"`
	FailedAttemptsAllowed     int64 `json:"failed-attempts-allowed"` // 2 to 1000
}

// PasswordHistory refuses a password used recently.
type PasswordHistory struct {
	CheckHistoryEnabled   bool  `json:"check-history-enabled"`
	RepeatedHistoryLength int64 `json:"repeated-history-length"` // 1 to 1000
}

// PasswordStrength is the length and complexity a password needs.
type PasswordStrength struct {
	MinimumLength          int64 `json:"minimum-length"` // 6 to 128
	Complexity             int64 `json:"complexity"`     // 1 to 4 character classes
	PalindromeCheckEnabled bool  `json:"palindrome-check-enabled"`
}
