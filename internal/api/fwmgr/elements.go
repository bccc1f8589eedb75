// Element types of the show commands' answers: the objects of lists and the
// nested objects, with the field names of the OS API. Several commands share
// an element type where the API returns the same object (an interface in
// show-bond-interfaces and in show-interfaces-by-type, a route in
// show-bgp-routes-in and show-bgp-route-in).

package fwmgr

// AliasInterface is an element of the OS API's answers (see the command table).
type AliasInterface struct {
	Parent         string `json:"parent"`
	IPv4Address    string `json:"ipv4-address"`
	IPv4MaskLength string `json:"ipv4-mask-length"`
	Name           string `json:"name"`
}

// AssetItem is an element of the OS API's answers (see the command table).
type AssetItem struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// BgpError is an element of the OS API's answers (see the command table).
type BgpError struct {
	Peer      string `json:"peer"`
	LastState string `json:"last-state"`
	LastEvent string `json:"last-event"`
	LastError string `json:"last-error"`
}

// BgpGroup is an element of the OS API's answers (see the command table).
type BgpGroup struct {
	Type           string   `json:"type"`
	AS             string   `json:"as"`
	NumPeers       int64    `json:"num-peers"`
	NumPeersEst    int64    `json:"num-peers-est"`
	ProtocolList   []string `json:"protocol-list" unordered:"true"`
	RouteReflector string   `json:"route-reflector"`
}

// BgpPath is an element of the OS API's answers (see the command table).
type BgpPath struct {
	PathName       string `json:"path-name"`
	Nexthop        string `json:"nexthop"`
	LocalAS        string `json:"local-as"`
	NeighborAS     string `json:"neighbor-as"`
	ReferenceCount int64  `json:"reference-count"`
	ASNum          int64  `json:"as-num"`
	Segments       int64  `json:"segments"`
	Overhead       int64  `json:"overhead"`
	AggregatorID   string `json:"aggregator-id"`
	AggregatorAS   string `json:"aggregator-as"`
}

// BgpReachabilityDetection is an element of the OS API's answers (see the command table).
type BgpReachabilityDetection struct {
	Type                  string `json:"type"`
	Monitoring            bool   `json:"monitoring"`
	MonitoringDescription string `json:"monitoring-description"`
	Reachable             bool   `json:"reachable"`
	ReachableDescription  string `json:"reachable-description"`
	LastReceived          int64  `json:"last-received"`
}

// BgpPeerGracefulRestart is an element of the OS API's answers (see the command table).
type BgpPeerGracefulRestart struct {
	Enabled                 bool   `json:"enabled"`
	EnabledDescription      string `json:"enabled-description"`
	State                   string `json:"state"`
	RestartHelperExpiryTime int64  `json:"restart-helper-expiry-time"`
	StalepathExpiryTime     int64  `json:"stalepath-expiry-time"`
	StalepathTime           int64  `json:"stalepath-time"`
	RestartTimeAdvertised   int64  `json:"restart-time-advertised"`
	RestartTimeReceived     int64  `json:"restart-time-received"`
}

// BgpKeepalives is an element of the OS API's answers (see the command table).
type BgpKeepalives struct {
	LastReceived int64 `json:"last-received"`
	LastSent     int64 `json:"last-sent"`
	Interval     int64 `json:"interval"`
	Holdtime     int64 `json:"holdtime"`
}

// BgpPeerReceived is an element of the OS API's answers (see the command table).
type BgpPeerReceived struct {
	RoutesReceived           int64             `json:"routes-received"`
	RoutesReceivedActive     int64             `json:"routes-received-active"`
	IPv6RoutesReceived       int64             `json:"ipv6-routes-received"`
	IPv6RoutesReceivedActive int64             `json:"ipv6-routes-received-active"`
	NotificationsList        []BgpNotification `json:"notifications-list"`
}

// BgpPeerSent is an element of the OS API's answers (see the command table).
type BgpPeerSent struct {
	RoutesSent        int64             `json:"routes-sent"`
	IPv6RoutesSent    int64             `json:"ipv6-routes-sent"`
	NotificationsList []BgpNotification `json:"notifications-list"`
}

// BgpPeer is a peer of show-bgp-peers: what show-bgp-peer answers for it,
// with its address and cluster member.
type BgpPeer struct {
	Peer string `json:"peer"`
	BgpPeerResponse
	MemberID string `json:"member-id"`
}

// BgpRoute is an element of the OS API's answers (see the command table).
type BgpRoute struct {
	Route               string                 `json:"route"`
	ASPath              string                 `json:"as-path"`
	Communities         string                 `json:"communities"`
	LocalPreference     string                 `json:"local-preference"`
	MED                 string                 `json:"med"`
	Nexthop             string                 `json:"nexthop"`
	LinkLocalNexthop    string                 `json:"link-local-nexthop"`
	Origin              string                 `json:"origin"`
	OriginatorID        string                 `json:"originator-id"`
	ExtendedCommunities []BgpExtendedCommunity `json:"extended-communities"`
	Peer                string                 `json:"peer"`
	PeerType            string                 `json:"peer-type"`
	PeerAS              string                 `json:"peer-as"`
}

// BgpRoutemapGroup is an element of the OS API's answers (see the command table).
type BgpRoutemapGroup struct {
	ASType   string            `json:"as-type"`
	AS       string            `json:"as"`
	Default  BgpRoutemapPeer   `json:"default"`
	PeerList []BgpRoutemapPeer `json:"peer-list"`
}

// BgpPeerStats is an element of the OS API's answers (see the command table).
type BgpPeerStats struct {
	Peer     string             `json:"peer"`
	Received BgpMessageCounters `json:"received"`
	Sent     BgpMessageCounters `json:"sent"`
}

// BondInterface is an element of the OS API's answers (see the command table).
type BondInterface struct {
	SDWan           InterfaceSDWan `json:"sd-wan"`
	Name            string         `json:"name"`
	IPConflicts     bool           `json:"ip-conflicts"`
	DHCP6           InterfaceDHCP6 `json:"dhcp6"`
	DHCP            InterfaceDHCP  `json:"dhcp"`
	InterfaceStatus                // the link state and counters, as in status
	Members         []string       `json:"members" unordered:"true"`
	MTU             string         `json:"mtu"`
	IPv4Address     string         `json:"ipv4-address"`
	IPv4MaskLength  string         `json:"ipv4-mask-length"`
	InterfaceSettings
	Status          InterfaceStatus `json:"status"`
	XmitHashPolicy  string          `json:"xmit-hash-policy"`
	DownDelay       int64           `json:"down-delay"`
	UpDelay         int64           `json:"up-delay"`
	Primary         string          `json:"primary"`
	LACPRate        string          `json:"lacp-rate"`
	Mode            string          `json:"mode"`
	MIIInterval     int64           `json:"mii-interval"`
	MinLinks        int64           `json:"min-links"`
	VirtualSystemID string          `json:"virtual-system-id"`
}

// BootpRelayTo is an element of the OS API's answers (see the command table).
type BootpRelayTo struct {
	Address string `json:"address"`
	Status  string `json:"status"`
}

