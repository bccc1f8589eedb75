package framework

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Resource identity (Terraform 1.12+): a resource's identity is the parts
// of its import ID, each also an attribute of its state of the same name.
// A resource declares them by implementing IdentifiedResource; the
// provider wraps its constructor with WithIdentity, which
//
//   - answers the identity schema (every attribute needed for import),
//   - sets the identity from the state after every create, read and update
//     (so it never changes over updates: the parts of the ID never do,
//     unless the identity is Mutable),
//   - turns an import by identity (`import { identity = { ... } }`) into an
//     import by ID, after checking each attribute's value, so that the
//     resource keeps one ImportState.
//
// Terraform older than 1.12 never sends an identity: the wrapper then only
// passes the calls through.

// IdentityAttribute is one attribute of a resource's identity.
type IdentityAttribute struct {
	// Name is the identity attribute's name and the state attribute it
	// mirrors.
	Name string
	// Description of the identity attribute (docs).
	Description string
	// Int: the attribute is a whole number (Int64) in state and identity;
	// otherwise a string.
	Int bool
	// Shape describes a valid value in messages: "a product UID (a UUID
	// such as 5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61)".
	Shape string
	// Valid reports whether a value has the shape; nil accepts any value
	// that is not empty (Int: any positive number).
	Valid func(string) bool
}

// Identity is a resource's identity.
type Identity struct {
	// Attributes in the order of the import ID.
	Attributes []IdentityAttribute
	// ImportID makes the import ID that the resource's ImportState accepts
	// from the attributes' values (in the order of Attributes; a number in
	// decimal). nil joins them with ":".
	ImportID func(values []string) string
	// FromState reads the attributes' values from the state (in the order
	// of Attributes; a number in decimal), for a resource whose import ID
	// has parts that are not attributes of its state of the same name (a
	// part held in a nested block, or only in its id). An empty value means
	// the state is incomplete: no identity is set. nil reads each attribute
	// of the state of the identity attribute's name.
	FromState func(ctx context.Context, state StateReader) ([]string, diag.Diagnostics)
	// Mutable: an attribute may change in place (a rename that upstream
	// makes in place, a path that moved), so the identity follows the state
	// and Terraform is told that it may change (MutableIdentity).
	Mutable bool
}

// StateReader is what FromState reads: a state, a plan, or a list result's
// resource.
type StateReader interface {
	GetAttribute(ctx context.Context, p path.Path, target any) diag.Diagnostics
}

// IdentifiedResource is a resource that declares its identity.
type IdentifiedResource interface {
	resource.ResourceWithImportState
	Identity() Identity
}

// WithIdentity wraps the constructor of an IdentifiedResource so that the
// resource has an identity (see above). A resource that is not an
// IdentifiedResource is returned as it is.
func WithIdentity(newResource func() resource.Resource) func() resource.Resource {
	return func() resource.Resource {
		r := newResource()
		ir, ok := r.(IdentifiedResource)
		if !ok {
			return r
		}
		return &identityResource{IdentifiedResource: ir, identity: ir.Identity()}
	}
}

// identityResource is an IdentifiedResource with the identity plumbing. It
// implements every optional interface of the framework's resource package
// (resource.ResourceWith*), passing each call on when the wrapped resource
// implements it: the framework looks for an interface on the wrapper, so
// one not forwarded would be silently lost. identity_test.go reads the
// framework's source and fails on an interface added upstream and missing
// here.
type identityResource struct {
	IdentifiedResource
	identity Identity
}

var (
	_ resource.ResourceWithIdentity         = (*identityResource)(nil)
	_ resource.ResourceWithImportState      = (*identityResource)(nil)
	_ resource.ResourceWithConfigure        = (*identityResource)(nil)
	_ resource.ResourceWithModifyPlan       = (*identityResource)(nil)
	_ resource.ResourceWithValidateConfig   = (*identityResource)(nil)
	_ resource.ResourceWithConfigValidators = (*identityResource)(nil)
	_ resource.ResourceWithUpgradeState     = (*identityResource)(nil)
	_ resource.ResourceWithMoveState        = (*identityResource)(nil)
	_ resource.ResourceWithUpgradeIdentity  = (*identityResource)(nil)
)

