package netfab

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"regexp"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework/validate"
)

// The partner configurations of a VXC end (a_end_partner_config,
// b_end_partner_config), with upstream's names and nesting: the schema,
// the plan-time rules, and the conversion to the API's PartnerConfig.

// partnerLegacyAEnd is upstream's deprecated A-end partner, the MCR's
// virtual router under partner_a_end_config; it is sent as vrouter.
const partnerLegacyAEnd = "a-end"

// partnerSections maps each partner to its section attribute; transit has
// none.
var partnerSections = map[string]string{
	netfabapi.PartnerAWS: "aws_config", netfabapi.PartnerAzure: "azure_config", netfabapi.PartnerGoogle: "google_config",
	netfabapi.PartnerOracle: "oracle_config", netfabapi.PartnerIBM: "ibm_config", netfabapi.PartnerVRouter: "vrouter_config",
	partnerLegacyAEnd: "partner_a_end_config",
}

type vxcPartnerConfigModel struct {
	Partner     types.String           `tfsdk:"partner"`
	AWS         *vxcAWSModel           `tfsdk:"aws_config"`
	Azure       *vxcAzureModel         `tfsdk:"azure_config"`
	Google      *vxcGoogleModel        `tfsdk:"google_config"`
	IBM         *vxcIBMModel           `tfsdk:"ibm_config"`
	Oracle      *vxcOracleModel        `tfsdk:"oracle_config"`
	VRouter     *vxcVRouterModel       `tfsdk:"vrouter_config"`
	PartnerAEnd *vxcLegacyVRouterModel `tfsdk:"partner_a_end_config"`
}

type vxcAWSModel struct {
	ConnectType       types.String `tfsdk:"connect_type"`
	Type              types.String `tfsdk:"type"`
	OwnerAccount      types.String `tfsdk:"owner_account"`
	Name              types.String `tfsdk:"name"`
	ASN               types.Int64  `tfsdk:"asn"`
	AmazonASN         types.Int64  `tfsdk:"amazon_asn"`
	AuthKey           types.String `tfsdk:"auth_key"`
	Prefixes          types.String `tfsdk:"prefixes"`
	CustomerIPAddress types.String `tfsdk:"customer_ip_address"`
	AmazonIPAddress   types.String `tfsdk:"amazon_ip_address"`
}

type vxcAzureModel struct {
	PortChoice types.String        `tfsdk:"port_choice"`
	ServiceKey types.String        `tfsdk:"service_key"`
	Peers      []vxcAzurePeerModel `tfsdk:"peers"`
}

type vxcAzurePeerModel struct {
	Type            types.String `tfsdk:"type"`
	PeerASN         types.String `tfsdk:"peer_asn"`
	Prefixes        types.String `tfsdk:"prefixes"`
	PrimarySubnet   types.String `tfsdk:"primary_subnet"`
	SecondarySubnet types.String `tfsdk:"secondary_subnet"`
	SharedKey       types.String `tfsdk:"shared_key"`
	VLAN            types.Int64  `tfsdk:"vlan"`
}

type vxcGoogleModel struct {
	PairingKey types.String `tfsdk:"pairing_key"`
}

type vxcOracleModel struct {
	VirtualCircuitID types.String `tfsdk:"virtual_circuit_id"`
}

type vxcIBMModel struct {
	AccountID         types.String `tfsdk:"account_id"`
	CustomerASN       types.Int64  `tfsdk:"customer_asn"`
	Name              types.String `tfsdk:"name"`
	CustomerIPAddress types.String `tfsdk:"customer_ip_address"`
	ProviderIPAddress types.String `tfsdk:"provider_ip_address"`
}

type vxcVRouterModel struct {
	Interfaces []vxcInterfaceModel `tfsdk:"interfaces"`
}

type vxcLegacyVRouterModel struct {
	Interfaces []vxcLegacyInterfaceModel `tfsdk:"interfaces"`
}

type vxcInterfaceModel struct {
	Description        types.String       `tfsdk:"description"`
	InterfaceType      types.String       `tfsdk:"interface_type"`
	IPAddresses        types.List         `tfsdk:"ip_addresses"`
	IPRoutes           []vxcIPRouteModel  `tfsdk:"ip_routes"`
	NATIPAddresses     types.List         `tfsdk:"nat_ip_addresses"`
	BFD                *vxcBFDModel       `tfsdk:"bfd"`
	BGPConnections     []vxcBGPModel      `tfsdk:"bgp_connections"`
	VLAN               types.Int64        `tfsdk:"vlan"`
	IPMTU              types.Int64        `tfsdk:"ip_mtu"`
	PacketFilterIn     types.String       `tfsdk:"packet_filter_in"`
	PacketFilterOut    types.String       `tfsdk:"packet_filter_out"`
	IPsecTunnelOptions *vxcIPsecTunnelMod `tfsdk:"ip_sec_tunnel_options"`
}

