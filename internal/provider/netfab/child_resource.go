package netfab

import (
	"context"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"

	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/importid"
)

// The child resources (MCR prefix filter lists and IPsec add-on, NAT gateway
// packet filters and prefix lists) live under a parent product and share one
// lifecycle: the parent's UID plus the child's own ID identify them
// ("<PARENT_UID>:<CHILD_ID>"), a child that is gone (or whose parent is gone)
// leaves the state, and they import from that identifier. childResource is
// that lifecycle once; each resource's file declares a childKind with what
// really differs: its schema, model and service calls.

// childModel is what the lifecycle needs of a resource's model.
type childModel interface {
	// parentUID is the product UID the child belongs to.
	parentUID() string
	// label names the child in messages: its composite identifier.
	label() string
}

// childKind describes one child resource. M is its model; PM is *M.
type childKind[M any, PM interface {
	*M
	childModel
}] struct {
	typeName    string // after "netfab_"
	what        string // "prefix filter list", in messages
	description string // of the resource, before the import sentence
	parentAttr  string // "mcr_id"
	parentWhat  string // "MCR"
	parentDesc  string // description of the parent attribute
	childAttr   string // "prefix_filter_list_id"
	childDesc   string
	// numericID: the child ID is a positive integer (Int64 attribute);
	// otherwise a string (the IPsec add-on's UID).
	numericID bool
	idShape   string // "<MCR_UID>:<PREFIX_FILTER_LIST_ID>"

	// attributes are the resource's own attributes, besides id, the parent
	// and the child ID.
	attributes func() map[string]schema.Attribute
	// validate checks the configuration beyond single attributes; it must
	// cope with unknown values (nil: nothing to check).
	validate func(ctx context.Context, config tfsdk.Config, diags *diag.Diagnostics)

	// The service calls. Each fills the model from the service's answer.
	create func(ctx context.Context, c *client.Client, plan PM) error
	read   func(ctx context.Context, c *client.Client, state PM) error
	update func(ctx context.Context, c *client.Client, plan, state PM) error
	delete func(ctx context.Context, c *client.Client, state PM) error
}

type childResource[M any, PM interface {
	*M
	childModel
}] struct {
	resourceBase
	kind childKind[M, PM]
}

// newChildResource is the resource of a child kind, named by its typeName.
func newChildResource[M any, PM interface {
	*M
	childModel
}](k childKind[M, PM]) resource.Resource {
	return &childResource[M, PM]{resourceBase: resourceBase{Name: k.typeName}, kind: k}
}

var (
	_ resource.ResourceWithConfigure      = (*childResource[mcrPrefixFilterListModel, *mcrPrefixFilterListModel])(nil)
	_ resource.ResourceWithImportState    = (*childResource[mcrPrefixFilterListModel, *mcrPrefixFilterListModel])(nil)
	_ resource.ResourceWithValidateConfig = (*childResource[mcrPrefixFilterListModel, *mcrPrefixFilterListModel])(nil)
)

// productUIDPattern is the shape of product UIDs (UUIDs): a parent UID of
// another shape is refused at plan time instead of by the service at apply.
var productUIDPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

func productUIDValidator() validator.String {
	return stringvalidator.RegexMatches(productUIDPattern, "must be a product UID (a UUID such as 5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61)")
}

func childID(parent string, child any) string { return fmt.Sprintf("%s:%v", parent, child) }

func (r *childResource[M, PM]) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	k := r.kind
	attrs := k.attributes()
	attrs["id"] = schema.StringAttribute{
		Computed:      true,
		Description:   "`" + k.idShape + "`.",
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
	}
	attrs[k.parentAttr] = schema.StringAttribute{
		Required:      true,
		Description:   k.parentDesc,
		Validators:    []validator.String{productUIDValidator()},
		PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
	}
	if k.numericID {
		attrs[k.childAttr] = schema.Int64Attribute{
			Computed:      true,
			Description:   k.childDesc,
			PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
		}
	} else {
		attrs[k.childAttr] = schema.StringAttribute{
			Computed:      true,
			Description:   k.childDesc,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		}
	}
	resp.Schema = schema.Schema{
		Description: k.description + " Import it by `" + k.idShape + "`.",
		Attributes:  attrs,
	}
}

func (r *childResource[M, PM]) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	if r.kind.validate != nil {
		r.kind.validate(ctx, req.Config, &resp.Diagnostics)
	}
}

