package fwmgr

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/action"
	aschema "github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/iacsuite/providers/internal/framework"
)

// fwmgr_management_publish, upstream's command resource, is kept so that
// configurations written for upstream run unchanged. It is superseded: every
// change a resource of this provider makes is published before the resource
// returns, so there is normally nothing left for it to publish, and no
// depends_on or triggers are needed for changes to become visible.
type mgmtPublishResource struct {
	framework.ResourceBase[providerData]
}

var _ resource.ResourceWithConfigure = (*mgmtPublishResource)(nil)

func newMgmtPublishResource() resource.Resource {
	return &mgmtPublishResource{framework.ResourceBase[providerData]{Name: "management_publish"}}
}

type mgmtPublishModel struct {
	UID                 types.String `tfsdk:"uid"`
	TaskID              types.String `tfsdk:"task_id"`
	Triggers            types.Set    `tfsdk:"triggers"`
	RunPublishOnDestroy types.Bool   `tfsdk:"run_publish_on_destroy"`
}

func (r *mgmtPublishResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = rschema.Schema{
		Description: "Publishes the provider's session when it is created. Superseded: every change this provider's " +
			"resources make is published before the change returns (in batches of the provider's " +
			"`auto_publish_batch_size`), so this resource normally finds nothing to publish; it is accepted so that " +
			"configurations written for the upstream provider run unchanged. To publish, discard or log out on demand, " +
			"use the actions `fwmgr_management_publish`, `fwmgr_management_discard` and `fwmgr_management_logout`.",
		Attributes: map[string]rschema.Attribute{
			"uid": rschema.StringAttribute{Optional: true,
				Description: "UID of another session to publish (upstream's argument). Not supported: the provider " +
					"publishes its own session, and refuses a configuration that sets it rather than publish the wrong one.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
			"task_id": rschema.StringAttribute{Computed: true,
				Description: "ID of the publish task that made the configuration's changes visible: this resource's own publish, or, when every change was already published by the resources themselves (they publish as they go), the publish task of the last of them. Null when this provider process has published nothing."},
			"triggers": rschema.SetAttribute{Optional: true, ElementType: types.StringType,
				Description:   "Values whose change publishes again (the resource is replaced).",
				PlanModifiers: []planmodifier.Set{setplanmodifier.RequiresReplace()}},
			"run_publish_on_destroy": rschema.BoolAttribute{Optional: true,
				Description:   "Publish also when the resource is destroyed.",
				PlanModifiers: []planmodifier.Bool{boolplanmodifier.RequiresReplace()}},
		},
	}
}

func (r *mgmtPublishResource) publish(ctx context.Context, m mgmtPublishModel, verb string, diags *diag.Diagnostics) types.String {
	mg := mgmtOf(r.PD, "fwmgr_management_publish", diags)
	if mg == nil {
		return types.StringNull()
	}
	if !m.UID.IsNull() && m.UID.ValueString() != "" {
		diags.AddAttributeError(path.Root("uid"), "Could not "+verb+" fwmgr_management_publish",
			fmt.Sprintf("uid %q names another session; the provider publishes only its own session, whose every change "+
				"is already published. Remove uid, or publish that session where it was opened.", m.UID.ValueString()))
		return types.StringNull()
	}
	_, task, err := mg.Publish(ctx)
	if err != nil {
		diags.AddError("Could not "+verb+" fwmgr_management_publish", framework.ErrorDetail(err))
		return types.StringNull()
	}
	if task == "" {
		return types.StringNull()
	}
	return types.StringValue(task)
}

func (r *mgmtPublishResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m mgmtPublishModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	m.TaskID = r.publish(ctx, m, "create", &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// Read keeps the state: a publish leaves nothing on the server to read.
func (r *mgmtPublishResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {}

// Update never runs (every argument replaces), but a plan that only
// refreshes keeps what it has.
func (r *mgmtPublishResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m, old mgmtPublishModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &old)...)
	if resp.Diagnostics.HasError() {
		return
	}
	m.TaskID = old.TaskID
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func (r *mgmtPublishResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var m mgmtPublishModel
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() || !m.RunPublishOnDestroy.ValueBool() {
		return
	}
	r.publish(ctx, m, "delete", &resp.Diagnostics)
}

// mgmtSessionAction is one of the actions on the provider's management
// session: publish, discard or logout.
type mgmtSessionAction struct {
	framework.ActionBase[providerData]
	desc string
	run  func(ctx context.Context, a *mgmtSessionAction, resp *action.InvokeResponse)
}

var _ action.ActionWithConfigure = (*mgmtSessionAction)(nil)

func (a *mgmtSessionAction) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = aschema.Schema{Description: a.desc + " Needs Terraform 1.14 or later."}
}

func (a *mgmtSessionAction) Invoke(ctx context.Context, _ action.InvokeRequest, resp *action.InvokeResponse) {
	a.run(ctx, a, resp)
}

func newMgmtPublishAction() action.Action {
	return &mgmtSessionAction{ActionBase: framework.ActionBase[providerData]{Name: "management_publish"},
		desc: "Publishes the provider's management session, making its changes visible to other sessions and releasing " +
			"their locks. Resources publish their own changes already; this is for configurations that want a publish at a " +
			"point of their choosing.",
		run: func(ctx context.Context, a *mgmtSessionAction, resp *action.InvokeResponse) {
			m := mgmtOf(a.PD, "fwmgr_management_publish", &resp.Diagnostics)
			if m == nil {
				return
			}
			n, _, err := m.Publish(ctx)
			if err != nil {
				resp.Diagnostics.AddError("Could not publish the session", framework.ErrorDetail(err))
				return
			}
			resp.SendProgress(action.InvokeProgressEvent{Message: fmt.Sprintf("published %d change(s)", n)})
		}}
}

func newMgmtDiscardAction() action.Action {
	return &mgmtSessionAction{ActionBase: framework.ActionBase[providerData]{Name: "management_discard"},
		desc: "Discards the changes of the provider's management session that are not published yet, releasing their locks. " +
			"Resources publish their own changes, so there is normally nothing to discard.",
		run: func(ctx context.Context, a *mgmtSessionAction, resp *action.InvokeResponse) {
			m := mgmtOf(a.PD, "fwmgr_management_discard", &resp.Diagnostics)
			if m == nil {
				return
			}
			n, err := m.Discard(ctx)
			if err != nil {
				resp.Diagnostics.AddError("Could not discard the session's changes", framework.ErrorDetail(err))
				return
			}
			resp.SendProgress(action.InvokeProgressEvent{Message: fmt.Sprintf("discarded %d change(s)", n)})
		}}
}

func newMgmtLogoutAction() action.Action {
	return &mgmtSessionAction{ActionBase: framework.ActionBase[providerData]{Name: "management_logout"},
		desc: "Ends the provider's management session on the server. A later command of the same run logs in again.",
		run: func(ctx context.Context, a *mgmtSessionAction, resp *action.InvokeResponse) {
			m := mgmtOf(a.PD, "fwmgr_management_logout", &resp.Diagnostics)
			if m == nil {
				return
			}
			if err := m.Logout(ctx); err != nil {
				resp.Diagnostics.AddError("Could not log out of the session", framework.ErrorDetail(err))
			}
		}}
}

// mgmtActions are the actions on the management session, and installing
// policy (mgmt_install_policy.go).
func mgmtActions() []func() action.Action {
	return []func() action.Action{newMgmtPublishAction, newMgmtDiscardAction, newMgmtLogoutAction,
		newInstallPolicyAction, newVerifyPolicyAction}
}
