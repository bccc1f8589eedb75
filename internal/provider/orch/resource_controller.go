package orch

import (
	"context"
	"fmt"
	"maps"
	"sort"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	api "github.com/iacsuite/providers/internal/api/orch"
	cliapi "github.com/iacsuite/providers/internal/api/orchcli"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/client/orchcli"
	"github.com/iacsuite/providers/internal/framework"
)

// controllerTypeName is the one resource controller_mode allows.
const controllerTypeName = "orch_controller"

var (
	_ resource.ResourceWithConfigure        = (*controllerResource)(nil)
	_ resource.ResourceWithImportState      = (*controllerResource)(nil)
	_ resource.ResourceWithConfigValidators = (*controllerResource)(nil)
	_ resource.ResourceWithValidateConfig   = (*controllerResource)(nil)
)

// NewControllerResource is the orch_controller resource: a controller
// bootstrapped, upgraded and destroyed with the orch CLI (orch_binary).
func NewControllerResource() resource.Resource {
	return &controllerResource{resourceBase{Name: "controller"}}
}

type controllerResource struct{ resourceBase }

type controllerModel struct {
	ID                    types.String `tfsdk:"id"`
	Name                  types.String `tfsdk:"name"`
	OrchBinary            types.String `tfsdk:"orch_binary"`
	Cloud                 types.Object `tfsdk:"cloud"`
	CloudCredential       types.Object `tfsdk:"cloud_credential"`
	AgentVersion          types.String `tfsdk:"agent_version"`
	BootstrapBase         types.String `tfsdk:"bootstrap_base"`
	BootstrapConfig       types.Map    `tfsdk:"bootstrap_config"`
	BootstrapConstraints  types.Map    `tfsdk:"bootstrap_constraints"`
	ControllerConfig      types.Map    `tfsdk:"controller_config"`
	ControllerModelConfig types.Map    `tfsdk:"controller_model_config"`
	ModelConstraints      types.Map    `tfsdk:"model_constraints"`
	ModelDefault          types.Map    `tfsdk:"model_default"`
	StoragePool           types.Object `tfsdk:"storage_pool"`
	DestroyFlags          types.Object `tfsdk:"destroy_flags"`
	APIAddresses          types.List   `tfsdk:"api_addresses"`
	CACert                types.String `tfsdk:"ca_cert"`
	ControllerUUID        types.String `tfsdk:"controller_uuid"`
	Username              types.String `tfsdk:"username"`
	Password              types.String `tfsdk:"password"`
	// AdminSecretWO is write-only: null but in the configuration of an
	// apply. AdminSecretWOVersion says when to send it again.
	AdminSecretWO        types.String `tfsdk:"admin_secret_wo"`
	AdminSecretWOVersion types.Int64  `tfsdk:"admin_secret_wo_version"`
}

type controllerCloudModel struct {
	Name            types.String `tfsdk:"name"`
	Type            types.String `tfsdk:"type"`
	AuthTypes       types.Set    `tfsdk:"auth_types"`
	CACertificates  types.Set    `tfsdk:"ca_certificates"`
	Config          types.Map    `tfsdk:"config"`
	Endpoint        types.String `tfsdk:"endpoint"`
	HostCloudRegion types.String `tfsdk:"host_cloud_region"`
	Region          types.Object `tfsdk:"region"`
}

type controllerCredentialModel struct {
	Name       types.String `tfsdk:"name"`
	AuthType   types.String `tfsdk:"auth_type"`
	Attributes types.Map    `tfsdk:"attributes"`
	// AttributesWO is write-only: null but in the configuration of an
	// apply. AttributesWOVersion says when to send them again.
	AttributesWO        types.Map   `tfsdk:"attributes_wo"`
	AttributesWOVersion types.Int64 `tfsdk:"attributes_wo_version"`
}

// writeOnly says whether the credential's attributes are given write-only.
func (c controllerCredentialModel) writeOnly() bool { return !c.AttributesWOVersion.IsNull() }

var (
	// controllerAdminSecret is the admin password given write-only,
	// admin_secret_wo with admin_secret_wo_version (kept in the state, it
	// is bootstrap_config["admin-secret"]).
	controllerAdminSecret = writeOnlyPair("admin_secret")
	// controllerCredentialAttributes are the cloud credential's attributes:
	// cloud_credential.attributes, kept in the state, or its attributes_wo
	// with attributes_wo_version.
	controllerCredentialAttributes = writeOnlyPairIn(path.Root("cloud_credential"), "attributes")
)

type controllerStoragePoolModel struct {
	Name       types.String `tfsdk:"name"`
	Type       types.String `tfsdk:"type"`
	Attributes types.Map    `tfsdk:"attributes"`
}

type destroyFlagsModel struct {
	DestroyAllModels types.Bool  `tfsdk:"destroy_all_models"`
	DestroyStorage   types.Bool  `tfsdk:"destroy_storage"`
	Force            types.Bool  `tfsdk:"force"`
	ModelTimeout     types.Int32 `tfsdk:"model_timeout"`
	ReleaseStorage   types.Bool  `tfsdk:"release_storage"`
}

