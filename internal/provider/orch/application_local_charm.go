package orch

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/charmarchive"
	"github.com/iacsuite/providers/internal/framework"
)

// The local_charm block of orch_application, as upstream's juju_application
// has it: a .charm archive on the machine running Terraform, uploaded to the
// model and deployed instead of a charm from the store. A change of the
// archive's content (path_hash) uploads it again and upgrades the
// application in place; a new charm name, a base change on an iaas model,
// or a switch between `charm` and `local_charm` replaces the application.

type localCharmModel struct {
	Name       types.String `tfsdk:"name"`
	Path       types.String `tfsdk:"path"`
	PathHash   types.String `tfsdk:"path_hash"`
	OriginHash types.String `tfsdk:"origin_hash"`
	Base       types.String `tfsdk:"base"`
}

func localCharmBlock() schema.ListNestedBlock {
	return schema.ListNestedBlock{
		Description: "A local .charm archive to deploy instead of a charm from the store; at most one, and exactly one " +
			"of `charm` and `local_charm`. A change of the archive's content upgrades the application in place.",
		Validators: []validator.List{listvalidator.SizeAtMost(1)},
		PlanModifiers: []planmodifier.List{listplanmodifier.RequiresReplaceIf(localCharmNeedsReplace,
			"Switching between charm and local_charm, changing the charm name, or the base of an application on an iaas model, replaces the application.",
			"Switching between `charm` and `local_charm`, changing the charm name, or the base of an application on an iaas model, replaces the application.")},
		NestedObject: schema.NestedBlockObject{Attributes: map[string]schema.Attribute{
			"name": schema.StringAttribute{Required: true,
				Description: "Name of the charm; must be the name in the archive's metadata.yaml. Changing it replaces the application."},
			"path": schema.StringAttribute{Required: true,
				Description: "Path of the .charm archive (a zip with metadata.yaml); a relative path is resolved against Terraform's working directory."},
			"path_hash": schema.StringAttribute{Computed: true,
				Description: "SHA-256 of the archive at `path`, computed at plan time: when the content changes, the archive is uploaded again and the application upgraded in place."},
			"origin_hash": schema.StringAttribute{Computed: true,
				Description: "SHA-256 of the archive the controller reports for the deployed charm; null while the application runs a store charm. " +
					"It differs from `path_hash` when the charm was changed outside Terraform (another upload refreshed to, or a switch to the store): " +
					"the next apply uploads the archive and refreshes the application back to it in place."},
			"base": schema.StringAttribute{Optional: true, Computed: true,
				Description: "Base, `<os>@<channel>` such as `ubuntu@22.04`; one of the bases of the archive's manifest.yaml. Default the model's " +
					"default base when the manifest lists it, else the manifest's first. Changing it replaces the application on an iaas model.",
				Validators: []validator.String{charmBaseValidator}},
		}},
	}
}

// charmSources reads which of the two blocks an application value uses.
func charmSources(ctx context.Context, get func(context.Context, path.Path, any) diag.Diagnostics, diags *diag.Diagnostics) (charm, local int) {
	var c, l types.List
	diags.Append(get(ctx, path.Root("charm"), &c)...)
	diags.Append(get(ctx, path.Root("local_charm"), &l)...)
	return len(c.Elements()), len(l.Elements())
}

// sourceSwitched reports a switch between `charm` and `local_charm`, which
// replaces the application, as upstream.
func sourceSwitched(ctx context.Context, plan, state func(context.Context, path.Path, any) diag.Diagnostics, diags *diag.Diagnostics) bool {
	pc, pl := charmSources(ctx, plan, diags)
	sc, sl := charmSources(ctx, state, diags)
	return (pc > 0 && sl > 0) || (pl > 0 && sc > 0)
}

