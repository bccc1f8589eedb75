package orch

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/validate"
	"github.com/iacsuite/providers/internal/framework/values"
)

var (
	_ resource.ResourceWithImportState      = (*secretBackendResource)(nil)
	_ resource.ResourceWithConfigValidators = (*secretBackendResource)(nil)
	_ resource.ResourceWithValidateConfig   = (*secretBackendResource)(nil)
	_ resource.ResourceWithModifyPlan       = (*secretBackendResource)(nil)
)

// NewSecretBackendResource is the orch_secret_backend resource: a store of
// secret content outside the controller (vault, kubernetes), which models
// name in their secret-backend configuration. Superusers only.
func NewSecretBackendResource() resource.Resource {
	return &secretBackendResource{resourceBase{Name: "secret_backend"}}
}

type secretBackendResource struct{ resourceBase }

type secretBackendModel struct {
	ID                  types.String `tfsdk:"id"`
	Name                types.String `tfsdk:"name"`
	BackendType         types.String `tfsdk:"backend_type"`
	TokenRotateInterval types.String `tfsdk:"token_rotate_interval"`
	Config              types.Map    `tfsdk:"config"`
	// ConfigWO is write-only: null but in the configuration of an apply.
	// ConfigWOVersion says when to send it again.
	ConfigWO        types.Map   `tfsdk:"config_wo"`
	ConfigWOVersion types.Int64 `tfsdk:"config_wo_version"`
}

// backendConfig is the secret backend's configuration: config, kept in
// the state, or config_wo with config_wo_version.
var backendConfig = writeOnlyPair("config")

// writeOnly says whether the configuration is given write-only: then it is
// neither read back nor kept.
func (m secretBackendModel) writeOnly() bool { return !m.ConfigWOVersion.IsNull() }

var secretBackendNameValidator = summarized("Invalid secret backend name", validate.StringFunc("must be a secret backend name", api.CheckSecretBackendName))

var tokenRotateIntervalValidator = summarized("Invalid token rotate interval", validate.StringFunc("must be a duration of at least a minute", func(s string) error {
	_, err := api.ParseTokenRotateInterval(api.SecretBackendTypeVault, s)
	return err
}))

func (r *secretBackendResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	keys := func(t string) string { return "`" + joinBackticks(api.SecretBackendConfigKeys(t)) + "`" }
	resp.Schema = schema.Schema{
		Description: "A secret backend of the controller: a store of secret content outside it, which a model uses when " +
			"its configuration's `secret-backend` names it (`orch_model` `config`). Only a controller superuser manages " +
			"secret backends. A backend a model names cannot be removed until the model names another. Import it with its " +
			"name; the configuration is read back into `config` (sensitive), so a configuration that gives `config_wo` " +
			"instead sees a change in place on the first apply after the import, which sends `config_wo` and drops `config`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:    true,
				Description: "The backend's name, the import identifier.",
			},
			"name": schema.StringAttribute{
				Required: true,
				Description: "The name of the secret backend: letters, digits, dots and hyphens, starting with a letter or digit " +
					"(`internal` and `auto` are reserved). Changed in place (the models that name the backend follow).",
				Validators: []validator.String{secretBackendNameValidator},
			},
			"backend_type": schema.StringAttribute{
				Required:      true,
				Description:   "The type of the secret backend: `vault` or `kubernetes`. Changing it replaces the backend.",
				Validators:    []validator.String{stringvalidator.OneOf(api.SecretBackendTypes...)},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"token_rotate_interval": schema.StringAttribute{
				Optional: true,
				Description: "The interval at which the controller rotates the token it gives agents to reach the backend, a " +
					"duration of at least a minute (`10m`, `1h`, `24h`); `vault` backends only. Changed in place. An import " +
					"reads it in its shortest form (`1h30m`, not `1h30m0s` or `90m`).",
				Validators: []validator.String{tokenRotateIntervalValidator},
			},
			"config": schema.MapAttribute{
				Optional:    true,
				Sensitive:   true,
				ElementType: types.StringType,
				Description: "The backend configuration, kept (sensitive) in the state and read back. A `vault` backend takes " +
					keys(api.SecretBackendTypeVault) + " (`endpoint` required, an http(s) URL; the certificates PEM; " +
					"`client-cert` with `client-key`); a `kubernetes` backend " + keys(api.SecretBackendTypeKubernetes) +
					" (`endpoint` required). Changed in place. Exactly one of `config` and `config_wo`; prefer `config_wo`, " +
					"which never reaches the plan or the state.",
			},
			"config_wo": schema.MapAttribute{
				Optional:    true,
				Sensitive:   true,
				WriteOnly:   true,
				ElementType: types.StringType,
				Description: "The write-only backend configuration (Terraform 1.11 and newer), the keys of `config`: never " +
					"kept in the plan or the state. Sent when the backend is created and whenever `config_wo_version` " +
					"changes; a change of `config_wo` alone is not seen. Requires `config_wo_version`.",
			},
			"config_wo_version": schema.Int64Attribute{
				Optional: true,
				Description: "The version of `config_wo`: increment it to send `config_wo` again. Required with " +
					"`config_wo`.",
			},
		},
	}
}

