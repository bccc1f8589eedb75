package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
)

var (
	_ resource.ResourceWithConfigure      = (*vxcResource)(nil)
	_ resource.ResourceWithImportState    = (*vxcResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*vxcResource)(nil)
	_ resource.ResourceWithValidateConfig = (*vxcResource)(nil)
)

// NewVxcResource is the netfab_vxc resource: a virtual cross-connect
// between an A end (a port or LAG, MCR, MVE or NAT gateway, by product UID)
// and a B end (a port, a partner port of a cloud, or another company's port
// through its service key).
func NewVxcResource() resource.Resource { return &vxcResource{newOrderedResource("vxc", vxcProduct)} }

type vxcResource struct{ orderedResource[vxcModel] }

type vxcModel struct {
	productInputs
	RateLimit         types.Int64  `tfsdk:"rate_limit"`
	AEnd              types.Object `tfsdk:"a_end"`
	BEnd              types.Object `tfsdk:"b_end"`
	AEndPartnerConfig types.Object `tfsdk:"a_end_partner_config"`
	BEndPartnerConfig types.Object `tfsdk:"b_end_partner_config"`
	ServiceKey        types.String `tfsdk:"service_key"`
	Shutdown          types.Bool   `tfsdk:"shutdown"`

	productOutputs
	CSPConnections types.List   `tfsdk:"csp_connections"`
	DistanceBand   types.String `tfsdk:"distance_band"`
	ServiceID      types.Int64  `tfsdk:"service_id"`
}

// vxcEndModel is a_end or b_end.
type vxcEndModel struct {
	RequestedProductUID types.String `tfsdk:"requested_product_uid"`
	CurrentProductUID   types.String `tfsdk:"current_product_uid"`
	OrderedVLAN         types.Int64  `tfsdk:"ordered_vlan"`
	InnerVLAN           types.Int64  `tfsdk:"inner_vlan"`
	VNICIndex           types.Int64  `tfsdk:"vnic_index"`
	VLAN                types.Int64  `tfsdk:"vlan"`
	OwnerUID            types.String `tfsdk:"owner_uid"`
	ProductName         types.String `tfsdk:"product_name"`
	LocationID          types.Int64  `tfsdk:"location_id"`
	Location            types.String `tfsdk:"location"`
	SecondaryName       types.String `tfsdk:"secondary_name"`
}

var vxcEndAttrTypes = map[string]attr.Type{
	"requested_product_uid": types.StringType, "current_product_uid": types.StringType, "ordered_vlan": types.Int64Type,
	"inner_vlan": types.Int64Type, "vnic_index": types.Int64Type, "vlan": types.Int64Type, "owner_uid": types.StringType,
	"product_name": types.StringType, "location_id": types.Int64Type, "location": types.StringType, "secondary_name": types.StringType,
}

