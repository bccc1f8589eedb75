// Package netfab holds the wire types of the netfab API (docs/api/netfab.md),
// shared by the client (internal/client/netfab) and the sandbox
// (internal/sandbox/netfab).
package netfab

// Wire types of the netfab API, as written down in docs/api/netfab.md. The
// sandbox (internal/sandbox/netfab) serves exactly these shapes.

// Product types.
const (
	ProductTypePort       = "PORT"
	ProductTypeMCR        = "MCR2"
	ProductTypeMVE        = "MVE"
	ProductTypeVXC        = "VXC"
	ProductTypeIX         = "IX"
	ProductTypeNATGateway = "NAT_GATEWAY"
)

// Provisioning states. An order creates a product in DEPLOYABLE; it becomes
// CONFIGURED and then LIVE as the service provisions it. Cancelling moves it to
// CANCELLED and then DECOMMISSIONED. DESIGN is a validated but unbought order.
const (
	StatusDesign         = "DESIGN"
	StatusDeployable     = "DEPLOYABLE"
	StatusConfigured     = "CONFIGURED"
	StatusLive           = "LIVE"
	StatusCancelled      = "CANCELLED"
	StatusDecommissioned = "DECOMMISSIONED"
)

// Error codes of the error body.
const (
	CodeUnauthorized     = "UNAUTHORIZED"
	CodeForbidden        = "FORBIDDEN"
	CodeNotFound         = "NOT_FOUND"
	CodeValidationFailed = "VALIDATION_FAILED"
	CodeConflict         = "CONFLICT"
	CodeRateLimited      = "RATE_LIMITED"
	CodeInternal         = "INTERNAL"
)

// ErrorBody is the body of every non-2xx answer.
type ErrorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Field names the request field that broke a rule, in the API's camelCase.
	Field string `json:"field,omitempty"`
}

// Envelope wraps every successful answer.
type Envelope[T any] struct {
	Data T `json:"data"`
}

// TokenResponse is the answer of POST /oauth2/token.
type TokenResponse struct {
	AccessToken string `json:"access_token"`
	TokenType   string `json:"token_type"`
	ExpiresIn   int64  `json:"expires_in"`
}

// Location is a data centre.
type Location struct {
	ID        int64             `json:"id"`
	Name      string            `json:"name"`
	Country   string            `json:"country"`
	Metro     string            `json:"metro"`
	Market    string            `json:"market"`
	Status    string            `json:"status"`
	Address   map[string]string `json:"address"`
	Latitude  float64           `json:"latitude"`
	Longitude float64           `json:"longitude"`
	Products  LocationProducts  `json:"products"`
}

// LocationProducts is what can be ordered at a location.
type LocationProducts struct {
	MCR            bool     `json:"mcr"`
	MCRSpeeds      []int64  `json:"mcrSpeeds"`
	MVE            bool     `json:"mve"`
	PortSpeeds     []int64  `json:"portSpeeds"`
	NATGateway     bool     `json:"natGateway"`
	IXNetworkTypes []string `json:"ixNetworkServiceTypes"`
	DiversityZones []string `json:"diversityZones"`
}

// PartnerPort is a port of a cloud or exchange partner that cross-connects
// can terminate on.
type PartnerPort struct {
	ProductUID    string `json:"productUid"`
	ProductName   string `json:"productName"`
	CompanyUID    string `json:"companyUid"`
	CompanyName   string `json:"companyName"`
	ConnectType   string `json:"connectType"`
	DiversityZone string `json:"diversityZone"`
	LocationID    int64  `json:"locationId"`
	Speed         int64  `json:"speed"`
	Rank          int64  `json:"rank"`
	VXCPermitted  bool   `json:"vxcPermitted"`
}

// MVEImage is a virtual-edge software image.
type MVEImage struct {
	ID                int64    `json:"id"`
	Version           string   `json:"version"`
	Product           string   `json:"product"`
	Vendor            string   `json:"vendor"`
	VendorDescription string   `json:"vendorDescription"`
	ReleaseImage      bool     `json:"releaseImage"`
	ProductCode       string   `json:"productCode"`
	AvailableSizes    []string `json:"availableSizes"`
}