type vxcLegacyInterfaceModel struct {
	IPAddresses    types.List          `tfsdk:"ip_addresses"`
	IPRoutes       []vxcIPRouteModel   `tfsdk:"ip_routes"`
	NATIPAddresses types.List          `tfsdk:"nat_ip_addresses"`
	BFD            *vxcBFDModel        `tfsdk:"bfd"`
	BGPConnections []vxcLegacyBGPModel `tfsdk:"bgp_connections"`
}

type vxcIPRouteModel struct {
	Prefix      types.String `tfsdk:"prefix"`
	NextHop     types.String `tfsdk:"next_hop"`
	Description types.String `tfsdk:"description"`
}

type vxcBFDModel struct {
	TxInterval types.Int64 `tfsdk:"tx_interval"`
	RxInterval types.Int64 `tfsdk:"rx_interval"`
	Multiplier types.Int64 `tfsdk:"multiplier"`
}

type vxcLegacyBGPModel struct {
	PeerASN            types.Int64  `tfsdk:"peer_asn"`
	LocalASN           types.Int64  `tfsdk:"local_asn"`
	LocalIPAddress     types.String `tfsdk:"local_ip_address"`
	PeerIPAddress      types.String `tfsdk:"peer_ip_address"`
	Password           types.String `tfsdk:"password"`
	Shutdown           types.Bool   `tfsdk:"shutdown"`
	Description        types.String `tfsdk:"description"`
	MEDIn              types.Int64  `tfsdk:"med_in"`
	MEDOut             types.Int64  `tfsdk:"med_out"`
	BFDEnabled         types.Bool   `tfsdk:"bfd_enabled"`
	ExportPolicy       types.String `tfsdk:"export_policy"`
	PermitExportTo     types.List   `tfsdk:"permit_export_to"`
	DenyExportTo       types.List   `tfsdk:"deny_export_to"`
	ImportWhitelist    types.String `tfsdk:"import_whitelist"`
	ImportBlacklist    types.String `tfsdk:"import_blacklist"`
	ExportWhitelist    types.String `tfsdk:"export_whitelist"`
	ExportBlacklist    types.String `tfsdk:"export_blacklist"`
	ASPathPrependCount types.Int64  `tfsdk:"as_path_prepend_count"`
	ASOverride         types.Bool   `tfsdk:"as_override"`
}

type vxcBGPModel struct {
	vxcLegacyBGPModel
	PeerType types.String `tfsdk:"peer_type"`
}

type vxcIPsecTunnelMod struct {
	SourceIPAddress      types.String `tfsdk:"source_ip_address"`
	DestinationIPAddress types.String `tfsdk:"destination_ip_address"`
	PreSharedKey         types.String `tfsdk:"pre_shared_key"`
	Passive              types.Bool   `tfsdk:"passive"`
	LocalID              types.String `tfsdk:"local_id"`
	RemoteID             types.String `tfsdk:"remote_id"`
	Phase1Lifetime       types.Int64  `tfsdk:"phase1_lifetime"`
	Phase2Lifetime       types.Int64  `tfsdk:"phase2_lifetime"`
}

// packetFilterRefPattern is a NAT gateway packet filter named on a VXC
// interface: its resource id, "<gateway UID>:<number>" (the import ID, which
// upstream's configurations pass as the filter's id), or the number alone.
var packetFilterRefPattern = regexp.MustCompile(`^(?:([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}):)?([1-9][0-9]{0,17})$`)

var packetFilterRef = stringvalidator.RegexMatches(packetFilterRefPattern,
	"must be a packet filter's number (such as 3) or its id (<NAT gateway UID>:<number>)")

// parsePacketFilterRef splits a packet filter reference into the gateway it
// names ("" for a bare number) and the filter's number (0 when it is not a
// reference).
func parsePacketFilterRef(ref string) (gateway string, number int64) {
	m := packetFilterRefPattern.FindStringSubmatch(ref)
	if m == nil {
		return "", 0
	}
	n, err := strconv.ParseInt(m[2], 10, 64)
	if err != nil {
		return "", 0
	}
	return strings.ToLower(m[1]), n
}

func packetFilterNumber(v types.String) int64 {
	_, n := parsePacketFilterRef(v.ValueString())
	return n
}

func optString(desc string, v ...validator.String) schema.StringAttribute {
	return schema.StringAttribute{Optional: true, Description: desc, Validators: v}
}

func optInt(desc string, v ...validator.Int64) schema.Int64Attribute {
	return schema.Int64Attribute{Optional: true, Description: desc, Validators: v}
}

func optBool(desc string) schema.BoolAttribute {
	return schema.BoolAttribute{Optional: true, Description: desc}
}

