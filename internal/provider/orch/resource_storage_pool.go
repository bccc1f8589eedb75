package orch

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
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
)

var _ resource.ResourceWithImportState = (*storagePoolResource)(nil)

// NewStoragePoolResource is the orch_storage_pool resource: a storage pool
// of a model, of one of the storage provider types of its cloud, with
// attributes.
func NewStoragePoolResource() resource.Resource {
	return &storagePoolResource{resourceBase{Name: "storage_pool"}}
}

type storagePoolResource struct{ resourceBase }

type storagePoolModel struct {
	ID              types.String `tfsdk:"id"`
	Name            types.String `tfsdk:"name"`
	ModelUUID       types.String `tfsdk:"model_uuid"`
	StorageProvider types.String `tfsdk:"storage_provider"`
	Attributes      types.Map    `tfsdk:"attributes"`
}

// storagePoolNamePattern is the controller's rule of a pool name.
var storagePoolNamePattern = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9-]*$`)

// storagePoolIDPattern is upstream's ID, <model_uuid>:<pool_name>.
var storagePoolIDPattern = regexp.MustCompile(`^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):([a-zA-Z][a-zA-Z0-9-]*)$`)

func (r *storagePoolResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A resource that represents a storage pool of a model: storage of one provider type (on " +
			"machine models `loop`, `rootfs`, `tmpfs` and on lxd clouds `lxd`; on container-cluster models " +
			"`kubernetes` and `tmpfs`) with attributes, which applications name in their storage directives. " +
			"Import it with `<model_uuid>:<pool_name>`.",
		Attributes: map[string]schema.Attribute{
			"id": idAttribute("<model_uuid>:<pool_name>"),
			"name": schema.StringAttribute{
				Required:    true,
				Description: "The name of the storage pool: a letter, then letters, digits and hyphens. Changing it replaces the pool.",
				Validators: []validator.String{stringvalidator.RegexMatches(storagePoolNamePattern,
					"must start with a letter and hold only letters, digits and hyphens")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"model_uuid": modelUUIDAttribute("storage pool"),
			"storage_provider": schema.StringAttribute{
				Required: true,
				Description: "The storage provider type (e.g., 'rootfs', 'tmpfs', 'loop', or a cloud specific provider); " +
					"the controller refuses a type its model's cloud has not, naming those it has. Changing it replaces the pool.",
				Validators:    []validator.String{stringvalidator.LengthAtLeast(1)},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"attributes": schema.MapAttribute{
				Optional:    true,
				ElementType: types.StringType,
				Description: "Attributes for the storage pool. Changed in place.",
			},
		},
	}
}

// Identity is upstream's: the ID.
func (r *storagePoolResource) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{{
		Name: "id", Description: "<model_uuid>:<pool_name>.", Shape: "<model_uuid>:<pool_name>",
		Valid: storagePoolIDPattern.MatchString,
	}}}
}

func (m *storagePoolModel) fromAPI(ctx context.Context, p api.StoragePool) {
	m.ID = types.StringValue(p.ModelUUID + ":" + p.Name)
	m.Name = types.StringValue(p.Name)
	m.ModelUUID = types.StringValue(p.ModelUUID)
	m.StorageProvider = types.StringValue(p.Provider)
	// No attributes are none: a configuration without them plans nothing.
	if len(p.Attributes) == 0 {
		m.Attributes = types.MapNull(types.StringType)
	} else {
		m.Attributes, _ = types.MapValueFrom(ctx, types.StringType, p.Attributes)
	}
}

func (m *storagePoolModel) attributes(ctx context.Context) (map[string]string, error) {
	out := map[string]string{}
	if m.Attributes.IsNull() || m.Attributes.IsUnknown() {
		return out, nil
	}
	if d := m.Attributes.ElementsAs(ctx, &out, false); d.HasError() {
		return nil, diagError(d)
	}
	return out, nil
}

func (r *storagePoolResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan storagePoolModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	attrs, err := plan.attributes(ctx)
	if err == nil {
		var p api.StoragePool
		p, err = r.PD.client.AddStoragePool(ctx, plan.ModelUUID.ValueString(), api.CreateStoragePoolRequest{
			Name: plan.Name.ValueString(), Provider: plan.StorageProvider.ValueString(), Attributes: attrs})
		if err == nil {
			plan.fromAPI(ctx, p)
		}
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not create storage pool "+plan.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *storagePoolResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state storagePoolModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	p, err := r.PD.client.StoragePool(ctx, state.ModelUUID.ValueString(), state.Name.ValueString())
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read storage pool "+state.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	state.fromAPI(ctx, p)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *storagePoolResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan storagePoolModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	attrs, err := plan.attributes(ctx)
	if err == nil {
		var p api.StoragePool
		p, err = r.PD.client.UpdateStoragePool(ctx, plan.ModelUUID.ValueString(), plan.Name.ValueString(), attrs)
		if err == nil {
			plan.fromAPI(ctx, p)
		}
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not change storage pool "+plan.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *storagePoolResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state storagePoolModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if err := r.PD.client.RemoveStoragePool(ctx, state.ModelUUID.ValueString(), state.Name.ValueString()); err != nil && !client.IsNotFound(err) {
		deleteFailed(r.PD, "storage pool "+state.Name.ValueString(), err, &resp.Diagnostics)
	}
}

// ImportState accepts upstream's <model_uuid>:<pool_name>.
func (r *storagePoolResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	m := storagePoolIDPattern.FindStringSubmatch(req.ID)
	if m == nil {
		resp.Diagnostics.AddError("Invalid import identifier",
			fmt.Sprintf("Expected import identifier with format: <model uuid>:<pool name>, such as 0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e:fast. Got: %q", req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("model_uuid"), m[1])...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("name"), m[2])...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), strings.Join(m[1:], ":"))...)
}