// MVESize is a virtual-edge size.
type MVESize struct {
	Size         string `json:"size"`
	Label        string `json:"label"`
	CPUCoreCount int64  `json:"cpuCoreCount"`
	RAMGB        int64  `json:"ramGb"`
}

// NATSessionPairing lists the session counts allowed at one NAT gateway speed.
type NATSessionPairing struct {
	Speed         int64   `json:"speed"`
	SessionCounts []int64 `json:"sessionCounts"`
}

// OrderRequest is the body of POST /v3/orders/validate and POST /v3/orders.
type OrderRequest struct {
	Items []OrderItem `json:"items"`
}

// OrderItem is one product to order. The type-specific section matching
// ProductType must be present where the type has one.
type OrderItem struct {
	ProductType           string            `json:"productType"`
	ProductName           string            `json:"productName"`
	LocationID            int64             `json:"locationId,omitempty"`
	PortSpeed             int64             `json:"portSpeed,omitempty"`
	ContractTermMonths    int64             `json:"contractTermMonths,omitempty"`
	CostCentre            string            `json:"costCentre,omitempty"`
	DiversityZone         string            `json:"diversityZone,omitempty"`
	MarketplaceVisibility *bool             `json:"marketplaceVisibility,omitempty"`
	PromoCode             string            `json:"promoCode,omitempty"`
	ResourceTags          map[string]string `json:"resourceTags,omitempty"`
	AttributeTags         map[string]string `json:"attributeTags,omitempty"`
	MCR                   *MCROrder         `json:"mcr,omitempty"`
	LAG                   *LAGOrder         `json:"lag,omitempty"`
	IX                    *IXConfig         `json:"ix,omitempty"`
	NATGateway            *NATConfig        `json:"natGateway,omitempty"`
	MVE                   *MVEConfig        `json:"mve,omitempty"`
	VXC                   *VXCConfig        `json:"vxc,omitempty"`
}

// MCROrder holds the cloud-router settings of an order.
type MCROrder struct {
	ASN int64 `json:"asn,omitempty"`
}

// IXConfig is an internet-exchange connection's configuration.
type IXConfig struct {
	RequestedProductUID string `json:"requestedProductUid"`
	NetworkServiceType  string `json:"networkServiceType"`
	ASN                 int64  `json:"asn"`
	MACAddress          string `json:"macAddress"`
	RateLimit           int64  `json:"rateLimit"`
	VLAN                int64  `json:"vlan"`
	Shutdown            bool   `json:"shutdown"`
	PublicGraph         *bool  `json:"publicGraph,omitempty"`
	ReverseDNS          string `json:"reverseDns,omitempty"`
}

// NATConfig is a NAT gateway's configuration.
type NATConfig struct {
	Speed              int64 `json:"speed"`
	SessionCount       int64 `json:"sessionCount"`
	ASN                int64 `json:"asn,omitempty"`
	AutoRenewTerm      bool  `json:"autoRenewTerm"`
	BGPShutdownDefault bool  `json:"bgpShutdownDefault"`
}

// LAGOrder makes a PORT item a link aggregation group of LagCount member
// ports of the item's portSpeed.
type LAGOrder struct {
	LagCount int64 `json:"lagCount"`
}

// MVEConfig is a virtual edge's order: its image and size, the vendor
// configuration that bootstraps the image, and its network interfaces.
type MVEConfig struct {
	ImageID int64  `json:"imageId"`
	Size    string `json:"size"`
	// VendorConfig is given to the appliance when it boots. The service
	// checks it against the image's vendor and never answers it back.
	VendorConfig *MVEVendorConfig `json:"vendorConfig,omitempty"`
	// VNICs are the interfaces to create, in order; without them the
	// vendor's minimum number of interfaces, each without a description.
	VNICs []MVEVNIC `json:"vnics,omitempty"`
}