func optStrings(desc string, v ...validator.String) schema.ListAttribute {
	return schema.ListAttribute{Optional: true, ElementType: types.StringType, Description: desc,
		Validators: []validator.List{listvalidator.ValueStringsAre(v...)}}
}

var (
	asnRange = int64validator.Between(1, 4294967295)
	// hostAddress is an IP address without a prefix length.
	hostAddress = validate.StringFunc("must be an IP address without a prefix length, such as 169.254.100.6", func(s string) error {
		if _, err := netip.ParseAddr(s); err != nil {
			return errors.New("must be an IP address without a prefix length, such as 169.254.100.6")
		}
		return nil
	})
	// addressWithPrefix is an interface address with its prefix length.
	addressWithPrefix = validate.StringFunc("must be an address with its prefix length, such as 169.254.100.6/29", func(s string) error {
		if _, err := netip.ParsePrefix(s); err != nil {
			return errors.New("must be an address with its prefix length, such as 169.254.100.6/29")
		}
		return nil
	})
	uuidPattern = stringvalidator.RegexMatches(netfabapi.AzureServiceKeyPattern, "must be a UUID such as 8c3f1a52-0d4e-4b7a-9e21-5f6a7b8c9d0e")
)

func bgpAttributes(withPeerType bool) map[string]schema.Attribute {
	a := map[string]schema.Attribute{
		"peer_asn":              optInt("The peer ASN of the BGP connection.", asnRange),
		"local_asn":             optInt("The local ASN of the BGP connection; the router's own when absent.", asnRange),
		"local_ip_address":      optString("The local IP address of the BGP connection, without a prefix length (such as 169.254.100.6); in a subnet of the interface's ip_addresses.", hostAddress),
		"peer_ip_address":       optString("The peer IP address of the BGP connection, without a prefix length (such as 169.254.100.1); in the same subnet as local_ip_address.", hostAddress),
		"password":              schema.StringAttribute{Optional: true, Sensitive: true, Description: "The MD5 password of the BGP session, at most 25 characters.", Validators: []validator.String{stringvalidator.LengthBetween(1, 25)}},
		"shutdown":              optBool("Whether the BGP connection is shut down."),
		"description":           optString("The description of the BGP connection."),
		"med_in":                optInt("The MED applied to routes received on the connection.", int64validator.Between(0, 4294967295)),
		"med_out":               optInt("The MED advertised on the connection.", int64validator.Between(0, 4294967295)),
		"bfd_enabled":           optBool("Whether BFD is enabled for the BGP connection; needs the interface's bfd settings."),
		"export_policy":         optString("The export policy of the BGP connection: permit or deny.", stringvalidator.OneOf("permit", "deny")),
		"permit_export_to":      optStrings("Addresses of the router's BGP peers this connection's routes are exported to (export_policy deny).", hostAddress),
		"deny_export_to":        optStrings("Addresses of the router's BGP peers this connection's routes are not exported to (export_policy permit).", hostAddress),
		"import_whitelist":      optString("Description of a prefix filter list of the end's MCR or NAT gateway: routes received must match it to be accepted."),
		"import_blacklist":      optString("Description of a prefix filter list of the end's MCR or NAT gateway: routes received that match it are discarded."),
		"export_whitelist":      optString("Description of a prefix filter list of the end's MCR or NAT gateway: routes must match it to be advertised."),
		"export_blacklist":      optString("Description of a prefix filter list of the end's MCR or NAT gateway: routes that match it are not advertised."),
		"as_path_prepend_count": optInt("How many times the local ASN is prepended to the AS path, 0 to 10.", int64validator.Between(0, 10)),
		"as_override":           optBool("Whether the peer's ASN is replaced with the local ASN in advertised AS paths (eBGP only)."),
	}
	if withPeerType {
		a["peer_type"] = optString("The default routing policy of the connection: NON_CLOUD, PRIV_CLOUD or PUB_CLOUD; by default it follows the far end of the VXC.",
			stringvalidator.OneOf("NON_CLOUD", "PRIV_CLOUD", "PUB_CLOUD"))
	}
	return a
}

func interfaceCommonAttributes(withPeerType bool) map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"ip_addresses":     optStrings("The interface's addresses, each with its prefix length (such as 169.254.100.6/29).", addressWithPrefix),
		"nat_ip_addresses": optStrings("The NAT addresses of the interface.", hostAddress),
		"ip_routes": schema.ListNestedAttribute{
			Optional:    true,
			Description: "Static routes of the interface.",
			NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
				"prefix":      optString("The destination, a CIDR in network-address form such as 10.0.0.0/16.", validate.CIDR()),
				"next_hop":    optString("The next hop address.", hostAddress),
				"description": optString("The description of the route."),
			}},
		},
		"bfd": schema.SingleNestedAttribute{
			Optional:    true,
			Description: "Bidirectional forwarding detection on the interface.",
			Attributes: map[string]schema.Attribute{
				"tx_interval": optInt("Transmit interval in milliseconds, 300 to 9000.", int64validator.Between(300, 9000)),
				"rx_interval": optInt("Receive interval in milliseconds, 300 to 9000.", int64validator.Between(300, 9000)),
				"multiplier":  optInt("Missed packets before the session is down, 3 to 20.", int64validator.Between(3, 20)),
			},
		},
		"bgp_connections": schema.ListNestedAttribute{
			Optional:     true,
			Description:  "BGP sessions of the interface.",
			NestedObject: schema.NestedAttributeObject{Attributes: bgpAttributes(withPeerType)},
		},
	}
}

