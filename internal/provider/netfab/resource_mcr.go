package netfab

import (
	"context"
	"fmt"

	"cmp"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
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

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
)

var (
	_ resource.ResourceWithConfigure      = (*mcrResource)(nil)
	_ resource.ResourceWithImportState    = (*mcrResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*mcrResource)(nil)
	_ resource.ResourceWithValidateConfig = (*mcrResource)(nil)
)

// DefaultMcrASN is the ASN an MCR gets when none is given.
const DefaultMcrASN = 133937

var mcrPortSpeeds = []int64{1000, 2500, 5000, 10000, 25000, 50000, 100000}

// NewMcrResource is the netfab_mcr resource: a cloud router.
func NewMcrResource() resource.Resource { return &mcrResource{newOrderedResource("mcr", mcrProduct)} }

type mcrResource struct{ orderedResource[mcrModel] }

type mcrModel struct {
	productInputs
	LocationID            types.Int64  `tfsdk:"location_id"`
	PortSpeed             types.Int64  `tfsdk:"port_speed"`
	ASN                   types.Int64  `tfsdk:"asn"`
	DiversityZone         types.String `tfsdk:"diversity_zone"`
	MarketplaceVisibility types.Bool   `tfsdk:"marketplace_visibility"`
	PrefixFilterLists     types.List   `tfsdk:"prefix_filter_lists"`

	productOutputs
	BuyoutPort      types.Bool   `tfsdk:"buyout_port"`
	LagPrimary      types.Bool   `tfsdk:"lag_primary"`
	Virtual         types.Bool   `tfsdk:"virtual"`
	VXCAutoApproval types.Bool   `tfsdk:"vxc_auto_approval"`
	VXCPermitted    types.Bool   `tfsdk:"vxc_permitted"`
	AggregationID   types.Int64  `tfsdk:"aggregation_id"`
	LagID           types.Int64  `tfsdk:"lag_id"`
	Market          types.String `tfsdk:"market"`
	TerminateDate   types.String `tfsdk:"terminate_date"`
}

// mcrInlinePrefixFilterList is the deprecated inline form of a prefix filter
// list; it is matched to the service's lists by description.
type mcrInlinePrefixFilterList struct {
	Description   types.String `tfsdk:"description"`
	AddressFamily types.String `tfsdk:"address_family"`
	Entries       types.List   `tfsdk:"entries"`
}

var mcrInlinePrefixFilterListAttrTypes = map[string]attr.Type{
	"description":    types.StringType,
	"address_family": types.StringType,
	"entries":        types.ListType{ElemType: types.ObjectType{AttrTypes: prefixEntryAttrTypes}},
}

// mcrDerivedValues are the MCR's computed values that an update can change
// (see planDerivedValues); every other computed value is stable.
var mcrDerivedValues = []derivedValue{
	{attr: "provisioning_status", untilLive: true},
	{attr: "live_date", untilLive: true},
	{attr: "contract_start_date", untilLive: true},
	{attr: "contract_end_date", inputs: []string{"contract_term_months"}, untilLive: true},
	{attr: "usage_algorithm", inputs: []string{"contract_term_months"}},
	{attr: "last_updated", inputs: mcrProductInputs, untilLive: true},
}

// mcrProductInputs are the inputs an update sends to the product (and its
// tags): changing any of them changes last_updated.
var mcrProductInputs = []string{"product_name", "cost_centre", "marketplace_visibility", "contract_term_months", "asn", "promo_code", "resource_tags"}

