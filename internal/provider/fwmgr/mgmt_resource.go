package fwmgr

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	client "github.com/iacsuite/providers/internal/client/fwmgr"
	"github.com/iacsuite/providers/internal/framework"
)

// mgmtResource is the resource of one row of api.ManagementTypes,
// fwmgr_management_<type>: add-T, show-T, set-T and delete-T through the
// provider's one Management, which publishes every change before the call
// returns.
type mgmtResource struct {
	framework.ResourceBase[providerData]
	typ api.ManagementType
}

var (
	_ resource.ResourceWithConfigure   = (*mgmtResource)(nil)
	_ resource.ResourceWithImportState = (*mgmtResource)(nil)
	_ framework.IdentifiedResource     = (*mgmtResource)(nil)
)

func newMgmtResource(t api.ManagementType) func() resource.Resource {
	return func() resource.Resource {
		return &mgmtResource{ResourceBase: framework.ResourceBase[providerData]{Name: mgmtName(t)}, typ: t}
	}
}

// mgmtResources are the constructors of every row's resource.
func mgmtResources() []func() resource.Resource {
	out := make([]func() resource.Resource, 0, len(api.ManagementTypes))
	for _, t := range api.ManagementTypes {
		out = append(out, framework.WithIdentity(newMgmtResource(t)))
	}
	return out
}

func (r *mgmtResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = mgmtResourceSchema(r.typ)
}

var uidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

const uidShape = "an object UID (a UUID such as 5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61)"

// Identity is the object's UID: it never changes, while a name does (set-T
// renames in place).
func (r *mgmtResource) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{{
		Name: mgmtAttrID, Description: "UID of the object.", Shape: uidShape, Valid: uidPattern.MatchString,
	}}}
}

// management is the provider's Management, or an error diagnostic when
// the provider is configured for the OS API, where these commands do not
// exist.
func (r *mgmtResource) management(diags *diag.Diagnostics) *client.Management {
	return mgmtOf(r.PD, "fwmgr_"+r.Name, diags)
}

func mgmtOf(pd *providerData, typeName string, diags *diag.Diagnostics) *client.Management {
	if !framework.RequireConfigured(pd, diags) {
		return nil
	}
	if ctxName := pd.client.Context(); ctxName != client.ContextWeb {
		diags.AddError(fmt.Sprintf("Could not use %s in context %q", typeName, ctxName),
			fmt.Sprintf("%s uses the management API, which exists in context %q only; the provider is configured with "+
				"context = %q. Configure a provider with context = %q (an alias, if you need both).",
				typeName, client.ContextWeb, ctxName, client.ContextWeb))
		return nil
	}
	return pd.mgmt
}

// isNotFound: the object does not exist (any more).
func isNotFound(err error) bool {
	var apiErr *client.APIError
	return errors.As(err, &apiErr) && (apiErr.Code == api.CodeObjectNotFound || apiErr.StatusCode == http.StatusNotFound)
}

func (r *mgmtResource) setState(ctx context.Context, state *tfsdk.State, answer map[string]any, prior tftypes.Value, diags *diag.Diagnostics) {
	typ, ok := state.Schema.Type().TerraformType(ctx).(tftypes.Object)
	if !ok {
		diags.AddError("Could not read fwmgr_"+r.Name, "The resource's schema is not an object; this is a provider bug.")
		return
	}
	v, err := mgmtObjectState(r.typ, typ, answer, prior)
	if err != nil {
		diags.AddError("Could not read fwmgr_"+r.Name,
			fmt.Sprintf("The answer of show-%s does not fit the resource's schema (a provider bug): %v", r.typ.Name, err))
		return
	}
	state.Raw = v
}

func (r *mgmtResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	m := r.management(&resp.Diagnostics)
	if m == nil {
		return
	}
	plan, err := objectAttrs(req.Plan.Raw)
	var body map[string]any
	if err == nil {
		body, err = mgmtRequest(r.typ.AllFields(), plan, nil)
	}
	if err == nil {
		err = mgmtSecrets(r.typ.AllFields(), req.Config.Raw, plan, body)
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not create fwmgr_"+r.Name, fmt.Sprintf("The plan cannot be sent (a provider bug): %v", err))
		return
	}
	answer, err := m.Apply(ctx, "add-"+r.typ.Name, body)
	if err != nil {
		detail := framework.ErrorDetail(err)
		var apiErr *client.APIError
		if errors.As(err, &apiErr) && apiErr.Code == api.CodeNameNotUnique {
			// Names are unique per domain, so nothing was made twice. The
			// one case where the object is this configuration's own: an
			// earlier apply published it and was killed before Terraform
			// recorded it. Adopting it silently could take over another
			// administrator's object, so the user decides, by importing.
			detail += fmt.Sprintf("\n\nIf an earlier apply of this configuration created it and was interrupted before "+
				"Terraform recorded it, import it instead of creating it:\n\n"+
				"import {\n  to = fwmgr_%s.<name>\n  id = %q\n}", r.Name, stringAttr(plan, mgmtAttrName))
		}
		resp.Diagnostics.AddError("Could not create fwmgr_"+r.Name, detail)
		return
	}
	r.setState(ctx, &resp.State, answer, req.Plan.Raw, &resp.Diagnostics)
}