// ConfigValidators: the configuration is given once, kept (config) or
// write-only (config_wo, with the version that says when to send it).
// That one of them is given is checked by ModifyPlan on create, so that an
// import (whose inputs hold neither) validates.
func (r *secretBackendResource) ConfigValidators(context.Context) []resource.ConfigValidator {
	return backendConfig.Conflicting()
}

// ValidateConfig checks at plan what the controller checks: the keys and
// values the backend type takes, and a token rotation for vault only.
func (r *secretBackendResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var m secretBackendModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() || m.BackendType.IsNull() || m.BackendType.IsUnknown() {
		return
	}
	typ := m.BackendType.ValueString()
	if !m.TokenRotateInterval.IsNull() && !m.TokenRotateInterval.IsUnknown() {
		if _, err := api.ParseTokenRotateInterval(typ, m.TokenRotateInterval.ValueString()); err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("token_rotate_interval"), "Invalid token rotate interval",
				fmt.Sprintf("token_rotate_interval %v (backend_type %s).", err, typ))
		}
	}
	for _, attr := range []struct {
		name string
		m    types.Map
	}{{"config", m.Config}, {"config_wo", m.ConfigWO}} {
		if attr.m.IsNull() || attr.m.IsUnknown() {
			continue
		}
		// A value known only at apply is checked by the controller.
		for _, v := range attr.m.Elements() {
			if v.IsUnknown() {
				return
			}
		}
		cfg, d := values.GoStringMap(ctx, attr.m)
		resp.Diagnostics.Append(d...)
		if key, err := api.CheckSecretBackendConfig(typ, cfg); err != nil && key != "" {
			resp.Diagnostics.AddAttributeError(path.Root(attr.name).AtMapKey(key), "Invalid secret backend configuration",
				fmt.Sprintf("%s.%s %v.", attr.name, key, err))
		}
	}
}

// ModifyPlan requires the configuration on create, and plans the ID, which
// is the name.
func (r *secretBackendResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	var name types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("name"), &name)...)
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("id"), name)...)
	if !req.State.Raw.IsNull() {
		return
	}
	given, d := backendConfig.Given(ctx, req.Config)
	resp.Diagnostics.Append(d...)
	if !given {
		resp.Diagnostics.AddAttributeError(path.Root("config_wo"), "Missing secret backend configuration",
			"A new secret backend needs its configuration: exactly one of config and config_wo (with config_wo_version) "+
				"must be configured.")
	}
}

// sameInterval tells whether two spellings are the same duration ("24h"
// and "24h0m0s", as the controller answers it).
func sameInterval(a, b string) bool {
	da, errA := time.ParseDuration(a)
	db, errB := time.ParseDuration(b)
	return errA == nil && errB == nil && da == db
}

// shortDuration writes a duration as the controller answers it ("1h0m0s")
// without its zero units ("1h"), as users write it.
func shortDuration(s string) string {
	out := s
	if strings.HasSuffix(out, "m0s") {
		out = strings.TrimSuffix(out, "0s")
	}
	if strings.HasSuffix(out, "h0m") {
		out = strings.TrimSuffix(out, "0m")
	}
	return out
}

