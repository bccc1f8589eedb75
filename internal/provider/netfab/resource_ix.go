package netfab

import (
	"context"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/validate"
	"github.com/iacsuite/providers/internal/framework/values"
)

var (
	_ resource.ResourceWithConfigure   = (*ixResource)(nil)
	_ resource.ResourceWithImportState = (*ixResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*ixResource)(nil)
)

// NewIxResource is the netfab_ix resource: an internet-exchange connection
// on a port or virtual edge.
func NewIxResource() resource.Resource { return &ixResource{newOrderedResource("ix", ixProduct)} }

type ixResource struct{ orderedResource[ixModel] }

type ixModel struct {
	ID                  types.String   `tfsdk:"id"`
	Timeouts            timeouts.Value `tfsdk:"timeouts"`
	MACAddress          types.String   `tfsdk:"mac_address"`
	NetworkServiceType  types.String   `tfsdk:"network_service_type"`
	ProductName         types.String   `tfsdk:"product_name"`
	RateLimit           types.Int64    `tfsdk:"rate_limit"`
	RequestedProductUID types.String   `tfsdk:"requested_product_uid"`
	VLAN                types.Int64    `tfsdk:"vlan"`
	ASN                 types.Int64    `tfsdk:"asn"`
	AttributeTags       types.Map      `tfsdk:"attribute_tags"`
	CostCentre          types.String   `tfsdk:"cost_centre"`
	PromoCode           types.String   `tfsdk:"promo_code"`
	PublicGraph         types.Bool     `tfsdk:"public_graph"`
	ReverseDNS          types.String   `tfsdk:"reverse_dns"`
	Shutdown            types.Bool     `tfsdk:"shutdown"`
	CreateDate          types.String   `tfsdk:"create_date"`
	DeployDate          types.String   `tfsdk:"deploy_date"`
	IXPeerMacro         types.String   `tfsdk:"ix_peer_macro"`
	LocationID          types.Int64    `tfsdk:"location_id"`
	ProductID           types.Int64    `tfsdk:"product_id"`
	ProductUID          types.String   `tfsdk:"product_uid"`
	ProvisioningStatus  types.String   `tfsdk:"provisioning_status"`
	Resources           types.Object   `tfsdk:"resources"`
	SecondaryName       types.String   `tfsdk:"secondary_name"`
	Term                types.Int64    `tfsdk:"term"`
	UsageAlgorithm      types.String   `tfsdk:"usage_algorithm"`
}

// The IxResources object: the network resources the exchange allocates.
type ixResourcesModel struct {
	Interface      ixInterfaceModel       `tfsdk:"interface"`
	IPAddresses    []ixIPAddressModel     `tfsdk:"ip_addresses"`
	BGPConnections []ixBGPConnectionModel `tfsdk:"bgp_connections"`
	VPLSInterface  ixVPLSInterfaceModel   `tfsdk:"vpls_interface"`
}

type ixInterfaceModel struct {
	Demarcation  types.String `tfsdk:"demarcation"`
	Media        types.String `tfsdk:"media"`
	PortSpeed    types.Int64  `tfsdk:"port_speed"`
	ResourceName types.String `tfsdk:"resource_name"`
	ResourceType types.String `tfsdk:"resource_type"`
	Up           types.Int64  `tfsdk:"up"`
}

type ixIPAddressModel struct {
	Address      types.String `tfsdk:"address"`
	ResourceName types.String `tfsdk:"resource_name"`
	ResourceType types.String `tfsdk:"resource_type"`
	Version      types.Int64  `tfsdk:"version"`
	ReverseDNS   types.String `tfsdk:"reverse_dns"`
}

type ixBGPConnectionModel struct {
	ASN               types.Int64  `tfsdk:"asn"`
	CustomerASN       types.Int64  `tfsdk:"customer_asn"`
	CustomerIPAddress types.String `tfsdk:"customer_ip_address"`
	ISPASN            types.Int64  `tfsdk:"isp_asn"`
	ISPIPAddress      types.String `tfsdk:"isp_ip_address"`
	IXPeerPolicy      types.String `tfsdk:"ix_peer_policy"`
	MaxPrefixes       types.Int64  `tfsdk:"max_prefixes"`
	ResourceName      types.String `tfsdk:"resource_name"`
	ResourceType      types.String `tfsdk:"resource_type"`
}

