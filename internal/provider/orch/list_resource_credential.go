package orch

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/framework"
)

type credentialListFilter struct {
	CloudName types.String `tfsdk:"cloud_name"`
	Name      types.String `tfsdk:"name"`
}

// NewCredentialListResource is the orch_credential list resource: the
// provider's user's credentials of one cloud.
var NewCredentialListResource = framework.NewList(framework.ListResource[providerData, credentialListFilter, api.Credential, credentialModel]{
	Name:  "credential",
	Label: "credentials",
	Description: "The controller credentials of the provider's user on a cloud, for `terraform query` (Terraform 1.14+). " +
		"Each result's identity is the credential's name and cloud. The generated configuration leaves the sensitive " +
		"`attributes` out (see the resource's Import section).",
	Filters: map[string]schema.Attribute{
		"cloud_name": schema.StringAttribute{
			Required:    true,
			Description: "Name of the cloud whose credentials to find.",
			Validators:  []validator.String{stringvalidator.RegexMatches(cloudNamePattern, "must be letters, digits, dots, underscores and hyphens, starting with a letter or digit")},
		},
		"name": listName("credentials", stringvalidator.RegexMatches(cloudNamePattern, "must be letters, digits, dots, underscores and hyphens, starting with a letter or digit")),
	},
	Identity: (&credentialResource{}).Identity(),
	Objects: func(ctx context.Context, pd *providerData, f credentialListFilter, _ bool) iter.Seq2[api.Credential, error] {
		return keep(pd.client.EachCredential(ctx, f.CloudName.ValueString(), pd.client.Username()),
			func(c api.Credential) bool { return matches(f.Name, c.Name) })
	},
	DisplayName: func(c api.Credential) string { return c.Name },
	Model: func(ctx context.Context, _ *providerData, c api.Credential, _ bool, m *credentialModel) diag.Diagnostics {
		// As ImportState sets them.
		m.Name = types.StringValue(c.Name)
		m.Cloud = []credentialCloud{{Name: types.StringValue(c.Cloud)}}
		m.ClientCredential = types.BoolValue(false)
		m.ControllerCredential = types.BoolValue(true)
		m.ID = types.StringValue(c.Name + ":" + c.Cloud + ":false:true")
		m.fromAPI(ctx, c)
		return nil
	},
})