func (m *secretBackendModel) fromAPI(ctx context.Context, b api.SecretBackend) diag.Diagnostics {
	m.ID = types.StringValue(b.Name)
	m.Name = types.StringValue(b.Name)
	m.BackendType = types.StringValue(b.BackendType)
	// The configured spelling of the interval stays when it is the same;
	// else (an import) its shortest form.
	if !sameInterval(m.TokenRotateInterval.ValueString(), b.TokenRotateInterval) {
		m.TokenRotateInterval = stringOrNull(shortDuration(b.TokenRotateInterval))
	}
	m.ConfigWO = types.MapNull(types.StringType)
	if m.writeOnly() {
		m.Config = types.MapNull(types.StringType)
		return nil
	}
	var d diag.Diagnostics
	if b.Config != nil {
		m.Config, d = values.StringMap(ctx, b.Config, false)
	}
	return d
}

func (r *secretBackendResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan secretBackendModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	cfg, d := backendConfig.Map(ctx, req.Config, plan.Config, plan.ConfigWOVersion)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	b, err := r.PD.client.AddSecretBackend(ctx, api.CreateSecretBackendRequest{
		Name: plan.Name.ValueString(), BackendType: plan.BackendType.ValueString(),
		TokenRotateInterval: plan.TokenRotateInterval.ValueString(), Config: cfg,
	})
	if err != nil {
		resp.Diagnostics.AddError("Could not add secret backend "+plan.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	// The configuration stays as planned: the answer does not reveal it.
	b.Config = nil
	resp.Diagnostics.Append(plan.fromAPI(ctx, b)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *secretBackendResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state secretBackendModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	// A write-only configuration is not read: it would land in the state.
	b, err := r.PD.client.SecretBackend(ctx, state.Name.ValueString(), !state.writeOnly())
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read secret backend "+state.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	resp.Diagnostics.Append(state.fromAPI(ctx, b)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *secretBackendResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan, state secretBackendModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var upd api.UpdateSecretBackendRequest
	if !plan.Name.Equal(state.Name) {
		upd.Name = values.Ptr(plan.Name.ValueString())
	}
	if !sameInterval(plan.TokenRotateInterval.ValueString(), state.TokenRotateInterval.ValueString()) &&
		!plan.TokenRotateInterval.Equal(state.TokenRotateInterval) {
		upd.TokenRotateInterval = values.Ptr(plan.TokenRotateInterval.ValueString())
	}
	// In write-only mode the configuration is sent when its version
	// changes; else when config changes. A switch between the two is a
	// change of both.
	if (plan.writeOnly() && !plan.ConfigWOVersion.Equal(state.ConfigWOVersion)) || (!plan.writeOnly() && !plan.Config.Equal(state.Config)) {
		cfg, d := backendConfig.Map(ctx, req.Config, plan.Config, plan.ConfigWOVersion)
		resp.Diagnostics.Append(d...)
		if resp.Diagnostics.HasError() {
			return
		}
		upd.Config = cfg
	}
	b, err := r.PD.client.UpdateSecretBackend(ctx, state.Name.ValueString(), upd)
	if err != nil {
		resp.Diagnostics.AddError("Could not change secret backend "+state.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	b.Config = nil
	resp.Diagnostics.Append(plan.fromAPI(ctx, b)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *secretBackendResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state secretBackendModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if err := r.PD.client.RemoveSecretBackend(ctx, state.Name.ValueString()); err != nil && !client.IsNotFound(err) {
		deleteFailed(r.PD, "secret backend "+state.Name.ValueString(), err, &resp.Diagnostics)
	}
}

// ImportState accepts upstream's ID, the backend's name.
func (r *secretBackendResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if err := api.CheckSecretBackendName(req.ID); err != nil {
		resp.Diagnostics.AddError("Invalid import identifier",
			fmt.Sprintf("The import ID of orch_secret_backend is the backend's name, such as myvault: %v.", err))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("name"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
}

// Identity is upstream's: the name. A rename changes it (in place, as
// upstream renames): the identity is Mutable.
func (r *secretBackendResource) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{{
		Name: "name", Description: "The secret backend's name.",
		Shape: "a secret backend name (letters, digits, dots and hyphens, starting with a letter or digit)",
		Valid: func(s string) bool { return api.CheckSecretBackendName(s) == nil },
	}}, Mutable: true}
}