// BootpInterface is an interface of show-bootp-interfaces: what
// show-bootp-interface answers for it, with its name.
type BootpInterface struct {
	Name string `json:"name"`
	BootpInterfaceResponse
}

// BootpReceiveSummary is an element of the OS API's answers (see the command table).
type BootpReceiveSummary struct {
	Total     int64 `json:"total"`
	Truncated int64 `json:"truncated"`
	Request   int64 `json:"request"`
	Reply     int64 `json:"reply"`
	Unknown   int64 `json:"unknown"`
}

// BootpRequestSummary is an element of the OS API's answers (see the command table).
type BootpRequestSummary struct {
	Dropped BootpRequestDropped `json:"dropped"`
	Relayed BootpRequestRelayed `json:"relayed"`
}

// BootpReplySummary is an element of the OS API's answers (see the command table).
type BootpReplySummary struct {
	Dropped BootpReplyDropped `json:"dropped"`
	Relayed BootpReplyRelayed `json:"relayed"`
}

// BridgeInterface is an element of the OS API's answers (see the command table).
type BridgeInterface struct {
	DHCP6           InterfaceDHCP6 `json:"dhcp6"`
	DHCP            InterfaceDHCP  `json:"dhcp"`
	InterfaceStatus                // the link state and counters, as in status
	Members         []string       `json:"members" unordered:"true"`
	MTU             string         `json:"mtu"`
	IPv4Address     string         `json:"ipv4-address"`
	IPv4MaskLength  string         `json:"ipv4-mask-length"`
	Name            string         `json:"name"`
	InterfaceSettings
	Status          InterfaceStatus `json:"status"`
	VirtualSystemID string          `json:"virtual-system-id"`
}

// ClusterMember is an element of the OS API's answers (see the command table).
type ClusterMember struct {
	Hostname           string `json:"hostname"`
	SerialNumber       string `json:"serial-number"`
	RequestID          string `json:"request-id"`
	SiteID             int64  `json:"site-id"`
	MemberID           int64  `json:"member-id"`
	Model              string `json:"model"`
	Version            string `json:"version"`
	MemberStatus       string `json:"member-status"`
	SiteStatus         string `json:"site-status"`
	State              string `json:"state"`
	InstalledJumboTake int64  `json:"installed-jumbo-take"`
}

// ClusterStateMember is an element of the OS API's answers (see the command table).
type ClusterStateMember struct {
	Peerid int64  `json:"peerid"`
	Status string `json:"status"`
	Name   string `json:"name"`
	Load   int64  `json:"load"`
}

// PimAssertRank is an element of the OS API's answers (see the command table).
type PimAssertRank struct {
	Protocol string `json:"protocol"`
	Rank     string `json:"rank"`
}

// PimBootstrapCandidate is an element of the OS API's answers (see the command table).
type PimBootstrapCandidate struct {
	LocalAddress string `json:"local-address"`
	Priority     string `json:"priority"`
	Enable       bool   `json:"enable"`
}

// PimCandidateRP is an element of the OS API's answers (see the command table).
type PimCandidateRP struct {
	AdvertiseInterval int64             `json:"advertise-interval"`
	LocalAddress      string            `json:"local-address"`
	Enable            bool              `json:"enable"`
	Priority          int64             `json:"priority"`
	MulticastGroup    PimMulticastGroup `json:"multicast-group"`
}

// PimStaticRP is an element of the OS API's answers (see the command table).
type PimStaticRP struct {
	RPAddress      string            `json:"rp-address"`
	Enable         bool              `json:"enable"`
	MulticastGroup PimMulticastGroup `json:"multicast-group"`
}

// PimSSMPrefix is an element of the OS API's answers (see the command table).
type PimSSMPrefix struct {
	Address string `json:"address"`
}

// PimSPTThreshold is an element of the OS API's answers (see the command table).
type PimSPTThreshold struct {
	MulticastGroup string `json:"multicast-group"`
	Threshold      string `json:"threshold"`
}

// IsisAreaList is an element of the OS API's answers (see the command table).
type IsisAreaList struct {
	Type   []string         `json:"type"`
	Object []IsisAreaChange `json:"object"`
}

// IsisDefaultMetric is an element of the OS API's answers (see the command table).
type IsisDefaultMetric struct {
	Level  string `json:"level"`
	Metric string `json:"metric"`
}

// IsisIPv6 is an element of the OS API's answers (see the command table).
type IsisIPv6 struct {
	OverloadBit       bool                `json:"overload-bit"`
	IgnoreAttachedBit bool                `json:"ignore-attached-bit"`
	MultiTopology     bool                `json:"multi-topology"`
	PRCInterval       []IsisInterval      `json:"prc-interval"`
	SPF               []IsisInterval      `json:"spf"`
	DefaultMetric     []IsisDefaultMetric `json:"default-metric"`
}

// IsisHello is an element of the OS API's answers (see the command table).
type IsisHello struct {
	InterfacePointToPoint string `json:"interface-point-to-point"`
	InterfaceBroadcast    string `json:"interface-broadcast"`
}

// IsisMetricType is an element of the OS API's answers (see the command table).
type IsisMetricType struct {
	Type  string `json:"type"`
	Level string `json:"level"`
}

// IsisLSP is an element of the OS API's answers (see the command table).
type IsisLSP struct {
	Lifetime        string         `json:"lifetime"`
	MTU             string         `json:"mtu"`
	RefreshInterval string         `json:"refresh-interval"`
	GenInterval     []IsisInterval `json:"gen-interval"`
}

// IsisInterval is an element of the OS API's answers (see the command table).
type IsisInterval struct {
	Level         string `json:"level"`
	MaxInterval   string `json:"max-interval"`
	InitialOffset string `json:"initial-offset"`
	SecondOffset  string `json:"second-offset"`
}

// IsisAuthenticationIgnore is an element of the OS API's answers (see the command table).
type IsisAuthenticationIgnore struct {
	IgnoreAll   bool   `json:"ignore-all"`
	IgnoreCsnp  bool   `json:"ignore-csnp"`
	IgnoreHello bool   `json:"ignore-hello"`
	IgnoreLSP   bool   `json:"ignore-lsp"`
	IgnorePsnp  bool   `json:"ignore-psnp"`
	IgnoreNone  bool   `json:"ignore-none"`
	Level       string `json:"level"`
}

// IsisAuthentication is an element of the OS API's answers (see the command table).
type IsisAuthentication struct {
	Type            string                  `json:"type"`
	Level           string                  `json:"level"`
	EncryptedSecret string                  `json:"encrypted-secret"`
	Secret          string                  `json:"secret"`
	Keys            []IsisAuthenticationKey `json:"keys"`
	ActiveKey       string                  `json:"active-key"`
}