func vrouterAttribute(desc string, legacy bool) schema.SingleNestedAttribute {
	iface := interfaceCommonAttributes(!legacy)
	if !legacy {
		iface["description"] = optString("A description of the interface.")
		iface["interface_type"] = optString("The interface's type: subInterface (the default) or ipSecTunnel.", stringvalidator.OneOf("subInterface", "ipSecTunnel"))
		iface["vlan"] = optInt("Inner VLAN of an implicit Q-in-Q VXC (Azure), 2 to 4093.", int64validator.Between(2, 4093))
		iface["ip_mtu"] = optInt("The IP MTU of the interface, 1280 to 9074; 1500 when absent.", int64validator.Between(1280, 9074))
		iface["packet_filter_in"] = optString("A packet filter of the end's NAT gateway applied to inbound traffic (NAT gateway ends only): "+
			"the filter's id (`<NAT gateway UID>:<number>`, as netfab_nat_gateway_packet_filter's `id`) or its number alone.", packetFilterRef)
		iface["packet_filter_out"] = optString("A packet filter of the end's NAT gateway applied to outbound traffic (NAT gateway ends only): "+
			"the filter's id (`<NAT gateway UID>:<number>`, as netfab_nat_gateway_packet_filter's `id`) or its number alone.", packetFilterRef)
		iface["ip_sec_tunnel_options"] = schema.SingleNestedAttribute{
			Optional: true,
			Description: "The IPsec tunnel of an ipSecTunnel interface, on an MCR with an IPsec add-on. The pre-shared key is " +
				"write-only: it is sent when the tunnel is configured and never stored.",
			Attributes: map[string]schema.Attribute{
				"source_ip_address":      schema.StringAttribute{Required: true, Description: "Local IPv4 address of the tunnel.", Validators: []validator.String{hostAddress}},
				"destination_ip_address": schema.StringAttribute{Required: true, Description: "Remote peer IPv4 address.", Validators: []validator.String{hostAddress}},
				"pre_shared_key":         schema.StringAttribute{Required: true, Sensitive: true, WriteOnly: true, Description: "Pre-shared key of the tunnel (write-only)."},
				"passive":                optBool("Whether the tunnel waits for the peer to initiate; true when absent."),
				"local_id":               optString("IKE local identifier override."),
				"remote_id":              optString("IKE remote identifier override."),
				"phase1_lifetime":        optInt("IKE phase 1 lifetime in seconds, 3600 to 604800; 28800 when absent.", int64validator.Between(3600, 604800)),
				"phase2_lifetime":        optInt("IKE phase 2 lifetime in seconds, 600 to 86400, less than phase1_lifetime; 3600 when absent.", int64validator.Between(600, 86400)),
			},
		}
	}
	a := schema.SingleNestedAttribute{
		Optional:    true,
		Description: desc,
		Attributes: map[string]schema.Attribute{
			"interfaces": schema.ListNestedAttribute{
				Required:     true,
				Description:  "The interfaces of the router on the VXC.",
				NestedObject: schema.NestedAttributeObject{Attributes: iface},
			},
		},
	}
	if legacy {
		a.DeprecationMessage = "Use vrouter_config (partner \"vrouter\") instead."
	}
	return a
}

