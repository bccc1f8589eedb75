package orch

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
)

var (
	_ resource.ResourceWithImportState = (*cloudResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*cloudResource)(nil)
)

// NewCloudResource is the orch_cloud resource.
func NewCloudResource() resource.Resource { return &cloudResource{resourceBase{Name: "cloud"}} }

type cloudResource struct{ resourceBase }

type cloudModel struct {
	ID               types.String `tfsdk:"id"`
	Name             types.String `tfsdk:"name"`
	Type             types.String `tfsdk:"type"`
	AuthTypes        types.List   `tfsdk:"auth_types"`
	CACertificates   types.List   `tfsdk:"ca_certificates"`
	Endpoint         types.String `tfsdk:"endpoint"`
	IdentityEndpoint types.String `tfsdk:"identity_endpoint"`
	StorageEndpoint  types.String `tfsdk:"storage_endpoint"`
	Regions          types.List   `tfsdk:"regions"`
}

type regionModel struct {
	Name             types.String `tfsdk:"name"`
	Endpoint         types.String `tfsdk:"endpoint"`
	IdentityEndpoint types.String `tfsdk:"identity_endpoint"`
	StorageEndpoint  types.String `tfsdk:"storage_endpoint"`
}

var regionType = types.ObjectType{AttrTypes: map[string]attr.Type{
	"name": types.StringType, "endpoint": types.StringType, "identity_endpoint": types.StringType, "storage_endpoint": types.StringType,
}}

// cloudTypes are the cloud types a controller knows (container clusters are
// added with orch_cluster_cloud).
var cloudTypes = []string{api.CloudTypeLXD, api.CloudTypeMAAS, api.CloudTypeManual, api.CloudTypeOpenStack,
	api.CloudTypeEC2, api.CloudTypeGCE, api.CloudTypeAzure, api.CloudTypeVSphere, api.CloudTypeOCI}

func (r *cloudResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	endpoint := func(what string) schema.StringAttribute {
		return schema.StringAttribute{Optional: true, Description: what}
	}
	resp.Schema = schema.Schema{
		Description: "A cloud known to the controller (superusers only). Container-cluster clouds are " +
			"`orch_cluster_cloud`. Import it with its name. Not available in hub mode (refused at plan time): " +
			"the hub adds only container-cluster clouds; add other " +
			"clouds with a provider configuration in direct mode on each controller.",
		Attributes: map[string]schema.Attribute{
			"id": idAttribute("<name>"),
			"name": schema.StringAttribute{
				Required:      true,
				Description:   "Name of the cloud. Changing it replaces the cloud.",
				Validators:    []validator.String{stringvalidator.RegexMatches(cloudNamePattern, "must be letters, digits, dots, underscores and hyphens, starting with a letter or digit")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"type": schema.StringAttribute{
				Required:      true,
				Description:   "Type of the cloud: `lxd`, `maas`, `manual`, `openstack`, `ec2`, `gce`, `azure`, `vsphere` or `oci`. Changing it replaces the cloud.",
				Validators:    []validator.String{stringvalidator.OneOf(cloudTypes...)},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"auth_types": schema.ListAttribute{
				ElementType: types.StringType,
				Required:    true,
				Description: "Authentication types the cloud supports, a subset of those of its type (for example " +
					"`certificate` and `interactive` for lxd).",
				Validators: []validator.List{listvalidator.SizeAtLeast(1), uniqueStringsValidator{}},
			},
			"ca_certificates": schema.ListAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Sensitive:   true,
				Description: "PEM-encoded X509 certificates of the cloud's endpoints (checked at plan).",
				Validators:  []validator.List{caCertificatesValidator},
			},
			"endpoint":          endpoint("Global endpoint of the cloud."),
			"identity_endpoint": endpoint("Global identity endpoint of the cloud."),
			"storage_endpoint":  endpoint("Global storage endpoint of the cloud."),
			"regions": schema.ListNestedAttribute{
				Optional: true,
				Computed: true,
				Description: "Regions of the cloud; the first is the default region. Default one region named " +
					"`default`. A region in use by a model cannot be removed.",
				PlanModifiers: []planmodifier.List{listplanmodifier.UseStateForUnknown()},
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"name":              schema.StringAttribute{Required: true, Description: "Name of the region."},
					"endpoint":          schema.StringAttribute{Optional: true, Description: "Endpoint of the region."},
					"identity_endpoint": schema.StringAttribute{Optional: true, Description: "Identity endpoint of the region."},
					"storage_endpoint":  schema.StringAttribute{Optional: true, Description: "Storage endpoint of the region."},
				}},
			},
		},
	}
}

// ModifyPlan refuses orch_cloud in hub mode at plan time (the hub would
// refuse it at apply).
func (r *cloudResource) ModifyPlan(_ context.Context, _ resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	notInHubModePlan(r.PD, "orch_cloud", "the hub adds only container-cluster clouds (orch_cluster_cloud, on a "+
		"parent cloud the hub knows); other clouds are added on each controller. Manage orch_cloud with a provider "+
		"configuration in direct mode (username and password) connected to that controller.", resp)
}

