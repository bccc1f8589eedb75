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

type cloudListFilter struct {
	Name types.String `tfsdk:"name"`
	Type types.String `tfsdk:"type"`
}

// NewCloudListResource is the orch_cloud list resource: the clouds of the
// controller but its kubernetes clusters (orch_cluster_cloud).
var NewCloudListResource = framework.NewList(framework.ListResource[providerData, cloudListFilter, api.Cloud, cloudModel]{
	Name:  "cloud",
	Label: "clouds",
	Description: "The clouds of the controller, but kubernetes clusters (those are `orch_cluster_cloud`), for " +
		"`terraform query` (Terraform 1.14+). Each result's identity is the cloud's name.",
	Filters: map[string]schema.Attribute{
		"name": listName("clouds", stringvalidator.RegexMatches(cloudNamePattern, "must be letters, digits, dots, underscores and hyphens, starting with a letter or digit")),
		"type": schema.StringAttribute{
			Optional:    true,
			Description: "Only the clouds of this type, such as `lxd`, `maas` or `openstack`.",
			Validators:  []validator.String{stringvalidator.LengthAtLeast(1), stringvalidator.NoneOf(api.CloudTypeKubernetes)},
		},
	},
	Identity: (&cloudResource{}).Identity(),
	Objects: func(ctx context.Context, pd *providerData, f cloudListFilter, _ bool) iter.Seq2[api.Cloud, error] {
		return keep(pd.client.EachCloud(ctx), func(c api.Cloud) bool {
			return c.Type != api.CloudTypeKubernetes && matches(f.Name, c.Name) && matches(f.Type, c.Type)
		})
	},
	DisplayName: func(c api.Cloud) string { return c.Name },
	Model: func(ctx context.Context, _ *providerData, c api.Cloud, _ bool, m *cloudModel) diag.Diagnostics {
		m.ID = types.StringValue(c.Name)
		m.fromAPI(ctx, c)
		return nil
	},
})
