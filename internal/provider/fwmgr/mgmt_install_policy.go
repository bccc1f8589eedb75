package fwmgr

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/action"
	aschema "github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/framework"
)

// Installing policy. The actions fwmgr_management_install_policy and
// fwmgr_management_verify_policy (Terraform 1.14+) are the way: an
// action_trigger after the rules change, or `terraform apply -invoke`. Each
// waits for the server's task and fails with its message per target.
// Upstream's command resources of the same names are kept, so that its
// users' configurations run, and documented as superseded: a resource that
// installs runs only when it is created or replaced (triggers), never when
// only the rules change, and its failure leaves nothing in state to retry.

// installParams are install-policy's arguments, the same in the action and
// in the resource.
type installParams struct {
	PolicyPackage                    types.String `tfsdk:"policy_package"`
	Targets                          types.Set    `tfsdk:"targets"`
	Access                           types.Bool   `tfsdk:"access"`
	DesktopSecurity                  types.Bool   `tfsdk:"desktop_security"`
	QoS                              types.Bool   `tfsdk:"qos"`
	ThreatPrevention                 types.Bool   `tfsdk:"threat_prevention"`
	InstallOnAllClusterMembersOrFail types.Bool   `tfsdk:"install_on_all_cluster_members_or_fail"`
	PrepareOnly                      types.Bool   `tfsdk:"prepare_only"`
	Revision                         types.String `tfsdk:"revision"`
	IgnoreWarnings                   types.Bool   `tfsdk:"ignore_warnings"`
}

// installArgs describes each argument of installParams, by attribute.
var installArgs = []struct{ name, kind, doc string }{
	{"policy_package", "string", "Name or UID of the policy package to install (names are matched ignoring case)."},
	{"targets", "set", "Gateways and clusters to install on, by name or UID; each must be an installation target of the package. Default: all the package's installation targets."},
	{"access", "bool", "Install the access-control policy. Default: whether the package has one."},
	{"desktop_security", "bool", "Install the desktop-security policy. Default: whether the package has one."},
	{"qos", "bool", "Install the QoS policy. Default: whether the package has one."},
	{"threat_prevention", "bool", "Install the threat-prevention policy. Default: whether the package has one."},
	{"install_on_all_cluster_members_or_fail", "bool", "For a cluster: install on every member, or on none."},
	{"prepare_only", "bool", "Verify and prepare the policy without installing it on the targets."},
	{"revision", "string", "UID of the published revision to install (default: the latest)."},
	{"ignore_warnings", "bool", "Install despite policy-mismatch warnings."},
}

func (p installParams) request(ctx context.Context, diags *diag.Diagnostics) api.InstallPolicyRequest {
	req := api.InstallPolicyRequest{
		PolicyPackage:                    p.PolicyPackage.ValueString(),
		Access:                           p.Access.ValueBoolPointer(),
		DesktopSecurity:                  p.DesktopSecurity.ValueBoolPointer(),
		QoS:                              p.QoS.ValueBoolPointer(),
		ThreatPrevention:                 p.ThreatPrevention.ValueBoolPointer(),
		InstallOnAllClusterMembersOrFail: p.InstallOnAllClusterMembersOrFail.ValueBoolPointer(),
		PrepareOnly:                      p.PrepareOnly.ValueBoolPointer(),
		Revision:                         p.Revision.ValueString(),
		IgnoreWarnings:                   p.IgnoreWarnings.ValueBoolPointer(),
	}
	if !p.Targets.IsNull() && !p.Targets.IsUnknown() {
		diags.Append(p.Targets.ElementsAs(ctx, &req.Targets, false)...)
	}
	return req
}

// taskSummary is what a finished task did, one line per target.
func taskSummary(t api.Task) string {
	lines := []string{t.Comments}
	for _, d := range t.Details {
		if d.GatewayName != "" {
			lines = append(lines, d.GatewayName+": "+d.Description)
		}
	}
	return strings.Join(lines, "\n")
}

// --- actions ---

type installPolicyAction struct {
	framework.ActionBase[providerData]
}

type verifyPolicyAction struct {
	framework.ActionBase[providerData]
}

type verifyParams struct {
	PolicyPackage types.String `tfsdk:"policy_package"`
}