type ixVPLSInterfaceModel struct {
	MACAddress    types.String `tfsdk:"mac_address"`
	RateLimitMbps types.Int64  `tfsdk:"rate_limit_mbps"`
	ResourceName  types.String `tfsdk:"resource_name"`
	ResourceType  types.String `tfsdk:"resource_type"`
	VLAN          types.Int64  `tfsdk:"vlan"`
}

var (
	ixInterfaceAttrTypes = map[string]attr.Type{
		"demarcation": types.StringType, "media": types.StringType, "port_speed": types.Int64Type,
		"resource_name": types.StringType, "resource_type": types.StringType, "up": types.Int64Type,
	}
	ixIPAddressAttrTypes = map[string]attr.Type{
		"address": types.StringType, "resource_name": types.StringType, "resource_type": types.StringType,
		"version": types.Int64Type, "reverse_dns": types.StringType,
	}
	ixBGPConnectionAttrTypes = map[string]attr.Type{
		"asn": types.Int64Type, "customer_asn": types.Int64Type, "customer_ip_address": types.StringType,
		"isp_asn": types.Int64Type, "isp_ip_address": types.StringType, "ix_peer_policy": types.StringType,
		"max_prefixes": types.Int64Type, "resource_name": types.StringType, "resource_type": types.StringType,
	}
	ixVPLSInterfaceAttrTypes = map[string]attr.Type{
		"mac_address": types.StringType, "rate_limit_mbps": types.Int64Type, "resource_name": types.StringType,
		"resource_type": types.StringType, "vlan": types.Int64Type,
	}
	ixResourcesAttrTypes = map[string]attr.Type{
		"interface":       types.ObjectType{AttrTypes: ixInterfaceAttrTypes},
		"ip_addresses":    types.ListType{ElemType: types.ObjectType{AttrTypes: ixIPAddressAttrTypes}},
		"bgp_connections": types.ListType{ElemType: types.ObjectType{AttrTypes: ixBGPConnectionAttrTypes}},
		"vpls_interface":  types.ObjectType{AttrTypes: ixVPLSInterfaceAttrTypes},
	}
)

