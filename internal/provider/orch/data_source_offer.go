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
func NewOfferDataSource() datasource.DataSource { return &offerDataSource{} }

type offerDataSource struct{ pd *providerData }

type offerDataModel struct {
	ID                 types.String `tfsdk:"id"`
	URL                types.String `tfsdk:"url"`
	OfferingController types.String `tfsdk:"offering_controller"`
	ApplicationName    types.String `tfsdk:"application_name"`
	Endpoints          types.List   `tfsdk:"endpoints"`
	Name               types.String `tfsdk:"name"`
}

func (d *offerDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_offer"
}

func (d *offerDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "An offer, by URL, on the controller the provider connects to or, with `offering_controller`, " +
			"on one of the provider's `offering_controllers`.",
		Attributes: map[string]schema.Attribute{
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
	}
}

func (d *offerDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.pd = providerDataFor("orch_offer", req.ProviderData, &resp.Diagnostics)
}

func (d *offerDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	if !framework.RequireConfigured(d.pd, &resp.Diagnostics) {
		return
	}
	var m offerDataModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	c := d.pd.client
	if name := m.OfferingController.ValueString(); name != "" {
		oc, err := d.pd.offeringClient(name)
		if err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("offering_controller"), "Unknown offering controller",
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
		resp.Diagnostics.AddError("Could not read offer "+m.URL.ValueString()+where, apiError(err))
		return
	}
	m.ID = types.StringValue(o.URL)
	m.ApplicationName = types.StringValue(o.ApplicationName)
	m.Name = types.StringValue(o.Name)
	eps := append([]string{}, o.Endpoints...)
	sort.Strings(eps)
	var diags diag.Diagnostics
	m.Endpoints, diags = types.ListValueFrom(ctx, types.StringType, eps)
	resp.Diagnostics.Append(diags...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