// partnerConfigAttribute is a_end_partner_config or b_end_partner_config.
func partnerConfigAttribute(end string, partners []string) schema.SingleNestedAttribute {
	return schema.SingleNestedAttribute{
		Optional: true,
		Description: "The partner configuration of the " + end + ": `partner` and the section it names. A cloud's configuration " +
			"(aws, azure, google, oracle, ibm) fits a partner port of its connect type and cannot change: changing it replaces the VXC. " +
			"A vrouter configuration configures the end's own MCR or NAT gateway and changes in place. The service never answers " +
			"these configurations: after an import they are empty until the configuration gives them (the next apply updates a " +
			"vrouter configuration in place).",
		Attributes: map[string]schema.Attribute{
			"partner": schema.StringAttribute{
				Required:    true,
				Description: "The partner: one of `" + strings.Join(partners, "`, `") + "`.",
				Validators:  []validator.String{stringvalidator.OneOf(partners...)},
			},
			"aws_config": schema.SingleNestedAttribute{
				Optional:    true,
				Description: "AWS Direct Connect: a hosted virtual interface (connect_type AWS) or a hosted connection (AWSHC).",
				Attributes: map[string]schema.Attribute{
					"connect_type":        schema.StringAttribute{Required: true, Description: "AWS (hosted virtual interface) or AWSHC (hosted connection, at one of AWS's hosted speeds), on any AWS partner port.", Validators: []validator.String{stringvalidator.OneOf("AWS", "AWSHC")}},
					"type":                optString("The virtual interface's type: private, public or transit. Required for connect_type AWS; a hosted connection (AWSHC) has none and ignores it.", stringvalidator.OneOf("private", "public", "transit")),
					"owner_account":       schema.StringAttribute{Required: true, Description: "The AWS account ID (12 digits) the interface or connection is offered to.", Validators: []validator.String{stringvalidator.RegexMatches(netfabapi.AWSAccountPattern, "must be an AWS account ID of 12 digits")}},
					"name":                schema.StringAttribute{Required: true, Description: "The name of the interface or connection, 1 to 255 characters.", Validators: []validator.String{stringvalidator.LengthBetween(1, 255)}},
					"asn":                 optInt("The customer ASN of the BGP session.", asnRange),
					"amazon_asn":          optInt("The Amazon side ASN.", asnRange),
					"auth_key":            schema.StringAttribute{Optional: true, Sensitive: true, Description: "The BGP authentication key, 6 to 80 characters.", Validators: []validator.String{stringvalidator.LengthBetween(6, 80)}},
					"prefixes":            optString("Prefixes announced to AWS (public virtual interfaces)."),
					"customer_ip_address": optString("The customer address with its prefix length.", addressWithPrefix),
					"amazon_ip_address":   optString("The Amazon address with its prefix length.", addressWithPrefix),
				},
			},
			"azure_config": schema.SingleNestedAttribute{
				Optional:    true,
				Description: "Azure ExpressRoute: the circuit's service key and which of its two ports the VXC takes. Without b_end.requested_product_uid the service picks the circuit's port.",
				Attributes: map[string]schema.Attribute{
					"port_choice": schema.StringAttribute{Required: true, Description: "primary or secondary.", Validators: []validator.String{stringvalidator.OneOf("primary", "secondary")}},
					"service_key": schema.StringAttribute{Required: true, Sensitive: true, Description: "The ExpressRoute circuit's service key, a UUID.", Validators: []validator.String{uuidPattern}},
					"peers": schema.ListNestedAttribute{
						Optional:    true,
						Description: "Peerings of the circuit the service configures.",
						NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
							"type":             schema.StringAttribute{Required: true, Description: "private or microsoft.", Validators: []validator.String{stringvalidator.OneOf("private", "microsoft")}},
							"peer_asn":         optString("The peer ASN."),
							"prefixes":         optString("Prefixes of a Microsoft peering."),
							"primary_subnet":   optString("The primary subnet, a CIDR.", validate.CIDR()),
							"secondary_subnet": optString("The secondary subnet, a CIDR.", validate.CIDR()),
							"shared_key":       schema.StringAttribute{Optional: true, Sensitive: true, Description: "The shared key of the peering."},
							"vlan":             optInt("The VLAN of the peering, 2 to 4093.", int64validator.Between(2, 4093)),
						}},
					},
				},
			},
			"google_config": schema.SingleNestedAttribute{
				Optional:    true,
				Description: "Google Cloud Partner Interconnect. Without b_end.requested_product_uid the service picks the port of the key's edge availability domain.",
				Attributes: map[string]schema.Attribute{
					"pairing_key": schema.StringAttribute{Required: true, Description: "The attachment's pairing key, <uuid>/<region>/<1 or 2>.",
						Validators: []validator.String{stringvalidator.RegexMatches(netfabapi.GooglePairingKeyPattern, "must be a pairing key <uuid>/<region>/<1 or 2>, such as 2f6b8a91-4c3d-4e5f-8a7b-1c2d3e4f5a6b/us-central1/1")}},
				},
			},
			"oracle_config": schema.SingleNestedAttribute{
				Optional:    true,
				Description: "Oracle Cloud FastConnect.",
				Attributes: map[string]schema.Attribute{
					"virtual_circuit_id": schema.StringAttribute{Required: true, Description: "The virtual circuit's OCID.",
						Validators: []validator.String{stringvalidator.RegexMatches(netfabapi.OracleVirtualCircuitPattern, "must be a virtual circuit OCID such as ocid1.virtualcircuit.oc1.ap-sydney-1.<id>")}},
				},
			},
			"ibm_config": schema.SingleNestedAttribute{
				Optional:    true,
				Description: "IBM Cloud Direct Link.",
				Attributes: map[string]schema.Attribute{
					"account_id": schema.StringAttribute{Required: true, Description: "The IBM Cloud account ID, 32 hexadecimal digits.",
						Validators: []validator.String{stringvalidator.RegexMatches(netfabapi.IBMAccountPattern, "must be an IBM Cloud account ID of 32 hexadecimal digits")}},
					"customer_asn": optInt("The customer ASN: 1-64495, 64999, 131072-4199999999 or 4201000000-4201064511. Required unless the other end is an MCR.",
						int64validator.Any(int64validator.Between(1, 64495), int64validator.OneOf(64999),
							int64validator.Between(131072, 4199999999), int64validator.Between(4201000000, 4201064511))),
					"name": optString("A name for the link: at most 100 characters of 0-9 a-z A-Z / - _ ,",
						stringvalidator.RegexMatches(netfabapi.IBMNamePattern, "must be at most 100 characters of 0-9 a-z A-Z / - _ ,")),
					"customer_ip_address": optString("The customer address with its prefix length.", addressWithPrefix),
					"provider_ip_address": optString("The provider address with its prefix length.", addressWithPrefix),
				},
			},
			"vrouter_config":       vrouterAttribute("The end's own MCR or NAT gateway: its interfaces on the VXC. Changes in place.", false),
			"partner_a_end_config": vrouterAttribute("The A end's MCR (partner \"a-end\"). Deprecated: use vrouter_config.", true),
		},
	}
}

