package hub

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/provider/orch/shared"
)

type hubGroupListFilter struct {
	Name types.String `tfsdk:"name"`
}

// NewGroupListResource is the orch_hub_group list resource: the groups
// of the hub.
func NewGroupListResource[P any, D ProviderData[P]]() list.ListResource {
	return newHubGroupList[P, D](hubclient.KindGroup, "group")()
}

// newHubGroupList is the list resource of the hub's groups, or of its roles
// (orch_hub_role, list_resource_hub_role.go): the hub lists both alike, a
// page at a time, and filters them by name itself.
func newHubGroupList[P any, D ProviderData[P]](kind, noun string) func() list.ListResource {
	r := &hubGroupResource[P, D]{kind: kind, noun: noun}
	return framework.NewList(framework.ListResource[P, hubGroupListFilter, hubapi.Group, hubGroupModel]{
		Name:  "hub_" + noun,
		Label: noun + "s",
		Description: "The " + noun + "s of the hub (hub mode only), for `terraform query` (Terraform 1.14+). Each result's " +
			"identity is the " + noun + "'s UUID; its resource is the " + noun + " as an import reads it, with nothing to fill in.",
		Filters: map[string]schema.Attribute{
			"name": shared.ListName(noun+"s", hubNameValidator),
		},
		Identity: r.Identity(),
		Objects: func(ctx context.Context, pd *P, f hubGroupListFilter, _ bool) iter.Seq2[hubapi.Group, error] {
			return hubList(dataOf[P, D](pd), "orch_hub_"+noun, func(hub *hubclient.Client) iter.Seq2[hubapi.Group, error] {
				return hub.EachGroup(ctx, kind, f.Name.ValueString())
			})
		},
		DisplayName: func(g hubapi.Group) string { return g.Name },
		Model: func(_ context.Context, _ *P, g hubapi.Group, _ bool, m *hubGroupModel) diag.Diagnostics {
			m.set(g)
			return nil
		},
	})
}
