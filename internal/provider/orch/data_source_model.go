package orch

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/framework"
)

// NewModelDataSource is the orch_model data source.
func NewModelDataSource() datasource.DataSource {
	return &lookup[modelDataModel]{
		dataSourceBase: dataSourceBase{Name: "model"},
		description:    "A model, looked up by `uuid`, or by `name` plus `owner` (the user that created it).",
		attributes: map[string]schema.Attribute{
			"id": dataIDAttribute("<model_uuid>"),
			"uuid": schema.StringAttribute{Optional: true, Computed: true, Description: "UUID of the model.",
				Validators: []validator.String{uuidValidator,
					stringvalidator.ConflictsWith(path.MatchRoot("name"), path.MatchRoot("owner"))}},
			"name":  schema.StringAttribute{Optional: true, Computed: true, Description: "Name of the model; needs `owner`."},
			"owner": schema.StringAttribute{Optional: true, Computed: true, Description: "User that created the model; needs `name`."},
			"type":  schema.StringAttribute{Computed: true, Description: "Type of the model, `iaas` or `caas` (as upstream's data source)."},
		},
		validators: []datasource.ConfigValidator{modelLookupValidator{}},
		read:       readModel,
	}
}

type modelDataModel struct {
	ID    types.String `tfsdk:"id"`
	UUID  types.String `tfsdk:"uuid"`
	Name  types.String `tfsdk:"name"`
	Owner types.String `tfsdk:"owner"`
	Type  types.String `tfsdk:"type"`
}

// modelLookupValidator requires uuid, or name and owner.
type modelLookupValidator struct{}

// modelNameOwnerDetail is upstream's refusal of a lookup by name without an
// owner (or with an empty one), kept word for word: users search for it. A
// model name is unique only per owner, so the name alone does not say which
// model is meant.
const modelNameOwnerDetail = "When looking up a model by name, both the name and owner attributes must be set."

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
	if !m.UUID.IsNull() {
		return
	}
	if m.Name.IsNull() && m.Owner.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("uuid"), "Missing model lookup",
			"Look a model up by uuid, or by name plus owner.")
		return
	}
	for _, a := range []struct {
		name string
		v    types.String
	}{{"name", m.Name}, {"owner", m.Owner}} {
		if a.v.IsNull() || a.v.ValueString() == "" {
			resp.Diagnostics.AddAttributeError(path.Root(a.name), "Invalid Attribute Combination", modelNameOwnerDetail)
			return
		}
	}
}

func readModel(ctx context.Context, pd *providerData, m *modelDataModel, diags *diag.Diagnostics) {
	var got api.Model
	if !m.UUID.IsNull() {
		var err error
		got, err = pd.client.Model(ctx, m.UUID.ValueString())
		if err != nil {
			diags.AddError("Could not read model "+m.UUID.ValueString(), framework.ErrorDetail(err))
			return
		}
	} else {
		list, err := pd.client.Models(ctx, m.Owner.ValueString(), m.Name.ValueString())
		if err != nil {
			diags.AddError("Could not look up the model", framework.ErrorDetail(err))
			return
		}
		if len(list) != 1 {
			diags.AddError("Model not found",
				fmt.Sprintf("No model named %q owned by %q is visible to the user.", m.Name.ValueString(), m.Owner.ValueString()))
			return
		}
		got = list[0]
	}
	m.ID = types.StringValue(got.UUID)
	m.UUID = types.StringValue(got.UUID)
	m.Name = types.StringValue(got.Name)
	m.Owner = types.StringValue(got.Owner)
	m.Type = types.StringValue(got.Type)
}