// ConnectionsPreset is an element of the OS API's answers (see the command table).
type ConnectionsPreset struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// CustomIntelligenceFeed is an element of the OS API's answers (see the command table).
type CustomIntelligenceFeed struct {
	Name              string           `json:"name"`
	Protocol          string           `json:"protocol"`
	URL               string           `json:"url"`
	Enabled           bool             `json:"enabled"`
	Action            string           `json:"action"`
	AccountName       string           `json:"account-name"`
	AccountPassword   string           `json:"account-password"`
	Format            string           `json:"format"`
	CustomCSVSettings CustomCSVSetting `json:"custom-csv-settings"`
}

// DiagnosticsEntry is an element of the OS API's answers (see the command table).
type DiagnosticsEntry struct {
	Type  string `json:"type"`
	Total int64  `json:"total"`
	Used  int64  `json:"used"`
	Free  int64  `json:"free"`
}

// MetaInfo is an element of the OS API's answers (see the command table).
type MetaInfo struct {
	LastModifier   string       `json:"last-modifier"`
	LastModifyTime ModifyTime   `json:"last-modify-time"`
	Comments       string       `json:"comments"`
	Tags           []string     `json:"tags" unordered:"true"`
	CustomFields   CustomFields `json:"custom-fields"`
}

// DynamicLayerObjects is an element of the OS API's answers (see the command table).
type DynamicLayerObjects struct {
	Hosts                     []Host                `json:"hosts"`
	Networks                  []Network             `json:"networks"`
	NetworkGroups             []NetworkGroup        `json:"network-groups"`
	ServicesTcp               []ServicesTcp         `json:"services-tcp"`
	ServicesUdp               []ServicesUdp         `json:"services-udp"`
	ServicesOther             []ServicesOther       `json:"services-other"`
	ServiceGroups             []NetworkGroup        `json:"service-groups"`
	ApplicationSites          []ApplicationSite     `json:"application-sites"`
	ApplicationSiteCategories []ApplicationSite     `json:"application-site-categories"`
	ApplicationSiteGroups     []NetworkGroup        `json:"application-site-groups"`
	DynamicObjects            []DynamicObject       `json:"dynamic-objects"`
	DNSDomains                []DNSDomain           `json:"dns-domains"`
	AddressRanges             []AddressRange        `json:"address-ranges"`
	GroupsWithExclusion       []GroupsWithExclusion `json:"groups-with-exclusion"`
	Wildcards                 []Wildcard            `json:"wildcards"`
	IdentityTags              []IdentityTag         `json:"identity-tags"`
	AccessRoles               []AccessRole          `json:"access-roles"`
	AccessLayers              []AccessLayer         `json:"access-layers"`
}

// DynamicLayerRule is an element of the OS API's answers (see the command table).
type DynamicLayerRule struct {
	Name              string        `json:"name"`
	Action            string        `json:"action"`
	ActionSettings    ActionSetting `json:"action-settings"`
	InlineLayer       string        `json:"inline-layer"`
	Track             Track         `json:"track"`
	Source            []string      `json:"source" unordered:"true"`
	SourceNegate      bool          `json:"source-negate"`
	Destination       []string      `json:"destination" unordered:"true"`
	DestinationNegate bool          `json:"destination-negate"`
	UserCheck         UserCheck     `json:"user-check"`
	Service           []string      `json:"service" unordered:"true"`
	ServiceNegate     bool          `json:"service-negate"`
	UID               string        `json:"uid"`
}

// DynamicLayerSummary is an element of the OS API's answers (see the command table).
type DynamicLayerSummary struct {
	Name     string   `json:"name"`
	MetaInfo MetaInfo `json:"meta-info"`
}

// ExtendedCommand is an element of the OS API's answers (see the command table).
type ExtendedCommand struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Path        string `json:"path"`
}

// Feature is an element of the OS API's answers (see the command table).
type Feature struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// GreInterface is an element of the OS API's answers (see the command table).
type GreInterface struct {
	InterfaceStatus                      // the link state and counters, as in status
	GREID                int64           `json:"gre-id"`
	LocalIPAddress       string          `json:"local-ip-address"`
	RemoteIPAddress      string          `json:"remote-ip-address"`
	TTL                  int64           `json:"ttl"`
	IPv4Address          string          `json:"ipv4-address"`
	PeerAddress          string          `json:"peer-address"`
	Enabled              bool            `json:"enabled"`
	MTU                  string          `json:"mtu"`
	IPv4MaskLength       string          `json:"ipv4-mask-length"`
	Name                 string          `json:"name"`
	IPv6Autoconfig       bool            `json:"ipv6-autoconfig"`
	Comments             string          `json:"comments"`
	IPv6Address          string          `json:"ipv6-address"`
	IPv6MaskLength       string          `json:"ipv6-mask-length"`
	IPv6LocalLinkAddress string          `json:"ipv6-local-link-address"`
	Status               InterfaceStatus `json:"status"`
	VirtualSystemID      string          `json:"virtual-system-id"`
}

// IgmpGroup is an element of the OS API's answers (see the command table).
type IgmpGroup struct {
	Address   string `json:"address"`
	Interface string `json:"interface"`
	Type      string `json:"type"`
	Age       int64  `json:"age"`
	Expire    int64  `json:"expire"`
}

// IgmpInterfaceReceive is an element of the OS API's answers (see the command table).
type IgmpInterfaceReceive struct {
	MembershipQuery  int64 `json:"membership-query"`
	MembershipReport int64 `json:"membership-report"`
	NumV3Report      int64 `json:"num-v3-report"`
	GroupLeave       int64 `json:"group-leave"`
	MtraceRequest    int64 `json:"mtrace-request"`
	MtraceResponse   int64 `json:"mtrace-response"`
	DVMRP            int64 `json:"dvmrp"`
	PIMV1            int64 `json:"pim-v1"`
	VersionMismatch  int64 `json:"version-mismatch"`
	IGMPV1Host       int64 `json:"igmp-v1-host"`
}

// IgmpInterfaceTransmit is an element of the OS API's answers (see the command table).
type IgmpInterfaceTransmit struct {
	MembershipQuery int64 `json:"membership-query"`
	MtraceRequest   int64 `json:"mtrace-request"`
	MtraceResponse  int64 `json:"mtrace-response"`
	DVMRP           int64 `json:"dvmrp"`
	PIMV1           int64 `json:"pim-v1"`
	Truncated       int64 `json:"truncated"`
}

// IgmpInterface is an element of the OS API's answers (see the command table).
type IgmpInterface struct {
	Name                    string `json:"name"`
	Flags                   string `json:"flags"`
	IGMPVersion             int64  `json:"igmp-version"`
	LossRobustness          int64  `json:"loss-robustness"`
	QueryInterval           int64  `json:"query-interval"`
	QueryResponseInterval   int64  `json:"query-response-interval"`
	LastMemberQueryInterval int64  `json:"last-member-query-interval"`
	NumGroupJoins           int64  `json:"num-group-joins"`
	NumGroupActive          int64  `json:"num-group-active"`
	NextMembershipQuery     int64  `json:"next-membership-query"`
	QuerierUpTime           int64  `json:"querier-up-time"`
	AdvertiseAddress        string `json:"advertise-address"`
	MulticastProtocol       string `json:"multicast-protocol"`
}

