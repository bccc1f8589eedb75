package orch

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/framework"
)

type applicationListFilter struct {
	ModelUUID       types.String `tfsdk:"model_uuid"`
	Name            types.String `tfsdk:"name"`
	ApplicationName types.String `tfsdk:"application_name"`
	Status          types.String `tfsdk:"status"`
}

// NewApplicationListResource is the orch_application list resource: the
// applications of a model.
var NewApplicationListResource = framework.NewList(framework.ListResource[providerData, applicationListFilter, api.Application, applicationModel]{
	Name:  "application",
	Label: "applications",
	Description: "The applications of a model (not those being removed), for `terraform query` (Terraform 1.14+). Each " +
		"result's identity is the model's UUID and the application's name; the resource is as after an import, with " +
		"both `units` and `machines` (keep one of them in the generated configuration).",
	Filters: map[string]schema.Attribute{
		"model_uuid": listModelUUID("applications"),
		"name":       listName("applications", applicationNameValidator),
		// upstream's name of the same filter
		"application_name": upstreamAlias("name", listName("applications", applicationNameValidator)),
		"status":           listStatus("applications", "active", "waiting", "error"),
	},
	Identity: (&applicationResource{}).Identity(),
	Objects: func(ctx context.Context, pd *providerData, f applicationListFilter, _ bool) iter.Seq2[api.Application, error] {
		return keep(pd.client.EachApplication(ctx, f.ModelUUID.ValueString()), func(a api.Application) bool {
			return a.Life != api.LifeDying && matches(f.Name, a.Name) && matches(f.ApplicationName, a.Name) && matches(f.Status, a.Status)
		})
	},
	DisplayName: func(a api.Application) string { return a.Name },
	Model: func(ctx context.Context, _ *providerData, a api.Application, _ bool, m *applicationModel) diag.Diagnostics {
		m.ModelUUID = types.StringValue(a.ModelUUID)
		m.Name = types.StringValue(a.Name)
		m.ID = types.StringValue(a.ModelUUID + ":" + a.Name)
		return m.fromAPI(ctx, a, true)
	},
})
