package netfab

import "regexp"

// Cross-connects (VXCs) and service keys: the types of docs/api/netfab.md
// "Cross-connects" and "Service keys" beyond the VXCConfig of an order.

// VLANUntagged orders a VXC end untagged.
const VLANUntagged = -1

// Partners of a partner configuration (PartnerConfig.Partner). Every one
// but PartnerVRouter belongs to a partner port of the connect type
// PartnerConnectTypes names; PartnerVRouter configures the end's own cloud
// router (an MCR or a NAT gateway).
const (
	PartnerAWS     = "aws"
	PartnerAzure   = "azure"
	PartnerGoogle  = "google"
	PartnerOracle  = "oracle"
	PartnerIBM     = "ibm"
	PartnerTransit = "transit"
	PartnerVRouter = "vrouter"
)

// PartnerConnectTypes are the partner ports' connect types each partner
// configuration fits.
var PartnerConnectTypes = map[string][]string{
	PartnerAWS:     {"AWS", "AWSHC"},
	PartnerAzure:   {"AZURE"},
	PartnerGoogle:  {"GOOGLE"},
	PartnerOracle:  {"ORACLE"},
	PartnerIBM:     {"IBM"},
	PartnerTransit: {"TRANSIT"},
}

// Key formats of the clouds, shared by the sandbox and the provider's
// plan-time checks.
var (
	// AzureServiceKeyPattern is an ExpressRoute circuit's service key, a UUID.
	AzureServiceKeyPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
	// GooglePairingKeyPattern is a partner interconnect attachment's pairing
	// key: a UUID, the region, and the edge availability domain (1 or 2).
	GooglePairingKeyPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/[a-z]+(-[a-z0-9]+)+/[12]$`)
	// OracleVirtualCircuitPattern is an OCI FastConnect virtual circuit's OCID.
	OracleVirtualCircuitPattern = regexp.MustCompile(`^ocid1\.virtualcircuit\.oc[0-9]+\.[a-z0-9-]*\.[a-z0-9]{20,}$`)
	// AWSAccountPattern is an AWS account ID, twelve digits.
	AWSAccountPattern = regexp.MustCompile(`^[0-9]{12}$`)
	// IBMAccountPattern is an IBM Cloud account ID, 32 hexadecimal digits.
	IBMAccountPattern = regexp.MustCompile(`^[0-9a-fA-F]{32}$`)
	// IBMNamePattern is the name of an IBM direct link: 0-9 a-z A-Z / - _ and the comma.
	IBMNamePattern = regexp.MustCompile(`^[0-9a-zA-Z/\-_,]{1,100}$`)
)

// PartnerConfig is the partner configuration of one VXC end: Partner and
// exactly the section it names (none for transit).
type PartnerConfig struct {
	Partner string         `json:"partner"`
	AWS     *AWSConfig     `json:"aws,omitempty"`
	Azure   *AzureConfig   `json:"azure,omitempty"`
	Google  *GoogleConfig  `json:"google,omitempty"`
	Oracle  *OracleConfig  `json:"oracle,omitempty"`
	IBM     *IBMConfig     `json:"ibm,omitempty"`
	VRouter *VRouterConfig `json:"vrouter,omitempty"`
}

// AWSConfig is an AWS Direct Connect hosted virtual interface
// (ConnectType AWS) or hosted connection (AWSHC).
type AWSConfig struct {
	ConnectType       string `json:"connectType"`
	Type              string `json:"type,omitempty"` // private, public or transit; AWS only
	OwnerAccount      string `json:"ownerAccount"`
	Name              string `json:"name"`
	ASN               int64  `json:"asn,omitempty"`
	AmazonASN         int64  `json:"amazonAsn,omitempty"`
	AuthKey           string `json:"authKey,omitempty"`
	Prefixes          string `json:"prefixes,omitempty"`
	CustomerIPAddress string `json:"customerIpAddress,omitempty"`
	AmazonIPAddress   string `json:"amazonIpAddress,omitempty"`
}

// AzureConfig is an ExpressRoute connection: the circuit's service key and
// which of its two ports the VXC takes.
type AzureConfig struct {
	ServiceKey string      `json:"serviceKey"`
	PortChoice string      `json:"portChoice"` // primary or secondary
	Peers      []AzurePeer `json:"peers,omitempty"`
}

// AzurePeer is one peering of an ExpressRoute circuit.
type AzurePeer struct {
	Type            string `json:"type"` // private or microsoft
	PeerASN         string `json:"peerAsn,omitempty"`
	PrimarySubnet   string `json:"primarySubnet,omitempty"`
	SecondarySubnet string `json:"secondarySubnet,omitempty"`
	Prefixes        string `json:"prefixes,omitempty"`
	SharedKey       string `json:"sharedKey,omitempty"`
	VLAN            int64  `json:"vlan,omitempty"`
}

// GoogleConfig is a Partner Interconnect attachment, by its pairing key.
type GoogleConfig struct {
	PairingKey string `json:"pairingKey"`
}

// OracleConfig is a FastConnect virtual circuit.
type OracleConfig struct {
	VirtualCircuitID string `json:"virtualCircuitId"`
}

// IBMConfig is an IBM Direct Link.
type IBMConfig struct {
	AccountID         string `json:"accountId"`
	CustomerASN       int64  `json:"customerAsn,omitempty"`
	Name              string `json:"name,omitempty"`
	CustomerIPAddress string `json:"customerIpAddress,omitempty"`
	ProviderIPAddress string `json:"providerIpAddress,omitempty"`
}

// VRouterConfig configures the cloud router at this end of the VXC.
type VRouterConfig struct {
	Interfaces []VRouterInterface `json:"interfaces"`
}

// VRouterInterface is one interface of the cloud router on the VXC.
type VRouterInterface struct {
	Description     string              `json:"description,omitempty"`
	InterfaceType   string              `json:"interfaceType,omitempty"` // subInterface (default) or ipSecTunnel
	IPAddresses     []string            `json:"ipAddresses,omitempty"`
	IPRoutes        []IPRoute           `json:"ipRoutes,omitempty"`
	NATIPAddresses  []string            `json:"natIpAddresses,omitempty"`
	BFD             *BFD                `json:"bfd,omitempty"`
	BGPConnections  []BGPConnection     `json:"bgpConnections,omitempty"`
	VLAN            int64               `json:"vlan,omitempty"`
	IPMTU           int64               `json:"ipMtu,omitempty"`
	PacketFilterIn  int64               `json:"packetFilterIn,omitempty"`
	PacketFilterOut int64               `json:"packetFilterOut,omitempty"`
	IPsecTunnel     *IPsecTunnelOptions `json:"ipSecTunnel,omitempty"`
}

// IPRoute is a static route.
type IPRoute struct {
	Prefix      string `json:"prefix"`
	NextHop     string `json:"nextHop"`
	Description string `json:"description,omitempty"`
}

// BFD is the bidirectional forwarding detection of an interface.
type BFD struct {
	TxInterval int64 `json:"txInterval"`
	RxInterval int64 `json:"rxInterval"`
	Multiplier int64 `json:"multiplier"`
}

// BGPConnection is a BGP session of the cloud router's interface.
type BGPConnection struct {
	PeerASN            int64    `json:"peerAsn"`
	LocalASN           int64    `json:"localAsn,omitempty"`
	LocalIPAddress     string   `json:"localIpAddress"`
	PeerIPAddress      string   `json:"peerIpAddress"`
	Password           string   `json:"password,omitempty"`
	Shutdown           bool     `json:"shutdown,omitempty"`
	Description        string   `json:"description,omitempty"`
	MEDIn              int64    `json:"medIn,omitempty"`
	MEDOut             int64    `json:"medOut,omitempty"`
	BFDEnabled         bool     `json:"bfdEnabled,omitempty"`
	ExportPolicy       string   `json:"exportPolicy,omitempty"` // permit or deny
	PermitExportTo     []string `json:"permitExportTo,omitempty"`
	DenyExportTo       []string `json:"denyExportTo,omitempty"`
	ImportWhitelist    string   `json:"importWhitelist,omitempty"`
	ImportBlacklist    string   `json:"importBlacklist,omitempty"`
	ExportWhitelist    string   `json:"exportWhitelist,omitempty"`
	ExportBlacklist    string   `json:"exportBlacklist,omitempty"`
	ASPathPrependCount int64    `json:"asPathPrependCount,omitempty"`
	PeerType           string   `json:"peerType,omitempty"` // NON_CLOUD, PRIV_CLOUD or PUB_CLOUD
	ASOverride         bool     `json:"asOverride,omitempty"`
}

// IPsecTunnelOptions is the IPsec tunnel of an ipSecTunnel interface.
type IPsecTunnelOptions struct {
	SourceIPAddress      string `json:"sourceIpAddress"`
	DestinationIPAddress string `json:"destinationIpAddress"`
	PreSharedKey         string `json:"preSharedKey,omitempty"`
	Passive              *bool  `json:"passive,omitempty"`
	LocalID              string `json:"localId,omitempty"`
	RemoteID             string `json:"remoteId,omitempty"`
	Phase1Lifetime       int64  `json:"phase1Lifetime,omitempty"`
	Phase2Lifetime       int64  `json:"phase2Lifetime,omitempty"`
}

// VXCEnd is one end of a VXC as the service reports it.
type VXCEnd struct {
	ProductUID    string `json:"productUid"`
	ProductName   string `json:"productName"`
	ProductType   string `json:"productType"` // PORT, MCR2, MVE, NAT_GATEWAY or PARTNER
	OwnerUID      string `json:"ownerUid"`
	LocationID    int64  `json:"locationId"`
	Location      string `json:"location"`
	SecondaryName string `json:"secondaryName"`
	// VLAN is absent when the end is untagged (Untagged).
	VLAN      int64  `json:"vlan,omitempty"`
	Untagged  bool   `json:"untagged"`
	InnerVLAN int64  `json:"innerVlan,omitempty"`
	VNICIndex *int64 `json:"vnicIndex,omitempty"`
}

// CSPConnection is what the service made of a partner configuration: one
// per configured end (secrets left out).
type CSPConnection struct {
	ConnectType        string   `json:"connectType"`
	ResourceName       string   `json:"resourceName"`
	ResourceType       string   `json:"resourceType"`
	Name               string   `json:"name,omitempty"`
	OwnerAccount       string   `json:"ownerAccount,omitempty"`
	Type               string   `json:"type,omitempty"`
	VIFID              string   `json:"vifId,omitempty"`
	ConnectionID       string   `json:"connectionId,omitempty"`
	ASN                int64    `json:"asn,omitempty"`
	AmazonASN          int64    `json:"amazonAsn,omitempty"`
	CustomerIPAddress  string   `json:"customerIpAddress,omitempty"`
	AmazonAddress      string   `json:"amazonAddress,omitempty"`
	ServiceKey         string   `json:"serviceKey,omitempty"`
	Managed            bool     `json:"managed,omitempty"`
	PairingKey         string   `json:"pairingKey,omitempty"`
	VirtualCircuitID   string   `json:"virtualCircuitId,omitempty"`
	AccountID          string   `json:"accountId,omitempty"`
	CustomerASN        int64    `json:"customerAsn,omitempty"`
	ProviderIPAddress  string   `json:"providerIpAddress,omitempty"`
	Bandwidth          int64    `json:"bandwidth,omitempty"`
	Bandwidths         []int64  `json:"bandwidths,omitempty"`
	VLAN               int64    `json:"vlan,omitempty"`
	CSPName            string   `json:"cspName,omitempty"`
	IPAddresses        []string `json:"ipAddresses,omitempty"`
	VirtualRouterName  string   `json:"virtualRouterName,omitempty"`
	CustomerIP4Address string   `json:"customerIp4Address,omitempty"`
	CustomerIP6Network string   `json:"customerIp6Network,omitempty"`
	IPv4GatewayAddress string   `json:"ipv4GatewayAddress,omitempty"`
	IPv6GatewayAddress string   `json:"ipv6GatewayAddress,omitempty"`
}

// VXCUpdate changes a VXC in place. Its ends and the partner
// configurations of partner ports change only by ordering a new VXC; a
// vrouter configuration (the end's own cloud router) changes in place.
type VXCUpdate struct {
	RateLimit         *int64         `json:"rateLimit,omitempty"`
	AEndVLAN          *int64         `json:"aEndVlan,omitempty"`
	BEndVLAN          *int64         `json:"bEndVlan,omitempty"`
	AEndInnerVLAN     *int64         `json:"aEndInnerVlan,omitempty"`
	BEndInnerVLAN     *int64         `json:"bEndInnerVlan,omitempty"`
	Shutdown          *bool          `json:"shutdown,omitempty"`
	AEndPartnerConfig *PartnerConfig `json:"aEndPartnerConfig,omitempty"`
	BEndPartnerConfig *PartnerConfig `json:"bEndPartnerConfig,omitempty"`
}

// ServiceKeyValidFor is the window in which a service key may be used
// (RFC 3339 times; either may be absent).
type ServiceKeyValidFor struct {
	StartTime string `json:"startTime,omitempty"`
	EndTime   string `json:"endTime,omitempty"`
}

// ServiceKeyRequest is the body of POST /v3/service-keys.
type ServiceKeyRequest struct {
	ProductUID  string              `json:"productUid"`
	Description string              `json:"description,omitempty"`
	MaxSpeed    int64               `json:"maxSpeed"`
	SingleUse   bool                `json:"singleUse"`
	Active      bool                `json:"active"`
	VLAN        int64               `json:"vlan,omitempty"`
	PreApproved *bool               `json:"preApproved,omitempty"`
	ValidFor    *ServiceKeyValidFor `json:"validFor,omitempty"`
}

// ServiceKeyUpdate is the body of PUT /v3/service-keys/{key}: what changes
// in place.
type ServiceKeyUpdate struct {
	Active   *bool               `json:"active,omitempty"`
	ValidFor *ServiceKeyValidFor `json:"validFor,omitempty"`
}

// ServiceKey lets another company order a VXC to one of your ports.
type ServiceKey struct {
	Key         string              `json:"key"`
	ProductUID  string              `json:"productUid"`
	ProductID   int64               `json:"productId"`
	Description string              `json:"description"`
	MaxSpeed    int64               `json:"maxSpeed"`
	SingleUse   bool                `json:"singleUse"`
	Active      bool                `json:"active"`
	VLAN        int64               `json:"vlan,omitempty"`
	PreApproved bool                `json:"preApproved"`
	ValidFor    *ServiceKeyValidFor `json:"validFor,omitempty"`
	CompanyUID  string              `json:"companyUid"`
	CompanyID   int64               `json:"companyId"`
	CompanyName string              `json:"companyName"`
	CreateDate  string              `json:"createDate"`
	LastUsed    string              `json:"lastUsed,omitempty"`
	Expired     bool                `json:"expired"`
	Valid       bool                `json:"valid"`
	// VXCCount is how many VXCs were ordered with the key (they are the
	// other company's, so only their count is answered).
	VXCCount int64 `json:"vxcCount"`
}