// IgmpInterfaceStats is an interface of show-igmp-interfaces-stats: what
// show-igmp-interface-stats answers for it, with its name.
type IgmpInterfaceStats struct {
	Interface string `json:"interface"`
	IgmpInterfaceStatsResponse
}

// IgmpReceive is an element of the OS API's answers (see the command table).
type IgmpReceive struct {
	Total            int64 `json:"total"`
	MembershipQuery  int64 `json:"membership-query"`
	MembershipReport int64 `json:"membership-report"`
	NumV3Report      int64 `json:"num-v3-report"`
	GroupLeave       int64 `json:"group-leave"`
	MtraceRequest    int64 `json:"mtrace-request"`
	MtraceResponse   int64 `json:"mtrace-response"`
	DVMRP            int64 `json:"dvmrp"`
	PIMV1            int64 `json:"pim-v1"`
}

// IgmpTransmit is an element of the OS API's answers (see the command table).
type IgmpTransmit struct {
	Total           int64 `json:"total"`
	MembershipQuery int64 `json:"membership-query"`
	MtraceRequest   int64 `json:"mtrace-request"`
	MtraceResponse  int64 `json:"mtrace-response"`
	DVMRP           int64 `json:"dvmrp"`
	PIMV1           int64 `json:"pim-v1"`
}

// IgmpErrors is an element of the OS API's answers (see the command table).
type IgmpErrors struct {
	RxTruncated        int64 `json:"rx-truncated"`
	TxTruncated        int64 `json:"tx-truncated"`
	Checksum           int64 `json:"checksum"`
	Truncated          int64 `json:"truncated"`
	BadTTL             int64 `json:"bad-ttl"`
	NonLocalNeighbor   int64 `json:"non-local-neighbor"`
	UnsupportedVersion int64 `json:"unsupported-version"`
	UnsupportedType    int64 `json:"unsupported-type"`
	NoDispatch         int64 `json:"no-dispatch"`
	NoIGMP             int64 `json:"no-igmp"`
	BadGroup           int64 `json:"bad-group"`
	VersionMismatch    int64 `json:"version-mismatch"`
	IGMPV1Host         int64 `json:"igmp-v1-host"`
}

// InterfaceInfo is an element of the OS API's answers (see the command table).
type InterfaceInfo struct {
	IPv4Address    string `json:"ipv4-address"`
	IPv4MaskLength string `json:"ipv4-mask-length"`
	Name           string `json:"name"`
	InterfaceSettings
	Type            string `json:"type"`
	MemberID        string `json:"member-id"`
	VirtualSystemID string `json:"virtual-system-id"`
}

// PhysicalInterface is an element of the OS API's answers (see the command table).
type PhysicalInterface struct {
	SDWan           InterfaceSDWan `json:"sd-wan"`
	Name            string         `json:"name"`
	IPConflicts     bool           `json:"ip-conflicts"`
	DHCP6           InterfaceDHCP6 `json:"dhcp6"`
	DHCP            InterfaceDHCP  `json:"dhcp"`
	InterfaceStatus                // the link state and counters, as in status
	MTU             string         `json:"mtu"`
	IPv4Address     string         `json:"ipv4-address"`
	IPv4MaskLength  string         `json:"ipv4-mask-length"`
	InterfaceSettings
	Status          InterfaceStatus `json:"status"`
	AutoNegotiation bool            `json:"auto-negotiation"`
	MonitorMode     bool            `json:"monitor-mode"`
	MACAddr         string          `json:"mac-addr"`
	RxRingsize      int64           `json:"rx-ringsize"`
	TxRingsize      int64           `json:"tx-ringsize"`
	MemberID        string          `json:"member-id"`
	VirtualSystemID string          `json:"virtual-system-id"`
}

// LoopbackInterface is an element of the OS API's answers (see the command table).
type LoopbackInterface struct {
	InterfaceStatus        // the link state and counters, as in status
	MTU             string `json:"mtu"`
	IPv4Address     string `json:"ipv4-address"`
	IPv4MaskLength  string `json:"ipv4-mask-length"`
	Name            string `json:"name"`
	InterfaceSettings
	Status          InterfaceStatus `json:"status"`
	MemberID        string          `json:"member-id"`
	VirtualSystemID string          `json:"virtual-system-id"`
}

// VlanInterface is an element of the OS API's answers (see the command table).
type VlanInterface struct {
	SDWan           InterfaceSDWan `json:"sd-wan"`
	DHCP6           InterfaceDHCP6 `json:"dhcp6"`
	DHCP            InterfaceDHCP  `json:"dhcp"`
	InterfaceStatus                // the link state and counters, as in status
	Parent          string         `json:"parent"`
	MTU             string         `json:"mtu"`
	IPv4Address     string         `json:"ipv4-address"`
	IPv4MaskLength  string         `json:"ipv4-mask-length"`
	Name            string         `json:"name"`
	InterfaceSettings
	Status          InterfaceStatus `json:"status"`
	VirtualSystemID string          `json:"virtual-system-id"`
}

// VxlanInterface is an element of the OS API's answers (see the command table).
type VxlanInterface struct {
	InterfaceStatus        // the link state and counters, as in status
	MemberOf        string `json:"member-of"`
	VXLANID         int64  `json:"vxlan-id"`
	RemoteIPAddress string `json:"remote-ip-address"`
	DestinationPort int64  `json:"destination-port"`
	MTU             string `json:"mtu"`
	IPv4Address     string `json:"ipv4-address"`
	IPv4MaskLength  string `json:"ipv4-mask-length"`
	Name            string `json:"name"`
	InterfaceSettings
	Status          InterfaceStatus `json:"status"`
	VirtualSystemID string          `json:"virtual-system-id"`
}

// IPConflict is an element of the OS API's answers (see the command table).
type IPConflict struct {
	IPv4Address  string   `json:"ipv4-address"`
	MACAddresses []string `json:"mac-addresses" unordered:"true"`
}

// BgpConfederation is an element of the OS API's answers (see the command table).
type BgpConfederation struct {
	AspathLoopsPermitted string `json:"aspath-loops-permitted"`
	Identifier           string `json:"identifier"`
}

// BgpDampening is an element of the OS API's answers (see the command table).
type BgpDampening struct {
	Enabled          bool   `json:"enabled"`
	KeepHistory      string `json:"keep-history"`
	MaxFlap          string `json:"max-flap"`
	ReachableDecay   string `json:"reachable-decay"`
	ReuseBelow       string `json:"reuse-below"`
	SuppressAbove    string `json:"suppress-above"`
	UnreachableDecay string `json:"unreachable-decay"`
}

// BgpGracefulRestartConfig is an element of the OS API's answers (see the command table).
type BgpGracefulRestartConfig struct {
	RestartTime           string `json:"restart-time"`
	SelectionDeferralTime string `json:"selection-deferral-time"`
}

// BgpPing is an element of the OS API's answers (see the command table).
type BgpPing struct {
	Count    string `json:"count"`
	Interval string `json:"interval"`
}