func (r *ixResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	stable := []planmodifier.String{stringplanmodifier.UseStateForUnknown()}
	stableInt := []planmodifier.Int64{int64planmodifier.UseStateForUnknown()}
	replace := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	resp.Schema = schema.Schema{
		Description: "An internet-exchange (IX) connection on a port or virtual edge. Import it by its product UID; " +
			"after an import, create_date and provisioning_status may go from unknown to their values on the first apply.",
		Attributes: map[string]schema.Attribute{
			"timeouts": provisioningWaits("IX connection").Attribute(ctx),
			"id":       schema.StringAttribute{Computed: true, Description: "Product UID of the IX connection.", PlanModifiers: stable},
			"mac_address": schema.StringAttribute{
				Required:    true,
				Description: "MAC address of the IX interface, six colon-separated hexadecimal octets. Changes in place.",
				Validators:  []validator.String{validate.MACAddress()},
			},
			"network_service_type": schema.StringAttribute{
				Required: true,
				Description: "The exchange to connect to, by name, as offered in the metro of the requested product " +
					"(see `products.ix_network_service_types` of the netfab_location data source). Changing it replaces the connection.",
				Validators:    []validator.String{stringvalidator.LengthAtLeast(1)},
				PlanModifiers: replace,
			},
			"product_name": productNameAttribute("connection"),
			"rate_limit": schema.Int64Attribute{
				Required:    true,
				Description: "Rate limit in Mbps, at most the speed of the requested product. Changes in place.",
				Validators:  []validator.Int64{int64validator.AtLeast(1)},
			},
			"requested_product_uid": schema.StringAttribute{
				Required:      true,
				Description:   "UID of the port or virtual edge the connection attaches to. Changing it replaces the connection.",
				Validators:    []validator.String{productUIDValidator()},
				PlanModifiers: replace,
			},
			"vlan": schema.Int64Attribute{
				Required:    true,
				Description: "VLAN ID, 2 to 4093, unused by other connections on the requested product. Changes in place.",
				Validators:  []validator.Int64{int64validator.Between(2, 4093)},
			},
			"asn": schema.Int64Attribute{
				Optional: true,
				Computed: true,
				Description: "Autonomous system number peering at the exchange. When omitted, the service uses the " +
					"company's registered ASN. Changes in place.",
				Validators:    []validator.Int64{int64validator.Between(1, 4294967295)},
				PlanModifiers: stableInt,
			},
			"attribute_tags": schema.MapAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Description: "Attribute tags of the connection: keys 1 to 128 characters, values at most 256. Changes in place.",
				Validators:  tagsValidators(),
			},
			"cost_centre": costCentreAttribute("Cost centre for invoicing."),
			"promo_code":  promoCodeAttribute("Changing it records the new code for the coming invoices, in place."),
			"public_graph": schema.BoolAttribute{
				Optional:    true,
				Computed:    true,
				Default:     booldefault.StaticBool(true),
				Description: "Whether the usage statistics are publicly viewable. Default true. Changes in place.",
			},
			"reverse_dns": schema.StringAttribute{
				Optional:    true,
				Description: "Custom host name for the connection's IP addresses, a DNS host name of at most 253 characters. Changes in place.",
				Validators: []validator.String{
					stringvalidator.LengthBetween(1, 253),
					stringvalidator.RegexMatches(hostnamePattern, "must be a DNS host name such as peering.example.com"),
				},
			},
			"shutdown": schema.BoolAttribute{
				Optional:    true,
				Computed:    true,
				Default:     booldefault.StaticBool(false),
				Description: "Whether the connection is administratively shut down. Default false. Changes in place.",
			},
			"create_date":   schema.StringAttribute{Computed: true, Description: "Set by the API at creation.", PlanModifiers: stable},
			"deploy_date":   schema.StringAttribute{Computed: true, Description: "Set by the API when the connection is deployed.", PlanModifiers: stable},
			"ix_peer_macro": schema.StringAttribute{Computed: true, Description: "IX peer macro (AS-SET) of the connection; follows asn.", PlanModifiers: stable},
			"location_id":   schema.Int64Attribute{Computed: true, Description: "Location of the requested product.", PlanModifiers: stableInt},
			"product_id":    schema.Int64Attribute{Computed: true, Description: "Numeric product ID.", PlanModifiers: stableInt},
			"product_uid":   schema.StringAttribute{Computed: true, Description: "Product UID of the connection.", PlanModifiers: stable},
			"provisioning_status": schema.StringAttribute{
				Computed: true,
				Description: "Provisioning status, for example CONFIGURED, LIVE or DECOMMISSIONED. While it is not yet " +
					"CONFIGURED or LIVE, the next apply waits for it.",
				PlanModifiers: stable,
			},
			"resources": schema.SingleNestedAttribute{
				Computed: true,
				Description: "Network resources allocated by the exchange. They follow mac_address, rate_limit, vlan, asn, " +
					"reverse_dns and shutdown, and the interface comes up when the connection is LIVE.",
				PlanModifiers: []planmodifier.Object{objectplanmodifier.UseStateForUnknown()},
				Attributes: map[string]schema.Attribute{
					"interface": schema.SingleNestedAttribute{
						Computed:    true,
						Description: "The physical interface the connection rides on.",
						Attributes: map[string]schema.Attribute{
							"demarcation":   schema.StringAttribute{Computed: true, Description: "Demarcation point."},
							"media":         schema.StringAttribute{Computed: true, Description: "Interface media."},
							"port_speed":    schema.Int64Attribute{Computed: true, Description: "Interface speed in Mbps."},
							"resource_name": schema.StringAttribute{Computed: true, Description: "Resource name."},
							"resource_type": schema.StringAttribute{Computed: true, Description: "Resource type."},
							"up":            schema.Int64Attribute{Computed: true, Description: "1 when the interface is up."},
						},
					},
					"ip_addresses": schema.ListNestedAttribute{
						Computed:    true,
						Description: "Addresses allocated on the peering LAN.",
						NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
							"address":       schema.StringAttribute{Computed: true, Description: "Address with prefix length."},
							"resource_name": schema.StringAttribute{Computed: true, Description: "Resource name."},
							"resource_type": schema.StringAttribute{Computed: true, Description: "Resource type."},
							"version":       schema.Int64Attribute{Computed: true, Description: "IP version, 4 or 6."},
							"reverse_dns":   schema.StringAttribute{Computed: true, Description: "Reverse DNS name."},
						}},
					},
					"bgp_connections": schema.ListNestedAttribute{
						Computed:    true,
						Description: "BGP sessions with the exchange's route servers.",
						NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
							"asn":                 schema.Int64Attribute{Computed: true, Description: "ASN of the session."},
							"customer_asn":        schema.Int64Attribute{Computed: true, Description: "Customer ASN."},
							"customer_ip_address": schema.StringAttribute{Computed: true, Description: "Customer address."},
							"isp_asn":             schema.Int64Attribute{Computed: true, Description: "Route server ASN."},
							"isp_ip_address":      schema.StringAttribute{Computed: true, Description: "Route server address."},
							"ix_peer_policy":      schema.StringAttribute{Computed: true, Description: "Peering policy."},
							"max_prefixes":        schema.Int64Attribute{Computed: true, Description: "Maximum prefixes accepted."},
							"resource_name":       schema.StringAttribute{Computed: true, Description: "Resource name."},
							"resource_type":       schema.StringAttribute{Computed: true, Description: "Resource type."},
						}},
					},
					"vpls_interface": schema.SingleNestedAttribute{
						Computed:    true,
						Description: "The layer-2 interface of the connection.",
						Attributes: map[string]schema.Attribute{
							"mac_address":     schema.StringAttribute{Computed: true, Description: "MAC address."},
							"rate_limit_mbps": schema.Int64Attribute{Computed: true, Description: "Rate limit in Mbps."},
							"resource_name":   schema.StringAttribute{Computed: true, Description: "Resource name."},
							"resource_type":   schema.StringAttribute{Computed: true, Description: "Resource type."},
							"vlan":            schema.Int64Attribute{Computed: true, Description: "VLAN ID."},
						},
					},
				},
			},
			"secondary_name":  schema.StringAttribute{Computed: true, Description: "Secondary name.", PlanModifiers: stable},
			"term":            schema.Int64Attribute{Computed: true, Description: "Contract term in months.", PlanModifiers: stableInt},
			"usage_algorithm": schema.StringAttribute{Computed: true, Description: "Billing usage algorithm.", PlanModifiers: stable},
		},
	}
}

