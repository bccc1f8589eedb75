package netfab

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
)

var _ datasource.DataSourceWithConfigure = (*partnerDataSource)(nil)

// partnerConnectTypes are the connect types of partner ports.
var partnerConnectTypes = []string{"AWS", "AWSHC", "AZURE", "GOOGLE", "ORACLE", "OUTSCALE", "IBM", "TRANSIT", "FRANCEIX"}

// partnerRotationWarning is the seed's warning about partner port UIDs.
const partnerRotationWarning = "Partner port UIDs can change when the vendor rotates ports. Set `product_uid` explicitly " +
	"once connections exist to keep configurations stable."

// NewPartnerDataSource is the netfab_partner data source: the best partner
// port matching a set of filters.
func NewPartnerDataSource() datasource.DataSource {
	return &partnerDataSource{dataSourceBase{Name: "partner"}}
}

type partnerDataSource struct{ dataSourceBase }

type partnerModel struct {
	ID            types.String `tfsdk:"id"`
	CompanyName   types.String `tfsdk:"company_name"`
	CompanyUID    types.String `tfsdk:"company_uid"`
	ConnectType   types.String `tfsdk:"connect_type"`
	DiversityZone types.String `tfsdk:"diversity_zone"`
	LocationID    types.Int64  `tfsdk:"location_id"`
	ProductName   types.String `tfsdk:"product_name"`
	ProductUID    types.String `tfsdk:"product_uid"`
	Rank          types.Int64  `tfsdk:"rank"`
	Speed         types.Int64  `tfsdk:"speed"`
	VXCPermitted  types.Bool   `tfsdk:"vxc_permitted"`
}

func (d *partnerDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	filter := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{
			Optional:    true,
			Computed:    true,
			Description: desc + " Exact, case-sensitive match; when not set, filled from the port found.",
			Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
		}
	}
	resp.Schema = schema.Schema{
		Description: "Finds a partner port (a cloud or exchange partner's port that cross-connects can terminate on). " +
			"Every set argument is a filter that must match exactly; the port found fills in the arguments left unset. " +
			"When several ports match, the best one is returned: the lowest `rank` first, then ports with " +
			"`vxc_permitted` before those without, then by `product_name` and finally `product_uid`, so that the choice is " +
			"stable. When no port matches, reading fails with an error that lists the filters.\n\n" +
			"**Warning:** " + partnerRotationWarning,
		Attributes: map[string]schema.Attribute{
			"id":           schema.StringAttribute{Computed: true, Description: "Product UID of the partner port found."},
			"company_name": filter("Name of the partner company, such as `Amazon Web Services`."),
			"company_uid":  filter("UID of the partner company."),
			"connect_type": schema.StringAttribute{
				Optional: true,
				Computed: true,
				Description: "Kind of partner port: `AWS` (hosted VIF), `AWSHC` (hosted connection), `AZURE`, `GOOGLE`, " +
					"`ORACLE`, `OUTSCALE`, `IBM`, `TRANSIT` (ports that support an internet connection) or `FRANCEIX`. " +
					"When not set, filled from the port found.",
				Validators: []validator.String{stringvalidator.OneOf(partnerConnectTypes...)},
			},
			"diversity_zone": filter("Diversity zone of the port, such as `red` or `blue`."),
			"location_id": schema.Int64Attribute{
				Optional:    true,
				Computed:    true,
				Description: "Numeric ID of the port's location (see the netfab_location data source); when not set, filled from the port found.",
				Validators:  []validator.Int64{int64validator.AtLeast(1)},
			},
			"product_name": filter("Name of the partner port."),
			"product_uid": filter("Product UID of the partner port, the end of a cross-connect. " +
				partnerRotationWarning + " A UID that no longer exists is an error."),
			"rank":  dsComputedInt64("Rank of the port among the partner's ports; lower is preferred."),
			"speed": dsComputedInt64("Speed of the port in Mbps; a cross-connect's rate limit cannot exceed it."),
			"vxc_permitted": schema.BoolAttribute{
				Computed:    true,
				Description: "Whether cross-connects can be created on the port; when false, no cross-connect can be created on it.",
			},
		},
	}
}