// BgpRoutingDomain is an element of the OS API's answers (see the command table).
type BgpRoutingDomain struct {
	AspathLoopsPermitted string `json:"aspath-loops-permitted"`
	Identifier           string `json:"identifier"`
}

// IPConflictsInterface is an element of the OS API's answers (see the command table).
type IPConflictsInterface struct {
	InterfaceName string `json:"interface-name"`
	IPConflicts   bool   `json:"ip-conflicts"`
}

// VirtualSystem is an element of the OS API's answers (see the command table).
type VirtualSystem struct {
	ResourceID      int64                  `json:"resource-id"`
	Interfaces      []string               `json:"interfaces" unordered:"true"`
	VirtualSwitches []VirtualSystemSwitch  `json:"virtual-switches"`
	Resources       VirtualSystemResources `json:"resources"`
}

// Route is an element of the OS API's answers (see the command table).
type Route struct {
	Address          string       `json:"address"`
	MaskLength       int64        `json:"mask-length"`
	Protocol         string       `json:"protocol"`
	NextHop          RouteNextHop `json:"next-hop"`
	Age              int64        `json:"age"`
	ActiveAge        int64        `json:"active-age"`
	Cost             string       `json:"cost"`
	Tag              string       `json:"tag"`
	ProtocolInstance int64        `json:"protocol-instance"`
}

// StaticRoute is an element of the OS API's answers (see the command table).
type StaticRoute struct {
	Address         string               `json:"address"`
	MaskLength      int64                `json:"mask-length"`
	Type            string               `json:"type"`
	NextHop         []StaticRouteNextHop `json:"next-hop"`
	Ping            bool                 `json:"ping"`
	Rank            string               `json:"rank"`
	ScopeLocal      bool                 `json:"scope-local"`
	Comment         string               `json:"comment"`
	MemberID        string               `json:"member-id"`
	VirtualSystemID string               `json:"virtual-system-id"`
}

// OspfInterface is an element of the OS API's answers (see the command table).
type OspfInterface struct {
	Address          string `json:"address"`
	AreaID           string `json:"area-id"`
	BDR              string `json:"bdr"`
	DR               string `json:"dr"`
	Errors           int64  `json:"errors"`
	Name             string `json:"name"`
	NeighborCount    int64  `json:"neighbor-count"`
	ProtocolInstance int64  `json:"protocol-instance"`
	State            string `json:"state"`
	MemberID         string `json:"member-id"`
}

// OspfNeighbor is an element of the OS API's answers (see the command table).
type OspfNeighbor struct {
	Address          string `json:"address"`
	AreaID           string `json:"area-id"`
	Dead             int64  `json:"dead"`
	Errors           int64  `json:"errors"`
	Interface        string `json:"interface"`
	Priority         int64  `json:"priority"`
	ProtocolInstance int64  `json:"protocol-instance"`
	RouterID         string `json:"router-id"`
	State            string `json:"state"`
}

// OspfArea is an element of the OS API's answers (see the command table).
type OspfArea struct {
	Area              string          `json:"area"`
	Interfaces        int64           `json:"interfaces"`
	State             string          `json:"state"`
	DefaultRouteCost  int64           `json:"default-route-cost"`
	DefaultMetricType int64           `json:"default-metric-type"`
	NumABRs           int64           `json:"num-abrs"`
	NumASBRs          int64           `json:"num-asbrs"`
	SPFRuns           int64           `json:"spf-runs"`
	Ranges            []OspfAreaRange `json:"ranges"`
	Stubnets          []OspfStubnet   `json:"stubnets"`
}

// PimInterface is an element of the OS API's answers (see the command table).
type PimInterface struct {
	Name           string `json:"name"`
	DRPriority     string `json:"dr-priority"`
	DRAddress      string `json:"dr-address"`
	Mode           string `json:"mode"`
	NeighborAmount int64  `json:"neighbor-amount"`
	State          string `json:"state"`
	Status         string `json:"status"`
	MemberID       string `json:"member-id"`
}

// PimNeighbor is an element of the OS API's answers (see the command table).
type PimNeighbor struct {
	Address    string `json:"address"`
	DRPriority int64  `json:"dr-priority"`
	Expires    string `json:"expires"`
	GenID      int64  `json:"gen-id"`
	Holdtime   string `json:"holdtime"`
	Interface  string `json:"interface"`
	MemberID   string `json:"member-id"`
}

// IsisInterface is an element of the OS API's answers (see the command table).
type IsisInterface struct {
	Name             string             `json:"name"`
	LocalCircuit     string             `json:"local-circuit"`
	MACAddress       string             `json:"mac-address"`
	State            string             `json:"state"`
	CircuitType      string             `json:"circuit-type"`
	IPv4Address      string             `json:"ipv4-address"`
	IPv6LinkLocal    string             `json:"ipv6-link-local"`
	IPv6Global       string             `json:"ipv6-global"`
	NetworkType      string             `json:"network-type"`
	NextP2pHello     int64              `json:"next-p2p-hello"`
	ExtendedCircuit  string             `json:"extended-circuit"`
	P2pNeighborState string             `json:"p2p-neighbor-state"`
	Level1           IsisInterfaceLevel `json:"level-1"`
	Level2           IsisInterfaceLevel `json:"level-2"`
}

// IsisNeighbor is an element of the OS API's answers (see the command table).
type IsisNeighbor struct {
	SystemID        string            `json:"system-id"`
	Interface       string            `json:"interface"`
	HoldTime        int64             `json:"hold-time"`
	LastStateChange int64             `json:"last-state-change"`
	Level           string            `json:"level"`
	State           string            `json:"state"`
	RestartCapable  bool              `json:"restart-capable"`
	RestartingNow   bool              `json:"restarting-now"`
	LastRestart     int64             `json:"last-restart"`
	CircuitID       string            `json:"circuit-id"`
	IsDis           bool              `json:"is-dis"`
	Priority        string            `json:"priority"`
	IPv4Address     string            `json:"ipv4-address"`
	MACAddress      string            `json:"mac-address"`
	AreaList        []string          `json:"area-list" unordered:"true"`
	MtidList        []string          `json:"mtid-list" unordered:"true"`
	BfdSupportList  []string          `json:"bfd-support-list" unordered:"true"`
	BfdSessionsList []BfdSessionsList `json:"bfd-sessions-list"`
}

// RemoteSyslog is an element of the OS API's answers (see the command table).
type RemoteSyslog struct {
	ServerIP         string        `json:"server-ip"`
	Level            string        `json:"level"`
	Port             int64         `json:"port"`
	Protocol         string        `json:"protocol"`
	TLSEncryption    TLSEncryption `json:"tls-encryption"`
	QueuingMechanism bool          `json:"queuing-mechanism"`
}

// User is an element of the OS API's answers (see the command table).
type User struct {
	Name                            string                 `json:"name"`
	UID                             int64                  `json:"uid"`
	Homedir                         string                 `json:"homedir"`
	PrimarySystemGroupID            int64                  `json:"primary-system-group-id"`
	SecondarySystemGroups           []SecondarySystemGroup `json:"secondary-system-groups"`
	RealName                        string                 `json:"real-name"`
	Shell                           string                 `json:"shell"`
	AllowAccessUsing                []string               `json:"allow-access-using" unordered:"true"`
	MustChangePassword              bool                   `json:"must-change-password"`
	Roles                           []string               `json:"roles" unordered:"true"`
	Locked                          bool                   `json:"locked"`
	RequiresTwoFactorAuthentication bool                   `json:"requires-two-factor-authentication"`
	MemberID                        string                 `json:"member-id"`
}