func (r *controllerResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	replaceMap := []planmodifier.Map{mapplanmodifier.RequiresReplace()}
	stringMap := func(desc string, mods []planmodifier.Map, v ...validator.Map) schema.MapAttribute {
		return schema.MapAttribute{Optional: true, ElementType: types.StringType, Description: desc, PlanModifiers: mods, Validators: v}
	}
	resp.Schema = schema.Schema{
		Description: "A controller bootstrapped with the orch CLI (`orch_binary`): a controller process of its own, " +
			"with its own state, TLS certificate and admin credentials, which the outputs give. Needs " +
			"`controller_mode = true` in the provider configuration. Changing the cloud, the credential or any " +
			"bootstrap-time setting replaces the controller; `agent_version`, `controller_config`, " +
			"`controller_model_config` and `destroy_flags` change in place. Import it with `<orch_binary>:<name>`: the " +
			"CLI that bootstrapped it describes it again, bootstrap settings and credential included; `destroy_flags` " +
			"are not imported (apply them after the import).",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed: true, Description: "The controller name.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"name": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "Name of the controller, unique among the controllers of the CLI's data directory. Default " +
					"the cloud name (with the region, when one is given). Changing it replaces the controller.",
				Validators: []validator.String{stringvalidator.RegexMatches(bootstrappedNamePattern,
					"must be lowercase letters, digits and -, at most 40 characters, starting and ending with a letter or digit")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace(), stringplanmodifier.UseStateForUnknown()},
			},
			"orch_binary": schema.StringAttribute{
				Required: true,
				Description: "Path to the orch command-line binary, which bootstraps, upgrades and destroys the controller. " +
					"When it is installed as a snap, use the snap's current-binary path (`/snap/orch/current/bin/orch`) " +
					"to avoid confinement problems. Its data directory is `$ORCH_DATA_DIR` (else `~/.local/share/orch`) " +
					"of the environment Terraform runs in. Changing it changes no controller.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"cloud": schema.SingleNestedAttribute{
				Required:      true,
				Description:   "The cloud the controller operates on. `localhost` (lxd) and `microk8s` (kubernetes) are built in; any other is added to the controller. Changing it replaces the controller.",
				PlanModifiers: []planmodifier.Object{objectplanmodifier.RequiresReplace()},
				Attributes: map[string]schema.Attribute{
					"name": schema.StringAttribute{Required: true, Description: "Name of the cloud.",
						Validators: []validator.String{stringvalidator.RegexMatches(cloudNamePattern, "must be letters, digits, dots, underscores and hyphens, starting with a letter or digit")}},
					"type": schema.StringAttribute{Required: true, Description: "Type of the cloud, such as `lxd`, `kubernetes`, `maas` or `openstack`.",
						Validators: []validator.String{stringvalidator.OneOf(append([]string{api.CloudTypeKubernetes}, cloudTypes...)...)}},
					"auth_types":        schema.SetAttribute{Required: true, ElementType: types.StringType, Description: "Authentication types the cloud supports."},
					"ca_certificates":   schema.SetAttribute{Optional: true, ElementType: types.StringType, Description: "PEM CA certificates of the cloud's endpoints."},
					"config":            schema.MapAttribute{Optional: true, ElementType: types.StringType, Description: "Configuration options of the cloud."},
					"endpoint":          schema.StringAttribute{Optional: true, Description: "API endpoint of the cloud."},
					"host_cloud_region": schema.StringAttribute{Optional: true, Description: "Host cloud region, for clouds running on another cloud."},
					"region": schema.SingleNestedAttribute{
						Optional: true, Description: "The region the controller operates in (default the cloud's first).",
						Attributes: map[string]schema.Attribute{
							"name":              schema.StringAttribute{Required: true, Description: "Name of the region."},
							"endpoint":          schema.StringAttribute{Optional: true, Description: "API endpoint of the region."},
							"identity_endpoint": schema.StringAttribute{Optional: true, Description: "Identity endpoint of the region."},
							"storage_endpoint":  schema.StringAttribute{Optional: true, Description: "Storage endpoint of the region."},
						},
					},
				},
			},
			"cloud_credential": schema.SingleNestedAttribute{
				Required:  true,
				Sensitive: true,
				Description: "The cloud credential the controller uses. It is handed to the CLI through a private " +
					"temporary file, never on its command line. Changing its name, its auth type or `attributes` replaces " +
					"the controller; a new `attributes_wo_version`, or a move between `attributes` and `attributes_wo`, " +
					"updates the credential in place (`orch update-credential`).",
				PlanModifiers: []planmodifier.Object{objectplanmodifier.RequiresReplaceIf(credentialReplaces,
					"Changing the credential's name, auth type or attributes replaces the controller; a new attributes_wo_version updates it in place.",
					"Changing the credential's name, auth type or attributes replaces the controller; a new `attributes_wo_version` updates it in place.")},
				Attributes: map[string]schema.Attribute{
					"name":      schema.StringAttribute{Required: true, Description: "Name of the credential."},
					"auth_type": schema.StringAttribute{Required: true, Description: "Authentication type, such as `certificate`.", Validators: []validator.String{stringvalidator.LengthAtLeast(1)}},
					"attributes": schema.MapAttribute{Optional: true, ElementType: types.StringType,
						Description: "Authentication attributes of the auth type, such as `client-cert` and `client-key`, kept in " +
							"the state (sensitive). Exactly one of `attributes` and `attributes_wo`."},
					"attributes_wo": schema.MapAttribute{Optional: true, WriteOnly: true, Sensitive: true, ElementType: types.StringType,
						Description: "Authentication attributes given write-only (Terraform 1.11 and newer): handed to the CLI, " +
							"never kept in the plan or the state. They are sent at bootstrap and when `attributes_wo_version` " +
							"changes (in place, `orch update-credential`); a change of them alone is not seen. Requires " +
							"`attributes_wo_version`."},
					"attributes_wo_version": schema.Int64Attribute{Optional: true,
						Description: "Version of `attributes_wo`: change it (for example increment it) to send `attributes_wo` " +
							"again, which updates the controller's credential in place. Required with `attributes_wo`."},
				},
			},
			"admin_secret_wo": schema.StringAttribute{
				Optional: true, WriteOnly: true, Sensitive: true,
				Description: "The admin password, at least 8 characters, given write-only (Terraform 1.11 and newer) " +
					"instead of `bootstrap_config`'s `admin-secret`: handed to the CLI, never kept in the plan or the state, " +
					"and the `password` output stays null (read it for one run with the ephemeral `orch_controller`). It " +
					"is sent at bootstrap and when `admin_secret_wo_version` changes (in place, `orch " +
					"change-admin-password`); a change of it alone is not seen. Requires `admin_secret_wo_version`.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(8)},
			},
			"admin_secret_wo_version": schema.Int64Attribute{
				Optional: true,
				Description: "Version of `admin_secret_wo`: change it (for example increment it) to change the admin " +
					"password in place. Required with `admin_secret_wo`.",
			},
			"agent_version": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "Agent version to bootstrap; default the latest stable (" + api.LatestAgentVersion() + "). " +
					"A change upgrades the controller in place, and only to a higher patch version within the same " +
					"major.minor series (" + strings.Join(api.AgentVersions, ", ") + " exist); any other change is refused " +
					"at plan time. The provider does not wait for the upgrade to finish: wait for it before applying further changes.",
				Validators:    []validator.String{agentVersionValidator{}},
				PlanModifiers: []planmodifier.String{agentVersionPlan{}},
			},
			"bootstrap_base": schema.StringAttribute{
				Optional: true, Description: "Base of the bootstrap machine, such as `ubuntu@24.04`. Changing it replaces the controller.",
				Validators:    []validator.String{baseValidator},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"bootstrap_config": stringMap("Options applied during bootstrap: "+optionNames(api.BootstrapConfigKeys)+". "+
				"`admin-secret` sets the admin password, kept in the state (`admin_secret_wo` keeps it out). Changing them "+
				"replaces the controller, but for dropping `admin-secret` in favour of `admin_secret_wo`.",
				[]planmodifier.Map{mapplanmodifier.RequiresReplaceIf(bootstrapConfigReplaces,
					"Changing the bootstrap options replaces the controller.", "Changing the bootstrap options replaces the controller.")},
				configKeysValidator{what: "bootstrap option", keys: api.BootstrapConfigKeys}),
			"bootstrap_constraints": stringMap("Constraints of the bootstrap machine, such as `cores = \"2\"`, `mem = \"4G\"`. Changing them replaces the controller.", replaceMap),
			"controller_config": stringMap("Controller configuration. A key added or changed is set in place; removing a "+
				"key does not unset it on the controller, where it keeps its value (set it explicitly to change it). "+
				"Keys marked bootstrap-only by the controller (`allow-model-access`, `identity-url`) can only be set at bootstrap.",
				nil, configKeysValidator{what: "controller configuration key", keys: controllerConfigKeys(), phrase: api.UnknownControllerConfig}),
			"controller_model_config": stringMap("Configuration of the controller model; changes apply in place, and a removed key returns to its default.",
				nil, configKeysValidator{what: "model configuration key", keys: api.ModelConfigKeys}),
			"model_constraints": stringMap("Constraints for workload machines, set on the controller model. Changing them replaces the controller.", replaceMap),
			"model_default": stringMap("Configuration every model gets unless it sets the key. Set at bootstrap: changing it replaces the controller.",
				replaceMap, configKeysValidator{what: "model configuration key", keys: api.ModelConfigKeys}),
			"storage_pool": schema.SingleNestedAttribute{
				Optional: true, Description: "The initial storage pool, created in the controller model. Changing it replaces the controller.",
				PlanModifiers: []planmodifier.Object{objectplanmodifier.RequiresReplace()},
				Attributes: map[string]schema.Attribute{
					"name":       schema.StringAttribute{Required: true, Description: "Name of the storage pool."},
					"type":       schema.StringAttribute{Required: true, Description: "Storage provider type, such as `loop`, `rootfs`, `tmpfs` or `lxd` (`kubernetes` on kubernetes clouds)."},
					"attributes": schema.MapAttribute{Optional: true, ElementType: types.StringType, Description: "Attributes of the pool."},
				},
			},
			"destroy_flags": schema.SingleNestedAttribute{
				Optional: true,
				Description: "How the controller is destroyed (the flags of `orch destroy-controller`). A change takes " +
					"effect on destroy only once it has been applied: apply it before destroying.",
				Attributes: map[string]schema.Attribute{
					"destroy_all_models": schema.BoolAttribute{Optional: true, Description: "Destroy the models the controller hosts; without it, a controller hosting models is not destroyed."},
					"destroy_storage":    schema.BoolAttribute{Optional: true, Description: "Destroy the storage of those models."},
					"force":              schema.BoolAttribute{Optional: true, Description: "Go on despite errors while destroying models, or when the controller does not answer."},
					"model_timeout":      schema.Int32Attribute{Optional: true, Description: "Seconds to wait for each model to be destroyed (default no limit)."},
					"release_storage":    schema.BoolAttribute{Optional: true, Description: "Release the storage of those models from the controller without destroying it."},
				},
			},
			"api_addresses": schema.ListAttribute{
				Computed: true, ElementType: types.StringType, Description: "API addresses of the controller, `<host>:<port>`.",
				PlanModifiers: []planmodifier.List{listplanmodifier.UseStateForUnknown()},
			},
			"ca_cert": schema.StringAttribute{
				Computed: true, Description: "PEM CA certificate of the controller.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"controller_uuid": schema.StringAttribute{
				Computed: true, Description: "UUID of the controller.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"username": schema.StringAttribute{
				Computed: true, Description: "Admin user name of the controller.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"password": schema.StringAttribute{
				Computed: true, Sensitive: true,
				Description:   "Admin password of the controller; null when it is given write-only (`admin_secret_wo`).",
				PlanModifiers: []planmodifier.String{passwordOutputPlan{}},
			},
		},
	}
}

