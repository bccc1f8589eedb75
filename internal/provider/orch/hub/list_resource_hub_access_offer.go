package hub

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/provider/orch/shared"
)

// NewAccessOfferListResource is the orch_hub_access_offer list resource:
// who reads, consumes or administers the offers of the models the hub
// placed, offer by offer; model_uuid narrows it to the offers of one model.
func NewAccessOfferListResource[P any, D ProviderData[P]]() list.ListResource {
	return newHubAccessList[P, D](NewAccessOfferResource[P, D],
		"every offer of the models the hub placed (or of `model_uuid`)",
		func(ctx context.Context, pd Data, f types.Object) iter.Seq2[string, error] {
			models := one(filterString(f, "model_uuid"))
			if filterString(f, "model_uuid") == "" {
				models = names(pd.OrchClient().EachModel(ctx, "", ""), func(m api.Model) string { return m.UUID })
			}
			return func(yield func(string, error) bool) {
				// A model at a time, its offers page by page.
				for uuid, err := range models {
					if err != nil {
						yield("", err)
						return
					}
					for url, err := range names(pd.OrchClient().EachOffer(ctx, uuid), func(o api.Offer) string { return o.URL }) {
						if !yield(url, err) || err != nil {
							return
						}
					}
				}
			}
		},
		map[string]schema.Attribute{
			"model_uuid": schema.StringAttribute{
				Optional:    true,
				Description: "Only the grants on the offers of this model (`orch_model.<name>.uuid`). Conflicts with `offer_url`.",
				Validators: []validator.String{shared.UUIDValidator,
					stringvalidator.ConflictsWith(path.MatchRoot("offer_url"))},
			},
		})()
}