var (
	_ action.ActionWithConfigure = (*installPolicyAction)(nil)
	_ action.ActionWithConfigure = (*verifyPolicyAction)(nil)
)

func newInstallPolicyAction() action.Action {
	return &installPolicyAction{framework.ActionBase[providerData]{Name: "management_install_policy"}}
}

func newVerifyPolicyAction() action.Action {
	return &verifyPolicyAction{framework.ActionBase[providerData]{Name: "management_verify_policy"}}
}

func (a *installPolicyAction) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	attrs := map[string]aschema.Attribute{}
	for _, arg := range installArgs {
		switch arg.kind {
		case "string":
			attrs[arg.name] = aschema.StringAttribute{Optional: arg.name != "policy_package", Required: arg.name == "policy_package", Description: arg.doc}
		case "set":
			attrs[arg.name] = aschema.SetAttribute{Optional: true, ElementType: types.StringType, Description: arg.doc}
		default:
			attrs[arg.name] = aschema.BoolAttribute{Optional: true, Description: arg.doc}
		}
	}
	resp.Schema = aschema.Schema{
		Description: "Installs the published policy of a package on its gateways (install-policy) and waits for the task; " +
			"it fails with the server's message for each target that failed. The policy is verified first: a hidden rule " +
			"or a rule that uses a missing object fails every target. Needs Terraform 1.14 or later.",
		Attributes: attrs,
	}
}

func (a *installPolicyAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	var p installParams
	resp.Diagnostics.Append(req.Config.Get(ctx, &p)...)
	if resp.Diagnostics.HasError() {
		return
	}
	m := mgmtOf(a.PD, "fwmgr_management_install_policy", &resp.Diagnostics)
	in := p.request(ctx, &resp.Diagnostics)
	if m == nil || resp.Diagnostics.HasError() {
		return
	}
	resp.SendProgress(action.InvokeProgressEvent{Message: fmt.Sprintf("installing policy %s", in.PolicyPackage)})
	t, err := m.InstallPolicy(ctx, in)
	if err != nil {
		resp.Diagnostics.AddError("Could not install policy "+in.PolicyPackage, framework.ErrorDetail(err))
		return
	}
	resp.SendProgress(action.InvokeProgressEvent{Message: taskSummary(t)})
}

func (a *verifyPolicyAction) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = aschema.Schema{
		Description: "Verifies the published policy of a package (verify-policy) and waits for the task; it fails with the " +
			"server's findings (a hidden rule, a rule that uses a missing object). Needs Terraform 1.14 or later.",
		Attributes: map[string]aschema.Attribute{
			"policy_package": aschema.StringAttribute{Required: true, Description: installArgs[0].doc},
		},
	}
}

func (a *verifyPolicyAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	var p verifyParams
	resp.Diagnostics.Append(req.Config.Get(ctx, &p)...)
	m := mgmtOf(a.PD, "fwmgr_management_verify_policy", &resp.Diagnostics)
	if m == nil || resp.Diagnostics.HasError() {
		return
	}
	t, err := m.VerifyPolicy(ctx, api.VerifyPolicyRequest{PolicyPackage: p.PolicyPackage.ValueString()})
	if err != nil {
		resp.Diagnostics.AddError("Could not verify policy "+p.PolicyPackage.ValueString(), framework.ErrorDetail(err))
		return
	}
	resp.SendProgress(action.InvokeProgressEvent{Message: taskSummary(t)})
}

// --- upstream's command resources, superseded ---

// installPolicyResource is upstream's checkpoint_management_install_policy:
// it installs when created or replaced (any argument, triggers included).
type installPolicyResource struct {
	framework.ResourceBase[providerData]
}

type installPolicyModel struct {
	installParams
	Triggers types.Set    `tfsdk:"triggers"`
	TaskID   types.String `tfsdk:"task_id"`
}

// verifyPolicyResource is upstream's checkpoint_management_verify_policy.
type verifyPolicyResource struct {
	framework.ResourceBase[providerData]
}

type verifyPolicyModel struct {
	PolicyPackage types.String `tfsdk:"policy_package"`
	TaskID        types.String `tfsdk:"task_id"`
}

