package orch

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/framework"
)

var _ datasource.DataSourceWithConfigValidators = (*modelDataSource)(nil)

// NewModelDataSource is the orch_model data source.
func NewModelDataSource() datasource.DataSource { return &modelDataSource{} }

type modelDataSource struct{ pd *providerData }

type modelDataModel struct {
	ID    types.String `tfsdk:"id"`
	UUID  types.String `tfsdk:"uuid"`
	Name  types.String `tfsdk:"name"`
	Owner types.String `tfsdk:"owner"`
}

func (d *modelDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_model"
}

func (d *modelDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A model, looked up by `uuid`, or by `name` plus `owner` (the user that created it).",
		Attributes: map[string]schema.Attribute{
			"id": dataIDAttribute("<model_uuid>"),
			"uuid": schema.StringAttribute{Optional: true, Computed: true, Description: "UUID of the model.",
				Validators: []validator.String{uuidValidator,
					stringvalidator.ConflictsWith(path.MatchRoot("name"), path.MatchRoot("owner"))}},
			"name": schema.StringAttribute{Optional: true, Computed: true, Description: "Name of the model; needs `owner`.",
				Validators: []validator.String{stringvalidator.AlsoRequires(path.MatchRoot("owner"))}},
			"owner": schema.StringAttribute{Optional: true, Computed: true, Description: "User that created the model; needs `name`.",
				Validators: []validator.String{stringvalidator.AlsoRequires(path.MatchRoot("name"))}},
		},
	}
}

func (d *modelDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{modelLookupValidator{}}
}

// modelLookupValidator requires uuid, or name and owner.
type modelLookupValidator struct{}

func (modelLookupValidator) Description(context.Context) string {
	return "uuid, or name and owner, must be set"
}
func (v modelLookupValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}
func (modelLookupValidator) ValidateDataSource(ctx context.Context, req datasource.ValidateConfigRequest, resp *datasource.ValidateConfigResponse) {
	var m modelDataModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() || m.UUID.IsUnknown() || m.Name.IsUnknown() || m.Owner.IsUnknown() {
		return
	}
	if m.UUID.IsNull() && (m.Name.IsNull() || m.Owner.IsNull()) {
		resp.Diagnostics.AddAttributeError(path.Root("uuid"), "Missing model lookup",
			"Look a model up by uuid, or by name plus owner.")
	}
}

func (d *modelDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.pd = providerDataFor("orch_model", req.ProviderData, &resp.Diagnostics)
}

func (d *modelDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	if !framework.RequireConfigured(d.pd, &resp.Diagnostics) {
		return
	}
	var m modelDataModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var got api.Model
	if !m.UUID.IsNull() {
		var err error
		got, err = d.pd.client.Model(ctx, m.UUID.ValueString())
		if err != nil {
			resp.Diagnostics.AddError("Could not read model "+m.UUID.ValueString(), apiError(err))
			return
		}
	} else {
		list, err := d.pd.client.Models(ctx, m.Owner.ValueString(), m.Name.ValueString())
		if err != nil {
			resp.Diagnostics.AddError("Could not look up the model", apiError(err))
			return
		}
		if len(list) != 1 {
			resp.Diagnostics.AddError("Model not found",
				fmt.Sprintf("No model named %q owned by %q is visible to the user.", m.Name.ValueString(), m.Owner.ValueString()))
			return
		}
		got = list[0]
	}
	m.ID = types.StringValue(got.UUID)
	m.UUID = types.StringValue(got.UUID)
	m.Name = types.StringValue(got.Name)
	m.Owner = types.StringValue(got.Owner)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