// ixDerivedValues are the IX's computed values that an update can change
// (see planDerivedValues); every other computed value is stable.
var ixDerivedValues = []derivedValue{
	{attr: "provisioning_status", untilLive: true},
	{attr: "deploy_date", untilLive: true},
	{attr: "ix_peer_macro", inputs: []string{"asn"}},
	{attr: "resources", inputs: []string{"mac_address", "rate_limit", "vlan", "asn", "reverse_dns", "shutdown"}, untilLive: true},
}

// hostnamePattern is the service's rule for reverse_dns.
var hostnamePattern = regexp.MustCompile(`^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.?$`)

func (r *ixResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	planDerivedValues(ctx, req, resp, ixDerivedValues)
}

// ixProduct is the IX connection's part of the ordered products'
// lifecycle. It has no resource tags: its attribute tags are sent with its
// order and with every update.
var ixProduct = orderedProduct[ixModel]{
	what:        "IX connection",
	productType: netfabapi.ProductTypeIX,
	untagged:    true,
	fields: func(m *ixModel) orderedFields {
		return orderedFields{ID: m.ID, Timeouts: m.Timeouts, ResourceTags: types.MapNull(types.StringType)}
	},
	order:         (*ixModel).orderItem,
	productUpdate: (*ixModel).productUpdate,
	fromProduct: func(m *ixModel, ctx context.Context, p netfabapi.Product, _ map[string]string) diag.Diagnostics {
		return m.fromProduct(ctx, p)
	},
}