// cspConnectionStrings and cspConnectionInts are the scalar attributes of a
// csp_connections element, by their API field.
var (
	cspConnectionStrings = map[string]func(netfabapi.CSPConnection) string{
		"connect_type":         func(c netfabapi.CSPConnection) string { return c.ConnectType },
		"resource_name":        func(c netfabapi.CSPConnection) string { return c.ResourceName },
		"resource_type":        func(c netfabapi.CSPConnection) string { return c.ResourceType },
		"name":                 func(c netfabapi.CSPConnection) string { return c.Name },
		"owner_account":        func(c netfabapi.CSPConnection) string { return c.OwnerAccount },
		"type":                 func(c netfabapi.CSPConnection) string { return c.Type },
		"vif_id":               func(c netfabapi.CSPConnection) string { return c.VIFID },
		"connection_id":        func(c netfabapi.CSPConnection) string { return c.ConnectionID },
		"customer_ip_address":  func(c netfabapi.CSPConnection) string { return c.CustomerIPAddress },
		"amazon_address":       func(c netfabapi.CSPConnection) string { return c.AmazonAddress },
		"service_key":          func(c netfabapi.CSPConnection) string { return c.ServiceKey },
		"pairing_key":          func(c netfabapi.CSPConnection) string { return c.PairingKey },
		"virtual_circuit_id":   func(c netfabapi.CSPConnection) string { return c.VirtualCircuitID },
		"account_id":           func(c netfabapi.CSPConnection) string { return c.AccountID },
		"provider_ip_address":  func(c netfabapi.CSPConnection) string { return c.ProviderIPAddress },
		"csp_name":             func(c netfabapi.CSPConnection) string { return c.CSPName },
		"virtual_router_name":  func(c netfabapi.CSPConnection) string { return c.VirtualRouterName },
		"customer_ip4_address": func(c netfabapi.CSPConnection) string { return c.CustomerIP4Address },
		"customer_ip6_network": func(c netfabapi.CSPConnection) string { return c.CustomerIP6Network },
		"ipv4_gateway_address": func(c netfabapi.CSPConnection) string { return c.IPv4GatewayAddress },
		"ipv6_gateway_address": func(c netfabapi.CSPConnection) string { return c.IPv6GatewayAddress },
	}
	cspConnectionInts = map[string]func(netfabapi.CSPConnection) int64{
		"asn":          func(c netfabapi.CSPConnection) int64 { return c.ASN },
		"amazon_asn":   func(c netfabapi.CSPConnection) int64 { return c.AmazonASN },
		"customer_asn": func(c netfabapi.CSPConnection) int64 { return c.CustomerASN },
		"bandwidth":    func(c netfabapi.CSPConnection) int64 { return c.Bandwidth },
		"vlan":         func(c netfabapi.CSPConnection) int64 { return c.VLAN },
	}
	cspConnectionAttrTypes = func() map[string]attr.Type {
		t := map[string]attr.Type{
			"managed": types.BoolType, "bandwidths": types.ListType{ElemType: types.Int64Type},
			"ip_addresses": types.ListType{ElemType: types.StringType},
		}
		for k := range cspConnectionStrings {
			t[k] = types.StringType
		}
		for k := range cspConnectionInts {
			t[k] = types.Int64Type
		}
		return t
	}()
)

// vxcDerivedValues are the computed values an update can change (see
// planDerivedValues).
var vxcDerivedValues = []derivedValue{
	{attr: "provisioning_status", untilLive: true},
	{attr: "live_date", untilLive: true},
	{attr: "contract_start_date", untilLive: true},
	{attr: "contract_end_date", inputs: []string{"contract_term_months"}, untilLive: true},
	{attr: "usage_algorithm", inputs: []string{"contract_term_months"}},
	{attr: "csp_connections", inputs: []string{"rate_limit", "a_end", "b_end", "a_end_partner_config", "b_end_partner_config"}},
	{attr: "last_updated", inputs: vxcProductInputs, untilLive: true},
}

var vxcProductInputs = []string{"product_name", "rate_limit", "contract_term_months", "cost_centre", "promo_code", "shutdown",
	"a_end", "b_end", "a_end_partner_config", "b_end_partner_config", "resource_tags"}

