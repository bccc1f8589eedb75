package netfab

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
)

var (
	_ resource.ResourceWithConfigure   = (*mveResource)(nil)
	_ resource.ResourceWithImportState = (*mveResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*mveResource)(nil)
)

// NewMveResource is the netfab_mve resource: a virtual edge (MVE), a
// vendor's network appliance run on the fabric.
func NewMveResource() resource.Resource { return &mveResource{newOrderedResource("mve", mveProduct)} }

type mveResource struct{ orderedResource[mveModel] }

type mveModel struct {
	productInputs
	LocationID    types.Int64  `tfsdk:"location_id"`
	DiversityZone types.String `tfsdk:"diversity_zone"`
	VendorConfig  types.Object `tfsdk:"vendor_config"`
	VNICs         types.List   `tfsdk:"vnics"`
	productOutputs
	BuyoutPort            types.Bool   `tfsdk:"buyout_port"`
	Market                types.String `tfsdk:"market"`
	MarketplaceVisibility types.Bool   `tfsdk:"marketplace_visibility"`
	MVESize               types.String `tfsdk:"mve_size"`
	TerminateDate         types.String `tfsdk:"terminate_date"`
	Vendor                types.String `tfsdk:"vendor"`
	Virtual               types.Bool   `tfsdk:"virtual"`
	VXCAutoApproval       types.Bool   `tfsdk:"vxc_auto_approval"`
	VXCPermitted          types.Bool   `tfsdk:"vxc_permitted"`
}

var vnicAttrTypes = map[string]attr.Type{"description": types.StringType, "vlan": types.Int64Type}

func (r *mveResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A virtual edge (MVE): a vendor's SD-WAN or firewall appliance (Cisco, Fortinet, Palo Alto, Versa, VMware, " +
			"Aruba, 6WIND, Meraki, Aviatrix, Prisma) run at a location of the fabric, with up to five network interfaces (vNICs). " +
			"Pick the image with the netfab_mve_images data source and the size with netfab_mve_sizes. Name, contract term, " +
			"cost centre, promotion code and resource tags change in place; location, diversity zone, vendor configuration " +
			"and vNICs replace the MVE. An MVE can be the A-end of a cross-connect. Import it by its product UID.",
		Attributes: map[string]schema.Attribute{
			"timeouts":     provisioningWaits("MVE").Attribute(ctx),
			"id":           output("Product UID of the MVE."),
			"product_name": productNameAttribute("MVE"),
			"location_id": schema.Int64Attribute{
				Required:      true,
				Description:   "Numeric ID of a location that offers MVEs (from the netfab_location data source). Changing it replaces the MVE.",
				Validators:    []validator.Int64{int64validator.AtLeast(1)},
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"contract_term_months": schema.Int64Attribute{
				Required:    true,
				Description: "Contract term in months: 1 (month-to-month), 12, 24, 36, 48 or 60. Changes in place.",
				Validators:  []validator.Int64{int64validator.OneOf(contractTerms...)},
			},
			"cost_centre": costCentreAttribute("Customer reference for billing."),
			"diversity_zone": schema.StringAttribute{
				Optional:    true,
				Computed:    true,
				Description: "Diversity zone within the location (such as red or blue); allocated by the service when omitted. Changing it replaces the MVE.",
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.UseStateForUnknown(),
					stringplanmodifier.RequiresReplaceIfConfigured(),
				},
			},
			"promo_code": promoCodeAttribute("Changing it records the new code for the coming invoices, in place."),
			"resource_tags": schema.MapAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Description: "Resource tags: keys 1 to 128 characters, values at most 256. Changes in place.",
				Validators:  tagsValidators(),
			},
			"vendor_config": vendorConfigSchema(),
			"vnics": schema.ListNestedAttribute{
				Optional: true,
				Computed: true,
				Description: "The MVE's network interfaces, in order: 1 to 5, at least the vendor's minimum (2 for Palo Alto, 4 for " +
					"the Cisco FTDv firewall, 1 for the others). Left out, the MVE gets the vendor's minimum number, without " +
					"descriptions. Changing them replaces the MVE.",
				Validators: []validator.List{listvalidator.SizeBetween(1, netfabapi.MaxVNICs)},
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"description": schema.StringAttribute{
						Required:    true,
						Description: "Description of the interface, at most 255 characters.",
						Validators:  []validator.String{stringvalidator.UTF8LengthAtMost(255)},
					},
					"vlan": schema.Int64Attribute{
						Computed:      true,
						Description:   "VLAN the service gives the interface inside the MVE (interface n, from 0, has VLAN n + 1).",
						PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
					},
				}},
				PlanModifiers: []planmodifier.List{listplanmodifier.UseStateForUnknown(), listplanmodifier.RequiresReplace()},
			},
			"admin_locked": boolOutput("Whether the MVE is locked by an administrator."),
			"attribute_tags": schema.MapAttribute{
				ElementType: types.StringType, Computed: true, Description: "Attribute tags the service keeps on the MVE.",
				PlanModifiers: []planmodifier.Map{mapplanmodifier.UseStateForUnknown()},
			},
			"buyout_port":            boolOutput("Whether the MVE is a buyout."),
			"cancelable":             boolOutput("Whether the MVE can be cancelled."),
			"company_name":           output("Name of the owning company."),
			"company_uid":            output("UID of the owning company."),
			"contract_end_date":      output("End of the contract term; set when the MVE goes live, and moved by a change of contract_term_months."),
			"contract_start_date":    output("Start of the contract term: when the MVE went live."),
			"create_date":            output("Set by the API when the MVE is ordered."),
			"created_by":             output("User who ordered the MVE."),
			"last_updated":           output("Time of the last change to the MVE or its tags (RFC 3339, UTC)."),
			"live_date":              output("When the MVE went live."),
			"locked":                 boolOutput("Whether the MVE is locked."),
			"market":                 output("Market (country) of the MVE's location."),
			"marketplace_visibility": boolOutput("Whether the MVE is visible in the marketplace."),
			"mve_size":               output("Size of the MVE as the service records it (upper case)."),
			"product_id":             intOutput("Numeric product ID."),
			"product_type":           output("Product type, `MVE`."),
			"product_uid":            output("Product UID of the MVE."),
			"provisioning_status":    output("Provisioning status, such as DEPLOYABLE, CONFIGURED or LIVE. While it is not yet CONFIGURED or LIVE, the next apply waits for it."),
			"secondary_name":         output("Secondary name of the MVE."),
			"terminate_date":         output("When the MVE was cancelled; empty while it is active."),
			"usage_algorithm":        output("How the MVE is billed: POST_PAID_FIXED_TERM for terms over one month, else POST_PAID_HOURLY_SPEED."),
			"vendor":                 output("Vendor of the MVE as the service records it: the vendor key in upper case (ARUBA, PALO_ALTO, 6WIND)."),
			"virtual":                boolOutput("Whether the product is virtual; always true for an MVE."),
			"vxc_auto_approval":      boolOutput("Whether cross-connects to the MVE are approved automatically."),
			"vxc_permitted":          boolOutput("Whether cross-connects can be created on the MVE."),
		},
	}
}