func localCharmNeedsReplace(ctx context.Context, req planmodifier.ListRequest, resp *listplanmodifier.RequiresReplaceIfFuncResponse) {
	if sourceSwitched(ctx, req.Plan.GetAttribute, req.State.GetAttribute, &resp.Diagnostics) {
		resp.RequiresReplace = true
		return
	}
	var planned, prior []localCharmModel
	resp.Diagnostics.Append(req.PlanValue.ElementsAs(ctx, &planned, false)...)
	resp.Diagnostics.Append(req.StateValue.ElementsAs(ctx, &prior, false)...)
	if resp.Diagnostics.HasError() || len(planned) != 1 || len(prior) != 1 {
		return
	}
	if !planned[0].Name.IsUnknown() && !planned[0].Name.Equal(prior[0].Name) {
		resp.RequiresReplace = true
		return
	}
	var modelType types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("model_type"), &modelType)...)
	base := planned[0].Base
	if !base.IsNull() && !base.IsUnknown() && !base.Equal(prior[0].Base) && modelType.ValueString() != api.ModelTypeCAAS {
		resp.RequiresReplace = true
	}
}

// readLocalCharm reads and checks the archive at p.
func readLocalCharm(p string) ([]byte, *charmarchive.Charm, error) {
	data, err := os.ReadFile(p) //nolint:gosec // the path is the user's configuration
	if err != nil {
		return nil, nil, fmt.Errorf("cannot read local charm at %q: %w", p, err)
	}
	c, err := charmarchive.Read(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%q is not a charm archive: %w", p, err)
	}
	return data, c, nil
}

// localCharmProblem is the detail of a local_charm.path that readLocalCharm
// refused (err names the path and what is wrong with it), with the rule.
func localCharmProblem(err error) string {
	return fmt.Sprintf("local_charm.path: %v. It must be the path of a readable charm archive (a .charm zip with "+
		"metadata.yaml at its root).", err)
}

// validateCharmSource: exactly one of `charm` and `local_charm` (the summary
// is upstream's), and a local charm's archive is readable, holds the named
// charm and supports the base.
func validateCharmSource(m applicationModel, resp *resource.ValidateConfigResponse) {
	switch {
	case len(m.Charm) > 0 && len(m.LocalCharm) > 0:
		resp.Diagnostics.AddAttributeError(path.Root("local_charm"), "Invalid Attribute Combination",
			"charm and local_charm are mutually exclusive: give exactly one of them (a charm from the store, or a local .charm archive).")
		return
	case len(m.Charm) == 0 && len(m.LocalCharm) == 0:
		resp.Diagnostics.AddAttributeError(path.Root("charm"), "Invalid Attribute Combination",
			"exactly one of charm and local_charm is required (a charm from the store, or a local .charm archive).")
		return
	case len(m.LocalCharm) != 1:
		return
	}
	lc, at := m.LocalCharm[0], path.Root("local_charm").AtListIndex(0)
	if lc.Path.IsUnknown() || lc.Path.IsNull() {
		return
	}
	_, c, err := readLocalCharm(lc.Path.ValueString())
	if err != nil {
		resp.Diagnostics.AddAttributeError(at.AtName("path"), "Invalid local charm", localCharmProblem(err))
		return
	}
	if !lc.Name.IsUnknown() && lc.Name.ValueString() != c.Name {
		resp.Diagnostics.AddAttributeError(at.AtName("name"), "Local charm name mismatch",
			fmt.Sprintf("local_charm.name is %q but the archive at %q is charm %q (its metadata.yaml name); they must match.", lc.Name.ValueString(), lc.Path.ValueString(), c.Name))
	}
	if !lc.Base.IsUnknown() && !lc.Base.IsNull() && len(c.Bases) > 0 && !slices.Contains(c.Bases, lc.Base.ValueString()) {
		resp.Diagnostics.AddAttributeError(at.AtName("base"), "Unsupported base",
			fmt.Sprintf("local_charm.base %q is not a base of the archive at %q (its manifest.yaml lists %s).", lc.Base.ValueString(), lc.Path.ValueString(), strings.Join(c.Bases, ", ")))
	}
}

