package netfab

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
)

var (
	_ datasource.DataSourceWithConfigure        = (*locationDataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*locationDataSource)(nil)
	_ datasource.DataSourceWithValidateConfig   = (*locationDataSource)(nil)
)

// locationV3Deprecation is the deprecation message of the location fields
// the v3 locations API no longer has.
const locationV3Deprecation = "no longer available in the v3 locations API; to be removed in a future version"

// NewLocationDataSource is the netfab_location data source: one location,
// looked up by ID or by name.
func NewLocationDataSource() datasource.DataSource {
	return &locationDataSource{dataSourceBase{Name: "location"}}
}

type locationDataSource struct{ dataSourceBase }

type locationModel struct {
	ID               types.Int64            `tfsdk:"id"`
	Name             types.String           `tfsdk:"name"`
	SiteCode         types.String           `tfsdk:"site_code"`
	Address          types.Map              `tfsdk:"address"`
	Campus           types.String           `tfsdk:"campus"`
	Country          types.String           `tfsdk:"country"`
	Latitude         types.Float64          `tfsdk:"latitude"`
	LiveDate         types.String           `tfsdk:"live_date"`
	Longitude        types.Float64          `tfsdk:"longitude"`
	Market           types.String           `tfsdk:"market"`
	Metro            types.String           `tfsdk:"metro"`
	NetworkRegion    types.String           `tfsdk:"network_region"`
	Products         *locationProductsModel `tfsdk:"products"`
	Status           types.String           `tfsdk:"status"`
	VRouterAvailable types.Bool             `tfsdk:"v_router_available"`
}

type locationProductsModel struct {
	MCR                   types.Bool `tfsdk:"mcr"`
	MCRSpeeds             []int64    `tfsdk:"mcr_speeds"`
	MVE                   types.Bool `tfsdk:"mve"`
	PortSpeeds            []int64    `tfsdk:"port_speeds"`
	NATGateway            types.Bool `tfsdk:"nat_gateway"`
	IXNetworkServiceTypes []string   `tfsdk:"ix_network_service_types"`
	DiversityZones        []string   `tfsdk:"diversity_zones"`
}

func (d *locationDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	deprecatedString := func(what string) schema.StringAttribute {
		return schema.StringAttribute{
			Computed:           true,
			Description:        "Deprecated: " + what + " is " + locationV3Deprecation + ". Always null.",
			DeprecationMessage: locationV3Deprecation,
		}
	}
	resp.Schema = schema.Schema{
		Description: "Looks up one location (data centre) by its numeric `id` or by its `name`; exactly one of the two " +
			"must be set. Prefer `id`: it is stable, while names may change over time. Use the location's `id` as the " +
			"`location_id` of the products ordered there, and its `products` to see what can be ordered there.",
		Attributes: map[string]schema.Attribute{
			"id": schema.Int64Attribute{
				Optional: true,
				Computed: true,
				Description: "Numeric location ID. Recommended way to look a location up, because it is stable. " +
					"Exactly one of `id` and `name` must be set.",
				Validators: []validator.Int64{int64validator.AtLeast(1)},
			},
			"name": schema.StringAttribute{
				Optional: true,
				Computed: true,
				Description: "Location name, matched exactly (case-sensitive). Names may change over time; prefer `id`. " +
					"Exactly one of `id` and `name` must be set.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"site_code": schema.StringAttribute{
				Optional: true,
				Computed: true,
				Description: "Deprecated: site codes are " + locationV3Deprecation + ". Filtering by `site_code` is no " +
					"longer supported and setting it is an error; use `id` or `name`. Always null.",
				DeprecationMessage: locationV3Deprecation,
			},
			"address": schema.MapAttribute{
				ElementType: types.StringType,
				Computed:    true,
				Description: "Postal address, with keys such as street, suburb, city, state, postcode and country.",
			},
			"campus":  deprecatedString("campus"),
			"country": schema.StringAttribute{Computed: true, Description: "Country of the location."},
			"latitude": schema.Float64Attribute{
				Computed:    true,
				Description: "Latitude in decimal degrees.",
			},
			"live_date": deprecatedString("live_date"),
			"longitude": schema.Float64Attribute{
				Computed:    true,
				Description: "Longitude in decimal degrees.",
			},
			"market":         schema.StringAttribute{Computed: true, Description: "Market (billing region) code, such as AU or US."},
			"metro":          schema.StringAttribute{Computed: true, Description: "Metro area of the location, such as Sydney."},
			"network_region": deprecatedString("network_region"),
			"products": schema.SingleNestedAttribute{
				Computed:    true,
				Description: "What can be ordered at the location.",
				Attributes: map[string]schema.Attribute{
					"mcr": schema.BoolAttribute{Computed: true, Description: "Whether cloud routers (MCR) can be ordered here."},
					"mcr_speeds": schema.ListAttribute{
						ElementType: types.Int64Type, Computed: true,
						Description: "MCR port speeds offered here, in Mbps; empty when `mcr` is false.",
					},
					"mve": schema.BoolAttribute{Computed: true, Description: "Whether virtual edges (MVE) can be ordered here."},
					"port_speeds": schema.ListAttribute{
						ElementType: types.Int64Type, Computed: true,
						Description: "Port speeds offered here, in Mbps.",
					},
					"nat_gateway": schema.BoolAttribute{Computed: true, Description: "Whether NAT gateways can be ordered here."},
					"ix_network_service_types": schema.ListAttribute{
						ElementType: types.StringType, Computed: true,
						Description: "Internet exchanges (IX network service types) reachable from here.",
					},
					"diversity_zones": schema.ListAttribute{
						ElementType: types.StringType, Computed: true,
						Description: "Diversity zones of the location, such as red and blue.",
					},
				},
			},
			"status": schema.StringAttribute{Computed: true, Description: "Status of the location, such as Active."},
			"v_router_available": schema.BoolAttribute{
				Computed:           true,
				Description:        "Deprecated: v_router_available is " + locationV3Deprecation + ". Always null; see `products.mcr`.",
				DeprecationMessage: locationV3Deprecation,
			},
		},
	}
}