// validatePartnerConfig checks that a known partner configuration has
// exactly the section its partner names.
func validatePartnerConfig(ctx context.Context, root string, cfg types.Object, end types.Object, diags *diag.Diagnostics) {
	if cfg.IsNull() || cfg.IsUnknown() {
		return
	}
	attrs := cfg.Attributes()
	partner, _ := attrs["partner"].(types.String)
	if partner.IsUnknown() || partner.IsNull() {
		return
	}
	want := partnerSections[partner.ValueString()]
	for _, section := range partnerSections {
		v := attrs[section]
		if v == nil || v.IsUnknown() {
			continue
		}
		switch {
		case section == want && v.IsNull():
			diags.AddAttributeError(path.Root(root).AtName(section), "Missing partner configuration",
				fmt.Sprintf("partner %q needs %s.%s.", partner.ValueString(), root, section))
		case section != want && !v.IsNull():
			diags.AddAttributeError(path.Root(root).AtName(section), "Partner configuration does not match its partner",
				fmt.Sprintf("%s.%s does not apply to partner %q; give only %s.", root, section, partner.ValueString(), sectionOrNone(want)))
		}
	}
	if aws, ok := attrs["aws_config"].(types.Object); ok && !aws.IsNull() && !aws.IsUnknown() {
		a := aws.Attributes()
		ct, _ := a["connect_type"].(types.String)
		typ, _ := a["type"].(types.String)
		switch {
		case ct.IsUnknown() || typ.IsUnknown():
		case ct.ValueString() == "AWS" && typ.IsNull():
			diags.AddAttributeError(path.Root(root).AtName("aws_config").AtName("type"), "Missing AWS virtual interface type",
				"aws_config.type (private, public or transit) is required when connect_type is AWS (a hosted virtual interface).")
		}
	}
	var m vxcPartnerConfigModel
	if d := cfg.As(ctx, &m, basetypes.ObjectAsOptions{UnhandledUnknownAsEmpty: true}); d.HasError() {
		return
	}
	for i, in := range m.vrouterInterfaces(ctx) {
		at := path.Root(root).AtName(partnerSections[partner.ValueString()]).AtName("interfaces").AtListIndex(i)
		if t := in.IPsecTunnel; t != nil {
			if in.InterfaceType != "ipSecTunnel" {
				diags.AddAttributeError(at.AtName("ip_sec_tunnel_options"), "IPsec tunnel on a sub-interface",
					"ip_sec_tunnel_options needs interface_type = \"ipSecTunnel\".")
			}
			if t.Phase1Lifetime != 0 && t.Phase2Lifetime != 0 && t.Phase2Lifetime >= t.Phase1Lifetime {
				diags.AddAttributeError(at.AtName("ip_sec_tunnel_options").AtName("phase2_lifetime"), "Invalid IPsec lifetimes",
					"phase2_lifetime must be less than phase1_lifetime.")
			}
		}
		if m.VRouter != nil && i < len(m.VRouter.Interfaces) {
			mi := m.VRouter.Interfaces[i]
			checkPacketFilterGateway(ctx, at, root, end, map[string]string{
				"packet_filter_in": mi.PacketFilterIn.ValueString(), "packet_filter_out": mi.PacketFilterOut.ValueString()}, diags)
		}
		for j, b := range in.BGPConnections {
			if b.BFDEnabled && in.BFD == nil {
				diags.AddAttributeError(at.AtName("bgp_connections").AtListIndex(j).AtName("bfd_enabled"), "BFD without settings",
					"bfd_enabled needs the interface's bfd settings (tx_interval, rx_interval, multiplier).")
			}
		}
	}
}