func vxcEndAttribute(end string, requiredUID bool) schema.SingleNestedAttribute {
	uid := schema.StringAttribute{
		Required: true,
		Description: "UID of the product at the " + end + ": a port (or LAG port), MCR, MVE or NAT gateway of yours, or a partner port " +
			"(see the netfab_partner data source). Changing it replaces the VXC.",
		Validators:    []validator.String{productUIDValidator()},
		PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
	}
	if !requiredUID {
		uid = schema.StringAttribute{
			Optional: true,
			Computed: true,
			Description: "UID of the product at the " + end + ": a port of yours, a partner port (see the netfab_partner data source), " +
				"or the port of service_key. It may be left out with service_key, or with an azure, google or oracle b_end_partner_config, " +
				"which pick the port; the state then holds the port chosen. Changing it replaces the VXC.",
			Validators:    []validator.String{productUIDValidator()},
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown(), stringplanmodifier.RequiresReplaceIfConfigured()},
		}
	}
	stable := []planmodifier.String{stringplanmodifier.UseStateForUnknown()}
	return schema.SingleNestedAttribute{
		Required:    true,
		Description: "The " + end + " of the VXC.",
		Attributes: map[string]schema.Attribute{
			"requested_product_uid": uid,
			"current_product_uid": schema.StringAttribute{
				Optional: true, Computed: true,
				Description:   "The product the " + end + " is on now; a partner port keeps its old UID here after the partner rotates it.",
				PlanModifiers: stable,
			},
			"ordered_vlan": schema.Int64Attribute{
				Optional: true, Computed: true,
				Description: "The VLAN ordered for the " + end + ": 2 to 4093, 0 or absent for the lowest free one, -1 for untagged " +
					"(a port end only; then inner_vlan cannot be set). Changes in place.",
				Validators:    []validator.Int64{int64validator.Between(-1, 4093), int64validator.NoneOf(1)},
				PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
			},
			"inner_vlan": schema.Int64Attribute{
				Optional: true, Computed: true,
				Description:   "The inner VLAN (Q-in-Q) of the " + end + ": -1 or 2 to 4093. Changes in place.",
				Validators:    []validator.Int64{int64validator.Between(-1, 4093), int64validator.NoneOf(0, 1)},
				PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
			},
			"vnic_index": schema.Int64Attribute{
				Optional: true, Computed: true,
				Description:   "The index of the MVE network interface the " + end + " attaches to; required on an MVE, absent otherwise. Changing it replaces the VXC.",
				Validators:    []validator.Int64{int64validator.AtLeast(0)},
				PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown(), int64planmodifier.RequiresReplaceIfConfigured()},
			},
			"vlan": schema.Int64Attribute{
				Computed:    true,
				Description: "The VLAN the " + end + " has: the ordered one or the one the service assigned; null when untagged.",
			},
			"owner_uid":      schema.StringAttribute{Computed: true, Description: "UID of the company owning the " + end + "'s product.", PlanModifiers: stable},
			"product_name":   schema.StringAttribute{Computed: true, Description: "Name of the " + end + "'s product."},
			"location_id":    schema.Int64Attribute{Computed: true, Description: "Location ID of the " + end + "."},
			"location":       schema.StringAttribute{Computed: true, Description: "Location name of the " + end + "."},
			"secondary_name": schema.StringAttribute{Computed: true, Description: "Secondary name of the " + end + "'s product.", PlanModifiers: stable},
		},
	}
}