func (r *controllerResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan controllerModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	breq, diags := bootstrapRequest(ctx, plan, req.Config)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	det, err := orchcli.New(plan.OrchBinary.ValueString()).Bootstrap(ctx, breq)
	if err != nil {
		resp.Diagnostics.AddError("Could not bootstrap the controller", framework.ErrorDetail(err))
		return
	}
	plan.ID, plan.Name = types.StringValue(det.Name), types.StringValue(det.Name)
	plan.AgentVersion = types.StringValue(det.AgentVersion)
	plan.ControllerUUID, plan.CACert = types.StringValue(det.UUID), types.StringValue(det.CACert)
	plan.Username, plan.Password = types.StringValue(det.Username), types.StringValue(det.Password)
	if !plan.AdminSecretWOVersion.IsNull() {
		plan.Password = types.StringNull() // write-only: the CLI's records keep it
	}
	plan.APIAddresses, diags = types.ListValueFrom(ctx, types.StringType, det.APIAddresses)
	resp.Diagnostics.Append(diags...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

var (
	regionAttrTypes      = map[string]attr.Type{"name": types.StringType, "endpoint": types.StringType, "identity_endpoint": types.StringType, "storage_endpoint": types.StringType}
	controllerCloudTypes = map[string]attr.Type{
		"name": types.StringType, "type": types.StringType, "auth_types": types.SetType{ElemType: types.StringType},
		"ca_certificates": types.SetType{ElemType: types.StringType}, "config": types.MapType{ElemType: types.StringType},
		"endpoint": types.StringType, "host_cloud_region": types.StringType, "region": types.ObjectType{AttrTypes: regionAttrTypes},
	}
	credentialAttrTypes = map[string]attr.Type{"name": types.StringType, "auth_type": types.StringType, "attributes": types.MapType{ElemType: types.StringType},
		"attributes_wo": types.MapType{ElemType: types.StringType}, "attributes_wo_version": types.Int64Type}
	poolAttrTypes     = map[string]attr.Type{"name": types.StringType, "type": types.StringType, "attributes": types.MapType{ElemType: types.StringType}}
	destroyFlagsTypes = map[string]attr.Type{"destroy_all_models": types.BoolType, "destroy_storage": types.BoolType, "force": types.BoolType,
		"model_timeout": types.Int32Type, "release_storage": types.BoolType}
)

// ImportState takes `<orch_binary>:<name>` and describes the controller as
// the CLI bootstrapped it; Read then fills what the controller answers.
func (r *controllerResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	i := strings.LastIndex(req.ID, ":")
	if i <= 0 || i == len(req.ID)-1 {
		resp.Diagnostics.AddError("Invalid import identifier",
			fmt.Sprintf("The identifier of an orch_controller is <orch_binary>:<name>, such as /usr/local/bin/orch:my-controller; got %q.", req.ID))
		return
	}
	binary, name := req.ID[:i], req.ID[i+1:]
	det, err := orchcli.New(binary).ShowController(ctx, name)
	if orchcli.IsNotFound(err, name) {
		// Read, which finds it gone too, removes it: Terraform then says the
		// object to import does not exist, and nothing enters the state.
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), name)...)
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("name"), name)...)
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("orch_binary"), binary)...)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not import the controller", framework.ErrorDetail(err))
		return
	}
	m, diags := controllerFromDetails(ctx, binary, name, det)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// controllerFromDetails is the controller as the CLI's records describe it