// mveProductInputs are the inputs an update sends to the product (and its
// tags): changing any of them changes last_updated.
var mveProductInputs = []string{"product_name", "cost_centre", "contract_term_months", "promo_code", "resource_tags"}

// mveDerivedValues are the MVE's computed values that an update can change
// (see planDerivedValues); every other computed value is stable.
var mveDerivedValues = []derivedValue{
	{attr: "provisioning_status", untilLive: true},
	{attr: "live_date", untilLive: true},
	{attr: "contract_start_date", untilLive: true},
	{attr: "contract_end_date", inputs: []string{"contract_term_months"}, untilLive: true},
	{attr: "usage_algorithm", inputs: []string{"contract_term_months"}},
	{attr: "last_updated", inputs: mveProductInputs, untilLive: true},
}

func (r *mveResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	planDerivedValues(ctx, req, resp, mveDerivedValues)
	if req.Plan.Raw.IsNull() || r.PD == nil || resp.Diagnostics.HasError() {
		return // destroy, or the provider is not configured yet
	}
	var plan, state mveModel
	resp.Diagnostics.Append(resp.Plan.Get(ctx, &plan)...)
	if !req.State.Raw.IsNull() {
		resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	}
	if resp.Diagnostics.HasError() || plan.VendorConfig.IsUnknown() || plan.VendorConfig.IsNull() {
		return
	}
	creating := req.State.Raw.IsNull()
	changed := creating || !plan.VNICs.Equal(state.VNICs)
	if !creating {
		replace, ok := r.vendorConfigReplaces(ctx, plan, state, &resp.Diagnostics)
		if !ok {
			return
		}
		if replace {
			resp.RequiresReplace = append(resp.RequiresReplace, path.Root("vendor_config"))
			changed = true
		}
	}
	if changed {
		r.checkAgainstImage(ctx, req, plan, &resp.Diagnostics)
	}
}

