package orch

import (
	"context"
	"fmt"
	"os"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
)

var (
	_ resource.ResourceWithImportState = (*clusterCloudResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*clusterCloudResource)(nil)
)

// NewClusterCloudResource is the orch_cluster_cloud resource.
func NewClusterCloudResource() resource.Resource {
	return &clusterCloudResource{resourceBase{Name: "cluster_cloud"}}
}

type clusterCloudResource struct{ resourceBase }

type clusterCloudModel struct {
	ID                         types.String `tfsdk:"id"`
	Name                       types.String `tfsdk:"name"`
	ClusterConfig              types.String `tfsdk:"cluster_config"`
	KubernetesConfig           types.String `tfsdk:"kubernetes_config"`
	ParentCloudName            types.String `tfsdk:"parent_cloud_name"`
	ParentCloudRegion          types.String `tfsdk:"parent_cloud_region"`
	SkipServiceAccountCreation types.Bool   `tfsdk:"skip_service_account_creation"`
	StorageClassName           types.String `tfsdk:"storage_class_name"`
	Credential                 types.String `tfsdk:"credential"`
}

func (r *clusterCloudResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	replace := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	resp.Schema = schema.Schema{
		Description: "A container-cluster cloud (type kubernetes) and the credential the controller creates for " +
			"it. Every change replaces the cloud. Import it with its name; `cluster_config` is a local path and " +
			"is not imported: the first apply after the import records the configuration's value without replacing the cloud. Unlike the upstream provider, which takes the config's content, `cluster_config` is " +
			"the path of the cluster config file (the specification's rule); the provider reads the file at apply. " +
			"Upstream's `kubernetes_config`, the config's content, is accepted instead (not both). " +
			"In hub mode `parent_cloud_name` is required (checked at plan time): the hub places the cloud on an " +
			"available controller that has the parent cloud, for a caller with `can_addmodel` there, who then " +
			"administers the new cloud.",
		Attributes: map[string]schema.Attribute{
			"id": idAttribute("<name>"),
			"name": schema.StringAttribute{
				Required:      true,
				Description:   "Name of the cloud.",
				Validators:    []validator.String{stringvalidator.RegexMatches(cloudNamePattern, "must be letters, digits, dots, underscores and hyphens, starting with a letter or digit")},
				PlanModifiers: replace,
			},
			"cluster_config": schema.StringAttribute{
				Optional:  true,
				Sensitive: true,
				Description: "Path of the cluster config file (kubeconfig YAML) whose first cluster is added. Its " +
					"credentials are added to the controller. Without it, the controller's own cluster is used. " +
					"Changing it replaces the cloud; after an import, the first apply only records it.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplaceIf(clusterConfigChanged,
					"Changing the cluster config replaces the cloud; after an import the first apply only records it.",
					"Changing the cluster config replaces the cloud; after an import the first apply only records it.")},
			},
			"kubernetes_config": schema.StringAttribute{
				Optional:  true,
				Sensitive: true,
				Description: "Content of the cluster config (kubeconfig YAML), as upstream's provider takes it " +
					"(`file(\"~/.kube/config\")`); instead of `cluster_config`. Changing it replaces the cloud; after " +
					"an import, the first apply only records it.",
				Validators: []validator.String{stringvalidator.ConflictsWith(path.MatchRoot("cluster_config")), stringvalidator.LengthAtLeast(1)},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplaceIf(clusterConfigChanged,
					"Changing the cluster config replaces the cloud; after an import the first apply only records it.",
					"Changing the cluster config replaces the cloud; after an import the first apply only records it.")},
			},
			"parent_cloud_name":   schema.StringAttribute{Optional: true, Description: "Cloud the cluster runs on. Required in hub mode.", PlanModifiers: replace},
			"parent_cloud_region": schema.StringAttribute{Optional: true, Description: "Region of the parent cloud.", PlanModifiers: replace},
			"skip_service_account_creation": schema.BoolAttribute{
				Optional: true, Computed: true, Default: booldefault.StaticBool(false),
				Description:   "Use the config's credentials as they are instead of creating a service account. Default false.",
				PlanModifiers: []planmodifier.Bool{boolplanmodifier.RequiresReplace()},
			},
			"storage_class_name": schema.StringAttribute{Optional: true, Description: "Storage class for workload and operator storage.", PlanModifiers: replace},
			"credential": schema.StringAttribute{
				Computed:      true,
				Description:   "Name of the credential the controller created for the cloud.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

// ModifyPlan requires parent_cloud_name in hub mode, at plan time: the hub
// places a cluster cloud by its parent cloud.
func (r *clusterCloudResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if r.PD == nil || r.PD.hub == nil || req.Plan.Raw.IsNull() {
		return
	}
	var parent types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("parent_cloud_name"), &parent)...)
	if parent.IsNull() {
		// Upstream's phrase whole (its hub is JAAS), which users search
		// for, then ours.
		resp.Diagnostics.AddAttributeError(path.Root("parent_cloud_name"), "parent_cloud_name is required in hub mode",
			api.ParentCloudRequiredInHub+" (the hub: hub mode): the hub places the cluster cloud on an available controller "+
				"that has its parent cloud (and parent_cloud_region, when given). Name the cloud the cluster runs on, "+
				"one on which the provider's identity holds can_addmodel.")
	}
}