// (show-controller): what an import sets, and what a listing of the CLI's
// controllers starts from.
func controllerFromDetails(ctx context.Context, binary, name string, det cliapi.Details) (controllerModel, diag.Diagnostics) {
	var diags diag.Diagnostics
	b := det.Bootstrap
	if b == nil || det.UUID == "" {
		diags.AddError("Could not import the controller",
			fmt.Sprintf("The CLI %s does not describe how controller %q was bootstrapped (status %s).", binary, name, det.Status))
		return controllerModel{}, diags
	}
	strOrNull := func(s string) types.String {
		if s == "" {
			return types.StringNull()
		}
		return types.StringValue(s)
	}
	mapOrNull := func(m map[string]string) types.Map {
		if len(m) == 0 {
			return types.MapNull(types.StringType)
		}
		v, d := types.MapValueFrom(ctx, types.StringType, m)
		diags.Append(d...)
		return v
	}
	setOrNull := func(s []string) types.Set {
		if len(s) == 0 {
			return types.SetNull(types.StringType)
		}
		v, d := types.SetValueFrom(ctx, types.StringType, s)
		diags.Append(d...)
		return v
	}
	object := func(t map[string]attr.Type, v map[string]attr.Value) types.Object {
		o, d := types.ObjectValue(t, v)
		diags.Append(d...)
		return o
	}
	region := types.ObjectNull(regionAttrTypes)
	if rg := b.Cloud.Region; rg != nil {
		region = object(regionAttrTypes, map[string]attr.Value{"name": types.StringValue(rg.Name), "endpoint": strOrNull(rg.Endpoint),
			"identity_endpoint": strOrNull(rg.IdentityEndpoint), "storage_endpoint": strOrNull(rg.StorageEndpoint)})
	}
	m := controllerModel{
		ID: types.StringValue(name), Name: types.StringValue(name), OrchBinary: types.StringValue(binary),
		Cloud: object(controllerCloudTypes, map[string]attr.Value{
			"name": types.StringValue(b.Cloud.Name), "type": types.StringValue(b.Cloud.Type), "auth_types": setOrNull(b.Cloud.AuthTypes),
			"ca_certificates": setOrNull(b.Cloud.CACertificates), "config": mapOrNull(b.Cloud.Config), "endpoint": strOrNull(b.Cloud.Endpoint),
			"host_cloud_region": strOrNull(b.Cloud.HostCloudRegion), "region": region,
		}),
		CloudCredential:       types.ObjectNull(credentialAttrTypes),
		AgentVersion:          types.StringValue(det.AgentVersion),
		BootstrapBase:         strOrNull(b.Base),
		BootstrapConfig:       mapOrNull(b.Config),
		BootstrapConstraints:  mapOrNull(constraintMap(b.BootstrapConstraints)),
		ControllerConfig:      mapOrNull(b.ControllerConfig),
		ControllerModelConfig: mapOrNull(b.ControllerModelConfig),
		ModelConstraints:      mapOrNull(constraintMap(b.ModelConstraints)),
		ModelDefault:          mapOrNull(b.ModelDefaults),
		StoragePool:           types.ObjectNull(poolAttrTypes),
		DestroyFlags:          types.ObjectNull(destroyFlagsTypes),
		CACert:                types.StringValue(det.CACert),
		ControllerUUID:        types.StringValue(det.UUID),
		Username:              types.StringValue(det.Username),
		Password:              types.StringValue(det.Password),
	}
	if c := b.Credential; c != nil {
		m.CloudCredential = object(credentialAttrTypes, map[string]attr.Value{"name": types.StringValue(c.Name),
			"auth_type": types.StringValue(c.AuthType), "attributes": mapOrNull(c.Attributes),
			"attributes_wo": types.MapNull(types.StringType), "attributes_wo_version": types.Int64Null()})
	}
	if p := b.StoragePool; p != nil {
		m.StoragePool = object(poolAttrTypes, map[string]attr.Value{"name": types.StringValue(p.Name), "type": types.StringValue(p.Type),
			"attributes": mapOrNull(p.Attributes)})
	}
	var d diag.Diagnostics
	m.APIAddresses, d = types.ListValueFrom(ctx, types.StringType, det.APIAddresses)
	diags.Append(d...)
	return m, diags
}