// vendorConfigReplaces reports whether the planned vendor_config replaces
// the MVE: any change but the case of vendor and product_size. After an
// import the state has none; then only a vendor, image or size other than
// the MVE's replaces it, the rest is recorded in place.
func (r *mveResource) vendorConfigReplaces(ctx context.Context, plan, state mveModel, diags *diag.Diagnostics) (replace, ok bool) {
	if !state.VendorConfig.IsNull() {
		a, b := vendorConfigComparable(plan.VendorConfig), vendorConfigComparable(state.VendorConfig)
		for k, v := range a {
			if !v.Equal(b[k]) {
				return true, true
			}
		}
		return false, true
	}
	vc, image, size, d := vendorConfigOf(plan.VendorConfig, types.StringNull())
	diags.Append(d...)
	if d.HasError() {
		return false, false
	}
	p, err := r.PD.client.Product(ctx, state.ID.ValueString())
	if err != nil {
		diags.AddError("Could not read MVE "+state.ID.ValueString(), framework.ErrorDetail(err))
		return false, false
	}
	if p.MVE == nil {
		return true, true
	}
	return p.MVE.ImageID != image || !strings.EqualFold(p.MVE.Vendor, vc.Vendor) || !strings.EqualFold(p.MVE.Size, size), true
}

// checkAgainstImage checks the planned vendor_config and vnics against the
// image the service publishes: it exists, the size is one of its sizes, and
// the contract's vendor rules hold (netfabapi.CheckMVEOrder).
func (r *mveResource) checkAgainstImage(ctx context.Context, req resource.ModifyPlanRequest, plan mveModel, diags *diag.Diagnostics) {
	var password types.String
	diags.Append(req.Config.GetAttribute(ctx, path.Root("vendor_config").AtName("admin_password"), &password)...)
	for _, v := range plan.VendorConfig.Attributes() {
		if v.IsUnknown() {
			return // known at apply; the service checks it then
		}
	}
	vc, imageID, size, d := vendorConfigOf(plan.VendorConfig, password)
	diags.Append(d...)
	if diags.HasError() {
		return
	}
	vnics, known := vnicsOf(plan.VNICs)
	if !known {
		return
	}
	images, err := r.PD.client.MVEImages(ctx)
	if err != nil {
		diags.AddWarning("Could not read the MVE images", "The vendor configuration is checked by the service when the MVE is ordered instead: "+framework.ErrorDetail(err))
		return
	}
	i := slices.IndexFunc(images, func(img netfabapi.MVEImage) bool { return img.ID == imageID })
	if i < 0 {
		diags.AddAttributeError(path.Root("vendor_config").AtName("image_id"), "No such MVE image",
			fmt.Sprintf("image_id %d is not an image of the service; the netfab_mve_images data source lists them.", imageID))
		return
	}
	img := images[i]
	if !slices.Contains(img.AvailableSizes, size) {
		diags.AddAttributeError(path.Root("vendor_config").AtName("product_size"), "Size not available for the image",
			fmt.Sprintf("product_size %q is not a size of image %d (%s %s %s); it runs on %s.", size, img.ID, img.Vendor, img.Product, img.Version,
				strings.Join(img.AvailableSizes, ", ")))
		return
	}
	if e := netfabapi.CheckMVEOrder(img, &vc, vnics); e != nil {
		diags.AddAttributeError(planPathOf(e.Field), "Invalid MVE vendor configuration",
			planPathOf(e.Field).String()+": "+ruleInTerraformWords(e.Rule))
	}
}

// vnicsOf is the vNICs of an order from the planned vnics: none when the
// configuration leaves them out; known is false while a description is
// unknown.
func vnicsOf(list types.List) (vnics []netfabapi.MVEVNIC, known bool) {
	if list.IsUnknown() {
		return nil, true // left out: the vendor's minimum
	}
	for _, e := range list.Elements() {
		o, ok := e.(types.Object)
		if !ok || o.IsUnknown() {
			return nil, false
		}
		d, _ := o.Attributes()["description"].(types.String)
		if d.IsUnknown() {
			return nil, false
		}
		vnics = append(vnics, netfabapi.MVEVNIC{Description: d.ValueString()})
	}
	return vnics, true
}