func (d *partnerDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m partnerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() || !framework.RequireConfigured(d.PD, &resp.Diagnostics) {
		return
	}
	ports, err := d.PD.client.PartnerPorts(ctx)
	if err != nil {
		resp.Diagnostics.AddError("Could not list the partner ports", framework.ErrorDetail(err))
		return
	}
	f := partnerFilter{
		CompanyName:   values.OptionalString(m.CompanyName),
		CompanyUID:    values.OptionalString(m.CompanyUID),
		ConnectType:   values.OptionalString(m.ConnectType),
		DiversityZone: values.OptionalString(m.DiversityZone),
		LocationID:    values.OptionalInt64(m.LocationID),
		ProductName:   values.OptionalString(m.ProductName),
		ProductUID:    values.OptionalString(m.ProductUID),
	}
	best, ok := bestPartnerPort(ports, f)
	if !ok {
		detail := fmt.Sprintf("No partner port matches %s. Every set filter must match exactly, including case.", f)
		if f.ProductUID != nil {
			detail += " Partner port UIDs change when the vendor rotates ports: if product_uid came from an earlier " +
				"lookup, find the port again by its other attributes (product_name, company_name, connect_type, " +
				"location_id, diversity_zone) and use its new product_uid."
		}
		resp.Diagnostics.AddError("No matching partner port", detail)
		return
	}
	m = partnerModel{
		ID:            types.StringValue(best.ProductUID),
		CompanyName:   types.StringValue(best.CompanyName),
		CompanyUID:    types.StringValue(best.CompanyUID),
		ConnectType:   types.StringValue(best.ConnectType),
		DiversityZone: types.StringValue(best.DiversityZone),
		LocationID:    types.Int64Value(best.LocationID),
		ProductName:   types.StringValue(best.ProductName),
		ProductUID:    types.StringValue(best.ProductUID),
		Rank:          types.Int64Value(best.Rank),
		Speed:         types.Int64Value(best.Speed),
		VXCPermitted:  types.BoolValue(best.VXCPermitted),
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// partnerFilter selects partner ports; nil fields are not set and match
// everything, set ones must match exactly.
type partnerFilter struct {
	CompanyName, CompanyUID, ConnectType, DiversityZone, ProductName, ProductUID *string
	LocationID                                                                   *int64
}

func (f partnerFilter) matches(p netfabapi.PartnerPort) bool {
	eq := func(want *string, got string) bool { return want == nil || *want == got }
	return eq(f.CompanyName, p.CompanyName) &&
		eq(f.CompanyUID, p.CompanyUID) &&
		eq(f.ConnectType, p.ConnectType) &&
		eq(f.DiversityZone, p.DiversityZone) &&
		eq(f.ProductName, p.ProductName) &&
		eq(f.ProductUID, p.ProductUID) &&
		(f.LocationID == nil || *f.LocationID == p.LocationID)
}

// String lists the set filters by their Terraform names, for messages.
func (f partnerFilter) String() string {
	var parts []string
	add := func(name string, v *string) {
		if v != nil {
			parts = append(parts, fmt.Sprintf("%s = %q", name, *v))
		}
	}
	add("company_name", f.CompanyName)
	add("company_uid", f.CompanyUID)
	add("connect_type", f.ConnectType)
	add("diversity_zone", f.DiversityZone)
	if f.LocationID != nil {
		parts = append(parts, fmt.Sprintf("location_id = %d", *f.LocationID))
	}
	add("product_name", f.ProductName)
	add("product_uid", f.ProductUID)
	if len(parts) == 0 {
		return "no filters"
	}
	return strings.Join(parts, ", ")
}

// comparePartnerPorts orders partner ports best first: lowest rank, then
// ports that permit cross-connects, then by product name, then by UID.
func comparePartnerPorts(a, b netfabapi.PartnerPort) int {
	if c := cmp.Compare(a.Rank, b.Rank); c != 0 {
		return c
	}
	if a.VXCPermitted != b.VXCPermitted {
		if a.VXCPermitted {
			return -1
		}
		return 1
	}
	if c := cmp.Compare(a.ProductName, b.ProductName); c != 0 {
		return c
	}
	return cmp.Compare(a.ProductUID, b.ProductUID)
}

// bestPartnerPort returns the best of the ports that match f, and false when
// none matches.
func bestPartnerPort(ports []netfabapi.PartnerPort, f partnerFilter) (netfabapi.PartnerPort, bool) {
	var matched []netfabapi.PartnerPort
	for _, p := range ports {
		if f.matches(p) {
			matched = append(matched, p)
		}
	}
	if len(matched) == 0 {
		return netfabapi.PartnerPort{}, false
	}
	return slices.MinFunc(matched, comparePartnerPorts), true
}