// Role is an element of the OS API's answers (see the command table).
type Role struct {
	Name             string        `json:"name"`
	Features         []RoleFeature `json:"features"`
	ExtendedCommands []string      `json:"extended-commands" unordered:"true"`
	Users            []string      `json:"users" unordered:"true"`
}

// NatPool is an element of the OS API's answers (see the command table).
type NatPool struct {
	Prefix  string `json:"prefix"`
	Comment string `json:"comment"`
}

// Routemap is an element of the OS API's answers (see the command table).
type Routemap struct {
	Name string       `json:"name"`
	Ids  []RoutemapID `json:"ids"`
}

// BgpNotification is an element of the OS API's answers (see the command table).
type BgpNotification struct {
	Code    string `json:"code"`
	SubCode string `json:"sub-code"`
	Time    string `json:"time"`
}

// BgpExtendedCommunity is an element of the OS API's answers (see the command table).
type BgpExtendedCommunity struct {
	Value              string `json:"value"`
	Type               string `json:"type"`
	SubType            string `json:"sub-type"`
	SubTypeDescription string `json:"sub-type-description"`
}

// BgpRoutemapPeer is an element of the OS API's answers (see the command table).
type BgpRoutemapPeer struct {
	Peer               string         `json:"peer"`
	ImportRoutemapList BgpRoutemapRef `json:"import-routemap-list"`
	ExportRoutemapList BgpRoutemapRef `json:"export-routemap-list"`
}

// BgpMessageCounters is an element of the OS API's answers (see the command table).
type BgpMessageCounters struct {
	Opens         int64 `json:"opens"`
	Notifications int64 `json:"notifications"`
	Updates       int64 `json:"updates"`
	Keepalives    int64 `json:"keepalives"`
	RouteRefresh  int64 `json:"route-refresh"`
}

// InterfaceSDWan is an element of the OS API's answers (see the command table).
type InterfaceSDWan struct {
	Enabled     bool           `json:"enabled"`
	NextHop     string         `json:"next-hop"`
	NextHopIPv6 string         `json:"next-hop-ipv6"`
	NAT         SDWanNAT       `json:"nat"`
	Tag         string         `json:"tag"`
	Bandwidth   SDWanBandwidth `json:"bandwidth"`
	CircuitID   string         `json:"circuit-id"`
	LinkType    string         `json:"link-type"`
}

// InterfaceDHCP6 is an element of the OS API's answers (see the command table).
type InterfaceDHCP6 struct {
	Enabled          bool   `json:"enabled"`
	ServerTimeout    string `json:"server-timeout"`
	Retry            string `json:"retry"`
	Leasetime        string `json:"leasetime"`
	ReacquireTimeout string `json:"reacquire-timeout"`
	Using            string `json:"using"`
}

// InterfaceDHCP is an element of the OS API's answers (see the command table).
type InterfaceDHCP struct {
	Enabled          bool   `json:"enabled"`
	ServerTimeout    string `json:"server-timeout"`
	Retry            string `json:"retry"`
	Leasetime        string `json:"leasetime"`
	ReacquireTimeout string `json:"reacquire-timeout"`
}

// InterfaceSettings is the state, IPv6 addresses and comments that the
// interface types answer in this order.
type InterfaceSettings struct {
	Enabled              bool   `json:"enabled"`
	IPv6Autoconfig       bool   `json:"ipv6-autoconfig"`
	Comments             string `json:"comments"`
	IPv6Address          string `json:"ipv6-address"`
	IPv6MaskLength       string `json:"ipv6-mask-length"`
	IPv6LocalLinkAddress string `json:"ipv6-local-link-address"`
}

// InterfaceStatus is the link state and counters of an interface: its
// status, which the interface types also carry at their top level.
type InterfaceStatus struct {
	LinkState bool   `json:"link-state"`
	Speed     string `json:"speed"`
	Duplex    string `json:"duplex"`
	TxBytes   int64  `json:"tx-bytes"`
	TxPackets int64  `json:"tx-packets"`
	RxBytes   int64  `json:"rx-bytes"`
	RxPackets int64  `json:"rx-packets"`
}

// BootpRequestDropped is an element of the OS API's answers (see the command table).
type BootpRequestDropped struct {
	NoBootpOnInterface int64 `json:"no-bootp-on-interface"`
	WaitTimePolicy     int64 `json:"wait-time-policy"`
	MaxHopsPolicy      int64 `json:"max-hops-policy"`
}

// BootpRequestRelayed is an element of the OS API's answers (see the command table).
type BootpRequestRelayed struct {
	Requests int64 `json:"requests"`
	Packets  int64 `json:"packets"`
}

// BootpReplyDropped is an element of the OS API's answers (see the command table).
type BootpReplyDropped struct {
	NonLocalClient           int64 `json:"non-local-client"`
	NoBootpOnInterface       int64 `json:"no-bootp-on-interface"`
	BadClientIP              int64 `json:"bad-client-ip"`
	BadClientHardwareType    int64 `json:"bad-client-hardware-type"`
	BadClientHardwareAddress int64 `json:"bad-client-hardware-address"`
	BadClientArpEntry        int64 `json:"bad-client-arp-entry"`
}

// BootpReplyRelayed is an element of the OS API's answers (see the command table).
type BootpReplyRelayed struct {
	Unicast   int64 `json:"unicast"`
	Broadcast int64 `json:"broadcast"`
}

// PimMulticastGroup is an element of the OS API's answers (see the command table).
type PimMulticastGroup struct {
	Address string `json:"address"`
}

// IsisAreaChange is an element of the OS API's answers (see the command table).
type IsisAreaChange struct {
	Add    []string `json:"add" unordered:"true"`
	Remove []string `json:"remove" unordered:"true"`
}

// IsisAuthenticationKey is an element of the OS API's answers (see the command table).
type IsisAuthenticationKey struct {
	EncryptedSecret string `json:"encrypted-secret"`
	Secret          string `json:"secret"`
	ResourceID      int64  `json:"resource-id"`
	Algorithm       string `json:"algorithm"`
}

// CustomCSVSetting is an element of the OS API's answers (see the command table).
type CustomCSVSetting struct {
	CSVDelimiter             string `json:"csv-delimiter"`
	CSVLinesToBeSkipped      string `json:"csv-lines-to-be-skipped"`
	CSVObservableName        string `json:"csv-observable-name"`
	CSVObservableValue       int64  `json:"csv-observable-value"`
	CSVObservableType        string `json:"csv-observable-type"`
	CSVObservableDescription string `json:"csv-observable-description"`
	CSVObservableConfidence  string `json:"csv-observable-confidence"`
	CSVObservableSeverity    string `json:"csv-observable-severity"`
	CSVObservableProduct     string `json:"csv-observable-product"`
}