// show is show-T of the object the selector names, with every field.
func (r *mgmtResource) show(ctx context.Context, m *client.Management, sel api.ByNameOrUID) (map[string]any, error) {
	return mgmtShow(ctx, m, r.typ, sel)
}

func mgmtShow(ctx context.Context, m *client.Management, t api.ManagementType, sel api.ByNameOrUID) (map[string]any, error) {
	sel.DetailsLevel = api.DetailsFull
	var out map[string]any
	if err := m.Show(ctx, "show-"+t.Name, sel, &out); err != nil {
		return nil, err
	}
	return out, nil
}

func (r *mgmtResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	m := r.management(&resp.Diagnostics)
	if m == nil {
		return
	}
	state, err := objectAttrs(req.State.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Could not read fwmgr_"+r.Name, fmt.Sprintf("The state is not an object (a provider bug): %v", err))
		return
	}
	answer, err := r.show(ctx, m, api.ByNameOrUID{UID: stringAttr(state, mgmtAttrID)})
	if isNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read fwmgr_"+r.Name, framework.ErrorDetail(err))
		return
	}
	r.setState(ctx, &resp.State, answer, req.State.Raw, &resp.Diagnostics)
}

func (r *mgmtResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	m := r.management(&resp.Diagnostics)
	if m == nil {
		return
	}
	plan, err := objectAttrs(req.Plan.Raw)
	var state map[string]tftypes.Value
	if err == nil {
		state, err = objectAttrs(req.State.Raw)
	}
	var body map[string]any
	if err == nil {
		body, err = mgmtRequest(r.typ.AllFields(), plan, state)
	}
	if err == nil {
		err = mgmtSecrets(r.typ.AllFields(), req.Config.Raw, plan, body)
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not update fwmgr_"+r.Name, fmt.Sprintf("The plan cannot be sent (a provider bug): %v", err))
		return
	}
	// set-T selects the object by uid; a new name is new-name (a name
	// beside the uid would be a second selector, not a rename).
	if name, ok := body["name"]; ok {
		delete(body, "name")
		body["new-name"] = name
	}
	body["uid"] = stringAttr(state, mgmtAttrID)
	answer, err := m.Apply(ctx, "set-"+r.typ.Name, body)
	if err != nil {
		// Nothing of the change stays on the server (Apply's contract:
		// refused, or discarded with its publish), so the state stays
		// what it was, not the plan the framework put in resp.State.
		resp.State.Raw = req.State.Raw
		resp.Diagnostics.AddError("Could not update fwmgr_"+r.Name, framework.ErrorDetail(err))
		return
	}
	r.setState(ctx, &resp.State, answer, req.Plan.Raw, &resp.Diagnostics)
}

func (r *mgmtResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	m := r.management(&resp.Diagnostics)
	if m == nil {
		return
	}
	state, err := objectAttrs(req.State.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Could not delete fwmgr_"+r.Name, fmt.Sprintf("The state is not an object (a provider bug): %v", err))
		return
	}
	_, err = m.Apply(ctx, "delete-"+r.typ.Name, api.ByNameOrUID{UID: stringAttr(state, mgmtAttrID)})
	if err != nil && !isNotFound(err) {
		resp.Diagnostics.AddError("Could not delete fwmgr_"+r.Name, framework.ErrorDetail(err))
	}
}

// ImportState takes a UID or a name: a name is looked up with show-T, so
// that the state holds the UID either way.
func (r *mgmtResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	uid := req.ID
	if !uidPattern.MatchString(req.ID) {
		m := r.management(&resp.Diagnostics)
		if m == nil {
			return
		}
		answer, err := r.show(ctx, m, api.ByNameOrUID{Name: req.ID})
		if err != nil {
			resp.Diagnostics.AddError("Could not import fwmgr_"+r.Name,
				fmt.Sprintf("The import ID %q is not a UID, so it was looked up as a name: %s", req.ID, framework.ErrorDetail(err)))
			return
		}
		uid, _ = answer["uid"].(string)
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(mgmtAttrID), uid)...)
}
