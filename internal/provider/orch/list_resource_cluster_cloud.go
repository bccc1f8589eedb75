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

type clusterCloudListFilter struct {
	Name            types.String `tfsdk:"name"`
	ParentCloudName types.String `tfsdk:"parent_cloud_name"`
}

// NewClusterCloudListResource is the orch_cluster_cloud list resource: the
// kubernetes clouds of the controller.
var NewClusterCloudListResource = framework.NewList(framework.ListResource[providerData, clusterCloudListFilter, api.Cloud, clusterCloudModel]{
	Name:  "cluster_cloud",
	Label: "cluster clouds",
	Description: "The container-cluster (kubernetes) clouds of the controller, for `terraform query` (Terraform " +
		"1.14+). Each result's identity is the cloud's name. The cluster config the cloud was added from is not kept " +
		"by the controller: the generated configuration has `cluster_config = null` (it is sensitive). Set " +
		"`cluster_config` to the path of the cluster config file (or `kubernetes_config` to its content) as you would " +
		"for a new cloud: the first apply only records it, without replacing the cloud, and the next plan is empty. " +
		"Leaving both out plans nothing too, but a later change of them then replaces the cloud.",
	Filters: map[string]schema.Attribute{
		"name": listName("cluster clouds", stringvalidator.RegexMatches(cloudNamePattern, "must be letters, digits, dots, underscores and hyphens, starting with a letter or digit")),
		"parent_cloud_name": schema.StringAttribute{
			Optional:    true,
			Description: "Only the clusters that run on this cloud.",
			Validators:  []validator.String{stringvalidator.RegexMatches(cloudNamePattern, "must be letters, digits, dots, underscores and hyphens, starting with a letter or digit")},
		},
	},
	Identity: (&clusterCloudResource{}).Identity(),
	Objects: func(ctx context.Context, pd *providerData, f clusterCloudListFilter, _ bool) iter.Seq2[api.Cloud, error] {
		return keep(pd.client.EachCloud(ctx), func(c api.Cloud) bool {
			parent := ""
			if c.Kubernetes != nil {
				parent = c.Kubernetes.ParentCloudName
			}
			return c.Type == api.CloudTypeKubernetes && matches(f.Name, c.Name) && matches(f.ParentCloudName, parent)
		})
	},
	DisplayName: func(c api.Cloud) string { return c.Name },
	Model: func(_ context.Context, _ *providerData, c api.Cloud, _ bool, m *clusterCloudModel) diag.Diagnostics {
		m.fromAPI(c)
		return nil
	},
})