// Metadata is the resource's, and tells Terraform when the identity may
// change (Identity.Mutable).
func (r *identityResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	r.IdentifiedResource.Metadata(ctx, req, resp)
	if r.identity.Mutable {
		resp.ResourceBehavior.MutableIdentity = true
	}
}

// Unwrap is the wrapped resource (for tests that look at its type).
func (r *identityResource) Unwrap() resource.Resource { return r.IdentifiedResource }

func (r *identityResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	// Every attribute is needed, but declared optional for import: then
	// Terraform hands a missing one to ImportState, which names the shape
	// it must have; a required one Terraform refuses itself, naming only
	// the attribute.
	attrs := map[string]identityschema.Attribute{}
	for _, a := range r.identity.Attributes {
		desc := strings.TrimSpace(a.Description + " Needed to import: " + a.Shape + ".")
		if a.Int {
			attrs[a.Name] = identityschema.Int64Attribute{OptionalForImport: true, Description: desc}
		} else {
			attrs[a.Name] = identityschema.StringAttribute{OptionalForImport: true, Description: desc}
		}
	}
	resp.IdentitySchema = identityschema.Schema{Attributes: attrs}
}

func (r *identityResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.IdentifiedResource.Create(ctx, req, resp)
	resp.Diagnostics.Append(r.setIdentity(ctx, resp.State, resp.Identity)...)
}

func (r *identityResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	r.IdentifiedResource.Read(ctx, req, resp)
	if resp.State.Raw.IsNull() && resp.Identity != nil && resp.Identity.Raw.IsFullyNull() {
		// The object is gone, and there was no identity yet (a state
		// written before identities, or an import by ID): the framework
		// refuses a read without identity even then, so it is the one of
		// the state that was read.
		resp.Diagnostics.Append(r.setIdentity(ctx, req.State, resp.Identity)...)
		return
	}
	resp.Diagnostics.Append(r.setIdentity(ctx, resp.State, resp.Identity)...)
}

func (r *identityResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	r.IdentifiedResource.Update(ctx, req, resp)
	resp.Diagnostics.Append(r.setIdentity(ctx, resp.State, resp.Identity)...)
}

// setIdentity copies the identity attributes from the state, unless the
// state is gone (the object no longer exists) or incomplete (a failed
// create), or Terraform has no identity for the resource (before 1.12).
func (r *identityResource) setIdentity(ctx context.Context, state tfsdk.State, identity *tfsdk.ResourceIdentity) diag.Diagnostics {
	if identity == nil || state.Raw.IsNull() {
		return nil
	}
	return copyIdentity(ctx, r.identity, state, identity)
}

// identityFrom sets the identity from the values id.FromState reads.
func identityFrom(ctx context.Context, id Identity, from StateReader, to *tfsdk.ResourceIdentity) diag.Diagnostics {
	values, diags := id.FromState(ctx, from)
	if diags.HasError() || len(values) != len(id.Attributes) || slices.Contains(values, "") {
		return diags
	}
	for i, a := range id.Attributes {
		p := path.Root(a.Name)
		if !a.Int {
			diags.Append(to.SetAttribute(ctx, p, types.StringValue(values[i]))...)
			continue
		}
		n, err := strconv.ParseInt(values[i], 10, 64)
		if err != nil {
			diags.AddError("Invalid identity", fmt.Sprintf("The state's %s is %q, not a whole number.", a.Name, values[i]))
			return diags
		}
		diags.Append(to.SetAttribute(ctx, p, types.Int64Value(n))...)
	}
	return diags
}

// ImportState imports by ID as the resource does; an import by identity is
// first checked attribute by attribute and made into the import ID.
func (r *identityResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if req.ID == "" && req.Identity != nil {
		values, diags := r.identityValues(ctx, *req.Identity)
		resp.Diagnostics.Append(diags...)
		if diags.HasError() {
			return
		}
		join := r.identity.ImportID
		if join == nil {
			join = func(v []string) string { return strings.Join(v, ":") }
		}
		req.ID = join(values)
	}
	r.IdentifiedResource.ImportState(ctx, req, resp)
	if !resp.Diagnostics.HasError() && resp.Identity != nil && resp.Identity.Raw.IsFullyNull() {
		// An import by ID: the identity of what the import set, so that
		// the read after it has one even when the object does not exist.
		resp.Diagnostics.Append(r.setIdentity(ctx, resp.State, resp.Identity)...)
	}
}