// MVE vendors: the vendorConfig.vendor values, one per image vendor
// (MVEVendorOfImage), case-insensitive on the wire.
const (
	MVEVendor6Wind    = "6wind"
	MVEVendorAruba    = "aruba"
	MVEVendorAviatrix = "aviatrix"
	MVEVendorCisco    = "cisco"
	MVEVendorFortinet = "fortinet"
	MVEVendorMeraki   = "meraki"
	MVEVendorPaloAlto = "palo_alto"
	MVEVendorPrisma   = "prisma"
	MVEVendorVersa    = "versa"
	MVEVendorVMware   = "vmware"
)

// MVEVendorConfig is the bootstrap configuration of a virtual edge. Vendor
// selects which other fields apply (docs/api/netfab.md lists them); a field
// of another vendor is refused.
type MVEVendorConfig struct {
	Vendor             string `json:"vendor"`
	MVELabel           string `json:"mveLabel,omitempty"`
	AccountName        string `json:"accountName,omitempty"`
	AccountKey         string `json:"accountKey,omitempty"`
	SystemTag          string `json:"systemTag,omitempty"`
	AdminSSHPublicKey  string `json:"adminSshPublicKey,omitempty"`
	SSHPublicKey       string `json:"sshPublicKey,omitempty"`
	CloudInit          string `json:"cloudInit,omitempty"`
	LicenseData        string `json:"licenseData,omitempty"`
	AdminPassword      string `json:"adminPassword,omitempty"`
	AdminPasswordHash  string `json:"adminPasswordHash,omitempty"`
	ManageLocally      *bool  `json:"manageLocally,omitempty"`
	FMCIPAddress       string `json:"fmcIpAddress,omitempty"`
	FMCRegistrationKey string `json:"fmcRegistrationKey,omitempty"`
	FMCNatID           string `json:"fmcNatId,omitempty"`
	DirectorAddress    string `json:"directorAddress,omitempty"`
	ControllerAddress  string `json:"controllerAddress,omitempty"`
	LocalAuth          string `json:"localAuth,omitempty"`
	RemoteAuth         string `json:"remoteAuth,omitempty"`
	SerialNumber       string `json:"serialNumber,omitempty"`
	VcoAddress         string `json:"vcoAddress,omitempty"`
	VcoActivationCode  string `json:"vcoActivationCode,omitempty"`
	Token              string `json:"token,omitempty"`
	IONKey             string `json:"ionKey,omitempty"`
	SecretKey          string `json:"secretKey,omitempty"`
}

// MVEVNIC is a network interface of a virtual edge. The service assigns its
// VLAN; an order leaves it out.
type MVEVNIC struct {
	Description string `json:"description"`
	VLAN        int64  `json:"vlan,omitempty"`
}

// VXCConfig is a cross-connect's configuration: its two ends and its speed
// (vxc.go has the rest of the cross-connect's types). A VLAN of
// VLANUntagged (-1) orders the end untagged; 0 (absent) lets the service
// assign the lowest free one.
type VXCConfig struct {
	AEndProductUID string `json:"aEndProductUid"`
	AEndVLAN       int64  `json:"aEndVlan,omitempty"`
	AEndInnerVLAN  int64  `json:"aEndInnerVlan,omitempty"`
	AEndVNICIndex  *int64 `json:"aEndVnicIndex,omitempty"`
	// BEndProductUID may be left out when the B end follows from a service
	// key (the key's port) or from a partner configuration that picks the
	// partner port (Azure by service key and port choice, Google by pairing
	// key).
	BEndProductUID string `json:"bEndProductUid"`
	BEndVLAN       int64  `json:"bEndVlan,omitempty"`
	BEndInnerVLAN  int64  `json:"bEndInnerVlan,omitempty"`
	BEndVNICIndex  *int64 `json:"bEndVnicIndex,omitempty"`
	RateLimit      int64  `json:"rateLimit"`
	Shutdown       bool   `json:"shutdown,omitempty"`
	// ServiceKey, in an order, is another company's service key whose port
	// is the B end. Never answered.
	ServiceKey string `json:"serviceKey,omitempty"`
	// The partner configurations of the ends, in an order. Never answered:
	// they hold secrets, and what the service made of them is in
	// VXCDetails.CSPConnections.
	AEndPartnerConfig *PartnerConfig `json:"aEndPartnerConfig,omitempty"`
	BEndPartnerConfig *PartnerConfig `json:"bEndPartnerConfig,omitempty"`
}

