package orch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/ephemeralvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
)

var _ ephemeral.EphemeralResourceWithConfigValidators = (*secretEphemeralResource)(nil)

// NewSecretEphemeralResource is the orch_secret ephemeral resource: a
// secret's content for one run, to hand to a provider block or a write-only
// argument (another secret's value_wo, a credential's attributes_wo) without
// it ever being stored. The orch_secret data source does not read the
// content, because a data source's result is kept in the state.
func NewSecretEphemeralResource() ephemeral.EphemeralResource {
	return &secretEphemeralResource{ephemeralBase{Name: "secret"}}
}

type secretEphemeralResource struct{ ephemeralBase }

type secretEphemeralModel struct {
	ModelUUID types.String `tfsdk:"model_uuid"`
	Name      types.String `tfsdk:"name"`
	SecretID  types.String `tfsdk:"secret_id"`
	SecretURI types.String `tfsdk:"secret_uri"`
	Value     types.Map    `tfsdk:"value"`
	Info      types.String `tfsdk:"info"`
	Revision  types.Int64  `tfsdk:"revision"`
}

func (e *secretEphemeralResource) Schema(_ context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "The content of a user secret of a model, read for one Terraform run and never stored in the " +
			"plan or the state (Terraform 1.10 and newer; its values go where ephemeral values may: provider blocks, " +
			"write-only arguments such as `orch_secret.value_wo`, provisioners, other ephemeral resources). Name the " +
			"secret by `name` or by `secret_id`. Nothing is opened, so nothing is closed at the end of the run.",
		Attributes: map[string]schema.Attribute{
			"model_uuid": schema.StringAttribute{Required: true, Description: "UUID of the model the secret belongs to.", Validators: []validator.String{uuidValidator}},
			"name": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "Name of the secret. Exactly one of `name` and `secret_id`.",
				Validators:  []validator.String{stringvalidator.RegexMatches(secretNamePattern, "must be lower-case letters, digits, dots, underscores and hyphens, starting with a letter or digit")},
			},
			"secret_id": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "ID of the secret (20 characters), or its URI `secret:<secret_id>`. Exactly one of `name` and `secret_id`.",
			},
			"secret_uri": schema.StringAttribute{Computed: true, Description: "URI of the secret, `secret:<secret_id>`."},
			"value": schema.MapAttribute{
				ElementType: types.StringType, Computed: true, Sensitive: true,
				Description: "Key/value content of the secret's latest revision.",
			},
			"info":     schema.StringAttribute{Computed: true, Description: "Description of the secret."},
			"revision": schema.Int64Attribute{Computed: true, Description: "Revision of the content."},
		},
	}
}

func (e *secretEphemeralResource) ConfigValidators(context.Context) []ephemeral.ConfigValidator {
	return []ephemeral.ConfigValidator{ephemeralvalidator.ExactlyOneOf(path.MatchRoot("name"), path.MatchRoot("secret_id"))}
}

func (e *secretEphemeralResource) Open(ctx context.Context, req ephemeral.OpenRequest, resp *ephemeral.OpenResponse) {
	if !framework.RequireConfigured(e.PD, &resp.Diagnostics) {
		return
	}
	var m secretEphemeralModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, what := m.SecretID.ValueString(), "secret "+m.SecretID.ValueString()
	if id == "" {
		what = "secret " + m.Name.ValueString()
		s, err := e.PD.client.SecretByName(ctx, m.ModelUUID.ValueString(), m.Name.ValueString())
		if err != nil {
			resp.Diagnostics.AddError("Could not read "+what, framework.ErrorDetail(err))
			return
		}
		id = s.ID
	}
	s, err := e.PD.client.Secret(ctx, m.ModelUUID.ValueString(), id, true)
	if err != nil {
		resp.Diagnostics.AddError("Could not read "+what, framework.ErrorDetail(err))
		return
	}
	// What the configuration gives stays as given (an ID or a URI).
	m.Name = stringOrNull(s.Name)
	if m.SecretID.IsNull() {
		m.SecretID = types.StringValue(s.ID)
	}
	m.SecretURI = types.StringValue(s.URI)
	m.Info = types.StringValue(s.Info)
	m.Revision = types.Int64Value(int64(s.Revision))
	value, d := values.StringMap(ctx, s.Value, false)
	resp.Diagnostics.Append(d...)
	m.Value = value
	resp.Diagnostics.Append(resp.Result.Set(ctx, &m)...)
}
