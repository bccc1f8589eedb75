package orch

import (
	"context"
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
		Description: "An offer, by URL.",
		Attributes: map[string]schema.Attribute{
			"id": dataIDAttribute("<owner>/<model>.<offer>"),
			"url": schema.StringAttribute{Required: true, Description: "URL of the offer, `<owner>/<model>.<offer>`.",
				Validators: []validator.String{offerURLValidator{}}},
			"offering_controller": schema.StringAttribute{Optional: true,
				Description: "Name of the controller (a key of the provider's `offering_controllers`) that holds the " +
					"offer. Cross-controller offers are not part of this release: setting it is refused."},
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
	if !m.OfferingController.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("offering_controller"), "Cross-controller offers are not available",
			"offering_controller reads an offer from another controller, which this release does not support. "+
				"Remove it to read the offer from the controller the provider connects to.")
		return
	}
	o, err := d.pd.client.OfferByURL(ctx, m.URL.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("Could not read offer "+m.URL.ValueString(), apiError(err))
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