// privateClusterConfigNotImported marks an imported cluster cloud whose
// cluster config (a local path, or the content of kubernetes_config) the
// import could not know.
const privateClusterConfigNotImported = "cluster_config_not_imported"

// clusterConfigChanged replaces the cloud when its cluster config changes,
// except on the first apply after an import, which only records the
// configuration's value (the controller has no path to import).
func clusterConfigChanged(ctx context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	if req.StateValue.IsNull() {
		flag, d := req.Private.GetKey(ctx, privateClusterConfigNotImported)
		resp.Diagnostics.Append(d...)
		if len(flag) > 0 {
			return
		}
	}
	resp.RequiresReplace = !req.PlanValue.Equal(req.StateValue)
}

func (m *clusterCloudModel) fromAPI(c api.Cloud) {
	m.ID = types.StringValue(c.Name)
	m.Name = types.StringValue(c.Name)
	if k := c.Kubernetes; k != nil {
		m.ParentCloudName = stringOrNull(k.ParentCloudName)
		m.ParentCloudRegion = stringOrNull(k.ParentCloudRegion)
		m.StorageClassName = stringOrNull(k.StorageClassName)
		m.SkipServiceAccountCreation = types.BoolValue(k.SkipServiceAccountCreation)
		m.Credential = types.StringValue(k.Credential)
	}
}

func (r *clusterCloudResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan clusterCloudModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	k := &api.CreateKubernetesCloud{
		ParentCloudName: plan.ParentCloudName.ValueString(), ParentCloudRegion: plan.ParentCloudRegion.ValueString(),
		StorageClassName: plan.StorageClassName.ValueString(), SkipServiceAccountCreation: plan.SkipServiceAccountCreation.ValueBool(),
	}
	if !plan.ClusterConfig.IsNull() {
		b, err := os.ReadFile(plan.ClusterConfig.ValueString())
		if err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("cluster_config"), "Could not read cluster_config",
				fmt.Sprintf("cluster_config is the path of a readable cluster config file: %v.", err))
			return
		}
		k.Config = string(b)
	}
	if !plan.KubernetesConfig.IsNull() {
		k.Config = plan.KubernetesConfig.ValueString()
	}
	c, err := r.PD.client.AddCloud(ctx, api.CreateCloudRequest{Name: plan.Name.ValueString(), Type: api.CloudTypeKubernetes, Kubernetes: k})
	if err != nil {
		resp.Diagnostics.AddError("Could not add cloud "+plan.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	plan.fromAPI(c)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *clusterCloudResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state clusterCloudModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	c, err := r.PD.client.Cloud(ctx, state.ID.ValueString())
	if client.IsNotFound(err) || (err == nil && c.Type != api.CloudTypeKubernetes) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read cloud "+state.ID.ValueString(), framework.ErrorDetail(err))
		return
	}
	state.fromAPI(c)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Update only records what an import could not read (the cluster config):
// every other change replaces the cloud.
func (r *clusterCloudResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan clusterCloudModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateClusterConfigNotImported, nil)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *clusterCloudResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state clusterCloudModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if err := r.PD.client.RemoveCloud(ctx, state.ID.ValueString()); err != nil && !client.IsNotFound(err) {
		deleteFailed(r.PD, "cloud "+state.ID.ValueString(), err, &resp.Diagnostics)
	}
}

// ImportState accepts the cloud's name.
func (r *clusterCloudResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if _, ok := importParts(req.ID, "<cloud_name>", "my-k8s", 1, 1, cloudNameFirst, &resp.Diagnostics); !ok {
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateClusterConfigNotImported, []byte(`true`))...)
}

// Identity is the cloud's name, its import ID.
func (r *clusterCloudResource) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{cloudNameIdentity("name", "Name of the cloud.")}}
}