func (r *mcrResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A cloud router (MCR). Import it by its product UID.",
		Attributes: map[string]schema.Attribute{
			"timeouts": provisioningWaits("MCR").Attribute(ctx),
			"id":       output("Product UID of the MCR."),
			"contract_term_months": schema.Int64Attribute{
				Required:    true,
				Description: "Contract term in months: 1 (month-to-month), 12, 24, 36, 48 or 60. Changes in place.",
				Validators:  []validator.Int64{int64validator.OneOf(contractTerms...)},
			},
			"location_id": schema.Int64Attribute{
				Required:      true,
				Description:   "Numeric location ID (from the netfab_location data source). Changing it replaces the MCR.",
				Validators:    []validator.Int64{int64validator.AtLeast(1)},
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"port_speed": schema.Int64Attribute{
				Required: true,
				Description: "Speed in Mbps, shared by all connections through the router: 1000, 2500, 5000, 10000, 25000, " +
					"50000 or 100000. Fixed for the life of the service: changing it replaces the MCR.",
				Validators:    []validator.Int64{int64validator.OneOf(mcrPortSpeeds...)},
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"product_name": productNameAttribute("MCR"),
			"asn": schema.Int64Attribute{
				Optional: true,
				Computed: true,
				Description: "ASN of the router, default 133937 when the MCR is created. Changing it updates the MCR in " +
					"place, without recreating it; BGP peers on attached cross-connects renegotiate. Removing it from the " +
					"configuration later keeps the current ASN.",
				Validators:    []validator.Int64{int64validator.Between(1, 4294967295)},
				PlanModifiers: []planmodifier.Int64{int64DefaultOnCreate{DefaultMcrASN}, int64planmodifier.UseStateForUnknown()},
			},
			"cost_centre": costCentreAttribute("Customer reference for billing. Not propagated to attached cross-connects."),
			"diversity_zone": schema.StringAttribute{
				Optional:    true,
				Computed:    true,
				Description: "Diversity zone within the location; allocated automatically when omitted. Changing it replaces the MCR.",
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.UseStateForUnknown(),
					stringplanmodifier.RequiresReplaceIfConfigured(),
				},
			},
			"marketplace_visibility": schema.BoolAttribute{
				Optional:    true,
				Computed:    true,
				Default:     booldefault.StaticBool(false),
				Description: "Whether the MCR is visible in the marketplace. Default false. Changes in place.",
			},
			"promo_code": promoCodeAttribute("Changing it records the new code for the coming invoices, in place."),
			"resource_tags": schema.MapAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Description: "Resource tags: keys 1 to 128 characters, values at most 256. Changes in place.",
				Validators:  tagsValidators(),
			},
			"attribute_tags": schema.MapAttribute{
				ElementType: types.StringType, Computed: true, Description: "Attribute tags set by the service.",
				PlanModifiers: []planmodifier.Map{mapplanmodifier.UseStateForUnknown()},
			},
			"admin_locked":        boolOutput("Whether the service is locked by an administrator."),
			"buyout_port":         boolOutput("Whether the port is bought out."),
			"cancelable":          boolOutput("Whether the MCR can be cancelled."),
			"lag_primary":         boolOutput("Whether this is the primary of a link aggregation group."),
			"locked":              boolOutput("Whether the service is locked."),
			"virtual":             boolOutput("Whether the product is virtual."),
			"vxc_auto_approval":   boolOutput("Whether cross-connects to this MCR are approved automatically."),
			"vxc_permitted":       boolOutput("Whether cross-connects can be created on this MCR."),
			"aggregation_id":      intOutput("Aggregation ID."),
			"lag_id":              intOutput("Link aggregation group ID."),
			"product_id":          intOutput("Numeric product ID."),
			"company_name":        output("Name of the owning company."),
			"company_uid":         output("UID of the owning company."),
			"contract_end_date":   output("End of the contract term; set when the MCR goes live, and moved by a change of contract_term_months."),
			"contract_start_date": output("Start of the contract term."),
			"create_date":         output("Set by the API when the MCR is created."),
			"created_by":          output("User who ordered the MCR."),
			"last_updated":        output("Time of the last change to the MCR or its tags."),
			"live_date":           output("Set by the API when the MCR goes live."),
			"market":              output("Market (billing region)."),
			"product_type":        output("Product type, MCR2."),
			"product_uid":         output("Product UID of the MCR."),
			"provisioning_status": output("Provisioning status, such as DEPLOYABLE, CONFIGURED or LIVE. While it is not yet " +
				"CONFIGURED or LIVE, the next apply waits for it."),
			"secondary_name":  output("Secondary name."),
			"terminate_date":  output("Set when the MCR is cancelled."),
			"usage_algorithm": output("Billing usage algorithm, derived from contract_term_months: POST_PAID_HOURLY_SPEED for 1 month, POST_PAID_FIXED_TERM for longer terms."),
			"prefix_filter_lists": schema.ListNestedAttribute{
				Optional: true,
				Computed: true,
				Description: "Prefix filter lists of the MCR, matched by description. Deprecated: use the " +
					"netfab_mcr_prefix_filter_list resource; do not use both for the same MCR. When set, the MCR's lists " +
					"are exactly these (`[]` removes them all); when left out, the lists are not managed here and this " +
					"reads those the MCR has, which is also what an import reads.",
				DeprecationMessage: "Inline prefix_filter_lists are deprecated and will be removed in a future version; " +
					"use the netfab_mcr_prefix_filter_list resource instead.",
				PlanModifiers: []planmodifier.List{listplanmodifier.UseStateForUnknown()},
				NestedObject: schema.NestedAttributeObject{
					Attributes: map[string]schema.Attribute{
						"description": schema.StringAttribute{
							Required:    true,
							Description: "Description of the list, 1 to 255 characters; unique within the MCR.",
							Validators:  []validator.String{stringvalidator.UTF8LengthBetween(1, 255)},
						},
						"address_family": addressFamilyAttribute(),
						"entries":        prefixEntriesAttribute(),
					},
				},
			},
		},
	}
}

