package orch

import (
	"context"
	"iter"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/framework"
)

type accessOfferListFilter struct {
	ModelUUID types.String `tfsdk:"model_uuid"`
	OfferName types.String `tfsdk:"offer_name"`
	User      types.String `tfsdk:"user"`
}

// offerGrants is an offer with the grants on it: what one
// orch_access_offer holds.
type offerGrants struct {
	url    string
	grants []api.AccessGrant
}

// NewAccessOfferListResource is the orch_access_offer list resource: per
// offer of a model that users were granted access to, its grants.
var NewAccessOfferListResource = framework.NewList(framework.ListResource[providerData, accessOfferListFilter, offerGrants, accessOfferModel]{
	Name:  "access_offer",
	Label: "access grants of the offers",
	Description: "The access to the offers of a model, for `terraform query` (Terraform 1.14+): one result per offer " +
		"that users were granted access to, with its `admin`, `consume` and `read` users, as an `orch_access_offer` " +
		"holds them. Each result's identity is the offer's URL.",
	Filters: map[string]schema.Attribute{
		"model_uuid": listModelUUID("offers' access grants"),
		"offer_name": schema.StringAttribute{
			Optional:    true,
			Description: "Only the offer of this name.",
			Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"user": schema.StringAttribute{
			Optional:    true,
			Description: "Only the offers this user was granted access to (a result still holds every grant of its offer).",
			Validators:  []validator.String{granteeValidator},
		},
	},
	Identity: (&accessOfferResource{}).Identity(),
	Objects: func(ctx context.Context, pd *providerData, f accessOfferListFilter, _ bool) iter.Seq2[offerGrants, error] {
		return func(yield func(offerGrants, error) bool) {
			// The offers stream page by page; the grants of one offer are
			// what its result holds.
			for o, err := range pd.client.EachOffer(ctx, f.ModelUUID.ValueString()) {
				if err != nil {
					yield(offerGrants{}, err)
					return
				}
				if !matches(f.OfferName, o.Name) {
					continue
				}
				og := offerGrants{url: o.URL}
				for g, err := range pd.client.EachOfferAccess(ctx, o.URL) {
					if err != nil {
						yield(og, err)
						return
					}
					og.grants = append(og.grants, g)
				}
				user := slices.ContainsFunc(og.grants, func(g api.AccessGrant) bool { return matches(f.User, g.User) })
				if len(og.grants) > 0 && user && !yield(og, nil) {
					return
				}
			}
		}
	},
	DisplayName: func(o offerGrants) string { return o.url },
	Model: func(ctx context.Context, _ *providerData, o offerGrants, _ bool, m *accessOfferModel) diag.Diagnostics {
		m.OfferURL = types.StringValue(o.url)
		m.fromGrants(ctx, o.grants)
		return nil
	},
})