// constraintMap parses "k=v k=v".
func constraintMap(s string) map[string]string {
	out := map[string]string{}
	for _, f := range strings.Fields(s) {
		if k, v, ok := strings.Cut(f, "="); ok {
			out[k] = v
		}
	}
	return out
}

func (r *controllerResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state controllerModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	name := state.Name.ValueString()
	det, err := orchcli.New(state.OrchBinary.ValueString()).ShowController(ctx, name)
	if err != nil {
		if orchcli.IsNotFound(err, name) {
			tflog.Warn(ctx, "controller gone; removing it from the state", map[string]any{"name": name})
			resp.State.RemoveResource(ctx)
			return
		}
		resp.Diagnostics.AddError("Could not read the controller", framework.ErrorDetail(err))
		return
	}
	if det.Status != "running" {
		resp.Diagnostics.AddWarning("Controller not running",
			fmt.Sprintf("The controller %q is %s: its process does not run, so its settings cannot be read. "+
				"Destroy it (terraform destroy, or orch destroy-controller %s) and bootstrap it again.", name, det.Status, name))
		return
	}
	resp.Diagnostics.Append(refreshController(ctx, &state, det)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// refreshController sets in state what the running controller answers: its
// agent version, UUID and addresses, and the values of the configuration
// keys the state manages. Read does it, and so does a listing of the CLI's
// controllers with include_resource, so that a result equals a read after
// import.
func refreshController(ctx context.Context, state *controllerModel, det cliapi.Details) diag.Diagnostics {
	name := state.Name.ValueString()
	// The password of the CLI's records: the state has none when it is
	// write-only.
	c, diags := controllerClient(ctx, *state, det.Password)
	if diags.HasError() {
		return diags
	}
	info, err := c.Controller(ctx)
	if err != nil {
		diags.AddError("Could not reach the controller", fmt.Sprintf("controller %q at %v: %s", name, det.APIAddresses, framework.ErrorDetail(err)))
		return diags
	}
	var d diag.Diagnostics
	state.AgentVersion, state.ControllerUUID = types.StringValue(info.AgentVersion), types.StringValue(info.UUID)
	state.APIAddresses, d = types.ListValueFrom(ctx, types.StringType, info.APIAddresses)
	diags.Append(d...)
	cfg, err := c.ControllerConfig(ctx)
	if err != nil {
		diags.AddError("Could not read the controller configuration", framework.ErrorDetail(err))
		return diags
	}
	// Only the keys the configuration manages are read back: the others
	// are defaults, or keys whose removal left them on the controller.
	state.ControllerConfig, d = managedKeys(state.ControllerConfig, cfg)
	diags.Append(d...)
	ctrl, err := controllerModelOf(ctx, c, state.Username.ValueString())
	if err != nil {
		diags.AddError("Could not read the controller model", framework.ErrorDetail(err))
		return diags
	}
	state.ControllerModelConfig, d = managedKeys(state.ControllerModelConfig, ctrl.Config)
	diags.Append(d...)
	return diags
}

func (r *controllerResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan, state controllerModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	name := state.Name.ValueString()
	cli := orchcli.New(state.OrchBinary.ValueString())
	resp.Diagnostics.Append(r.rotateSecrets(ctx, cli, name, plan, state, req.Config)...)
	if resp.Diagnostics.HasError() {
		return
	}
	// The admin password: the state's, else (write-only) the CLI's records,
	// which a rotation above has just changed.
	password := state.Password.ValueString()
	if state.Password.IsNull() || !plan.AdminSecretWOVersion.Equal(state.AdminSecretWOVersion) {
		det, err := cli.ShowController(ctx, name)
		if err != nil {
			resp.Diagnostics.AddError("Could not read the controller", framework.ErrorDetail(err))
			return
		}
		password = det.Password
	}
	c, diags := controllerClient(ctx, state, password)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}

	planned, oldCfg := stringMapOf(ctx, plan.ControllerConfig, &resp.Diagnostics), stringMapOf(ctx, state.ControllerConfig, &resp.Diagnostics)
	set := map[string]string{}
	for k, v := range planned {
		if old, ok := oldCfg[k]; !ok || old != v {
			set[k] = v
		}
	}
	var removed []string
	for k := range oldCfg {
		if _, ok := planned[k]; !ok {
			removed = append(removed, k)
		}
	}
	if len(removed) > 0 {
		sort.Strings(removed)
		resp.Diagnostics.AddWarning("Controller configuration keys left on the controller",
			fmt.Sprintf("controller_config no longer sets %s; the controller keeps their values (a key is never unset). "+
				"Set a key explicitly to change it.", strings.Join(removed, ", ")))
	}
	if len(set) > 0 {
		if _, err := c.SetControllerConfig(ctx, set, false); err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("controller_config"), "Could not change the controller configuration", framework.ErrorDetail(err))
			return
		}
	}

	if !plan.ControllerModelConfig.Equal(state.ControllerModelConfig) {
		ctrl, err := controllerModelOf(ctx, c, state.Username.ValueString())
		if err != nil {
			resp.Diagnostics.AddError("Could not read the controller model", framework.ErrorDetail(err))
			return
		}
		cfg := maps.Clone(ctrl.Config)
		if cfg == nil {
			cfg = map[string]string{}
		}
		for k := range stringMapOf(ctx, state.ControllerModelConfig, &resp.Diagnostics) {
			delete(cfg, k) // a key the configuration no longer sets returns to its default
		}
		maps.Copy(cfg, stringMapOf(ctx, plan.ControllerModelConfig, &resp.Diagnostics))
		if _, err := c.UpdateModel(ctx, ctrl.UUID, api.UpdateModelRequest{Config: &cfg}); err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("controller_model_config"), "Could not change the controller model configuration", framework.ErrorDetail(err))
			return
		}
	}

	if to := plan.AgentVersion.ValueString(); !plan.AgentVersion.IsUnknown() && to != state.AgentVersion.ValueString() {
		// The CLI restarts the controller's agent with the new version; the
		// provider does not wait for anything beyond that.
		if _, err := orchcli.New(state.OrchBinary.ValueString()).Upgrade(ctx, name, to); err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("agent_version"), "Could not upgrade the controller", framework.ErrorDetail(err))
			return
		}
	} else {
		plan.AgentVersion = state.AgentVersion
	}
	plan.ID, plan.Name = state.ID, state.Name
	plan.APIAddresses, plan.CACert, plan.ControllerUUID = state.APIAddresses, state.CACert, state.ControllerUUID
	plan.Username, plan.Password = state.Username, state.Password
	if !plan.AdminSecretWOVersion.IsNull() {
		plan.Password = types.StringNull()
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// rotateSecrets sends, in place, the write-only admin password and cloud
// credential whose version changed (or that replace, after an import, the
// ones in the state), through the CLI, which changes them at the controller
// and in its records.
func (r *controllerResource) rotateSecrets(ctx context.Context, cli *orchcli.Client, name string, plan, state controllerModel, config tfsdk.Config) diag.Diagnostics {
	var diags diag.Diagnostics
	if !plan.CloudCredential.Equal(state.CloudCredential) {
		var cred controllerCredentialModel
		diags.Append(plan.CloudCredential.As(ctx, &cred, objectAsOptions)...)
		attrs, d := controllerCredentialAttributes.Map(ctx, config, cred.Attributes, cred.AttributesWOVersion)
		diags.Append(d...)
		if diags.HasError() {
			return diags
		}
		err := cli.UpdateCredential(ctx, name, cliapi.CredentialSpec{Name: cred.Name.ValueString(), AuthType: cred.AuthType.ValueString(), Attributes: attrs})
		if err != nil {
			diags.AddAttributeError(path.Root("cloud_credential"), "Could not update the controller's cloud credential", framework.ErrorDetail(err))
			return diags
		}
	}
	if !plan.AdminSecretWOVersion.IsNull() && !plan.AdminSecretWOVersion.Equal(state.AdminSecretWOVersion) {
		secret, d := controllerAdminSecret.ConfigString(ctx, config)
		diags.Append(d...)
		if diags.HasError() {
			return diags
		}
		if err := cli.ChangeAdminPassword(ctx, name, secret); err != nil {
			diags.AddAttributeError(path.Root("admin_secret_wo"), "Could not change the controller's admin password", framework.ErrorDetail(err))
		}
	}
	return diags
}

// ConfigValidators: the admin password is given write-only with its
// version.
func (r *controllerResource) ConfigValidators(context.Context) []resource.ConfigValidator {
	return []resource.ConfigValidator{controllerAdminSecret.WithVersion()}
}

// ValidateConfig: the credential's attributes are given exactly one way,
// and the admin password at most one way.
func (r *controllerResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var m controllerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if !m.AdminSecretWO.IsNull() && !m.BootstrapConfig.IsNull() && !m.BootstrapConfig.IsUnknown() {
		if _, ok := m.BootstrapConfig.Elements()["admin-secret"]; ok {
			resp.Diagnostics.AddAttributeError(path.Root("admin_secret_wo"), "Two admin passwords",
				"admin_secret_wo and bootstrap_config[\"admin-secret\"] both set the admin password: give one of them.")
		}
	}
	if m.CloudCredential.IsNull() || m.CloudCredential.IsUnknown() {
		return
	}
	var cred controllerCredentialModel
	resp.Diagnostics.Append(m.CloudCredential.As(ctx, &cred, objectAsOptions)...)
	if resp.Diagnostics.HasError() || cred.Attributes.IsUnknown() || cred.AttributesWO.IsUnknown() || cred.AttributesWOVersion.IsUnknown() {
		return
	}
	at := path.Root("cloud_credential")
	if cred.Attributes.IsNull() == cred.AttributesWO.IsNull() {
		resp.Diagnostics.AddAttributeError(at, "Invalid cloud credential",
			"cloud_credential: give exactly one of attributes (kept in the state) and attributes_wo (write-only, with attributes_wo_version).")
	}
	if cred.AttributesWO.IsNull() != cred.AttributesWOVersion.IsNull() {
		resp.Diagnostics.AddAttributeError(at, "Invalid cloud credential",
			"cloud_credential: attributes_wo and attributes_wo_version go together (the version says when to send the write-only attributes).")
	}
}

// credentialReplaces: a new name, auth type or attributes (kept in the
// state) is another credential, bootstrapped anew; a new write-only version,
// or a move between attributes and attributes_wo (as after an import, which
// reads the attributes from the CLI's records), is updated in place.
func credentialReplaces(ctx context.Context, req planmodifier.ObjectRequest, resp *objectplanmodifier.RequiresReplaceIfFuncResponse) {
	if req.StateValue.IsNull() || req.PlanValue.IsUnknown() || req.PlanValue.IsNull() {
		return
	}
	var plan, state controllerCredentialModel
	resp.Diagnostics.Append(req.PlanValue.As(ctx, &plan, objectAsOptions)...)
	resp.Diagnostics.Append(req.StateValue.As(ctx, &state, objectAsOptions)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.RequiresReplace = !plan.Name.Equal(state.Name) || !plan.AuthType.Equal(state.AuthType) ||
		(!plan.writeOnly() && !state.writeOnly() && !plan.Attributes.Equal(state.Attributes))
}

// bootstrapConfigReplaces: any change of the bootstrap options replaces the
// controller, but for admin-secret leaving them for admin_secret_wo (as
// after an import, which reads admin-secret from the CLI's records): the
// write-only version then changes the password in place.
func bootstrapConfigReplaces(ctx context.Context, req planmodifier.MapRequest, resp *mapplanmodifier.RequiresReplaceIfFuncResponse) {
	var version types.Int64
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("admin_secret_wo_version"), &version)...)
	without := func(m types.Map) map[string]attr.Value {
		out := maps.Clone(m.Elements())
		if !version.IsNull() {
			delete(out, "admin-secret")
		}
		return out
	}
	if req.StateValue.IsNull() || req.PlanValue.IsUnknown() {
		resp.RequiresReplace = true
		return
	}
	before, after := without(req.StateValue), without(req.PlanValue)
	resp.RequiresReplace = len(before) != len(after)
	for k, v := range before {
		if w, ok := after[k]; !ok || !w.Equal(v) {
			resp.RequiresReplace = true
		}
	}
}