func (r *mcrResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var lists types.List
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("prefix_filter_lists"), &lists)...)
	planned, ok := inlinePrefixFilterListsOf(ctx, lists)
	if !ok {
		return // unknown yet (or not set): checked again once known
	}
	seen := map[string]bool{}
	for i, l := range planned {
		at := path.Root("prefix_filter_lists").AtListIndex(i)
		validatePrefixEntriesList(ctx, l.AddressFamily, l.Entries, at.AtName("entries"), &resp.Diagnostics)
		if l.Description.IsUnknown() {
			continue
		}
		if d := l.Description.ValueString(); seen[d] {
			resp.Diagnostics.AddAttributeError(at.AtName("description"), "Duplicate prefix filter list",
				fmt.Sprintf("Two prefix_filter_lists have the description %q; descriptions identify the lists and must be unique.", d))
		} else {
			seen[d] = true
		}
	}
}

func (r *mcrResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	planDerivedValues(ctx, req, resp, mcrDerivedValues)
}

// inlineListsConfigured reports whether the configuration manages the
// inline lists; when it leaves them out, they are only read.
func inlineListsConfigured(ctx context.Context, config tfsdk.Config, diags *diag.Diagnostics) bool {
	var lists types.List
	diags.Append(config.GetAttribute(ctx, path.Root("prefix_filter_lists"), &lists)...)
	return !lists.IsNull()
}

// mcrProduct is the MCR's part of the ordered products' lifecycle, with
// its deprecated inline prefix filter lists, which are made once the MCR
// exists and read with it.
var mcrProduct = orderedProduct[mcrModel]{
	what:                "MCR",
	productType:         netfabapi.ProductTypeMCR,
	tagsMoveLastUpdated: true,
	fields:              (*mcrModel).orderedFields,
	order:               (*mcrModel).orderItem,
	productUpdate:       (*mcrModel).productUpdate,
	fromProduct:         (*mcrModel).fromProduct,
	afterOrder:          (*mcrModel).takeInlineLists,
	afterRead:           (*mcrModel).readInlineLists,
	afterUpdate:         (*mcrModel).updateInlineLists,
}

// orderItem is the MCR's order.
func (m *mcrModel) orderItem(context.Context, tfsdk.Config, *diag.Diagnostics) netfabapi.OrderItem {
	visible := m.MarketplaceVisibility.ValueBool()
	return netfabapi.OrderItem{
		ProductType:           netfabapi.ProductTypeMCR,
		ProductName:           m.ProductName.ValueString(),
		LocationID:            m.LocationID.ValueInt64(),
		PortSpeed:             m.PortSpeed.ValueInt64(),
		ContractTermMonths:    m.ContractTermMonths.ValueInt64(),
		CostCentre:            m.CostCentre.ValueString(),
		DiversityZone:         m.DiversityZone.ValueString(),
		MarketplaceVisibility: &visible,
		PromoCode:             m.PromoCode.ValueString(),
		MCR:                   &netfabapi.MCROrder{ASN: m.ASN.ValueInt64()},
	}
}

// productUpdate is the change of the MCR itself, nil when none of its own
// fields changes.
func (m *mcrModel) productUpdate(_ context.Context, _ tfsdk.Config, prior *mcrModel, _ *diag.Diagnostics) *netfabapi.ProductUpdate {
	if m.ProductName.Equal(prior.ProductName) && m.CostCentre.Equal(prior.CostCentre) &&
		m.MarketplaceVisibility.Equal(prior.MarketplaceVisibility) && m.ContractTermMonths.Equal(prior.ContractTermMonths) &&
		m.ASN.Equal(prior.ASN) && m.PromoCode.Equal(prior.PromoCode) {
		return nil
	}
	return &netfabapi.ProductUpdate{
		ProductName:           m.ProductName.ValueStringPointer(),
		PromoCode:             promoCodeUpdate(m.PromoCode, prior.PromoCode),
		CostCentre:            values.Ptr(m.CostCentre.ValueString()),
		MarketplaceVisibility: m.MarketplaceVisibility.ValueBoolPointer(),
		ContractTermMonths:    m.ContractTermMonths.ValueInt64Pointer(),
		MCR:                   &netfabapi.MCRUpdate{ASN: m.ASN.ValueInt64Pointer()},
	}
}