func (r *vxcResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	csp := map[string]schema.Attribute{
		"managed":      schema.BoolAttribute{Computed: true, Description: "Whether the service manages the cloud's peerings (Azure with peers)."},
		"bandwidths":   schema.ListAttribute{Computed: true, ElementType: types.Int64Type, Description: "The speeds the cloud offers (Google)."},
		"ip_addresses": schema.ListAttribute{Computed: true, ElementType: types.StringType, Description: "The virtual router's addresses on the VXC."},
	}
	for k := range cspConnectionStrings {
		csp[k] = schema.StringAttribute{Computed: true, Sensitive: k == "service_key", Description: "The CSP connection's " + k + "."}
	}
	for k := range cspConnectionInts {
		csp[k] = schema.Int64Attribute{Computed: true, Description: "The CSP connection's " + k + "."}
	}
	resp.Schema = schema.Schema{
		Description: "A virtual cross-connect (VXC): a layer-2 circuit between an A end (a port or LAG port, MCR, MVE or NAT gateway) " +
			"and a B end (a port, a cloud's partner port, or another company's port through its service key). The rate limit, " +
			"VLANs, name, term, shutdown and a vrouter configuration change in place; the ends, a cloud's partner configuration " +
			"and the service key replace the VXC. Import it by its product UID.",
		Attributes: map[string]schema.Attribute{
			"timeouts":     provisioningWaits("VXC").Attribute(ctx),
			"id":           output("Product UID of the VXC."),
			"product_name": productNameAttribute("VXC"),
			"rate_limit": schema.Int64Attribute{
				Required: true,
				Description: "Rate limit in Mbps: at least 1 and at most what both ends allow (the slower end's speed; the speeds an AWS " +
					"hosted connection or a Google attachment offers; a service key's max_speed). Changes in place.",
				Validators: []validator.Int64{int64validator.AtLeast(1)},
			},
			"contract_term_months": schema.Int64Attribute{
				Required:    true,
				Description: "Contract term in months: 1 (month-to-month), 12, 24, 36, 48 or 60. Changes in place.",
				Validators:  []validator.Int64{int64validator.OneOf(contractTerms...)},
			},
			"a_end":                vxcEndAttribute("A end", true),
			"b_end":                vxcEndAttribute("B end", false),
			"a_end_partner_config": partnerConfigAttribute("A end", []string{"aws", "azure", "google", "oracle", "ibm", "vrouter", "transit", "a-end"}),
			"b_end_partner_config": partnerConfigAttribute("B end", []string{"aws", "azure", "google", "oracle", "ibm", "transit", "vrouter"}),
			"cost_centre":          costCentreAttribute("Customer reference for billing."),
			"promo_code":           promoCodeAttribute("Changing it records the new code for the coming invoices, in place."),
			"resource_tags": schema.MapAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Description: "Resource tags: keys 1 to 128 characters, values at most 256. Changes in place.",
				Validators:  tagsValidators(),
			},
			"service_key": schema.StringAttribute{
				Optional:  true,
				Sensitive: true,
				Description: "Another company's service key (netfab_service_key): the key's port becomes the B end. Changing it " +
					"replaces the VXC.",
				Validators:    []validator.String{uuidPattern},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"shutdown": schema.BoolAttribute{
				Optional:    true,
				Computed:    true,
				Default:     booldefault.StaticBool(false),
				Description: "Whether the VXC is shut down (true) or enabled (false, the default). Changes in place.",
			},
			"attribute_tags": schema.MapAttribute{
				ElementType: types.StringType, Computed: true, Description: "Attribute tags set by the service.",
				PlanModifiers: []planmodifier.Map{mapplanmodifier.UseStateForUnknown()},
			},
			"admin_locked":        boolOutput("Whether the service is locked by an administrator."),
			"cancelable":          boolOutput("Whether the VXC can be cancelled."),
			"locked":              boolOutput("Whether the service is locked."),
			"company_name":        output("Name of the owning company."),
			"company_uid":         output("UID of the owning company."),
			"contract_end_date":   output("End of the contract term; set when the VXC goes live, moved by a change of contract_term_months."),
			"contract_start_date": output("Start of the contract term."),
			"create_date":         output("Set by the API when the VXC is created."),
			"created_by":          output("User who ordered the VXC."),
			"distance_band":       output("Distance band of the VXC: METRO, NATIONAL or INTERNATIONAL."),
			"last_updated":        output("Time of the last change to the VXC or its tags."),
			"live_date":           output("Set by the API when the VXC goes live."),
			"product_id":          intOutput("Numeric product ID."),
			"service_id":          intOutput("Service ID of the VXC (its numeric product ID)."),
			"product_type":        output("Product type, VXC."),
			"product_uid":         output("Product UID of the VXC."),
			"provisioning_status": output("Provisioning status, such as DEPLOYABLE, CONFIGURED or LIVE. While it is not yet CONFIGURED or LIVE, the next apply waits for it."),
			"secondary_name":      output("Secondary name."),
			"usage_algorithm":     output("Billing usage algorithm, derived from contract_term_months."),
			"csp_connections": schema.ListNestedAttribute{
				Computed:      true,
				Description:   "What the service made of the partner configurations: one entry per configured end, A first.",
				PlanModifiers: []planmodifier.List{listplanmodifier.UseStateForUnknown()},
				NestedObject:  schema.NestedAttributeObject{Attributes: csp},
			},
		},
	}
}

func (r *vxcResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var m vxcModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	validatePartnerConfig(ctx, "a_end_partner_config", m.AEndPartnerConfig, m.AEnd, &resp.Diagnostics)
	validatePartnerConfig(ctx, "b_end_partner_config", m.BEndPartnerConfig, m.BEnd, &resp.Diagnostics)
	for _, e := range []struct {
		name string
		obj  types.Object
	}{{"a_end", m.AEnd}, {"b_end", m.BEnd}} {
		end, ok := endOf(ctx, e.obj)
		if !ok {
			continue
		}
		if end.OrderedVLAN.ValueInt64() == netfabapi.VLANUntagged && !end.InnerVLAN.IsNull() && !end.InnerVLAN.IsUnknown() {
			resp.Diagnostics.AddAttributeError(path.Root(e.name).AtName("inner_vlan"), "Inner VLAN on an untagged end",
				e.name+".inner_vlan cannot be set when "+e.name+".ordered_vlan is -1 (untagged).")
		}
	}
	if b, ok := endOf(ctx, m.BEnd); ok && b.RequestedProductUID.IsNull() && m.ServiceKey.IsNull() && !m.BEndPartnerConfig.IsUnknown() {
		p := ""
		if !m.BEndPartnerConfig.IsNull() {
			v, _ := m.BEndPartnerConfig.Attributes()["partner"].(types.String)
			p = v.ValueString()
		}
		if p != netfabapi.PartnerAzure && p != netfabapi.PartnerGoogle && p != netfabapi.PartnerOracle && !m.ServiceKey.IsUnknown() {
			resp.Diagnostics.AddAttributeError(path.Root("b_end").AtName("requested_product_uid"), "Missing B end",
				"b_end.requested_product_uid is required unless service_key is set or b_end_partner_config is azure, google or oracle, which pick the port.")
		}
	}
}