// OrderValidation is one priced item of a validated order.
type OrderValidation struct {
	ProductType string  `json:"productType"`
	ProductName string  `json:"productName"`
	MonthlyRate float64 `json:"monthlyRate"`
	Currency    string  `json:"currency"`
}

// ProductPage is the answer of GET /v3/products: one page of the listing,
// and the token of the next page (empty on the last). The query names are
// the Products* constants.
type ProductPage struct {
	Data          []ListedProduct `json:"data"`
	NextPageToken string          `json:"nextPageToken,omitempty"`
}

// ListedProduct is a product of a listing; asked with
// includeResourceTags=true, it carries its resource tags (absent: none).
type ListedProduct struct {
	Product
	ResourceTags map[string]string `json:"resourceTags,omitempty"`
}

// The query of GET /v3/products: filters (each optional, all must hold),
// the resource tags, and paging.
const (
	ProductsQueryType       = "productType"
	ProductsQueryLocation   = "locationId"
	ProductsQueryName       = "productName"
	ProductsQueryStatus     = "provisioningStatus"
	ProductsQueryTags       = "includeResourceTags"
	ProductsQueryPageSize   = "pageSize"
	ProductsQueryPageToken  = "pageToken"
	ProductsPageSizeDefault = 100
	ProductsPageSizeMax     = 1000
)

// ListableStatuses are the provisioning statuses of the products a listing
// holds (its provisioningStatus filter): the active ones.
var ListableStatuses = []string{StatusDeployable, StatusConfigured, StatusLive}

// Product is any ordered product. Exactly the section of its type is set.
type Product struct {
	ProductUID            string            `json:"productUid"`
	ProductID             int64             `json:"productId"`
	ProductType           string            `json:"productType"`
	ProductName           string            `json:"productName"`
	ProvisioningStatus    string            `json:"provisioningStatus"`
	LocationID            int64             `json:"locationId"`
	PortSpeed             int64             `json:"portSpeed,omitempty"`
	ContractTermMonths    int64             `json:"contractTermMonths"`
	ContractStartDate     string            `json:"contractStartDate,omitempty"`
	ContractEndDate       string            `json:"contractEndDate,omitempty"`
	CostCentre            string            `json:"costCentre"`
	PromoCode             string            `json:"promoCode,omitempty"`
	DiversityZone         string            `json:"diversityZone,omitempty"`
	MarketplaceVisibility bool              `json:"marketplaceVisibility"`
	CreateDate            string            `json:"createDate"`
	CreatedBy             string            `json:"createdBy"`
	LiveDate              string            `json:"liveDate,omitempty"`
	TerminateDate         string            `json:"terminateDate,omitempty"`
	LastUpdated           string            `json:"lastUpdated"`
	CompanyUID            string            `json:"companyUid"`
	CompanyName           string            `json:"companyName"`
	Market                string            `json:"market"`
	SecondaryName         string            `json:"secondaryName"`
	UsageAlgorithm        string            `json:"usageAlgorithm"`
	AdminLocked           bool              `json:"adminLocked"`
	Locked                bool              `json:"locked"`
	Cancelable            bool              `json:"cancelable"`
	BuyoutPort            bool              `json:"buyoutPort"`
	LagPrimary            bool              `json:"lagPrimary"`
	LagID                 int64             `json:"lagId"`
	AggregationID         int64             `json:"aggregationId"`
	Virtual               bool              `json:"virtual"`
	VXCPermitted          bool              `json:"vxcPermitted"`
	VXCAutoApproval       bool              `json:"vxcAutoApproval"`
	AttributeTags         map[string]string `json:"attributeTags"`
	MCR                   *MCRDetails       `json:"mcr,omitempty"`
	LAG                   *LAGDetails       `json:"lag,omitempty"`
	IX                    *IXDetails        `json:"ix,omitempty"`
	NATGateway            *NATDetails       `json:"natGateway,omitempty"`
	MVE                   *MVEDetails       `json:"mve,omitempty"`
	VXC                   *VXCDetails       `json:"vxc,omitempty"`
}