func (d *locationDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{
		datasourcevalidator.ExactlyOneOf(path.MatchRoot("id"), path.MatchRoot("name")),
	}
}

// ValidateConfig refuses site_code at plan time: the v3 API cannot filter by it.
func (d *locationDataSource) ValidateConfig(ctx context.Context, req datasource.ValidateConfigRequest, resp *datasource.ValidateConfigResponse) {
	var siteCode types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("site_code"), &siteCode)...)
	if !siteCode.IsNull() {
		addSiteCodeError(resp.Diagnostics.AddAttributeError)
	}
}

func addSiteCodeError(add func(path.Path, string, string)) {
	add(path.Root("site_code"), "Filtering by site_code is no longer supported",
		"site_code is "+locationV3Deprecation+", so locations can no longer be looked up by it. "+
			"Look the location up by id (recommended, stable) or by name instead.")
}

func (d *locationDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m locationModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() || !framework.RequireConfigured(d.PD, &resp.Diagnostics) {
		return
	}
	if !m.SiteCode.IsNull() {
		addSiteCodeError(resp.Diagnostics.AddAttributeError)
		return
	}
	c := d.PD.client

	var loc netfabapi.Location
	if !m.ID.IsNull() {
		var err error
		loc, err = c.Location(ctx, m.ID.ValueInt64())
		if client.IsNotFound(err) {
			resp.Diagnostics.AddAttributeError(path.Root("id"), "Location not found",
				fmt.Sprintf("No location has the id %d.", m.ID.ValueInt64()))
			return
		}
		if err != nil {
			resp.Diagnostics.AddError(fmt.Sprintf("Could not read location %d", m.ID.ValueInt64()), framework.ErrorDetail(err))
			return
		}
	} else {
		locs, err := c.Locations(ctx)
		if err != nil {
			resp.Diagnostics.AddError("Could not list the locations", framework.ErrorDetail(err))
			return
		}
		var ok bool
		loc, ok = locationNamed(locs, m.Name.ValueString(), func(summary, detail string) {
			resp.Diagnostics.AddAttributeError(path.Root("name"), summary, detail)
		})
		if !ok {
			return
		}
	}

	address, diags := values.StringMap(ctx, loc.Address, false)
	resp.Diagnostics.Append(diags...)
	m = locationModel{
		ID:               types.Int64Value(loc.ID),
		Name:             types.StringValue(loc.Name),
		SiteCode:         types.StringNull(),
		Address:          address,
		Campus:           types.StringNull(),
		Country:          types.StringValue(loc.Country),
		Latitude:         types.Float64Value(loc.Latitude),
		LiveDate:         types.StringNull(),
		Longitude:        types.Float64Value(loc.Longitude),
		Market:           types.StringValue(loc.Market),
		Metro:            types.StringValue(loc.Metro),
		NetworkRegion:    types.StringNull(),
		Status:           types.StringValue(loc.Status),
		VRouterAvailable: types.BoolNull(),
		Products: &locationProductsModel{
			MCR:                   types.BoolValue(loc.Products.MCR),
			MCRSpeeds:             values.NonNil(loc.Products.MCRSpeeds),
			MVE:                   types.BoolValue(loc.Products.MVE),
			PortSpeeds:            values.NonNil(loc.Products.PortSpeeds),
			NATGateway:            types.BoolValue(loc.Products.NATGateway),
			IXNetworkServiceTypes: values.NonNil(loc.Products.IXNetworkTypes),
			DiversityZones:        values.NonNil(loc.Products.DiversityZones),
		},
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// locationNamed returns the one location with exactly that name. When there
// is none, the error suggests locations whose names are alike.
func locationNamed(locs []netfabapi.Location, name string, fail func(summary, detail string)) (netfabapi.Location, bool) {
	var found []netfabapi.Location
	var alike []string
	for _, l := range locs {
		switch {
		case l.Name == name:
			found = append(found, l)
		case strings.Contains(strings.ToLower(l.Name), strings.ToLower(name)) ||
			strings.Contains(strings.ToLower(name), strings.ToLower(l.Name)):
			alike = append(alike, fmt.Sprintf("%q (id %d)", l.Name, l.ID))
		}
	}
	switch len(found) {
	case 1:
		return found[0], true
	case 0:
		detail := fmt.Sprintf("No location is named %q; names are matched exactly, including case.", name)
		if len(alike) > 0 {
			slices.Sort(alike)
			if len(alike) > 5 {
				alike = append(alike[:5], "...")
			}
			detail += " Similar names: " + strings.Join(alike, ", ") + "."
		}
		fail("Location not found", detail+" Looking locations up by id is recommended: ids are stable.")
	default:
		ids := make([]string, len(found))
		for i, l := range found {
			ids[i] = fmt.Sprint(l.ID)
		}
		fail("Location name is ambiguous",
			fmt.Sprintf("%d locations are named %q (ids %s); look the location up by id instead.", len(found), name, strings.Join(ids, ", ")))
	}
	return netfabapi.Location{}, false
}