// takeInlineLists takes the planned inline lists out of the plan once the
// MCR is ordered: it is saved with none, then they are created.
func (m *mcrModel) takeInlineLists(ctx context.Context, config tfsdk.Config, diags *diag.Diagnostics) orderedStep[mcrModel] {
	managed := inlineListsConfigured(ctx, config, diags)
	planned, _ := inlinePrefixFilterListsOf(ctx, m.PrefixFilterLists)
	m.PrefixFilterLists = types.ListValueMust(types.ObjectType{AttrTypes: mcrInlinePrefixFilterListAttrTypes}, nil)
	if !managed || len(planned) == 0 {
		return nil
	}
	return func(plan *mcrModel, ctx context.Context, c *client.Client, uid string, diags *diag.Diagnostics) {
		applied, err := syncInlinePrefixFilterLists(ctx, c, uid, planned)
		var d diag.Diagnostics
		plan.PrefixFilterLists, d = inlinePrefixFilterListsValue(ctx, applied)
		diags.Append(d...)
		if err != nil {
			diags.AddError("Could not create the MCR's prefix filter lists", framework.ErrorDetail(err))
		}
	}
}

// readInlineLists reads the MCR's lists. They are always read, so that an
// import brings them and drift shows; they keep the order they have in
// state, since the service's order means nothing and a reordered
// configuration must converge.
func (m *mcrModel) readInlineLists(ctx context.Context, c *client.Client, p netfabapi.Product, diags *diag.Diagnostics) bool {
	lists, err := c.MCRPrefixFilterLists(ctx, p.ProductUID)
	if err != nil {
		diags.AddError("Could not read the MCR's prefix filter lists", framework.ErrorDetail(err))
		return false
	}
	prior, _ := inlinePrefixFilterListsOf(ctx, m.PrefixFilterLists)
	var d diag.Diagnostics
	m.PrefixFilterLists, d = inlinePrefixFilterListsValue(ctx, orderLikePrior(lists, prior))
	diags.Append(d...)
	return true
}

// updateInlineLists makes the MCR's lists the planned ones. Lists left out
// of the configuration are not managed here: the plan kept what was read,
// and nothing is changed.
func (m *mcrModel) updateInlineLists(ctx context.Context, c *client.Client, config tfsdk.Config, prior *mcrModel, diags *diag.Diagnostics) {
	if !inlineListsConfigured(ctx, config, diags) || m.PrefixFilterLists.Equal(prior.PrefixFilterLists) {
		return
	}
	planned, _ := inlinePrefixFilterListsOf(ctx, m.PrefixFilterLists)
	applied, err := syncInlinePrefixFilterLists(ctx, c, prior.ID.ValueString(), planned)
	var d diag.Diagnostics
	m.PrefixFilterLists, d = inlinePrefixFilterListsValue(ctx, applied)
	diags.Append(d...)
	if err != nil {
		diags.AddError("Could not update the MCR's prefix filter lists", framework.ErrorDetail(err))
	}
}

// fromProduct copies what the service reports into the model.
func (m *mcrModel) fromProduct(ctx context.Context, p netfabapi.Product, tags map[string]string) diag.Diagnostics {
	var diags diag.Diagnostics
	diags.Append(m.inputsFromProduct(ctx, p, tags)...)
	diags.Append(m.outputsFromProduct(ctx, p)...)
	m.LocationID = types.Int64Value(p.LocationID)
	m.PortSpeed = types.Int64Value(p.PortSpeed)
	if p.MCR != nil {
		m.ASN = types.Int64Value(p.MCR.ASN)
	}
	m.DiversityZone = types.StringValue(p.DiversityZone)
	m.MarketplaceVisibility = types.BoolValue(p.MarketplaceVisibility)
	m.BuyoutPort = types.BoolValue(p.BuyoutPort)
	m.LagPrimary = types.BoolValue(p.LagPrimary)
	m.Virtual = types.BoolValue(p.Virtual)
	m.VXCAutoApproval = types.BoolValue(p.VXCAutoApproval)
	m.VXCPermitted = types.BoolValue(p.VXCPermitted)
	m.AggregationID = types.Int64Value(p.AggregationID)
	m.LagID = types.Int64Value(p.LagID)
	m.Market = types.StringValue(p.Market)
	m.TerminateDate = types.StringValue(p.TerminateDate)
	return diags
}