// planLocalCharm plans path_hash from the archive's content, and keeps
// origin_hash and the computed base from the state while the application
// runs that very archive on that base. origin_hash is the controller's hash
// of the archive the application runs, which is the SHA-256 path_hash holds:
// when they differ, because the archive changed or because the charm was
// changed outside Terraform (another upload refreshed to, or a switch to the
// store, where origin_hash is null), origin_hash is unknown and the apply
// uploads the archive and refreshes the application to it in place.
// It answers what the archive declares, nil when its path is not known yet.
func planLocalCharm(ctx context.Context, plan applicationModel, config applicationModel, state *applicationModel, resp *resource.ModifyPlanResponse) *charmarchive.Charm {
	if len(plan.LocalCharm) != 1 {
		return nil
	}
	lc := plan.LocalCharm[0]
	lc.PathHash, lc.OriginHash = types.StringUnknown(), types.StringUnknown()
	var c *charmarchive.Charm
	if !lc.Path.IsUnknown() && !lc.Path.IsNull() {
		var err error
		if _, c, err = readLocalCharm(lc.Path.ValueString()); err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("local_charm").AtListIndex(0).AtName("path"), "Invalid local charm", localCharmProblem(err))
			return nil
		}
		lc.PathHash = types.StringValue(c.Hash)
	}
	if state != nil && len(state.LocalCharm) == 1 && len(config.LocalCharm) == 1 {
		prior := state.LocalCharm[0]
		if config.LocalCharm[0].Base.IsNull() {
			lc.Base = prior.Base
		}
		if !prior.OriginHash.IsNull() && lc.PathHash.Equal(prior.OriginHash) && lc.Base.Equal(prior.Base) {
			lc.OriginHash = prior.OriginHash
		}
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("local_charm"), []localCharmModel{lc})...)
	return c
}

// localCharmRef uploads the archive when the controller does not already run
// its content, and answers the charm reference that deploys it. current is
// the application's charm on an update.
func (r *applicationResource) localCharmRef(ctx context.Context, modelUUID string, lc localCharmModel, current *api.CharmRef) (api.CharmRef, diag.Diagnostics) {
	var diags diag.Diagnostics
	ref := api.CharmRef{Name: lc.Name.ValueString(), Source: api.CharmSourceLocal}
	if !lc.Base.IsUnknown() {
		ref.Base = lc.Base.ValueString()
	}
	data, c, err := readLocalCharm(lc.Path.ValueString())
	if err != nil {
		diags.AddAttributeError(path.Root("local_charm").AtListIndex(0).AtName("path"), "Invalid local charm", localCharmProblem(err))
		return ref, diags
	}
	if !lc.PathHash.IsUnknown() && !lc.PathHash.IsNull() && lc.PathHash.ValueString() != c.Hash {
		// The plan was made for other content; deploying this one would
		// leave a path_hash in the state that no longer describes it.
		diags.AddAttributeError(path.Root("local_charm").AtListIndex(0).AtName("path"), "Local charm changed since the plan",
			fmt.Sprintf("local_charm.path: the archive at %q changed after the plan (its SHA-256 is now %s, the plan has %s); plan again.",
				lc.Path.ValueString(), c.Hash, lc.PathHash.ValueString()))
		return ref, diags
	}
	if current != nil && current.Source == api.CharmSourceLocal && current.Name == c.Name && current.Hash == c.Hash {
		ref.Revision = current.Revision
		return ref, diags
	}
	up, err := r.PD.client.UploadCharm(ctx, modelUUID, data)
	if err != nil {
		diags.AddError("Could not upload local charm "+lc.Path.ValueString(), framework.ErrorDetail(err))
		return ref, diags
	}
	ref.Revision = up.Revision
	return ref, diags
}

// localCharmFromAPI is the state of a local charm the controller answers;
// the path and its hash are the configuration's (null on import, as upstream
// cannot recover them either). origin_hash is the hash of the archive the
// application runs, null when it runs a store charm (switched outside
// Terraform).
func localCharmFromAPI(prior []localCharmModel, app api.Application) []localCharmModel {
	origin := types.StringNull()
	if app.Charm.Source == api.CharmSourceLocal {
		origin = types.StringValue(app.Charm.Hash)
	}
	lc := localCharmModel{Name: types.StringValue(app.Charm.Name), Path: types.StringNull(), PathHash: types.StringNull(),
		OriginHash: origin, Base: types.StringValue(app.Charm.Base)}
	if len(prior) == 1 {
		lc.Path, lc.PathHash = prior[0].Path, prior[0].PathHash
	}
	return []localCharmModel{lc}
}