// checkPacketFilterGateway refuses a packet filter id that names another NAT
// gateway than the end's: a filter applies only at its own gateway, and the
// service would refuse it at apply as a filter it does not have.
func checkPacketFilterGateway(ctx context.Context, at path.Path, root string, endObj types.Object, refs map[string]string, diags *diag.Diagnostics) {
	end, ok := endOf(ctx, endObj)
	if !ok || end.RequestedProductUID.IsNull() || end.RequestedProductUID.IsUnknown() {
		return
	}
	endName := strings.TrimSuffix(root, "_partner_config")
	for _, attr := range []string{"packet_filter_in", "packet_filter_out"} {
		gateway, _ := parsePacketFilterRef(refs[attr])
		if gateway != "" && !strings.EqualFold(gateway, end.RequestedProductUID.ValueString()) {
			diags.AddAttributeError(at.AtName(attr), "Packet filter of another NAT gateway",
				fmt.Sprintf("%s names a packet filter of NAT gateway %s, but %s.requested_product_uid is %s: a packet filter applies only on a VXC end at its own gateway.",
					attr, gateway, endName, end.RequestedProductUID.ValueString()))
		}
	}
}

func sectionOrNone(s string) string {
	if s == "" {
		return "no section (transit has none)"
	}
	return s
}

func stringOf(v types.String) string { return v.ValueString() }

func stringsOf(ctx context.Context, l types.List) []string {
	var out []string
	if l.IsNull() || l.IsUnknown() {
		return nil
	}
	_ = l.ElementsAs(ctx, &out, false)
	return out
}

func bgpToAPI(ctx context.Context, b vxcLegacyBGPModel, peerType string) netfabapi.BGPConnection {
	return netfabapi.BGPConnection{
		PeerASN: b.PeerASN.ValueInt64(), LocalASN: b.LocalASN.ValueInt64(),
		LocalIPAddress: stringOf(b.LocalIPAddress), PeerIPAddress: stringOf(b.PeerIPAddress), Password: stringOf(b.Password),
		Shutdown: b.Shutdown.ValueBool(), Description: stringOf(b.Description), MEDIn: b.MEDIn.ValueInt64(), MEDOut: b.MEDOut.ValueInt64(),
		BFDEnabled: b.BFDEnabled.ValueBool(), ExportPolicy: stringOf(b.ExportPolicy),
		PermitExportTo: stringsOf(ctx, b.PermitExportTo), DenyExportTo: stringsOf(ctx, b.DenyExportTo),
		ImportWhitelist: stringOf(b.ImportWhitelist), ImportBlacklist: stringOf(b.ImportBlacklist),
		ExportWhitelist: stringOf(b.ExportWhitelist), ExportBlacklist: stringOf(b.ExportBlacklist),
		ASPathPrependCount: b.ASPathPrependCount.ValueInt64(), ASOverride: b.ASOverride.ValueBool(), PeerType: peerType,
	}
}

func routesToAPI(rs []vxcIPRouteModel) []netfabapi.IPRoute {
	var out []netfabapi.IPRoute
	for _, r := range rs {
		out = append(out, netfabapi.IPRoute{Prefix: stringOf(r.Prefix), NextHop: stringOf(r.NextHop), Description: stringOf(r.Description)})
	}
	return out
}

func bfdToAPI(b *vxcBFDModel) *netfabapi.BFD {
	if b == nil {
		return nil
	}
	return &netfabapi.BFD{TxInterval: b.TxInterval.ValueInt64(), RxInterval: b.RxInterval.ValueInt64(), Multiplier: b.Multiplier.ValueInt64()}
}

