package hub

import (
	"context"
	"iter"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/provider/orch/shared"
)

type hubControllerListFilter struct {
	Name   types.String `tfsdk:"name"`
	UUID   types.String `tfsdk:"uuid"`
	Status types.String `tfsdk:"status"`
	Cloud  types.String `tfsdk:"cloud"`
}

// NewControllerListResource is the orch_hub_controller list resource:
// the controllers registered in the hub, with the status the hub finds
// them in.
func NewControllerListResource[P any, D ProviderData[P]]() list.ListResource {
	return framework.NewList(framework.ListResource[P, hubControllerListFilter, hubapi.Controller, hubControllerModel]{
		Name:  "hub_controller",
		Label: "controllers of the hub",
		Description: "The controllers registered in the hub (hub mode only), for `terraform query` (Terraform 1.14+). Each " +
			"result's identity is the controller's name in the hub. The hub never answers the credentials it connects " +
			"with: the generated configuration has `username = null # sensitive` and `password = null # sensitive`; " +
			"replace them with the controller's user and password (or `password_wo` with `password_wo_version`), and the " +
			"first apply records the password without registering the controller again. `force` is not generated.",
		Filters: map[string]schema.Attribute{
			// The hub selects by name itself, and then checks that controller's
			// status only.
			"name": shared.ListName("controller", hubControllerNameValidator),
			"uuid": schema.StringAttribute{
				Optional:    true,
				Description: "Only the controller of this UUID (the `controller_uuid` it reports).",
				Validators:  []validator.String{shared.UUIDValidator},
			},
			"status": shared.ListStatus("controllers", hubapi.StatusAvailable, hubapi.StatusDeprecated, hubapi.StatusUnavailable),
			"cloud": schema.StringAttribute{
				Optional:    true,
				Description: "Only the controllers that have this cloud (an unavailable controller has none the hub can see).",
				Validators:  []validator.String{stringvalidator.RegexMatches(shared.CloudNamePattern, "must be letters, digits, dots, underscores and hyphens, starting with a letter or digit")},
			},
		},
		Identity: (&hubControllerResource[P, D]{}).Identity(),
		Objects: func(ctx context.Context, pd *P, f hubControllerListFilter, _ bool) iter.Seq2[hubapi.Controller, error] {
			return hubList(dataOf[P, D](pd), "orch_hub_controller", func(hub *hubclient.Client) iter.Seq2[hubapi.Controller, error] {
				return shared.Keep(hub.EachControllerNamed(ctx, f.Name.ValueString()), func(c hubapi.Controller) bool {
					return shared.Matches(f.UUID, c.UUID) && shared.Matches(f.Status, c.Status) &&
						(f.Cloud.IsNull() || slices.Contains(c.Clouds, f.Cloud.ValueString()))
				})
			})
		},
		DisplayName: func(c hubapi.Controller) string { return c.Name },
		Model: func(ctx context.Context, _ *P, c hubapi.Controller, _ bool, m *hubControllerModel) diag.Diagnostics {
			return m.read(ctx, c)
		},
	})()
}