// MCRDetails is the cloud-router section of a product.
type MCRDetails struct {
	ASN int64 `json:"asn"`
}

// IXDetails is the internet-exchange section of a product.
type IXDetails struct {
	IXConfig
	IXPeerMacro string      `json:"ixPeerMacro"`
	DeployDate  string      `json:"deployDate,omitempty"`
	Term        int64       `json:"term"`
	Resources   IXResources `json:"resources"`
}

// IXResources are the network resources allocated to an IX connection.
type IXResources struct {
	Interface      IXInterface       `json:"interface"`
	IPAddresses    []IXIPAddress     `json:"ipAddresses"`
	BGPConnections []IXBGPConnection `json:"bgpConnections"`
	VPLSInterface  IXVPLSInterface   `json:"vplsInterface"`
}

// IXInterface is the physical interface the IX connection rides on.
type IXInterface struct {
	Demarcation  string `json:"demarcation"`
	Media        string `json:"media"`
	PortSpeed    int64  `json:"portSpeed"`
	ResourceName string `json:"resourceName"`
	ResourceType string `json:"resourceType"`
	Up           int64  `json:"up"`
}

// IXIPAddress is an address allocated on the exchange.
type IXIPAddress struct {
	Address      string `json:"address"`
	ResourceName string `json:"resourceName"`
	ResourceType string `json:"resourceType"`
	Version      int64  `json:"version"`
	ReverseDNS   string `json:"reverseDns"`
}

// IXBGPConnection is a BGP session with an exchange route server.
type IXBGPConnection struct {
	ASN               int64  `json:"asn"`
	CustomerASN       int64  `json:"customerAsn"`
	CustomerIPAddress string `json:"customerIpAddress"`
	ISPASN            int64  `json:"ispAsn"`
	ISPIPAddress      string `json:"ispIpAddress"`
	IXPeerPolicy      string `json:"ixPeerPolicy"`
	MaxPrefixes       int64  `json:"maxPrefixes"`
	ResourceName      string `json:"resourceName"`
	ResourceType      string `json:"resourceType"`
}

// IXVPLSInterface is the layer-2 interface of the IX connection.
type IXVPLSInterface struct {
	MACAddress    string `json:"macAddress"`
	RateLimitMbps int64  `json:"rateLimitMbps"`
	ResourceName  string `json:"resourceName"`
	ResourceType  string `json:"resourceType"`
	VLAN          int64  `json:"vlan"`
}

// NATDetails is the NAT-gateway section of a product.
type NATDetails struct {
	NATConfig
	ServiceLevelReference string `json:"serviceLevelReference"`
}

// MVEDetails is the virtual-edge section of a product. The vendor
// configuration is not answered: it holds the appliance's secrets.
type MVEDetails struct {
	ImageID int64  `json:"imageId"`
	Size    string `json:"size"`
	// Vendor is the vendor key in upper case (ARUBA, PALO_ALTO, 6WIND).
	Vendor string    `json:"vendor"`
	VNICs  []MVEVNIC `json:"vnics"`
}

// LAGDetails is the section of a PORT product that is a link aggregation
// group.
type LAGDetails struct {
	LagCount int64 `json:"lagCount"`
	// LagPortUIDs are the member ports, the LAG's own product UID first.
	LagPortUIDs []string     `json:"lagPortUids"`
	Interface   LAGInterface `json:"interface"`
}

// LAGInterface is the aggregated interface of a LAG.
type LAGInterface struct {
	Demarcation string `json:"demarcation"`
	// Up is 1 while the LAG is LIVE, else 0.
	Up int64 `json:"up"`
}

// VXCDetails is the cross-connect section of a product.
type VXCDetails struct {
	VXCConfig
	AEnd           VXCEnd          `json:"aEnd"`
	BEnd           VXCEnd          `json:"bEnd"`
	DistanceBand   string          `json:"distanceBand"`
	CSPConnections []CSPConnection `json:"cspConnections"`
}