// inlinePrefixFilterListsOf decodes the planned or configured lists; ok is
// false while they are null or unknown.
func inlinePrefixFilterListsOf(ctx context.Context, l types.List) (lists []mcrInlinePrefixFilterList, ok bool) {
	if l.IsNull() || l.IsUnknown() {
		return nil, false
	}
	if diags := l.ElementsAs(ctx, &lists, false); diags.HasError() {
		return nil, false
	}
	return lists, true
}

func inlinePrefixFilterListsValue(ctx context.Context, lists []netfabapi.PrefixList) (types.List, diag.Diagnostics) {
	var diags diag.Diagnostics
	out := make([]mcrInlinePrefixFilterList, 0, len(lists))
	for _, l := range lists {
		entries, d := prefixEntriesList(ctx, l.Entries)
		diags.Append(d...)
		out = append(out, mcrInlinePrefixFilterList{
			Description:   types.StringValue(l.Description),
			AddressFamily: types.StringValue(l.AddressFamily),
			Entries:       entries,
		})
	}
	v, d := types.ListValueFrom(ctx, types.ObjectType{AttrTypes: mcrInlinePrefixFilterListAttrTypes}, out)
	diags.Append(d...)
	return v, diags
}

// orderLikePrior orders the service's lists as the prior state has them
// (matched by description), then the others by ID.
func orderLikePrior(lists []netfabapi.PrefixList, prior []mcrInlinePrefixFilterList) []netfabapi.PrefixList {
	rank := map[string]int{}
	for i, l := range prior {
		rank[l.Description.ValueString()] = i
	}
	out := slices.Clone(lists)
	slices.SortStableFunc(out, func(a, b netfabapi.PrefixList) int {
		ra, oka := rank[a.Description]
		rb, okb := rank[b.Description]
		switch {
		case oka && okb:
			return cmp.Compare(ra, rb)
		case oka:
			return -1
		case okb:
			return 1
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return out
}

// syncInlinePrefixFilterLists makes the MCR's lists those planned, matching
// lists by description: lists no longer planned are deleted, changed ones
// updated (a changed address family recreates the list), new ones created.
// It returns the lists as the service now has them, in the planned order.
func syncInlinePrefixFilterLists(ctx context.Context, c *client.Client, mcrUID string, planned []mcrInlinePrefixFilterList) ([]netfabapi.PrefixList, error) {
	existing, err := c.MCRPrefixFilterLists(ctx, mcrUID)
	if err != nil {
		return existing, err
	}
	byDescription := map[string]netfabapi.PrefixList{}
	for _, l := range existing {
		byDescription[l.Description] = l
	}
	wanted := map[string]bool{}
	for _, l := range planned {
		wanted[l.Description.ValueString()] = true
	}
	var applied []netfabapi.PrefixList
	for _, l := range existing {
		if !wanted[l.Description] {
			if err := c.DeleteMCRPrefixFilterList(ctx, mcrUID, l.ID); err != nil && !client.IsNotFound(err) {
				return append(applied, existing...), err
			}
		}
	}
	for i, l := range planned {
		entries, _ := prefixEntriesOf(ctx, l.Entries)
		want := netfabapi.PrefixList{
			Description:   l.Description.ValueString(),
			AddressFamily: l.AddressFamily.ValueString(),
			Entries:       prefixEntriesToAPI(entries),
		}
		var got netfabapi.PrefixList
		old, found := byDescription[want.Description]
		switch {
		case found && old.AddressFamily == want.AddressFamily:
			want.ID = old.ID
			got, err = c.UpdateMCRPrefixFilterList(ctx, mcrUID, want)
		case found:
			if err = c.DeleteMCRPrefixFilterList(ctx, mcrUID, old.ID); err == nil {
				got, err = c.CreateMCRPrefixFilterList(ctx, mcrUID, want)
			}
		default:
			got, err = c.CreateMCRPrefixFilterList(ctx, mcrUID, want)
		}
		if err != nil {
			// What the service has now: re-read, so the state tells the truth.
			if now, rerr := c.MCRPrefixFilterLists(ctx, mcrUID); rerr == nil {
				applied = orderLikePrior(now, planned[:i])
			}
			return applied, fmt.Errorf("prefix filter list %q: %w", want.Description, err)
		}
		applied = append(applied, got)
	}
	return applied, nil
}

// Identity is the product UID, the import ID.
func (r *mcrResource) Identity() framework.Identity { return productIdentity("MCR") }
