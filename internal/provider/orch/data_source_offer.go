package orch

import (
	"context"
	"fmt"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/iacsuite/providers/internal/framework"
)

// NewOfferDataSource is the orch_offer data source.
func NewOfferDataSource() datasource.DataSource {
	return &lookup[offerDataModel]{
		dataSourceBase: dataSourceBase{Name: "offer"},
		description: "An offer, by URL, on the controller the provider connects to or, with `offering_controller`, " +
			"on one of the provider's `offering_controllers`.",
		attributes: map[string]schema.Attribute{
			"id": dataIDAttribute("<owner>/<model>.<offer>"),
			"url": schema.StringAttribute{Required: true, Description: "URL of the offer, `<owner>/<model>.<offer>`.",
				Validators: []validator.String{offerURLValidator}},
			"offering_controller": schema.StringAttribute{Optional: true,
				Description: "Name of the controller that holds the offer, a key of the provider's " +
					"`offering_controllers`; default the controller the provider connects to."},
			"application_name": schema.StringAttribute{Computed: true, Description: "Application the offer exposes."},
			"endpoints":        schema.ListAttribute{ElementType: types.StringType, Computed: true, Description: "Endpoints offered."},
			"name":             schema.StringAttribute{Computed: true, Description: "Name of the offer."},
		},
		read: readOffer,
	}
}

type offerDataModel struct {
	ID                 types.String `tfsdk:"id"`
	URL                types.String `tfsdk:"url"`
	OfferingController types.String `tfsdk:"offering_controller"`
	ApplicationName    types.String `tfsdk:"application_name"`
	Endpoints          types.List   `tfsdk:"endpoints"`
	Name               types.String `tfsdk:"name"`
}

func readOffer(ctx context.Context, pd *providerData, m *offerDataModel, diags *diag.Diagnostics) {
	c := pd.client
	if name := m.OfferingController.ValueString(); name != "" {
		oc, err := pd.offeringClient(name)
		if err != nil {
			diags.AddAttributeError(path.Root("offering_controller"), "Unknown offering controller",
				fmt.Sprintf("offering_controller: %s.", err))
			return
		}
		c = oc
	}
	o, err := c.OfferByURL(ctx, m.URL.ValueString())
	if err != nil {
		where := ""
		if !m.OfferingController.IsNull() {
			where = " on the controller " + m.OfferingController.ValueString()
		}
		diags.AddError("Could not read offer "+m.URL.ValueString()+where, framework.ErrorDetail(err))
		return
	}
	m.ID = types.StringValue(o.URL)
	m.ApplicationName = types.StringValue(o.ApplicationName)
	m.Name = types.StringValue(o.Name)
	eps := append([]string{}, o.Endpoints...)
	sort.Strings(eps)
	var d diag.Diagnostics
	m.Endpoints, d = types.ListValueFrom(ctx, types.StringType, eps)
	diags.Append(d...)
}