// passwordOutputPlan keeps the admin password of the state (it changes only
// with a rotation, which the provider makes itself), and plans it null when
// it is given write-only.
type passwordOutputPlan struct{}

func (passwordOutputPlan) Description(context.Context) string {
	return "null when the admin password is write-only, else the state's"
}
func (p passwordOutputPlan) MarkdownDescription(ctx context.Context) string {
	return p.Description(ctx)
}
func (passwordOutputPlan) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	var version types.Int64
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("admin_secret_wo_version"), &version)...)
	switch {
	case !version.IsNull():
		resp.PlanValue = types.StringNull()
	case !req.State.Raw.IsNull():
		resp.PlanValue = req.StateValue
	}
}

func (r *controllerResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state controllerModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	// The flags are those of the state: a change not yet applied does not
	// count.
	var flags cliapi.DestroyFlags
	if !state.DestroyFlags.IsNull() && !state.DestroyFlags.IsUnknown() {
		var f destroyFlagsModel
		resp.Diagnostics.Append(state.DestroyFlags.As(ctx, &f, objectAsOptions)...)
		if resp.Diagnostics.HasError() {
			return
		}
		flags = cliapi.DestroyFlags{DestroyAllModels: f.DestroyAllModels.ValueBool(), DestroyStorage: f.DestroyStorage.ValueBool(),
			ReleaseStorage: f.ReleaseStorage.ValueBool(), Force: f.Force.ValueBool(),
			ModelTimeout: time.Duration(f.ModelTimeout.ValueInt32()) * time.Second}
	}
	name := state.Name.ValueString()
	if err := orchcli.New(state.OrchBinary.ValueString()).Destroy(ctx, name, flags); err != nil {
		deleteFailed(r.PD, "the controller "+name, err, &resp.Diagnostics)
	}
}