func (r *childResource[M, PM]) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	plan := PM(new(M))
	resp.Diagnostics.Append(req.Plan.Get(ctx, plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if err := r.kind.create(ctx, r.PD.client, plan); err != nil {
		resp.Diagnostics.AddError(fmt.Sprintf("Could not create the %s on %s %s", r.kind.what, r.kind.parentWhat, plan.parentUID()), framework.ErrorDetail(err))
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

func (r *childResource[M, PM]) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	state := PM(new(M))
	resp.Diagnostics.Append(req.State.Get(ctx, state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	err := r.kind.read(ctx, r.PD.client, state)
	if client.IsNotFound(err) {
		// The child, or its parent with all its children, is gone.
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError(fmt.Sprintf("Could not read %s %s", r.kind.what, state.label()), framework.ErrorDetail(err))
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

func (r *childResource[M, PM]) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	plan, state := PM(new(M)), PM(new(M))
	resp.Diagnostics.Append(req.Plan.Get(ctx, plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if err := r.kind.update(ctx, r.PD.client, plan, state); err != nil {
		resp.Diagnostics.AddError(fmt.Sprintf("Could not update %s %s", r.kind.what, state.label()), framework.ErrorDetail(err))
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

func (r *childResource[M, PM]) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	state := PM(new(M))
	resp.Diagnostics.Append(req.State.Get(ctx, state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if err := r.kind.delete(ctx, r.PD.client, state); err != nil && !client.IsNotFound(err) {
		resp.Diagnostics.AddError(fmt.Sprintf("Could not delete %s %s", r.kind.what, state.label()), framework.ErrorDetail(err))
	}
}

// importProductUID imports a product by its UID, the identifier shape
// <PRODUCT_UID>; anything else is refused before a request is made, naming
// the shape, rather than answered "non-existent remote object" by a lookup
// of a UID that cannot exist.
func importProductUID(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse, what string) {
	if !productUIDPattern.MatchString(req.ID) {
		resp.Diagnostics.AddError("Invalid import identifier",
			fmt.Sprintf("import identifier %q is not of the shape <PRODUCT_UID>: import a %s by its product UID (a UUID such as "+
				"5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61).", req.ID, what))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("product_uid"), req.ID)...)
}

// ImportState accepts "<PARENT_UID>:<CHILD_ID>" and sets the identifying
// attributes; Read fills in the rest.
func (r *childResource[M, PM]) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	k := r.kind
	var parent string
	var child any
	var err error
	if k.numericID {
		parent, child, err = importid.ParentAndPositiveInt(req.ID, k.idShape)
	} else {
		parent, child, err = importid.ParentAndChild(req.ID, k.idShape)
	}
	if err == nil && !productUIDPattern.MatchString(parent) {
		err = fmt.Errorf("import identifier %q is not of the shape %s: %q is not a product UID (a UUID)", req.ID, k.idShape, parent)
	}
	if err != nil {
		resp.Diagnostics.AddError("Invalid import identifier", fmt.Sprintf("%s.", err))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(k.parentAttr), parent)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(k.childAttr), child)...)
}

// diagsError turns conversion diagnostics into the error of a service call
// step (nil without errors).
func diagsError(diags diag.Diagnostics) error {
	for _, d := range diags.Errors() {
		return fmt.Errorf("%s: %s", d.Summary(), d.Detail())
	}
	return nil
}

// productUIDShape describes a product UID in messages.
const productUIDShape = "a product UID (a UUID such as 5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61)"

// productIdentity is the identity of a product (port, MCR, IX, NAT
// gateway): its product UID, which is its import ID.
func productIdentity(what string) framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{{
		Name:        "product_uid",
		Description: "Product UID of the " + what + ".",
		Shape:       productUIDShape,
		Valid:       productUIDPattern.MatchString,
	}}}
}

// Identity is the parent's product UID and the child's own ID: the two
// parts of the import ID <PARENT_UID>:<CHILD_ID>.
func (r *childResource[M, PM]) Identity() framework.Identity {
	k := r.kind
	child := framework.IdentityAttribute{Name: k.childAttr, Description: k.childDesc, Int: k.numericID}
	if k.numericID {
		child.Shape = "the " + k.what + "'s ID, a positive whole number"
	} else {
		child.Shape = "the " + k.what + "'s UID, as the API assigned it"
	}
	return framework.Identity{Attributes: []framework.IdentityAttribute{
		{Name: k.parentAttr, Description: "Product UID of the " + k.parentWhat + ".", Shape: productUIDShape, Valid: productUIDPattern.MatchString},
		child,
	}}
}
