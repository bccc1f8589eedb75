// Code in this file was written from the OS API reference: one request and
// one response type per show command of Commands. Optional inputs are
// pointers or omitted when empty; responses carry every field.

package fwmgr

// AliasInterfacesRequest is the body of show-alias-interfaces.
type AliasInterfacesRequest struct {
	Parent          string `json:"parent,omitempty"`
	MemberID        string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
}

// AliasInterfacesResponse is the answer of show-alias-interfaces.
type AliasInterfacesResponse struct {
	Objects []AliasInterface `json:"objects"`
}

// ApiVersionsRequest is the body of show-api-versions.
type ApiVersionsRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// ApiVersionsResponse is the answer of show-api-versions.
type ApiVersionsResponse struct {
	CurrentVersion    string   `json:"current-version"`
	SupportedVersions []string `json:"supported-versions"`
}

// AssetRequest is the body of show-asset.
type AssetRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
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

// BgpErrorsRequest is the body of show-bgp-errors.
type BgpErrorsRequest struct {
	Limit    *int64 `json:"limit,omitempty"`     // maximum number of objects returned (1..1000, default 50)
	Offset   *int64 `json:"offset,omitempty"`    // number of objects skipped first
	Order    string `json:"order,omitempty"`     // ASC (default) or DESC, see the command's Sort
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// BgpErrorsResponse is the answer of show-bgp-errors.
type BgpErrorsResponse struct {
	From    int64      `json:"from"`
	To      int64      `json:"to"`
	Total   int64      `json:"total"`
	Objects []BgpError `json:"objects"`
}

// BgpGroupsRequest is the body of show-bgp-groups.
type BgpGroupsRequest struct {
	Limit    *int64 `json:"limit,omitempty"`     // maximum number of objects returned (1..1000, default 50)
	Offset   *int64 `json:"offset,omitempty"`    // number of objects skipped first
	Order    string `json:"order,omitempty"`     // ASC (default) or DESC, see the command's Sort
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// BgpGroupsResponse is the answer of show-bgp-groups.
type BgpGroupsResponse struct {
	From    int64      `json:"from"`
	To      int64      `json:"to"`
	Total   int64      `json:"total"`
	Objects []BgpGroup `json:"objects"`
}

// BgpPathsRequest is the body of show-bgp-paths.
type BgpPathsRequest struct {
	Limit    *int64 `json:"limit,omitempty"`     // maximum number of objects returned (1..1000, default 50)
	Offset   *int64 `json:"offset,omitempty"`    // number of objects skipped first
	Order    string `json:"order,omitempty"`     // ASC (default) or DESC, see the command's Sort
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// BgpPathsResponse is the answer of show-bgp-paths.
type BgpPathsResponse struct {
	From    int64     `json:"from"`
	To      int64     `json:"to"`
	Total   int64     `json:"total"`
	Objects []BgpPath `json:"objects"`
}

// BgpPeerRequest is the body of show-bgp-peer.
type BgpPeerRequest struct {
	Peer     string `json:"peer"`                // The peer to be queried
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// BgpPeerResponse is the answer of show-bgp-peer.
type BgpPeerResponse struct {
	Type                  string                   `json:"type"`
	AS                    string                   `json:"as"`
	State                 string                   `json:"state"`
	Uptime                int64                    `json:"uptime"`
	RemoteAS              string                   `json:"remote-as"`
	LocalAS               string                   `json:"local-as"`
	PeerCapabilitiesList  []string                 `json:"peer-capabilities-list"`
	OurCapabilitiesList   []string                 `json:"our-capabilities-list"`
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
	Limit    *int64 `json:"limit,omitempty"`     // maximum number of objects returned (1..1000, default 50)
	Offset   *int64 `json:"offset,omitempty"`    // number of objects skipped first
	Order    string `json:"order,omitempty"`     // ASC (default) or DESC, see the command's Sort
	Filter   string `json:"filter,omitempty"`    // Filter the results
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// BgpPeersResponse is the answer of show-bgp-peers.
type BgpPeersResponse struct {
	From    int64     `json:"from"`
	To      int64     `json:"to"`
	Total   int64     `json:"total"`
	Objects []BgpPeer `json:"objects"`
}

// BgpRouteInRequest is the body of show-bgp-route-in.
type BgpRouteInRequest struct {
	Address    string `json:"address"`             // Filter the results for a specific route address
	MaskLength int64  `json:"mask-length"`         // Filter the results for a specific route mask-length
	MemberID   string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// BgpRouteInResponse is the answer of show-bgp-route-in.
type BgpRouteInResponse struct {
	Object []BgpRoute `json:"object"`
}

// BgpRouteOutRequest is the body of show-bgp-route-out.
type BgpRouteOutRequest struct {
	Address    string `json:"address"`             // Filter the results for a specific route address
	MaskLength int64  `json:"mask-length"`         // Filter the results for a specific route mask-length
	MemberID   string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// BgpRouteOutResponse is the answer of show-bgp-route-out.
type BgpRouteOutResponse struct {
	Object []BgpRoute `json:"object"`
}

// BgpRoutemapsRequest is the body of show-bgp-routemaps.
type BgpRoutemapsRequest struct {
	Limit    *int64 `json:"limit,omitempty"`     // maximum number of objects returned (1..1000, default 50)
	Offset   *int64 `json:"offset,omitempty"`    // number of objects skipped first
	Order    string `json:"order,omitempty"`     // ASC (default) or DESC, see the command's Sort
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// BgpRoutemapsResponse is the answer of show-bgp-routemaps.
type BgpRoutemapsResponse struct {
	From    int64              `json:"from"`
	To      int64              `json:"to"`
	Total   int64              `json:"total"`
	Objects []BgpRoutemapGroup `json:"objects"`
}

// BgpRoutesInRequest is the body of show-bgp-routes-in.
type BgpRoutesInRequest struct {
	Limit    *int64 `json:"limit,omitempty"`     // maximum number of objects returned (1..1000, default 50)
	Offset   *int64 `json:"offset,omitempty"`    // number of objects skipped first
	Order    string `json:"order,omitempty"`     // ASC (default) or DESC, see the command's Sort
	Peer     string `json:"peer,omitempty"`      // Filter the results for a specific peer
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// BgpRoutesInResponse is the answer of show-bgp-routes-in.
type BgpRoutesInResponse struct {
	From    int64      `json:"from"`
	To      int64      `json:"to"`
	Total   int64      `json:"total"`
	Objects []BgpRoute `json:"objects"`
}

// BgpRoutesOutRequest is the body of show-bgp-routes-out.
type BgpRoutesOutRequest struct {
	Limit    *int64 `json:"limit,omitempty"`     // maximum number of objects returned (1..1000, default 50)
	Offset   *int64 `json:"offset,omitempty"`    // number of objects skipped first
	Order    string `json:"order,omitempty"`     // ASC (default) or DESC, see the command's Sort
	Peer     string `json:"peer,omitempty"`      // Filter the results for a specific peer
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// BgpRoutesOutResponse is the answer of show-bgp-routes-out.
type BgpRoutesOutResponse struct {
	From    int64      `json:"from"`
	To      int64      `json:"to"`
	Total   int64      `json:"total"`
	Objects []BgpRoute `json:"objects"`
}

// BgpStatsRequest is the body of show-bgp-stats.
type BgpStatsRequest struct {
	Limit    *int64 `json:"limit,omitempty"`     // maximum number of objects returned (1..1000, default 50)
	Offset   *int64 `json:"offset,omitempty"`    // number of objects skipped first
	Order    string `json:"order,omitempty"`     // ASC (default) or DESC, see the command's Sort
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// BgpStatsResponse is the answer of show-bgp-stats.
type BgpStatsResponse struct {
	From    int64          `json:"from"`
	To      int64          `json:"to"`
	Total   int64          `json:"total"`
	Objects []BgpPeerStats `json:"objects"`
}

// BgpSummaryRequest is the body of show-bgp-summary.
type BgpSummaryRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

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

// BondInterfacesRequest is the body of show-bond-interfaces.
type BondInterfacesRequest struct {
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
	MemberID        string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
}

// BondInterfacesResponse is the answer of show-bond-interfaces.
type BondInterfacesResponse struct {
	Objects []BondInterface `json:"objects"`
}

// BootpInterfaceRequest is the body of show-bootp-interface.
type BootpInterfaceRequest struct {
	Name     string `json:"name"`                // Interface name
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
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

// BootpInterfacesRequest is the body of show-bootp-interfaces.
type BootpInterfacesRequest struct {
	Limit    *int64 `json:"limit,omitempty"`     // maximum number of objects returned (1..1000, default 50)
	Offset   *int64 `json:"offset,omitempty"`    // number of objects skipped first
	Order    string `json:"order,omitempty"`     // ASC (default) or DESC, see the command's Sort
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// BootpInterfacesResponse is the answer of show-bootp-interfaces.
type BootpInterfacesResponse struct {
	From    int64            `json:"from"`
	To      int64            `json:"to"`
	Total   int64            `json:"total"`
	Objects []BootpInterface `json:"objects"`
}

// BootpStatsRequest is the body of show-bootp-stats.
type BootpStatsRequest struct {
	Summary  string `json:"summary,omitempty"`   // Filter the bootp stats returned
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// BootpStatsResponse is the answer of show-bootp-stats.
type BootpStatsResponse struct {
	ReceiveSummary BootpReceiveSummary `json:"receive-summary"`
	RequestSummary BootpRequestSummary `json:"request-summary"`
	ReplySummary   BootpReplySummary   `json:"reply-summary"`
}

// BridgeInterfacesRequest is the body of show-bridge-interfaces.
type BridgeInterfacesRequest struct {
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
	MemberID        string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
}

// BridgeInterfacesResponse is the answer of show-bridge-interfaces.
type BridgeInterfacesResponse struct {
	Objects []BridgeInterface `json:"objects"`
}

// ClusterMembersRequest is the body of show-cluster-members.
type ClusterMembersRequest struct {
}

// ClusterMembersResponse is the answer of show-cluster-members.
type ClusterMembersResponse struct {
	Members         []ClusterMember `json:"members"`
	PendingGateways []ClusterMember `json:"pending-gateways"`
}

// ClusterStateRequest is the body of show-cluster-state.
type ClusterStateRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
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

// ConfigurationIpv6PimRequest is the body of show-configuration-ipv6-pim.
type ConfigurationIpv6PimRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// ConfigurationIpv6PimResponse is the answer of show-configuration-ipv6-pim.
type ConfigurationIpv6PimResponse struct {
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

// ConfigurationIsisRequest is the body of show-configuration-isis.
type ConfigurationIsisRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
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

// ConfigurationPimRequest is the body of show-configuration-pim.
type ConfigurationPimRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// ConfigurationPimResponse is the answer of show-configuration-pim.
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
	MaxResults *MaxResults        `json:"max-results,omitempty"` // Max number of connection to display, or "all" (10 by default)
	UsePreset  *bool              `json:"use-preset,omitempty"`  // A preset represents a pre-configured request with default values
	Preset     []string           `json:"preset,omitempty"`      // The names of the presets to be used (API call "show-connections-presets" returns the list of available presets)
	Filter     *ConnectionsFilter `json:"filter,omitempty"`      // Connection filtering options
	MemberID   string             `json:"member-id,omitempty"`   // cluster member that runs the command (see Command.MemberRouting)
}

// ConnectionsResponse is the answer of show-connections.
type ConnectionsResponse struct {
	Results int64  `json:"results"`
	Data    string `json:"data"`
}

// ConnectionsFilter selects connections; every field given must match.
type ConnectionsFilter struct {
	InstanceID      []string `json:"instance-id,omitempty"`      // firewall instances queried (all by default)
	Source          string   `json:"source,omitempty"`           // source IP address
	Destination     string   `json:"destination,omitempty"`      // destination IP address
	IPProtocol      *int64   `json:"ip-protocol,omitempty"`      // IP protocol number
	SourcePort      *int64   `json:"source-port,omitempty"`      // source port
	DestinationPort *int64   `json:"destination-port,omitempty"` // destination port
	IPVersion       string   `json:"ip-version,omitempty"`       // v4, v6 or any (default)
}

// ConnectionsPresetsRequest is the body of show-connections-presets.
type ConnectionsPresetsRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// ConnectionsPresetsResponse is the answer of show-connections-presets.
type ConnectionsPresetsResponse struct {
	Presets []ConnectionsPreset `json:"presets"`
}

// CustomIntelligenceFeedsRequest is the body of show-custom-intelligence-feeds.
type CustomIntelligenceFeedsRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// CustomIntelligenceFeedsResponse is the answer of show-custom-intelligence-feeds.
type CustomIntelligenceFeedsResponse struct {
	Objects []CustomIntelligenceFeed `json:"objects"`
}

// DiagnosticsRequest is the body of show-diagnostics.
type DiagnosticsRequest struct {
	Category string `json:"category"`
	Topic    string `json:"topic"`
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// DiagnosticsResponse is the answer of show-diagnostics.
type DiagnosticsResponse struct {
	Total   int64              `json:"total"`
	From    int64              `json:"from"`
	To      int64              `json:"to"`
	Objects []DiagnosticsEntry `json:"objects"`
}

// DiagnosticsTopicsRequest is the body of show-diagnostics-topics.
type DiagnosticsTopicsRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// DiagnosticsTopicsResponse is the answer of show-diagnostics-topics.
type DiagnosticsTopicsResponse struct {
	OS string `json:"os"`
}

// DynamicLayerRequest is the body of show-dynamic-layer.
type DynamicLayerRequest struct {
	Name            string `json:"name"`                        // Object name
	VirtualSystemID string `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
	MemberID        string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
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
	MemberID        string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
}

// DynamicLayersResponse is the answer of show-dynamic-layers.
type DynamicLayersResponse struct {
	Layers []DynamicLayerSummary `json:"layers"`
}

// ExtendedCommandsRequest is the body of show-extended-commands.
type ExtendedCommandsRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// ExtendedCommandsResponse is the answer of show-extended-commands.
type ExtendedCommandsResponse struct {
	ExtendedCommands []ExtendedCommand `json:"extended-commands"`
}

// FeaturesRequest is the body of show-features.
type FeaturesRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// FeaturesResponse is the answer of show-features.
type FeaturesResponse struct {
	Features []Feature `json:"features"`
}

// GreInterfacesRequest is the body of show-gre-interfaces.
type GreInterfacesRequest struct {
	MemberID        string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
}

// GreInterfacesResponse is the answer of show-gre-interfaces.
type GreInterfacesResponse struct {
	Objects []GreInterface `json:"objects"`
}

// IgmpGroupsRequest is the body of show-igmp-groups.
type IgmpGroupsRequest struct {
	Limit     *int64 `json:"limit,omitempty"`     // maximum number of objects returned (1..1000, default 50)
	Offset    *int64 `json:"offset,omitempty"`    // number of objects skipped first
	Order     string `json:"order,omitempty"`     // ASC (default) or DESC, see the command's Sort
	Type      string `json:"type,omitempty"`      // The type of IGMP group
	Interface string `json:"interface,omitempty"` // The name of the interface associated with the IGMP groups
	MemberID  string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// IgmpGroupsResponse is the answer of show-igmp-groups.
type IgmpGroupsResponse struct {
	From    int64       `json:"from"`
	To      int64       `json:"to"`
	Total   int64       `json:"total"`
	Objects []IgmpGroup `json:"objects"`
}

// IgmpInterfaceStatsRequest is the body of show-igmp-interface-stats.
type IgmpInterfaceStatsRequest struct {
	Interface string `json:"interface"`           // The name of IGMP interface
	MemberID  string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// IgmpInterfaceStatsResponse is the answer of show-igmp-interface-stats.
type IgmpInterfaceStatsResponse struct {
	Receive  IgmpInterfaceReceive  `json:"receive"`
	Transmit IgmpInterfaceTransmit `json:"transmit"`
}

// IgmpInterfacesRequest is the body of show-igmp-interfaces.
type IgmpInterfacesRequest struct {
	Limit    *int64 `json:"limit,omitempty"`     // maximum number of objects returned (1..1000, default 50)
	Offset   *int64 `json:"offset,omitempty"`    // number of objects skipped first
	Order    string `json:"order,omitempty"`     // ASC (default) or DESC, see the command's Sort
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// IgmpInterfacesResponse is the answer of show-igmp-interfaces.
type IgmpInterfacesResponse struct {
	From    int64           `json:"from"`
	To      int64           `json:"to"`
	Total   int64           `json:"total"`
	Objects []IgmpInterface `json:"objects"`
}

// IgmpInterfacesStatsRequest is the body of show-igmp-interfaces-stats.
type IgmpInterfacesStatsRequest struct {
	Limit    *int64 `json:"limit,omitempty"`     // maximum number of objects returned (1..1000, default 50)
	Offset   *int64 `json:"offset,omitempty"`    // number of objects skipped first
	Order    string `json:"order,omitempty"`     // ASC (default) or DESC, see the command's Sort
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// IgmpInterfacesStatsResponse is the answer of show-igmp-interfaces-stats.
type IgmpInterfacesStatsResponse struct {
	From    int64                `json:"from"`
	To      int64                `json:"to"`
	Total   int64                `json:"total"`
	Objects []IgmpInterfaceStats `json:"objects"`
}

// IgmpStatsRequest is the body of show-igmp-stats.
type IgmpStatsRequest struct {
	Type     string `json:"type,omitempty"`      // The type of IGMP statistics
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// IgmpStatsResponse is the answer of show-igmp-stats.
type IgmpStatsResponse struct {
	Receive  IgmpReceive  `json:"receive"`
	Transmit IgmpTransmit `json:"transmit"`
	Error    IgmpErrors   `json:"error"`
}

// IgmpSummaryRequest is the body of show-igmp-summary.
type IgmpSummaryRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// IgmpSummaryResponse is the answer of show-igmp-summary.
type IgmpSummaryResponse struct {
	NextGroupAge      string `json:"next-group-age"`
	InterfacesEnabled int64  `json:"interfaces-enabled"`
}

// InterfaceRequest is the body of show-interface.
type InterfaceRequest struct {
	Name            string `json:"name"`
	MemberID        string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
}

// InterfaceResponse is the answer of show-interface.
type InterfaceResponse struct {
	IPv4Address          string `json:"ipv4-address"`
	IPv4MaskLength       string `json:"ipv4-mask-length"`
	Enabled              bool   `json:"enabled"`
	IPv6Autoconfig       bool   `json:"ipv6-autoconfig"`
	Comments             string `json:"comments"`
	IPv6Address          string `json:"ipv6-address"`
	IPv6MaskLength       string `json:"ipv6-mask-length"`
	IPv6LocalLinkAddress string `json:"ipv6-local-link-address"`
	Type                 string `json:"type"`
}

// InterfacesRequest is the body of show-interfaces.
type InterfacesRequest struct {
	Names           []string `json:"names,omitempty"`
	MemberID        string   `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
	VirtualSystemID *int64   `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
}

// InterfacesResponse is the answer of show-interfaces.
type InterfacesResponse struct {
	Objects []InterfaceInfo `json:"objects"`
}

// InterfacesByTypeRequest is the body of show-interfaces-by-type.
type InterfacesByTypeRequest struct {
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
	MemberID        string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
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
	Limit    int64  `json:"limit"`               // The maximum number of each type of result
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// IpConflictsResponse is the answer of show-ip-conflicts.
type IpConflictsResponse struct {
	FlipFlop                 []IPConflict `json:"flip-flop"`
	ReusedOldEthernetAddress []IPConflict `json:"reused-old-ethernet-address"`
}

// ConfigurationBgpRequest is the body of show-configuration-bgp.
type ConfigurationBgpRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
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

// ConfigurationIpConflictsRequest is the body of show-ip-conflicts-configuration.
type ConfigurationIpConflictsRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// ConfigurationIpConflictsResponse is the answer of show-ip-conflicts-configuration.
type ConfigurationIpConflictsResponse struct {
	Objects []IPConflictsInterface `json:"objects"`
}

// PhysicalInterfacesRequest is the body of show-physical-interfaces.
type PhysicalInterfacesRequest struct {
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
	MemberID        string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
}

// PhysicalInterfacesResponse is the answer of show-physical-interfaces.
type PhysicalInterfacesResponse struct {
	Objects []PhysicalInterface `json:"objects"`
}

// VlanInterfacesRequest is the body of show-vlan-interfaces.
type VlanInterfacesRequest struct {
	Parent          string `json:"parent,omitempty"`            // VLAN Trunk
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
	MemberID        string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
}

// VlanInterfacesResponse is the answer of show-vlan-interfaces.
type VlanInterfacesResponse struct {
	Objects []VlanInterface `json:"objects"`
}

// VxlanInterfacesRequest is the body of show-vxlan-interfaces.
type VxlanInterfacesRequest struct {
	MemberID        string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
}

// VxlanInterfacesResponse is the answer of show-vxlan-interfaces.
type VxlanInterfacesResponse struct {
	Objects []VxlanInterface `json:"objects"`
}

// LoopbackInterfacesRequest is the body of show-loopback-interfaces.
type LoopbackInterfacesRequest struct {
	MemberID        string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
}

// LoopbackInterfacesResponse is the answer of show-loopback-interfaces.
type LoopbackInterfacesResponse struct {
	Objects []LoopbackInterface `json:"objects"`
}

// VirtualSystemsRequest is the body of show-virtual-systems.
type VirtualSystemsRequest struct {
	Limit    *int64 `json:"limit,omitempty"`     // maximum number of objects returned (1..1000, default 50)
	Offset   *int64 `json:"offset,omitempty"`    // number of objects skipped first
	Order    string `json:"order,omitempty"`     // ASC (default) or DESC, see the command's Sort
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// VirtualSystemsResponse is the answer of show-virtual-systems.
type VirtualSystemsResponse struct {
	From    int64           `json:"from"`
	To      int64           `json:"to"`
	Total   int64           `json:"total"`
	Objects []VirtualSystem `json:"objects"`
}

// VersionRequest is the body of show-version.
type VersionRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// VersionResponse is the answer of show-version.
type VersionResponse struct {
	ProductVersion  string `json:"product-version"`
	OSBuild         string `json:"os-build"`
	OSKernelVersion string `json:"os-kernel-version"`
	OSEdition       string `json:"os-edition"`
}

// RoutesRequest is the body of show-routes.
type RoutesRequest struct {
	Limit           *int64 `json:"limit,omitempty"`             // maximum number of objects returned (1..1000, default 50)
	Offset          *int64 `json:"offset,omitempty"`            // number of objects skipped first
	Order           string `json:"order,omitempty"`             // ASC (default) or DESC, see the command's Sort
	AddressFamily   string `json:"address-family,omitempty"`    // Address family of routes returned
	MemberID        string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
}

// RoutesResponse is the answer of show-routes.
type RoutesResponse struct {
	From    int64   `json:"from"`
	To      int64   `json:"to"`
	Total   int64   `json:"total"`
	Objects []Route `json:"objects"`
}

// RoutesStaticRequest is the body of show-routes-static.
type RoutesStaticRequest struct {
	Limit           *int64 `json:"limit,omitempty"`             // maximum number of objects returned (1..1000, default 50)
	Offset          *int64 `json:"offset,omitempty"`            // number of objects skipped first
	Order           string `json:"order,omitempty"`             // ASC (default) or DESC, see the command's Sort
	AddressFamily   string `json:"address-family,omitempty"`    // Address family of routes returned
	MemberID        string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
}

// RoutesStaticResponse is the answer of show-routes-static.
type RoutesStaticResponse struct {
	From    int64   `json:"from"`
	To      int64   `json:"to"`
	Total   int64   `json:"total"`
	Objects []Route `json:"objects"`
}

// StaticRoutesRequest is the body of show-static-routes.
type StaticRoutesRequest struct {
	Limit           *int64 `json:"limit,omitempty"`             // maximum number of objects returned (1..1000, default 50)
	Offset          *int64 `json:"offset,omitempty"`            // number of objects skipped first
	Order           string `json:"order,omitempty"`             // ASC (default) or DESC, see the command's Sort
	MemberID        string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
}

// StaticRoutesResponse is the answer of show-static-routes.
type StaticRoutesResponse struct {
	From    int64         `json:"from"`
	To      int64         `json:"to"`
	Total   int64         `json:"total"`
	Objects []StaticRoute `json:"objects"`
}

// RoutesRipRequest is the body of show-routes-rip.
type RoutesRipRequest struct {
	Limit           *int64 `json:"limit,omitempty"`             // maximum number of objects returned (1..1000, default 50)
	Offset          *int64 `json:"offset,omitempty"`            // number of objects skipped first
	Order           string `json:"order,omitempty"`             // ASC (default) or DESC, see the command's Sort
	AddressFamily   string `json:"address-family,omitempty"`    // Address family of routes returned
	MemberID        string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
}

// RoutesRipResponse is the answer of show-routes-rip.
type RoutesRipResponse struct {
	From    int64   `json:"from"`
	To      int64   `json:"to"`
	Total   int64   `json:"total"`
	Objects []Route `json:"objects"`
}

// RoutesOspfRequest is the body of show-routes-ospf.
type RoutesOspfRequest struct {
	Limit           *int64 `json:"limit,omitempty"`             // maximum number of objects returned (1..1000, default 50)
	Offset          *int64 `json:"offset,omitempty"`            // number of objects skipped first
	Order           string `json:"order,omitempty"`             // ASC (default) or DESC, see the command's Sort
	AddressFamily   string `json:"address-family,omitempty"`    // Address family of routes returned
	MemberID        string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
}

// RoutesOspfResponse is the answer of show-routes-ospf.
type RoutesOspfResponse struct {
	From    int64   `json:"from"`
	To      int64   `json:"to"`
	Total   int64   `json:"total"`
	Objects []Route `json:"objects"`
}

// RoutesDirectRequest is the body of show-routes-direct.
type RoutesDirectRequest struct {
	Limit         *int64 `json:"limit,omitempty"`          // maximum number of objects returned (1..1000, default 50)
	Offset        *int64 `json:"offset,omitempty"`         // number of objects skipped first
	Order         string `json:"order,omitempty"`          // ASC (default) or DESC, see the command's Sort
	AddressFamily string `json:"address-family,omitempty"` // Address family of routes returned
	MemberID      string `json:"member-id,omitempty"`      // cluster member that runs the command (see Command.MemberRouting)
}

// RoutesDirectResponse is the answer of show-routes-direct.
type RoutesDirectResponse struct {
	From    int64   `json:"from"`
	To      int64   `json:"to"`
	Total   int64   `json:"total"`
	Objects []Route `json:"objects"`
}

// OspfInterfacesRequest is the body of show-ospf-interfaces.
type OspfInterfacesRequest struct {
	Limit            *int64 `json:"limit,omitempty"`             // maximum number of objects returned (1..1000, default 50)
	Offset           *int64 `json:"offset,omitempty"`            // number of objects skipped first
	Order            string `json:"order,omitempty"`             // ASC (default) or DESC, see the command's Sort
	ProtocolInstance string `json:"protocol-instance,omitempty"` // Existing OSPFv2 Instance
	MemberID         string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
}

// OspfInterfacesResponse is the answer of show-ospf-interfaces.
type OspfInterfacesResponse struct {
	From    int64           `json:"from"`
	To      int64           `json:"to"`
	Total   int64           `json:"total"`
	Objects []OspfInterface `json:"objects"`
}

// OspfNeighborsRequest is the body of show-ospf-neighbors.
type OspfNeighborsRequest struct {
	Limit            *int64 `json:"limit,omitempty"`             // maximum number of objects returned (1..1000, default 50)
	Offset           *int64 `json:"offset,omitempty"`            // number of objects skipped first
	Order            string `json:"order,omitempty"`             // ASC (default) or DESC, see the command's Sort
	ProtocolInstance string `json:"protocol-instance,omitempty"` // Existing OSPFv2 Instance
	MemberID         string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
}

// OspfNeighborsResponse is the answer of show-ospf-neighbors.
type OspfNeighborsResponse struct {
	From    int64          `json:"from"`
	To      int64          `json:"to"`
	Total   int64          `json:"total"`
	Objects []OspfNeighbor `json:"objects"`
}

// OspfSummaryRequest is the body of show-ospf-summary.
type OspfSummaryRequest struct {
	ProtocolInstance string `json:"protocol-instance,omitempty"` // Existing OSPFv2 Instance
	MemberID         string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
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

// PimInterfacesRequest is the body of show-pim-interfaces.
type PimInterfacesRequest struct {
	Limit    *int64 `json:"limit,omitempty"`     // maximum number of objects returned (1..1000, default 50)
	Offset   *int64 `json:"offset,omitempty"`    // number of objects skipped first
	Order    string `json:"order,omitempty"`     // ASC (default) or DESC, see the command's Sort
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// PimInterfacesResponse is the answer of show-pim-interfaces.
type PimInterfacesResponse struct {
	From    int64          `json:"from"`
	To      int64          `json:"to"`
	Total   int64          `json:"total"`
	Objects []PimInterface `json:"objects"`
}

// PimNeighborsRequest is the body of show-pim-neighbors.
type PimNeighborsRequest struct {
	Limit    *int64 `json:"limit,omitempty"`     // maximum number of objects returned (1..1000, default 50)
	Offset   *int64 `json:"offset,omitempty"`    // number of objects skipped first
	Order    string `json:"order,omitempty"`     // ASC (default) or DESC, see the command's Sort
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// PimNeighborsResponse is the answer of show-pim-neighbors.
type PimNeighborsResponse struct {
	From    int64         `json:"from"`
	To      int64         `json:"to"`
	Total   int64         `json:"total"`
	Objects []PimNeighbor `json:"objects"`
}

// IsisInterfacesRequest is the body of show-isis-interfaces.
type IsisInterfacesRequest struct {
	Limit            *int64 `json:"limit,omitempty"`             // maximum number of objects returned (1..1000, default 50)
	Offset           *int64 `json:"offset,omitempty"`            // number of objects skipped first
	Order            string `json:"order,omitempty"`             // ASC (default) or DESC, see the command's Sort
	ProtocolInstance string `json:"protocol-instance,omitempty"` // The instance to be queried
	MemberID         string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
}

// IsisInterfacesResponse is the answer of show-isis-interfaces.
type IsisInterfacesResponse struct {
	From    int64           `json:"from"`
	To      int64           `json:"to"`
	Total   int64           `json:"total"`
	Objects []IsisInterface `json:"objects"`
}

// IsisNeighborsRequest is the body of show-isis-neighbors.
type IsisNeighborsRequest struct {
	Limit            *int64 `json:"limit,omitempty"`             // maximum number of objects returned (1..1000, default 50)
	Offset           *int64 `json:"offset,omitempty"`            // number of objects skipped first
	Order            string `json:"order,omitempty"`             // ASC (default) or DESC, see the command's Sort
	ProtocolInstance string `json:"protocol-instance,omitempty"` // The instance to be queried
	MemberID         string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
}

// IsisNeighborsResponse is the answer of show-isis-neighbors.
type IsisNeighborsResponse struct {
	From    int64          `json:"from"`
	To      int64          `json:"to"`
	Total   int64          `json:"total"`
	Objects []IsisNeighbor `json:"objects"`
}

// RemoteSyslogsRequest is the body of show-remote-syslogs.
type RemoteSyslogsRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// RemoteSyslogsResponse is the answer of show-remote-syslogs.
type RemoteSyslogsResponse struct {
	Objects []RemoteSyslog `json:"objects"`
}

// SerialNumberRequest is the body of show-serial-number.
type SerialNumberRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// SerialNumberResponse is the answer of show-serial-number.
type SerialNumberResponse struct {
	SerialNumber string `json:"serial-number"`
}

// TimezonesRequest is the body of show-timezones.
type TimezonesRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// TimezonesResponse is the answer of show-timezones.
type TimezonesResponse struct {
	Timezones []string `json:"timezones"`
}

// UsersRequest is the body of show-users.
type UsersRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// UsersResponse is the answer of show-users.
type UsersResponse struct {
	Objects []User `json:"objects"`
}

// RolesRequest is the body of show-roles.
type RolesRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// RolesResponse is the answer of show-roles.
type RolesResponse struct {
	Roles []Role `json:"roles"`
}

// NatPoolsRequest is the body of show-nat-pools.
type NatPoolsRequest struct {
	Limit    *int64 `json:"limit,omitempty"`     // maximum number of objects returned (1..1000, default 50)
	Offset   *int64 `json:"offset,omitempty"`    // number of objects skipped first
	Order    string `json:"order,omitempty"`     // ASC (default) or DESC, see the command's Sort
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// NatPoolsResponse is the answer of show-nat-pools.
type NatPoolsResponse struct {
	From    int64     `json:"from"`
	To      int64     `json:"to"`
	Total   int64     `json:"total"`
	Objects []NatPool `json:"objects"`
}

// RoutemapsRequest is the body of show-routemaps.
type RoutemapsRequest struct {
	Limit    *int64 `json:"limit,omitempty"`     // maximum number of objects returned (1..1000, default 50)
	Offset   *int64 `json:"offset,omitempty"`    // number of objects skipped first
	Order    string `json:"order,omitempty"`     // ASC (default) or DESC, see the command's Sort
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// RoutemapsResponse is the answer of show-routemaps.
type RoutemapsResponse struct {
	From    int64      `json:"from"`
	To      int64      `json:"to"`
	Total   int64      `json:"total"`
	Objects []Routemap `json:"objects"`
}

// DnsRequest is the body of show-dns.
type DnsRequest struct {
	MemberID        string `json:"member-id,omitempty"`         // cluster member that runs the command (see Command.MemberRouting)
	VirtualSystemID *int64 `json:"virtual-system-id,omitempty"` // virtual system whose objects are shown (default 0)
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

// NtpRequest is the body of show-ntp.
type NtpRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// NtpResponse is the answer of show-ntp.
type NtpResponse struct {
	Enabled   bool        `json:"enabled"`
	Servers   []NTPServer `json:"servers"`
	Preferred string      `json:"preferred"`
}

// TimeAndDateRequest is the body of show-time-and-date.
type TimeAndDateRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// TimeAndDateResponse is the answer of show-time-and-date.
type TimeAndDateResponse struct {
	Date     string `json:"date"`     // YYYY-MM-DD
	Time     string `json:"time"`     // HH:MM:SS
	Timezone string `json:"timezone"` // Area / Region, as show-timezones lists them
	ISO8601  string `json:"iso8601"`
	Posix    int64  `json:"posix"` // seconds since the epoch
}

// HostnameRequest is the body of show-hostname.
type HostnameRequest struct {
	MemberID string `json:"member-id,omitempty"` // cluster member that runs the command (see Command.MemberRouting)
}

// HostnameResponse is the answer of show-hostname.
type HostnameResponse struct {
	Name string `json:"name"`
}
