package orch

import (
	"context"
	"iter"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/framework"
)

type integrationListFilter struct {
	ModelUUID       types.String `tfsdk:"model_uuid"`
	Application     types.String `tfsdk:"application"`
	ApplicationName types.String `tfsdk:"application_name"`
}

// NewIntegrationListResource is the orch_integration list resource: the
// integrations of a model.
var NewIntegrationListResource = framework.NewList(framework.ListResource[providerData, integrationListFilter, api.Integration, integrationModel]{
	Name:  "integration",
	Label: "integrations",
	Description: "The integrations of a model (not those being removed), for `terraform query` (Terraform 1.14+). Each " +
		"result's identity is the model's UUID and each side's application and endpoint, in the controller's order.",
	Filters: map[string]schema.Attribute{
		"model_uuid": listModelUUID("integrations"),
		"application": schema.StringAttribute{
			Optional:    true,
			Description: "Only the integrations of this application (`wordpress`) or endpoint (`wordpress:db`).",
			Validators: []validator.String{stringvalidator.RegexMatches(integrationSidePattern,
				"must be an application name, or <application>:<endpoint>")},
		},
		// upstream's filter: the integrations of this application
		"application_name": upstreamAlias("application", schema.StringAttribute{
			Optional:    true,
			Description: "Only the integrations of this application.",
			Validators:  []validator.String{applicationNameValidator},
		}),
	},
	Identity: (&integrationResource{}).Identity(),
	Objects: func(ctx context.Context, pd *providerData, f integrationListFilter, _ bool) iter.Seq2[api.Integration, error] {
		side := f.Application.ValueString()
		if !f.ApplicationName.IsNull() {
			side = f.ApplicationName.ValueString()
		}
		return keep(pd.client.EachIntegration(ctx, f.ModelUUID.ValueString(), side),
			func(i api.Integration) bool { return i.Life != api.LifeDying && len(i.Endpoints) == 2 })
	},
	DisplayName: func(i api.Integration) string { return integrationKey(i.ModelUUID, i.Endpoints)[len(i.ModelUUID)+1:] },
	Model: func(_ context.Context, _ *providerData, got api.Integration, _ bool, m *integrationModel) diag.Diagnostics {
		// As an import by the ID of the controller's order.
		m.ID = types.StringValue(integrationKey(got.ModelUUID, got.Endpoints))
		m.ModelUUID = types.StringValue(got.ModelUUID)
		m.fromAPI(got)
		return nil
	},
})

// integrationSidePattern is an application, or <application>:<endpoint>.
var integrationSidePattern = regexp.MustCompile(`^[a-z][a-z0-9-]*(:[a-z][a-z0-9_-]*)?$`)