func endOf(ctx context.Context, o types.Object) (vxcEndModel, bool) {
	var e vxcEndModel
	if o.IsNull() || o.IsUnknown() {
		return e, false
	}
	d := o.As(ctx, &e, basetypes.ObjectAsOptions{})
	return e, !d.HasError()
}

func (r *vxcResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	planDerivedValues(ctx, req, resp, vxcDerivedValues)
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	// An end made untagged loses its inner VLAN (the state's is kept
	// otherwise while the configuration leaves it out).
	for _, name := range []string{"a_end", "b_end"} {
		var planned, configured types.Object
		resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root(name), &planned)...)
		resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root(name), &configured)...)
		p, ok1 := endOf(ctx, planned)
		c, ok2 := endOf(ctx, configured)
		if ok1 && ok2 && c.InnerVLAN.IsNull() && p.OrderedVLAN.ValueInt64() == netfabapi.VLANUntagged && !p.InnerVLAN.IsNull() {
			resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root(name).AtName("inner_vlan"), types.Int64Null())...)
		}
	}
	// A cloud's partner configuration is fixed for the VXC's life: changing
	// it (or changing to or from it) orders a new VXC. A vrouter
	// configuration changes in place. A state without one (after an import)
	// takes the configuration's without replacing.
	for _, name := range []string{"a_end_partner_config", "b_end_partner_config"} {
		var planned, prior types.Object
		resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root(name), &planned)...)
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root(name), &prior)...)
		if prior.IsNull() || planned.Equal(prior) {
			continue
		}
		if isCloudPartner(planned) || isCloudPartner(prior) {
			resp.RequiresReplace = append(resp.RequiresReplace, path.Root(name))
		}
	}
}

// vxcProduct is the VXC's part of the ordered products' lifecycle.
var vxcProduct = orderedProduct[vxcModel]{
	what:                "VXC",
	productType:         netfabapi.ProductTypeVXC,
	tagsMoveLastUpdated: true,
	fields:              (*vxcModel).orderedFields,
	order:               (*vxcModel).orderItem,
	productUpdate:       (*vxcModel).productUpdate,
	fromProduct:         (*vxcModel).fromProduct,
}

// orderItem is the VXC's order: its ends, and their partner configurations
// from the configuration (which has the write-only tunnel keys).
func (m *vxcModel) orderItem(ctx context.Context, config tfsdk.Config, diags *diag.Diagnostics) netfabapi.OrderItem {
	a, _ := endOf(ctx, m.AEnd)
	b, _ := endOf(ctx, m.BEnd)
	aCfg := partnerConfigFromConfig(ctx, config, "a_end_partner_config", diags)
	bCfg := partnerConfigFromConfig(ctx, config, "b_end_partner_config", diags)
	c := &netfabapi.VXCConfig{
		AEndProductUID: a.RequestedProductUID.ValueString(), AEndVLAN: a.OrderedVLAN.ValueInt64(), AEndInnerVLAN: a.InnerVLAN.ValueInt64(),
		AEndVNICIndex:  knownInt64(a.VNICIndex),
		BEndProductUID: b.RequestedProductUID.ValueString(), BEndVLAN: b.OrderedVLAN.ValueInt64(), BEndInnerVLAN: b.InnerVLAN.ValueInt64(),
		BEndVNICIndex: knownInt64(b.VNICIndex),
		RateLimit:     m.RateLimit.ValueInt64(), Shutdown: m.Shutdown.ValueBool(), ServiceKey: m.ServiceKey.ValueString(),
		AEndPartnerConfig: aCfg, BEndPartnerConfig: bCfg,
	}
	return netfabapi.OrderItem{
		ProductType: netfabapi.ProductTypeVXC, ProductName: m.ProductName.ValueString(),
		ContractTermMonths: m.ContractTermMonths.ValueInt64(), CostCentre: m.CostCentre.ValueString(),
		PromoCode: m.PromoCode.ValueString(), VXC: c,
	}
}

// knownInt64 is a pointer to a known value, nil for a null or unknown one.
func knownInt64(v types.Int64) *int64 {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	return v.ValueInt64Pointer()
}