// ProductUpdate is the body of PUT /v3/products/{productUid}. Absent fields
// are left as they are; the type section must match the product's type.
type ProductUpdate struct {
	ProductName           *string `json:"productName,omitempty"`
	CostCentre            *string `json:"costCentre,omitempty"`
	MarketplaceVisibility *bool   `json:"marketplaceVisibility,omitempty"`
	ContractTermMonths    *int64  `json:"contractTermMonths,omitempty"`
	PromoCode             *string `json:"promoCode,omitempty"`
	// AttributeTags, when not nil, replaces the product's attribute tags; an
	// empty map clears them (nil is sent as null, which changes nothing).
	AttributeTags map[string]string `json:"attributeTags"`
	MCR           *MCRUpdate        `json:"mcr,omitempty"`
	IX            *IXUpdate         `json:"ix,omitempty"`
	NATGateway    *NATUpdate        `json:"natGateway,omitempty"`
	VXC           *VXCUpdate        `json:"vxc,omitempty"`
}

// MCRUpdate changes a cloud router in place.
type MCRUpdate struct {
	ASN *int64 `json:"asn,omitempty"`
}

// IXUpdate changes an IX connection in place.
type IXUpdate struct {
	ASN         *int64  `json:"asn,omitempty"`
	MACAddress  *string `json:"macAddress,omitempty"`
	RateLimit   *int64  `json:"rateLimit,omitempty"`
	VLAN        *int64  `json:"vlan,omitempty"`
	Shutdown    *bool   `json:"shutdown,omitempty"`
	PublicGraph *bool   `json:"publicGraph,omitempty"`
	ReverseDNS  *string `json:"reverseDns,omitempty"`
}

// NATUpdate changes a NAT gateway in place.
type NATUpdate struct {
	Speed              *int64 `json:"speed,omitempty"`
	SessionCount       *int64 `json:"sessionCount,omitempty"`
	ASN                *int64 `json:"asn,omitempty"`
	AutoRenewTerm      *bool  `json:"autoRenewTerm,omitempty"`
	BGPShutdownDefault *bool  `json:"bgpShutdownDefault,omitempty"`
}

// PrefixEntry is one entry of an MCR prefix filter list or a NAT gateway
// prefix list. Ge and Le bound the prefix length; 0 means unset.
type PrefixEntry struct {
	Action string `json:"action"`
	Prefix string `json:"prefix"`
	Ge     int64  `json:"ge,omitempty"`
	Le     int64  `json:"le,omitempty"`
}

// PrefixList is an MCR prefix filter list or a NAT gateway prefix list.
type PrefixList struct {
	ID            int64         `json:"id"`
	Description   string        `json:"description"`
	AddressFamily string        `json:"addressFamily"`
	Entries       []PrefixEntry `json:"entries"`
}

// IPsecAddOn is the IPsec tunnel add-on of a cloud router.
type IPsecAddOn struct {
	AddOnUID    string `json:"addOnUid"`
	AddOnType   string `json:"addOnType"`
	TunnelCount int64  `json:"tunnelCount"`
}

// AddOnTypeIPsec is the add-on type of the IPsec add-on.
const AddOnTypeIPsec = "IP_SEC"

// PacketFilterEntry is one rule of a NAT gateway packet filter. Optional
// fields are empty or zero when unset.
type PacketFilterEntry struct {
	Action             string `json:"action"`
	Description        string `json:"description,omitempty"`
	SourceAddress      string `json:"sourceAddress"`
	DestinationAddress string `json:"destinationAddress"`
	DestinationPorts   string `json:"destinationPorts,omitempty"`
	IPProtocol         int64  `json:"ipProtocol,omitempty"`
}

// PacketFilter is an ordered list of packet-filter rules on a NAT gateway.
type PacketFilter struct {
	ID          int64               `json:"id"`
	Description string              `json:"description"`
	Entries     []PacketFilterEntry `json:"entries"`
}

// PartnerPortRotation is the answer of the sandbox admin operation that gives
// a partner port a new UID, as the vendor does when it rotates ports.
type PartnerPortRotation struct {
	OldProductUID string `json:"oldProductUid"`
	NewProductUID string `json:"newProductUid"`
}