// fromProduct copies what the service reports; vendor_config is kept as it
// is, since the service never answers it.
func (m *mveModel) fromProduct(ctx context.Context, p netfabapi.Product, tags map[string]string) diag.Diagnostics {
	var diags diag.Diagnostics
	diags.Append(m.outputsFromProduct(ctx, p)...)
	diags.Append(m.inputsFromProduct(ctx, p, tags)...)
	m.LocationID = types.Int64Value(p.LocationID)
	m.DiversityZone = types.StringValue(p.DiversityZone)
	m.BuyoutPort = types.BoolValue(p.BuyoutPort)
	m.Market = types.StringValue(p.Market)
	m.MarketplaceVisibility = types.BoolValue(p.MarketplaceVisibility)
	m.TerminateDate = types.StringValue(p.TerminateDate)
	m.Virtual = types.BoolValue(p.Virtual)
	m.VXCAutoApproval = types.BoolValue(p.VXCAutoApproval)
	m.VXCPermitted = types.BoolValue(p.VXCPermitted)
	if p.MVE == nil {
		diags.AddError("MVE without its mve section",
			fmt.Sprintf("The service answered product %s without MVE details; this is a service bug.", p.ProductUID))
		return diags
	}
	m.Vendor = types.StringValue(p.MVE.Vendor)
	m.MVESize = types.StringValue(p.MVE.Size)
	elems := make([]attr.Value, 0, len(p.MVE.VNICs))
	for _, n := range p.MVE.VNICs {
		o, d := types.ObjectValue(vnicAttrTypes, map[string]attr.Value{
			"description": types.StringValue(n.Description), "vlan": types.Int64Value(n.VLAN),
		})
		diags.Append(d...)
		elems = append(elems, o)
	}
	var d diag.Diagnostics
	m.VNICs, d = types.ListValue(types.ObjectType{AttrTypes: vnicAttrTypes}, elems)
	diags.Append(d...)
	return diags
}

// mveProduct is the MVE's part of the ordered products' lifecycle.
var mveProduct = orderedProduct[mveModel]{
	what:                "MVE",
	productType:         netfabapi.ProductTypeMVE,
	tagsMoveLastUpdated: true,
	fields:              (*mveModel).orderedFields,
	order:               (*mveModel).orderItem,
	productUpdate:       (*mveModel).productUpdate,
	fromProduct:         (*mveModel).fromProduct,
	afterRead:           (*mveModel).keepVendorConfig,
}

// orderItem is the MVE's order, with its vendor configuration.
func (m *mveModel) orderItem(ctx context.Context, config tfsdk.Config, diags *diag.Diagnostics) netfabapi.OrderItem {
	// admin_password is write-only: only the configuration has it.
	var password types.String
	diags.Append(config.GetAttribute(ctx, path.Root("vendor_config").AtName("admin_password"), &password)...)
	vc, image, size, d := vendorConfigOf(m.VendorConfig, password)
	diags.Append(d...)
	vnics, _ := vnicsOf(m.VNICs)
	return netfabapi.OrderItem{
		ProductType:        netfabapi.ProductTypeMVE,
		ProductName:        m.ProductName.ValueString(),
		LocationID:         m.LocationID.ValueInt64(),
		ContractTermMonths: m.ContractTermMonths.ValueInt64(),
		CostCentre:         m.CostCentre.ValueString(),
		DiversityZone:      m.DiversityZone.ValueString(),
		PromoCode:          m.PromoCode.ValueString(),
		MVE:                &netfabapi.MVEConfig{ImageID: image, Size: size, VendorConfig: &vc, VNICs: vnics},
	}
}

// productUpdate is the change of the MVE itself; nil when only
// vendor_config (its case, or one recorded after an import), the tags or a
// pending wait change, which leave the product as it is.
func (m *mveModel) productUpdate(_ context.Context, _ tfsdk.Config, prior *mveModel, _ *diag.Diagnostics) *netfabapi.ProductUpdate {
	if m.ProductName.Equal(prior.ProductName) && m.CostCentre.Equal(prior.CostCentre) &&
		m.ContractTermMonths.Equal(prior.ContractTermMonths) && m.PromoCode.Equal(prior.PromoCode) {
		return nil
	}
	return &netfabapi.ProductUpdate{
		ProductName:        m.ProductName.ValueStringPointer(),
		CostCentre:         values.Ptr(m.CostCentre.ValueString()),
		ContractTermMonths: m.ContractTermMonths.ValueInt64Pointer(),
		PromoCode:          promoCodeUpdate(m.PromoCode, prior.PromoCode),
	}
}

// keepVendorConfig keeps vendor_config in a Read, as the service never
// answers it; after an import it is unknown, and becomes null.
func (m *mveModel) keepVendorConfig(context.Context, *client.Client, netfabapi.Product, *diag.Diagnostics) bool {
	if m.VendorConfig.IsUnknown() {
		m.VendorConfig = types.ObjectNull(vendorConfigAttrTypes())
	}
	return true
}

// Identity is the product UID, the import ID.
func (r *mveResource) Identity() framework.Identity { return productIdentity("MVE") }