// vrouterInterfaces are the interfaces of a vrouter or a-end configuration
// in the API's shape.
func (m *vxcPartnerConfigModel) vrouterInterfaces(ctx context.Context) []netfabapi.VRouterInterface {
	var out []netfabapi.VRouterInterface
	if m.VRouter != nil {
		for _, in := range m.VRouter.Interfaces {
			i := netfabapi.VRouterInterface{
				Description: stringOf(in.Description), InterfaceType: stringOf(in.InterfaceType),
				IPAddresses: stringsOf(ctx, in.IPAddresses), IPRoutes: routesToAPI(in.IPRoutes), NATIPAddresses: stringsOf(ctx, in.NATIPAddresses),
				BFD: bfdToAPI(in.BFD), VLAN: in.VLAN.ValueInt64(), IPMTU: in.IPMTU.ValueInt64(),
				PacketFilterIn: packetFilterNumber(in.PacketFilterIn), PacketFilterOut: packetFilterNumber(in.PacketFilterOut),
			}
			for _, b := range in.BGPConnections {
				i.BGPConnections = append(i.BGPConnections, bgpToAPI(ctx, b.vxcLegacyBGPModel, stringOf(b.PeerType)))
			}
			if t := in.IPsecTunnelOptions; t != nil {
				i.IPsecTunnel = &netfabapi.IPsecTunnelOptions{
					SourceIPAddress: stringOf(t.SourceIPAddress), DestinationIPAddress: stringOf(t.DestinationIPAddress),
					PreSharedKey: stringOf(t.PreSharedKey), Passive: t.Passive.ValueBoolPointer(), LocalID: stringOf(t.LocalID),
					RemoteID: stringOf(t.RemoteID), Phase1Lifetime: t.Phase1Lifetime.ValueInt64(), Phase2Lifetime: t.Phase2Lifetime.ValueInt64(),
				}
			}
			out = append(out, i)
		}
	}
	if m.PartnerAEnd != nil {
		for _, in := range m.PartnerAEnd.Interfaces {
			i := netfabapi.VRouterInterface{
				IPAddresses: stringsOf(ctx, in.IPAddresses), IPRoutes: routesToAPI(in.IPRoutes),
				NATIPAddresses: stringsOf(ctx, in.NATIPAddresses), BFD: bfdToAPI(in.BFD),
			}
			for _, b := range in.BGPConnections {
				i.BGPConnections = append(i.BGPConnections, bgpToAPI(ctx, b, ""))
			}
			out = append(out, i)
		}
	}
	return out
}

// toAPI is the partner configuration in the API's shape. It is decoded
// from the configuration, not the plan, so that the write-only tunnel keys
// are there.
func (m *vxcPartnerConfigModel) toAPI(ctx context.Context) *netfabapi.PartnerConfig {
	pc := &netfabapi.PartnerConfig{Partner: m.Partner.ValueString()}
	switch pc.Partner {
	case netfabapi.PartnerAWS:
		a := m.AWS
		pc.AWS = &netfabapi.AWSConfig{ConnectType: stringOf(a.ConnectType), Type: stringOf(a.Type), OwnerAccount: stringOf(a.OwnerAccount),
			Name: stringOf(a.Name), ASN: a.ASN.ValueInt64(), AmazonASN: a.AmazonASN.ValueInt64(), AuthKey: stringOf(a.AuthKey),
			Prefixes: stringOf(a.Prefixes), CustomerIPAddress: stringOf(a.CustomerIPAddress), AmazonIPAddress: stringOf(a.AmazonIPAddress)}
	case netfabapi.PartnerAzure:
		pc.Azure = &netfabapi.AzureConfig{ServiceKey: stringOf(m.Azure.ServiceKey), PortChoice: stringOf(m.Azure.PortChoice)}
		for _, p := range m.Azure.Peers {
			pc.Azure.Peers = append(pc.Azure.Peers, netfabapi.AzurePeer{Type: stringOf(p.Type), PeerASN: stringOf(p.PeerASN),
				PrimarySubnet: stringOf(p.PrimarySubnet), SecondarySubnet: stringOf(p.SecondarySubnet), Prefixes: stringOf(p.Prefixes),
				SharedKey: stringOf(p.SharedKey), VLAN: p.VLAN.ValueInt64()})
		}
	case netfabapi.PartnerGoogle:
		pc.Google = &netfabapi.GoogleConfig{PairingKey: stringOf(m.Google.PairingKey)}
	case netfabapi.PartnerOracle:
		pc.Oracle = &netfabapi.OracleConfig{VirtualCircuitID: stringOf(m.Oracle.VirtualCircuitID)}
	case netfabapi.PartnerIBM:
		pc.IBM = &netfabapi.IBMConfig{AccountID: stringOf(m.IBM.AccountID), CustomerASN: m.IBM.CustomerASN.ValueInt64(), Name: stringOf(m.IBM.Name),
			CustomerIPAddress: stringOf(m.IBM.CustomerIPAddress), ProviderIPAddress: stringOf(m.IBM.ProviderIPAddress)}
	case netfabapi.PartnerVRouter, partnerLegacyAEnd:
		pc.Partner = netfabapi.PartnerVRouter
		pc.VRouter = &netfabapi.VRouterConfig{Interfaces: m.vrouterInterfaces(ctx)}
	}
	return pc
}

// isCloudPartner reports whether a partner configuration is a cloud's
// (fixed for the VXC's life) rather than the end's own router or transit.
func isCloudPartner(cfg types.Object) bool {
	if cfg.IsNull() || cfg.IsUnknown() {
		return false
	}
	p, _ := cfg.Attributes()["partner"].(types.String)
	switch p.ValueString() {
	case netfabapi.PartnerVRouter, partnerLegacyAEnd, netfabapi.PartnerTransit:
		return false
	}
	return !p.IsUnknown()
}