// ModifyTime is an element of the OS API's answers (see the command table).
type ModifyTime struct {
	ISO   string `json:"iso"`
	Posix int64  `json:"posix"`
}

// CustomFields is an element of the OS API's answers (see the command table).
type CustomFields struct {
	Field1 string `json:"field-1"`
	Field2 string `json:"field-2"`
	Field3 string `json:"field-3"`
}

// Host is an element of the OS API's answers (see the command table).
type Host struct {
	Name        string `json:"name"`
	IPAddress   string `json:"ip-address"`
	IPv4Address string `json:"ipv4-address"`
	IPv6Address string `json:"ipv6-address"`
}

// Network is an element of the OS API's answers (see the command table).
type Network struct {
	Name        string `json:"name"`
	Subnet      string `json:"subnet"`
	Subnet4     string `json:"subnet4"`
	Subnet6     string `json:"subnet6"`
	SubnetMask  string `json:"subnet-mask"`
	MaskLength  int64  `json:"mask-length"`
	MaskLength4 int64  `json:"mask-length4"`
	MaskLength6 int64  `json:"mask-length6"`
	Broadcast   string `json:"broadcast"`
}

// NetworkGroup is an element of the OS API's answers (see the command table).
type NetworkGroup struct {
	Name    string   `json:"name"`
	Members []string `json:"members" unordered:"true"`
}

// ServicesTcp is an element of the OS API's answers (see the command table).
type ServicesTcp struct {
	Name                                       string `json:"name"`
	KeepConnectionsOpenAfterPolicyInstallation bool   `json:"keep-connections-open-after-policy-installation"`
	SessionTimeout                             int64  `json:"session-timeout"`
	SyncConnectionsOnCluster                   bool   `json:"sync-connections-on-cluster"`
	Port                                       string `json:"port"`
	SourcePort                                 string `json:"source-port"`
	UseDelayedSync                             bool   `json:"use-delayed-sync"`
	DelayedSyncValue                           int64  `json:"delayed-sync-value"`
}

// ServicesUdp is an element of the OS API's answers (see the command table).
type ServicesUdp struct {
	Name                                       string `json:"name"`
	KeepConnectionsOpenAfterPolicyInstallation bool   `json:"keep-connections-open-after-policy-installation"`
	SessionTimeout                             int64  `json:"session-timeout"`
	SyncConnectionsOnCluster                   bool   `json:"sync-connections-on-cluster"`
	Port                                       string `json:"port"`
	SourcePort                                 string `json:"source-port"`
	AcceptReplies                              bool   `json:"accept-replies"`
}

// ServicesOther is an element of the OS API's answers (see the command table).
type ServicesOther struct {
	Name                                       string `json:"name"`
	KeepConnectionsOpenAfterPolicyInstallation bool   `json:"keep-connections-open-after-policy-installation"`
	SessionTimeout                             int64  `json:"session-timeout"`
	SyncConnectionsOnCluster                   bool   `json:"sync-connections-on-cluster"`
	AcceptReplies                              bool   `json:"accept-replies"`
	IPProtocol                                 int64  `json:"ip-protocol"`
}

// ApplicationSite is an element of the OS API's answers (see the command table).
type ApplicationSite struct {
	Name     string   `json:"name"`
	CloneOf  string   `json:"clone-of"`
	Services []string `json:"services" unordered:"true"`
	Negate   bool     `json:"negate"`
}

// DynamicObject is an element of the OS API's answers (see the command table).
type DynamicObject struct {
	Name string `json:"name"`
}

// DNSDomain is an element of the OS API's answers (see the command table).
type DNSDomain struct {
	Name        string `json:"name"`
	IsSubDomain bool   `json:"is-sub-domain"`
}

// AddressRange is an element of the OS API's answers (see the command table).
type AddressRange struct {
	Name             string `json:"name"`
	IPAddressFirst   string `json:"ip-address-first"`
	IPv4AddressFirst string `json:"ipv4-address-first"`
	IPv6AddressFirst string `json:"ipv6-address-first"`
	IPAddressLast    string `json:"ip-address-last"`
	IPv4AddressLast  string `json:"ipv4-address-last"`
	IPv6AddressLast  string `json:"ipv6-address-last"`
}

// GroupsWithExclusion is an element of the OS API's answers (see the command table).
type GroupsWithExclusion struct {
	Name    string `json:"name"`
	Include string `json:"include"`
	Except  string `json:"except"`
}

// Wildcard is an element of the OS API's answers (see the command table).
type Wildcard struct {
	Name             string `json:"name"`
	IPv4Address      string `json:"ipv4-address"`
	IPv4MaskWildcard string `json:"ipv4-mask-wildcard"`
	IPv6Address      string `json:"ipv6-address"`
	IPv6MaskWildcard string `json:"ipv6-mask-wildcard"`
}

// IdentityTag is an element of the OS API's answers (see the command table).
type IdentityTag struct {
	Name               string `json:"name"`
	ExternalIdentifier string `json:"external-identifier"`
}

// AccessRole is an element of the OS API's answers (see the command table).
type AccessRole struct {
	Name                 string   `json:"name"`
	IPSpoofingProtection bool     `json:"ip-spoofing-protection"`
	Networks             []string `json:"networks" unordered:"true"`
	Users                []string `json:"users" unordered:"true"`
	Machines             []string `json:"machines" unordered:"true"`
}

// AccessLayer is an element of the OS API's answers (see the command table).
type AccessLayer struct {
	Name                        string `json:"name"`
	Firewall                    bool   `json:"firewall"`
	ApplicationsAndURLFiltering bool   `json:"applications-and-url-filtering"`
	ContentAwareness            bool   `json:"content-awareness"`
	DetectUsingXForwardFor      bool   `json:"detect-using-x-forward-for"`
	MobileAccess                bool   `json:"mobile-access"`
	ImplicitCleanupAction       string `json:"implicit-cleanup-action"`
}

// ActionSetting is an element of the OS API's answers (see the command table).
type ActionSetting struct {
	EnableIdentityCaptivePortal bool `json:"enable-identity-captive-portal"`
}

// Track is an element of the OS API's answers (see the command table).
type Track struct {
	Accounting            bool   `json:"accounting"`
	Alert                 string `json:"alert"`
	EnableFirewallSession bool   `json:"enable-firewall-session"`
	PerConnection         bool   `json:"per-connection"`
	PerSession            bool   `json:"per-session"`
	Type                  string `json:"type"`
}

// UserCheck is an element of the OS API's answers (see the command table).
type UserCheck struct {
	Confirm         string          `json:"confirm"`
	CustomFrequency CustomFrequency `json:"custom-frequency"`
	Frequency       string          `json:"frequency"`
	Interaction     string          `json:"interaction"`
}

// VirtualSystemSwitch is an element of the OS API's answers (see the command table).
type VirtualSystemSwitch struct {
	ResourceID       int64  `json:"resource-id"`
	ConnectedThrough string `json:"connected-through"`
}