// partnerConfigFromConfig decodes a partner configuration from the
// configuration (which has the write-only tunnel keys) in the API's shape.
func partnerConfigFromConfig(ctx context.Context, cfg tfsdk.Config, name string, diags *diag.Diagnostics) *netfabapi.PartnerConfig {
	var m *vxcPartnerConfigModel
	diags.Append(cfg.GetAttribute(ctx, path.Root(name), &m)...)
	if m == nil {
		return nil
	}
	return m.toAPI(ctx)
}

// productUpdate is the change of the VXC, nil when nothing of the product
// changes (the tags or a pending wait).
func (m *vxcModel) productUpdate(ctx context.Context, config tfsdk.Config, prior *vxcModel, diags *diag.Diagnostics) *netfabapi.ProductUpdate {
	u := netfabapi.VXCUpdate{}
	changed := false
	if !m.RateLimit.Equal(prior.RateLimit) {
		u.RateLimit, changed = m.RateLimit.ValueInt64Pointer(), true
	}
	if !m.Shutdown.Equal(prior.Shutdown) {
		u.Shutdown, changed = m.Shutdown.ValueBoolPointer(), true
	}
	for _, e := range []struct {
		plan, state types.Object
		vlan, inner **int64
	}{{m.AEnd, prior.AEnd, &u.AEndVLAN, &u.AEndInnerVLAN}, {m.BEnd, prior.BEnd, &u.BEndVLAN, &u.BEndInnerVLAN}} {
		pe, _ := endOf(ctx, e.plan)
		se, _ := endOf(ctx, e.state)
		// 0 asks for any free VLAN: the one the end has is as good.
		if v := pe.OrderedVLAN; !v.IsUnknown() && !v.IsNull() && v.ValueInt64() != 0 && !v.Equal(se.OrderedVLAN) && v.ValueInt64() != se.VLAN.ValueInt64() {
			*e.vlan, changed = v.ValueInt64Pointer(), true
		}
		switch v := pe.InnerVLAN; {
		case v.IsUnknown() || v.Equal(se.InnerVLAN):
		case v.IsNull():
			*e.inner, changed = values.Ptr(int64(0)), true // 0 clears it
		default:
			*e.inner, changed = v.ValueInt64Pointer(), true
		}
	}
	if !m.AEndPartnerConfig.Equal(prior.AEndPartnerConfig) {
		u.AEndPartnerConfig = partnerConfigFromConfig(ctx, config, "a_end_partner_config", diags)
		changed = changed || u.AEndPartnerConfig != nil
	}
	if !m.BEndPartnerConfig.Equal(prior.BEndPartnerConfig) {
		u.BEndPartnerConfig = partnerConfigFromConfig(ctx, config, "b_end_partner_config", diags)
		changed = changed || u.BEndPartnerConfig != nil
	}
	// An imported VXC gets its cloud configuration in state only: the
	// service keeps the one it was ordered with.
	for _, pc := range []**netfabapi.PartnerConfig{&u.AEndPartnerConfig, &u.BEndPartnerConfig} {
		if *pc != nil && (*pc).Partner != netfabapi.PartnerVRouter {
			*pc = nil
		}
	}
	upd := netfabapi.ProductUpdate{}
	if changed {
		upd.VXC = &u
	}
	if !m.ProductName.Equal(prior.ProductName) || !m.CostCentre.Equal(prior.CostCentre) ||
		!m.ContractTermMonths.Equal(prior.ContractTermMonths) || !m.PromoCode.Equal(prior.PromoCode) {
		upd.ProductName = m.ProductName.ValueStringPointer()
		upd.CostCentre = values.Ptr(m.CostCentre.ValueString())
		upd.ContractTermMonths = m.ContractTermMonths.ValueInt64Pointer()
		upd.PromoCode = promoCodeUpdate(m.PromoCode, prior.PromoCode)
		changed = true
	}
	if !changed {
		return nil
	}
	return &upd
}

// Identity is the product UID, the import ID.
func (r *vxcResource) Identity() framework.Identity { return productIdentity("VXC") }

