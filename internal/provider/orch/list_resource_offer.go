package orch

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/framework"
)

type offerListFilter struct {
	ModelUUID types.String `tfsdk:"model_uuid"`
	Name      types.String `tfsdk:"name"`
	OfferURL  types.String `tfsdk:"offer_url"`
}

// NewOfferListResource is the orch_offer list resource: the offers of a
// model.
var NewOfferListResource = framework.NewList(framework.ListResource[providerData, offerListFilter, api.Offer, offerModel]{
	Name:  "offer",
	Label: "offers",
	Description: "The offers of a model, for `terraform query` (Terraform 1.14+). Each result's identity is the offer's " +
		"URL.",
	Filters: map[string]schema.Attribute{
		"model_uuid": listModelUUID("offers"),
		"name":       listName("offers", applicationNameValidator),
		// upstream's filter
		"offer_url": schema.StringAttribute{
			Optional:    true,
			Description: "Only the offer of this URL (`<owner>/<model>.<offer>`).",
			Validators:  []validator.String{offerURLValidator},
		},
	},
	Identity: (&offerResource{}).Identity(),
	Objects: func(ctx context.Context, pd *providerData, f offerListFilter, _ bool) iter.Seq2[api.Offer, error] {
		return keep(pd.client.EachOffer(ctx, f.ModelUUID.ValueString()), func(o api.Offer) bool {
			return matches(f.Name, o.Name) && matches(f.OfferURL, o.URL)
		})
	},
	DisplayName: func(o api.Offer) string { return o.URL },
	Model: func(ctx context.Context, _ *providerData, o api.Offer, _ bool, m *offerModel) diag.Diagnostics {
		m.ID = types.StringValue(o.URL)
		m.fromAPI(ctx, o)
		return nil
	},
})