// VirtualSystemResources is an element of the OS API's answers (see the command table).
type VirtualSystemResources struct {
	FirewallIPv4Instances int64 `json:"firewall-ipv4-instances"`
	FirewallIPv6Instances int64 `json:"firewall-ipv6-instances"`
}

// RouteNextHop is an element of the OS API's answers (see the command table).
type RouteNextHop struct {
	Gateways  []RouteGateway `json:"gateways"`
	Interface string         `json:"interface"`
}

// StaticRouteNextHop is an element of the OS API's answers (see the command table).
type StaticRouteNextHop struct {
	Gateway  string `json:"gateway"`
	Priority string `json:"priority"`
}

// OspfAreaRange is an element of the OS API's answers (see the command table).
type OspfAreaRange struct {
	Range  string `json:"range"`
	Status string `json:"status"`
	Type   string `json:"type"`
}

// OspfStubnet is an element of the OS API's answers (see the command table).
type OspfStubnet struct {
	Stubnet string `json:"stubnet"`
	Cost    int64  `json:"cost"`
}

// IsisInterfaceLevel is an element of the OS API's answers (see the command table).
type IsisInterfaceLevel struct {
	Metric          int64  `json:"metric"`
	IPv6Metric      int64  `json:"ipv6-metric"`
	HelloInterval   int64  `json:"hello-interval"`
	HoldTime        int64  `json:"hold-time"`
	NextLanHello    int64  `json:"next-lan-hello"`
	CircuitID       string `json:"circuit-id"`
	Priority        int64  `json:"priority"`
	Dis             string `json:"dis"`
	NextCsnp        int64  `json:"next-csnp"`
	NeighborCount   int64  `json:"neighbor-count"`
	NeighborUpCount int64  `json:"neighbor-up-count"`
	Authentication  string `json:"authentication"`
}

// BfdSessionsList is an element of the OS API's answers (see the command table).
type BfdSessionsList struct {
	Topology string `json:"topology"`
	State    string `json:"state"`
}

// TLSEncryption is an element of the OS API's answers (see the command table).
type TLSEncryption struct {
	Enabled        bool     `json:"enabled"`
	AuthMode       string   `json:"auth-mode"`
	PermittedPeers []string `json:"permitted-peers" unordered:"true"`
}

// SecondarySystemGroup is an element of the OS API's answers (see the command table).
type SecondarySystemGroup struct {
	Name                 string `json:"name"`
	PrimarySystemGroupID int64  `json:"primary-system-group-id"`
}

// RoleFeature is an element of the OS API's answers (see the command table).
type RoleFeature struct {
	Name       string `json:"name"`
	Permission string `json:"permission"`
}

// RoutemapID is an element of the OS API's answers (see the command table).
type RoutemapID struct {
	ResourceID int64          `json:"resource-id"`
	State      string         `json:"state"`
	Match      RoutemapMatch  `json:"match"`
	Action     RoutemapAction `json:"action"`
}

// BgpRoutemapRef is an element of the OS API's answers (see the command table).
type BgpRoutemapRef struct {
	Name                string   `json:"name"`
	Preference          int64    `json:"preference"`
	Family              string   `json:"family"`
	ConditionalRoutemap []string `json:"conditional-routemap" unordered:"true"`
}

// SDWanNAT is an element of the OS API's answers (see the command table).
type SDWanNAT struct {
	Enabled bool   `json:"enabled"`
	IP      string `json:"ip"`
	IPv6    string `json:"ipv6"`
}

// SDWanBandwidth is an element of the OS API's answers (see the command table).
type SDWanBandwidth struct {
	UploadSpeed   string `json:"upload-speed"`
	DownloadSpeed string `json:"download-speed"`
}

// CustomFrequency is an element of the OS API's answers (see the command table).
type CustomFrequency struct {
	Every int64  `json:"every"`
	Unit  string `json:"unit"`
}

// RouteGateway is an element of the OS API's answers (see the command table).
type RouteGateway struct {
	Address   string `json:"address"`
	Interface string `json:"interface"`
}

// RoutemapMatch is an element of the OS API's answers (see the command table).
type RoutemapMatch struct {
	AspathRegex       []string `json:"aspath-regex" unordered:"true"`
	CommunityRegex    string   `json:"community-regex"`
	ExtcommunityRegex string   `json:"extcommunity-regex"`
	Metric            int64    `json:"metric"`
	Protocol          string   `json:"protocol"`
	AS                []string `json:"as" unordered:"true"`
	Community         []string `json:"community" unordered:"true"`
	ExtendedCommunity []string `json:"extended-community" unordered:"true"`
	Ifaddress         []string `json:"ifaddress" unordered:"true"`
	Interface         []string `json:"interface" unordered:"true"`
	Level             []string `json:"level" unordered:"true"`
	MetricType        []string `json:"metric-type" unordered:"true"`
	Neighbor          []string `json:"neighbor" unordered:"true"`
	Network           []string `json:"network" unordered:"true"`
	Nexthop           []string `json:"nexthop" unordered:"true"`
	OspfInstance      []string `json:"ospf-instance" unordered:"true"`
	PrefixList        []string `json:"prefix-list" unordered:"true"`
	PrefixTree        []string `json:"prefix-tree" unordered:"true"`
	RouteType         []string `json:"route-type" unordered:"true"`
	Tag               []int64  `json:"tag" unordered:"true"`
}

// RoutemapAction is an element of the OS API's answers (see the command table).
type RoutemapAction struct {
	AspathPrependCount int64    `json:"aspath-prepend-count"`
	Localpref          int64    `json:"localpref"`
	Metric             []string `json:"metric" unordered:"true"`
	MetricType         string   `json:"metric-type"`
	Ospfautomatictag   int64    `json:"ospfautomatictag"`
	Ospfmanualtag      int64    `json:"ospfmanualtag"`
	Precedence         int64    `json:"precedence"`
	Preference         int64    `json:"preference"`
	PrefixList         string   `json:"prefix-list"`
	Riptag             int64    `json:"riptag"`
	RouteType          string   `json:"route-type"`
	Community          []string `json:"community" unordered:"true"`
	ExtendedCommunity  []string `json:"extended-community" unordered:"true"`
	Nexthop            []string `json:"nexthop" unordered:"true"`
}

// DNSForwardingDomain is a domain whose names are resolved by its own
// servers (show-dns).
type DNSForwardingDomain struct {
	Suffix    string `json:"suffix"`
	Primary   string `json:"primary"`
	Secondary string `json:"secondary"`
	Tertiary  string `json:"tertiary"`
}

// AllowedNetwork is a network whose hosts may connect to the OS's web and
// API interfaces and SSH (show-allowed-clients, set-allowed-clients).
type AllowedNetwork struct {
	Subnet     string `json:"subnet"`      // the network's IPv4 address
	MaskLength int64  `json:"mask-length"` // 1 to 32
}

// NTPServer is a time server (show-ntp).
type NTPServer struct {
	Address string `json:"address"`
	Type    string `json:"type"` // server or pool
	Version int64  `json:"version"`
}