// fromProduct copies what the service reports. The partner configurations
// and the service key are never answered: they stay as planned.
func (m *vxcModel) fromProduct(ctx context.Context, p netfabapi.Product, tags map[string]string) diag.Diagnostics {
	var diags, d diag.Diagnostics
	diags.Append(m.inputsFromProduct(ctx, p, tags)...)
	diags.Append(m.outputsFromProduct(ctx, p)...)
	m.ServiceID = types.Int64Value(p.ProductID)
	v := p.VXC
	if v == nil {
		v = &netfabapi.VXCDetails{}
	}
	m.RateLimit = types.Int64Value(v.RateLimit)
	m.Shutdown = types.BoolValue(v.Shutdown)
	m.DistanceBand = types.StringValue(v.DistanceBand)
	m.AEnd, d = endValue(ctx, m.AEnd, v.AEnd)
	diags.Append(d...)
	m.BEnd, d = endValue(ctx, m.BEnd, v.BEnd)
	diags.Append(d...)
	m.CSPConnections, d = cspConnectionsValue(v.CSPConnections)
	diags.Append(d...)
	if m.AEndPartnerConfig.IsUnknown() {
		m.AEndPartnerConfig = types.ObjectNull(m.AEndPartnerConfig.AttributeTypes(ctx))
	}
	if m.BEndPartnerConfig.IsUnknown() {
		m.BEndPartnerConfig = types.ObjectNull(m.BEndPartnerConfig.AttributeTypes(ctx))
	}
	return diags
}

// endValue is an end as the service reports it, keeping what the
// configuration asked for where the service's answer means the same.
func endValue(ctx context.Context, prior types.Object, e netfabapi.VXCEnd) (types.Object, diag.Diagnostics) {
	was, _ := endOf(ctx, prior)
	vlan := types.Int64Null()
	ordered := types.Int64Value(netfabapi.VLANUntagged)
	if !e.Untagged {
		vlan, ordered = types.Int64Value(e.VLAN), types.Int64Value(e.VLAN)
	}
	// 0 asked for any VLAN; an ordered VLAN stays as ordered while the end
	// has it.
	if o := was.OrderedVLAN; !o.IsNull() && !o.IsUnknown() && (o.ValueInt64() == 0 || o.Equal(ordered)) {
		ordered = o
	}
	requested := types.StringValue(e.ProductUID)
	if r := was.RequestedProductUID; !r.IsNull() && !r.IsUnknown() {
		requested = r // a rotated partner port keeps the UID it was ordered with
	}
	out := vxcEndModel{
		RequestedProductUID: requested,
		CurrentProductUID:   types.StringValue(e.ProductUID),
		OrderedVLAN:         ordered,
		InnerVLAN:           values.Int64OrNull(e.InnerVLAN),
		VNICIndex:           types.Int64PointerValue(e.VNICIndex),
		VLAN:                vlan,
		OwnerUID:            types.StringValue(e.OwnerUID),
		ProductName:         types.StringValue(e.ProductName),
		LocationID:          types.Int64Value(e.LocationID),
		Location:            types.StringValue(e.Location),
		SecondaryName:       types.StringValue(e.SecondaryName),
	}
	return types.ObjectValueFrom(ctx, vxcEndAttrTypes, out)
}

func cspConnectionsValue(cs []netfabapi.CSPConnection) (types.List, diag.Diagnostics) {
	var diags diag.Diagnostics
	elems := make([]attr.Value, 0, len(cs))
	for _, c := range cs {
		a := map[string]attr.Value{"managed": types.BoolValue(c.Managed)}
		for k, f := range cspConnectionStrings {
			a[k] = values.StringOrNull(f(c))
		}
		for k, f := range cspConnectionInts {
			a[k] = values.Int64OrNull(f(c))
		}
		bw := make([]attr.Value, 0, len(c.Bandwidths))
		for _, b := range c.Bandwidths {
			bw = append(bw, types.Int64Value(b))
		}
		a["bandwidths"] = types.ListValueMust(types.Int64Type, bw)
		ips := make([]attr.Value, 0, len(c.IPAddresses))
		for _, ip := range c.IPAddresses {
			ips = append(ips, types.StringValue(ip))
		}
		a["ip_addresses"] = types.ListValueMust(types.StringType, ips)
		o, d := types.ObjectValue(cspConnectionAttrTypes, a)
		diags.Append(d...)
		elems = append(elems, o)
	}
	l, d := types.ListValue(types.ObjectType{AttrTypes: cspConnectionAttrTypes}, elems)
	diags.Append(d...)
	return l, diags
}