var objectAsOptions = basetypes.ObjectAsOptions{}

// bootstrapRequest maps the plan to a bootstrap.
func bootstrapRequest(ctx context.Context, m controllerModel, config tfsdk.Config) (orchcli.BootstrapRequest, diag.Diagnostics) {
	var diags diag.Diagnostics
	var cloud controllerCloudModel
	diags.Append(m.Cloud.As(ctx, &cloud, objectAsOptions)...)
	var cred controllerCredentialModel
	diags.Append(m.CloudCredential.As(ctx, &cred, objectAsOptions)...)
	if diags.HasError() {
		return orchcli.BootstrapRequest{}, diags
	}
	req := orchcli.BootstrapRequest{
		Cloud: cliapi.CloudSpec{
			Name: cloud.Name.ValueString(), Type: cloud.Type.ValueString(),
			AuthTypes: setStrings(ctx, cloud.AuthTypes, &diags), CACertificates: setStrings(ctx, cloud.CACertificates, &diags),
			Config: stringMapOf(ctx, cloud.Config, &diags), Endpoint: cloud.Endpoint.ValueString(), HostCloudRegion: cloud.HostCloudRegion.ValueString(),
		},
		Credential:            cliapi.CredentialSpec{Name: cred.Name.ValueString(), AuthType: cred.AuthType.ValueString()},
		BootstrapConstraints:  stringMapOf(ctx, m.BootstrapConstraints, &diags),
		ModelConstraints:      stringMapOf(ctx, m.ModelConstraints, &diags),
		Config:                stringMapOf(ctx, m.BootstrapConfig, &diags),
		ControllerConfig:      stringMapOf(ctx, m.ControllerConfig, &diags),
		ControllerModelConfig: stringMapOf(ctx, m.ControllerModelConfig, &diags),
		ModelDefault:          stringMapOf(ctx, m.ModelDefault, &diags),
		Base:                  m.BootstrapBase.ValueString(),
	}
	// The credential's attributes and the admin password: only the
	// configuration of the apply holds write-only ones.
	attrs, d := controllerCredentialAttributes.Map(ctx, config, cred.Attributes, cred.AttributesWOVersion)
	diags.Append(d...)
	req.Credential.Attributes = attrs
	if !m.AdminSecretWOVersion.IsNull() {
		secret, d := controllerAdminSecret.ConfigString(ctx, config)
		diags.Append(d...)
		if req.Config == nil {
			req.Config = map[string]string{}
		}
		req.Config["admin-secret"] = secret
	}
	if !cloud.Region.IsNull() && !cloud.Region.IsUnknown() {
		region := map[string]types.String{}
		for k, v := range cloud.Region.Attributes() {
			if s, ok := v.(types.String); ok {
				region[k] = s
			}
		}
		req.Cloud.Region = &cliapi.RegionSpec{Name: region["name"].ValueString(), Endpoint: region["endpoint"].ValueString(),
			IdentityEndpoint: region["identity_endpoint"].ValueString(), StorageEndpoint: region["storage_endpoint"].ValueString()}
	}
	if !m.Name.IsNull() && !m.Name.IsUnknown() {
		req.Name = m.Name.ValueString()
	}
	if !m.AgentVersion.IsUnknown() {
		req.AgentVersion = m.AgentVersion.ValueString()
	}
	if !m.StoragePool.IsNull() && !m.StoragePool.IsUnknown() {
		var pool controllerStoragePoolModel
		diags.Append(m.StoragePool.As(ctx, &pool, objectAsOptions)...)
		req.StoragePool = &cliapi.PoolSpec{Name: pool.Name.ValueString(), Type: pool.Type.ValueString(),
			Attributes: stringMapOf(ctx, pool.Attributes, &diags)}
	}
	return req, diags
}

func stringMapOf(ctx context.Context, m types.Map, diags *diag.Diagnostics) map[string]string {
	if m.IsNull() || m.IsUnknown() {
		return nil
	}
	out := map[string]string{}
	diags.Append(m.ElementsAs(ctx, &out, false)...)
	return out
}

func setStrings(ctx context.Context, s types.Set, diags *diag.Diagnostics) []string {
	if s.IsNull() || s.IsUnknown() {
		return nil
	}
	var out []string
	diags.Append(s.ElementsAs(ctx, &out, false)...)
	return out
}