// identityValues are the identity's attribute values, each checked
// against its shape.
func (r *identityResource) identityValues(ctx context.Context, identity tfsdk.ResourceIdentity) ([]string, diag.Diagnostics) {
	var diags diag.Diagnostics
	values := make([]string, len(r.identity.Attributes))
	for i, a := range r.identity.Attributes {
		p := path.Root(a.Name)
		var s string
		missing := false
		if a.Int {
			var v types.Int64
			diags.Append(identity.GetAttribute(ctx, p, &v)...)
			missing = v.IsNull() || v.IsUnknown()
			s = strconv.FormatInt(v.ValueInt64(), 10)
			if !missing && a.Valid == nil && v.ValueInt64() <= 0 {
				diags.AddError("Invalid identity", fmt.Sprintf("The identity attribute %s is %s: it must be %s.", a.Name, s, a.Shape))
				continue
			}
		} else {
			var v types.String
			diags.Append(identity.GetAttribute(ctx, p, &v)...)
			missing = v.IsNull() || v.IsUnknown()
			s = v.ValueString()
		}
		switch {
		case missing:
			diags.AddError("Invalid identity", fmt.Sprintf("The identity has no %s: set %s to %s.", a.Name, a.Name, a.Shape))
		case !a.Int && (s == "" || a.Valid != nil && !a.Valid(s)):
			diags.AddError("Invalid identity", fmt.Sprintf("The identity attribute %s is %q: it must be %s.", a.Name, s, a.Shape))
		}
		values[i] = s
	}
	return values, diags
}

func (r *identityResource) Configure(ctx context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	if c, ok := r.IdentifiedResource.(resource.ResourceWithConfigure); ok {
		c.Configure(ctx, req, resp)
	}
}

func (r *identityResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if m, ok := r.IdentifiedResource.(resource.ResourceWithModifyPlan); ok {
		m.ModifyPlan(ctx, req, resp)
	}
}

func (r *identityResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	if v, ok := r.IdentifiedResource.(resource.ResourceWithValidateConfig); ok {
		v.ValidateConfig(ctx, req, resp)
	}
}

func (r *identityResource) ConfigValidators(ctx context.Context) []resource.ConfigValidator {
	if v, ok := r.IdentifiedResource.(resource.ResourceWithConfigValidators); ok {
		return v.ConfigValidators(ctx)
	}
	return nil
}

func (r *identityResource) UpgradeState(ctx context.Context) map[int64]resource.StateUpgrader {
	if u, ok := r.IdentifiedResource.(resource.ResourceWithUpgradeState); ok {
		return u.UpgradeState(ctx)
	}
	return nil
}

func (r *identityResource) MoveState(ctx context.Context) []resource.StateMover {
	if m, ok := r.IdentifiedResource.(resource.ResourceWithMoveState); ok {
		return m.MoveState(ctx)
	}
	return nil
}

// UpgradeIdentity is the resource's upgraders of identities of an older
// version: none so far (the wrapper's identity schema has version 0), but
// an upgrader a resource declares is not lost.
func (r *identityResource) UpgradeIdentity(ctx context.Context) map[int64]resource.IdentityUpgrader {
	if u, ok := r.IdentifiedResource.(resource.ResourceWithUpgradeIdentity); ok {
		return u.UpgradeIdentity(ctx)
	}
	return nil
}

// IdentityOf is the identity that the resource r declares, for its list
// resource (ListResource.Identity), so that the two cannot differ. r must
// be an IdentifiedResource: a resource without identity cannot be listed.
func IdentityOf(r resource.Resource) Identity {
	ir, ok := r.(IdentifiedResource)
	if !ok {
		panic(fmt.Sprintf("framework.IdentityOf: %T declares no identity", r))
	}
	return ir.Identity()
}