// orderItem is the IX connection's order, with its attribute tags.
func (m *ixModel) orderItem(ctx context.Context, _ tfsdk.Config, diags *diag.Diagnostics) netfabapi.OrderItem {
	tags, d := values.GoStringMap(ctx, m.AttributeTags)
	diags.Append(d...)
	return netfabapi.OrderItem{
		ProductType:   netfabapi.ProductTypeIX,
		ProductName:   m.ProductName.ValueString(),
		CostCentre:    m.CostCentre.ValueString(),
		PromoCode:     m.PromoCode.ValueString(),
		AttributeTags: tags,
		IX: &netfabapi.IXConfig{
			RequestedProductUID: m.RequestedProductUID.ValueString(),
			NetworkServiceType:  m.NetworkServiceType.ValueString(),
			ASN:                 m.ASN.ValueInt64(),
			MACAddress:          m.MACAddress.ValueString(),
			RateLimit:           m.RateLimit.ValueInt64(),
			VLAN:                m.VLAN.ValueInt64(),
			Shutdown:            m.Shutdown.ValueBool(),
			PublicGraph:         m.PublicGraph.ValueBoolPointer(),
			ReverseDNS:          m.ReverseDNS.ValueString(),
		},
	}
}

// productUpdate is the change of the IX connection: every field it can
// change in place, and its attribute tags, always sent.
func (m *ixModel) productUpdate(ctx context.Context, _ tfsdk.Config, prior *ixModel, diags *diag.Diagnostics) *netfabapi.ProductUpdate {
	tags, d := values.GoStringMap(ctx, m.AttributeTags)
	diags.Append(d...)
	if tags == nil {
		tags = map[string]string{} // present and empty clears them
	}
	upd := &netfabapi.ProductUpdate{
		ProductName:   m.ProductName.ValueStringPointer(),
		PromoCode:     promoCodeUpdate(m.PromoCode, prior.PromoCode),
		CostCentre:    values.Ptr(m.CostCentre.ValueString()),
		AttributeTags: tags,
		IX: &netfabapi.IXUpdate{
			MACAddress:  m.MACAddress.ValueStringPointer(),
			RateLimit:   m.RateLimit.ValueInt64Pointer(),
			VLAN:        m.VLAN.ValueInt64Pointer(),
			Shutdown:    m.Shutdown.ValueBoolPointer(),
			PublicGraph: m.PublicGraph.ValueBoolPointer(),
			ReverseDNS:  values.Ptr(m.ReverseDNS.ValueString()),
		},
	}
	if !m.ASN.IsUnknown() && !m.ASN.IsNull() {
		upd.IX.ASN = m.ASN.ValueInt64Pointer()
	}
	return upd
}