// managedKeys reads back, from all of a controller's values, the keys the
// configuration sets; null stays null.
func managedKeys(managed types.Map, all map[string]string) (types.Map, diag.Diagnostics) {
	if managed.IsNull() || managed.IsUnknown() {
		return managed, nil
	}
	out := map[string]attr.Value{}
	for k := range managed.Elements() {
		if v, ok := all[k]; ok {
			out[k] = types.StringValue(v)
		}
	}
	return types.MapValue(types.StringType, out)
}

// controllerClient connects to the controller with the admin credentials
// the bootstrap gave (the password from the CLI's records, which hold it
// also when the state does not).
func controllerClient(ctx context.Context, m controllerModel, password string) (*client.Client, diag.Diagnostics) {
	var diags diag.Diagnostics
	var addrs []string
	diags.Append(m.APIAddresses.ElementsAs(ctx, &addrs, false)...)
	if diags.HasError() {
		return nil, diags
	}
	c, err := client.New(client.Config{Addresses: addrs, Username: m.Username.ValueString(), Password: password,
		CACertificate: m.CACert.ValueString(), UserAgent: "terraform-provider-orch"})
	if err != nil {
		diags.AddError("Could not connect to the controller", framework.ErrorDetail(err))
	}
	return c, diags
}

// controllerModelOf finds the controller model ("controller", owned by the
// admin user).
func controllerModelOf(ctx context.Context, c *client.Client, admin string) (api.Model, error) {
	models, err := c.Models(ctx, admin, "controller")
	if err != nil {
		return api.Model{}, err
	}
	if len(models) != 1 {
		return api.Model{}, fmt.Errorf("the controller has no controller model")
	}
	return models[0], nil
}

// bootstrappedNamePattern: a bootstrapped controller is named like a model.
var bootstrappedNamePattern = modelNamePattern

// controllerConfigKeys are the controller configuration keys as option
// descriptions, for configKeysValidator.
func controllerConfigKeys() map[string]api.ModelConfigKey {
	out := map[string]api.ModelConfigKey{}
	for k, v := range api.ControllerConfigKeys {
		out[k] = api.ModelConfigKey{Type: v.Type, Default: v.Default, Description: v.Description}
	}
	return out
}

func optionNames(keys map[string]api.ModelConfigKey) string {
	names := make([]string, 0, len(keys))
	for k := range keys {
		names = append(names, "`"+k+"`")
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// configKeysValidator refuses keys the controller does not know and values
// that do not parse as their key's type.
type configKeysValidator struct {
	what string
	keys map[string]api.ModelConfigKey
	// phrase, when set, starts the refusal of an unknown key: upstream's
	// wording, which users search for (api.UnknownControllerConfig).
	phrase string
}

func (v configKeysValidator) Description(context.Context) string {
	return "keys must be known " + v.what + "s and values of their type"
}
func (v configKeysValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}
func (v configKeysValidator) ValidateMap(_ context.Context, req validator.MapRequest, resp *validator.MapResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	for k, val := range req.ConfigValue.Elements() {
		key, ok := v.keys[k]
		if !ok {
			names := make([]string, 0, len(v.keys))
			for n := range v.keys {
				names = append(names, n)
			}
			sort.Strings(names)
			detail := fmt.Sprintf("%s: %q is not a %s; known: %s.", req.Path, k, v.what, strings.Join(names, ", "))
			if v.phrase != "" {
				detail = v.phrase + ": " + detail
			}
			resp.Diagnostics.AddAttributeError(req.Path.AtMapKey(k), "Unknown "+v.what, detail)
			continue
		}
		s, ok := val.(types.String)
		if !ok || s.IsUnknown() || s.IsNull() {
			continue
		}
		if err := api.CheckOptionValue(key.Type, s.ValueString()); err != nil {
			resp.Diagnostics.AddAttributeError(req.Path.AtMapKey(k), "Invalid "+v.what+" value", fmt.Sprintf("%s[%q]: %v.", req.Path, k, err))
		}
	}
}

// agentVersionValidator requires a version agent binaries exist for.
type agentVersionValidator struct{}

func (agentVersionValidator) Description(context.Context) string {
	return "must be one of the agent versions: " + strings.Join(api.AgentVersions, ", ")
}
func (v agentVersionValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}
func (agentVersionValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := api.CheckAgentVersionKnown(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid agent_version", fmt.Sprintf("agent_version: %v.", err))
	}
}

// agentVersionPlan keeps the bootstrapped version while the configuration
// names none, and refuses at plan time any change but an upgrade to a higher
// patch of the same major.minor series.
type agentVersionPlan struct{}

func (agentVersionPlan) Description(context.Context) string {
	return "upgrades only to a higher patch version of the same major.minor series"
}
func (v agentVersionPlan) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }
func (agentVersionPlan) PlanModifyString(_ context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.StateValue.IsNull() || req.StateValue.IsUnknown() || req.Plan.Raw.IsNull() {
		return // a new controller, or a destroy
	}
	if req.ConfigValue.IsNull() {
		resp.PlanValue = req.StateValue
		return
	}
	if req.ConfigValue.IsUnknown() || req.ConfigValue.Equal(req.StateValue) {
		return
	}
	if err := api.CheckAgentUpgrade(req.StateValue.ValueString(), req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "agent_version cannot change this way",
			fmt.Sprintf("agent_version: %v. Upgrades are in place and only to a higher patch version of the same major.minor "+
				"series; to run another series, bootstrap a new controller.", err))
	}
}

// Identity is the CLI binary and the controller's name, the parts of the
// import ID.
func (r *controllerResource) Identity() framework.Identity {
	return framework.Identity{
		Attributes: []framework.IdentityAttribute{
			{
				Name: "orch_binary", Description: "Path to the orch command-line binary that knows the controller.",
				Shape: "a path to the orch binary (such as /usr/local/bin/orch)", Valid: func(s string) bool { return strings.TrimSpace(s) == s },
			},
			{
				Name: "name", Description: "Name of the controller.",
				Shape: "a controller name (lower-case letters, digits and hyphens, starting and ending with a letter or digit, such as my-controller)",
				Valid: bootstrappedNamePattern.MatchString,
			},
		},
		// The identity may change: its orch_binary is where the CLI is,
		// which changes in place (the CLI moved) without touching the
		// controller; the name, which names the controller, never changes.
		Mutable: true,
	}
}