var (
	_ resource.ResourceWithConfigure = (*installPolicyResource)(nil)
	_ resource.ResourceWithConfigure = (*verifyPolicyResource)(nil)
)

func newInstallPolicyResource() resource.Resource {
	return &installPolicyResource{framework.ResourceBase[providerData]{Name: "management_install_policy"}}
}

func newVerifyPolicyResource() resource.Resource {
	return &verifyPolicyResource{framework.ResourceBase[providerData]{Name: "management_verify_policy"}}
}

// supersededNote ends the description of upstream's command resources.
const supersededNote = " Kept for configurations written for the upstream provider; superseded by the action of the same name " +
	"(Terraform 1.14+), which runs whenever its trigger fires instead of only when this resource is created or replaced. " +
	"Every argument replaces the resource, which runs the command again. Not importable: it is a command, not an object."

func (r *installPolicyResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attrs := map[string]rschema.Attribute{
		"triggers": rschema.SetAttribute{Optional: true, ElementType: types.StringType,
			Description:   "Values whose change installs again (the resource is replaced).",
			PlanModifiers: []planmodifier.Set{setplanmodifier.RequiresReplace()}},
		"task_id": rschema.StringAttribute{Computed: true, Description: "ID of the install-policy task.",
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
	}
	for _, arg := range installArgs {
		switch arg.kind {
		case "string":
			attrs[arg.name] = rschema.StringAttribute{Optional: arg.name != "policy_package", Required: arg.name == "policy_package",
				Description: arg.doc, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}}
		case "set":
			attrs[arg.name] = rschema.SetAttribute{Optional: true, ElementType: types.StringType,
				Description: arg.doc, PlanModifiers: []planmodifier.Set{setplanmodifier.RequiresReplace()}}
		default:
			attrs[arg.name] = rschema.BoolAttribute{Optional: true,
				Description: arg.doc, PlanModifiers: []planmodifier.Bool{boolplanmodifier.RequiresReplace()}}
		}
	}
	resp.Schema = rschema.Schema{
		Description: "Installs the published policy of a package on its gateways when created." + supersededNote,
		Attributes:  attrs,
	}
}

func (r *installPolicyResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m installPolicyModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	mg := mgmtOf(r.PD, "fwmgr_management_install_policy", &resp.Diagnostics)
	in := m.request(ctx, &resp.Diagnostics)
	if mg == nil || resp.Diagnostics.HasError() {
		return
	}
	t, err := mg.InstallPolicy(ctx, in)
	if err != nil {
		resp.Diagnostics.AddError("Could not install policy "+in.PolicyPackage, framework.ErrorDetail(err))
		return
	}
	m.TaskID = types.StringValue(t.TaskID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// Read keeps the state: an installation leaves nothing to read back as
// this resource's own.
func (r *installPolicyResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {}

// Update never runs: every argument replaces.
func (r *installPolicyResource) Update(_ context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.State.Raw = req.Plan.Raw
}

// Delete forgets the resource; the installed policy stays on the gateways.
func (r *installPolicyResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {
}

func (r *verifyPolicyResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = rschema.Schema{
		Description: "Verifies the published policy of a package when created." + supersededNote,
		Attributes: map[string]rschema.Attribute{
			"policy_package": rschema.StringAttribute{Required: true, Description: installArgs[0].doc,
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
			"task_id": rschema.StringAttribute{Computed: true, Description: "ID of the verify-policy task.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		},
	}
}

func (r *verifyPolicyResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m verifyPolicyModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	mg := mgmtOf(r.PD, "fwmgr_management_verify_policy", &resp.Diagnostics)
	if mg == nil || resp.Diagnostics.HasError() {
		return
	}
	t, err := mg.VerifyPolicy(ctx, api.VerifyPolicyRequest{PolicyPackage: m.PolicyPackage.ValueString()})
	if err != nil {
		resp.Diagnostics.AddError("Could not verify policy "+m.PolicyPackage.ValueString(), framework.ErrorDetail(err))
		return
	}
	m.TaskID = types.StringValue(t.TaskID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func (r *verifyPolicyResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {}

func (r *verifyPolicyResource) Update(_ context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.State.Raw = req.Plan.Raw
}

func (r *verifyPolicyResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {
}