// fromProduct copies what the service reports.
func (m *ixModel) fromProduct(ctx context.Context, p netfabapi.Product) diag.Diagnostics {
	var diags diag.Diagnostics
	m.ID = types.StringValue(p.ProductUID)
	m.ProductName = types.StringValue(p.ProductName)
	m.CostCentre = costCentreValue(m.CostCentre, p.CostCentre)
	// PromoCode is never read back (promoCodeAttribute).
	var d diag.Diagnostics
	m.AttributeTags, d = values.StringMap(ctx, p.AttributeTags, true)
	diags.Append(d...)
	m.CreateDate = types.StringValue(p.CreateDate)
	m.LocationID = types.Int64Value(p.LocationID)
	m.ProductID = types.Int64Value(p.ProductID)
	m.ProductUID = types.StringValue(p.ProductUID)
	m.ProvisioningStatus = types.StringValue(p.ProvisioningStatus)
	m.SecondaryName = types.StringValue(p.SecondaryName)
	m.UsageAlgorithm = types.StringValue(p.UsageAlgorithm)
	ix := p.IX
	if ix == nil {
		ix = &netfabapi.IXDetails{}
	}
	m.MACAddress = types.StringValue(ix.MACAddress)
	m.NetworkServiceType = types.StringValue(ix.NetworkServiceType)
	m.RateLimit = types.Int64Value(ix.RateLimit)
	m.RequestedProductUID = types.StringValue(ix.RequestedProductUID)
	m.VLAN = types.Int64Value(ix.VLAN)
	m.ASN = types.Int64Value(ix.ASN)
	m.PublicGraph = types.BoolValue(ix.PublicGraph == nil || *ix.PublicGraph)
	m.ReverseDNS = values.StringOrNull(ix.ReverseDNS)
	m.Shutdown = types.BoolValue(ix.Shutdown)
	m.DeployDate = types.StringValue(ix.DeployDate)
	m.IXPeerMacro = types.StringValue(ix.IXPeerMacro)
	m.Term = types.Int64Value(ix.Term)
	m.Resources, d = types.ObjectValueFrom(ctx, ixResourcesAttrTypes, ixResourcesFromAPI(ix.Resources))
	diags.Append(d...)
	return diags
}

func ixResourcesFromAPI(r netfabapi.IXResources) ixResourcesModel {
	out := ixResourcesModel{
		Interface: ixInterfaceModel{
			Demarcation:  types.StringValue(r.Interface.Demarcation),
			Media:        types.StringValue(r.Interface.Media),
			PortSpeed:    types.Int64Value(r.Interface.PortSpeed),
			ResourceName: types.StringValue(r.Interface.ResourceName),
			ResourceType: types.StringValue(r.Interface.ResourceType),
			Up:           types.Int64Value(r.Interface.Up),
		},
		IPAddresses:    []ixIPAddressModel{},
		BGPConnections: []ixBGPConnectionModel{},
		VPLSInterface: ixVPLSInterfaceModel{
			MACAddress:    types.StringValue(r.VPLSInterface.MACAddress),
			RateLimitMbps: types.Int64Value(r.VPLSInterface.RateLimitMbps),
			ResourceName:  types.StringValue(r.VPLSInterface.ResourceName),
			ResourceType:  types.StringValue(r.VPLSInterface.ResourceType),
			VLAN:          types.Int64Value(r.VPLSInterface.VLAN),
		},
	}
	for _, a := range r.IPAddresses {
		out.IPAddresses = append(out.IPAddresses, ixIPAddressModel{
			Address:      types.StringValue(a.Address),
			ResourceName: types.StringValue(a.ResourceName),
			ResourceType: types.StringValue(a.ResourceType),
			Version:      types.Int64Value(a.Version),
			ReverseDNS:   types.StringValue(a.ReverseDNS),
		})
	}
	for _, b := range r.BGPConnections {
		out.BGPConnections = append(out.BGPConnections, ixBGPConnectionModel{
			ASN:               types.Int64Value(b.ASN),
			CustomerASN:       types.Int64Value(b.CustomerASN),
			CustomerIPAddress: types.StringValue(b.CustomerIPAddress),
			ISPASN:            types.Int64Value(b.ISPASN),
			ISPIPAddress:      types.StringValue(b.ISPIPAddress),
			IXPeerPolicy:      types.StringValue(b.IXPeerPolicy),
			MaxPrefixes:       types.Int64Value(b.MaxPrefixes),
			ResourceName:      types.StringValue(b.ResourceName),
			ResourceType:      types.StringValue(b.ResourceType),
		})
	}
	return out
}

// Identity is the product UID, the import ID.
func (r *ixResource) Identity() framework.Identity { return productIdentity("IX") }