func (m cloudModel) request(ctx context.Context) (api.CreateCloudRequest, error) {
	req := api.CreateCloudRequest{
		Name: m.Name.ValueString(), Type: m.Type.ValueString(),
		Endpoint: m.Endpoint.ValueString(), IdentityEndpoint: m.IdentityEndpoint.ValueString(), StorageEndpoint: m.StorageEndpoint.ValueString(),
	}
	var err error
	if req.AuthTypes, err = listStrings(ctx, m.AuthTypes); err != nil {
		return req, err
	}
	if req.CACertificates, err = listStrings(ctx, m.CACertificates); err != nil {
		return req, err
	}
	if !m.Regions.IsNull() && !m.Regions.IsUnknown() {
		var rs []regionModel
		if d := m.Regions.ElementsAs(ctx, &rs, false); d.HasError() {
			return req, diagError(d)
		}
		for _, r := range rs {
			req.Regions = append(req.Regions, api.Region{Name: r.Name.ValueString(), Endpoint: r.Endpoint.ValueString(),
				IdentityEndpoint: r.IdentityEndpoint.ValueString(), StorageEndpoint: r.StorageEndpoint.ValueString()})
		}
	}
	return req, nil
}

func (m *cloudModel) fromAPI(ctx context.Context, c api.Cloud) {
	m.ID = types.StringValue(c.Name)
	m.Name = types.StringValue(c.Name)
	m.Type = types.StringValue(c.Type)
	m.AuthTypes, _ = types.ListValueFrom(ctx, types.StringType, c.AuthTypes)
	if len(c.CACertificates) > 0 || !m.CACertificates.IsNull() {
		m.CACertificates, _ = types.ListValueFrom(ctx, types.StringType, nonNil(c.CACertificates))
	}
	m.Endpoint = stringOrNull(c.Endpoint)
	m.IdentityEndpoint = stringOrNull(c.IdentityEndpoint)
	m.StorageEndpoint = stringOrNull(c.StorageEndpoint)
	rs := make([]regionModel, 0, len(c.Regions))
	for _, r := range c.Regions {
		rs = append(rs, regionModel{Name: types.StringValue(r.Name), Endpoint: stringOrNull(r.Endpoint),
			IdentityEndpoint: stringOrNull(r.IdentityEndpoint), StorageEndpoint: stringOrNull(r.StorageEndpoint)})
	}
	m.Regions, _ = types.ListValueFrom(ctx, regionType, rs)
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func (r *cloudResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan cloudModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	body, err := plan.request(ctx)
	if err != nil {
		resp.Diagnostics.AddError("Invalid cloud", fmt.Sprintf("The cloud's lists (auth_types, ca_certificates, regions) must be known strings: %v.", err))
		return
	}
	c, err := r.PD.client.AddCloud(ctx, body)
	if err != nil {
		resp.Diagnostics.AddError("Could not add cloud "+body.Name, framework.ErrorDetail(err))
		return
	}
	plan.fromAPI(ctx, c)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *cloudResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	get := func(ctx context.Context, id string) (api.Cloud, error) { return r.PD.client.Cloud(ctx, id) }
	readByID(ctx, r.PD, req, resp, "cloud", func(m *cloudModel) types.String { return m.ID }, get, (*cloudModel).fromAPI)
}

func (r *cloudResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan cloudModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	body, err := plan.request(ctx)
	if err != nil {
		resp.Diagnostics.AddError("Invalid cloud", fmt.Sprintf("The cloud's lists (auth_types, ca_certificates, regions) must be known strings: %v.", err))
		return
	}
	c, err := r.PD.client.UpdateCloud(ctx, body.Name, api.UpdateCloudRequest{
		AuthTypes: body.AuthTypes, Endpoint: body.Endpoint, IdentityEndpoint: body.IdentityEndpoint,
		StorageEndpoint: body.StorageEndpoint, Regions: body.Regions, CACertificates: body.CACertificates,
	})
	if err != nil {
		resp.Diagnostics.AddError("Could not update cloud "+body.Name, framework.ErrorDetail(err))
		return
	}
	plan.fromAPI(ctx, c)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *cloudResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state cloudModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if err := r.PD.client.RemoveCloud(ctx, state.ID.ValueString()); err != nil && !client.IsNotFound(err) {
		deleteFailed(r.PD, "cloud "+state.ID.ValueString(), err, &resp.Diagnostics)
	}
}

// ImportState accepts the cloud's name.
func (r *cloudResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if _, ok := importParts(req.ID, "<cloud_name>", "my-maas", 1, 1, cloudNameFirst, &resp.Diagnostics); !ok {
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
}

// Identity is the cloud's name, its import ID.
func (r *cloudResource) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{cloudNameIdentity("name", "Name of the cloud.")}}
}
