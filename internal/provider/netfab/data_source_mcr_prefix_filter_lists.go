package netfab

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
)

var _ datasource.DataSourceWithConfigure = (*mcrPrefixFilterListsDataSource)(nil)

// NewMcrPrefixFilterListsDataSource is the netfab_mcr_prefix_filter_lists
// data source: the prefix filter lists of one MCR.
func NewMcrPrefixFilterListsDataSource() datasource.DataSource {
	return &mcrPrefixFilterListsDataSource{dataSourceBase{Name: "mcr_prefix_filter_lists"}}
}

type mcrPrefixFilterListsDataSource struct{ dataSourceBase }

type mcrPrefixFilterListsModel struct {
	ID                types.String                   `tfsdk:"id"`
	MCRID             types.String                   `tfsdk:"mcr_id"`
	PrefixFilterLists []mcrPrefixFilterListItemModel `tfsdk:"prefix_filter_lists"`
}

type mcrPrefixFilterListItemModel struct {
	ID            types.Int64        `tfsdk:"id"`
	Description   types.String       `tfsdk:"description"`
	AddressFamily types.String       `tfsdk:"address_family"`
	Entries       []prefixEntryModel `tfsdk:"entries"`
}

func (d *mcrPrefixFilterListsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Lists the prefix filter lists of one cloud router (MCR), in the order the API returns them, " +
			"whether they were created with the netfab_mcr_prefix_filter_list resource or the deprecated inline form.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{Computed: true, Description: "The MCR's product UID."},
			"mcr_id": schema.StringAttribute{
				Required:    true,
				Description: "Product UID of the MCR.",
				Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"prefix_filter_lists": schema.ListNestedAttribute{
				Computed:    true,
				Description: "The MCR's prefix filter lists; empty when it has none.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"id":             dsComputedInt64("Numeric ID of the list, unique within the MCR."),
					"description":    dsComputedString("Description of the list."),
					"address_family": dsComputedString("`IPv4` or `IPv6`."),
					"entries": schema.ListNestedAttribute{
						Computed:    true,
						Description: "Entries of the list, in evaluation order.",
						NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
							"action": dsComputedString("`permit` or `deny`."),
							"prefix": dsComputedString("Network prefix in CIDR notation."),
							"ge":     dsComputedInt64("Matches prefixes at least this long; null when not set."),
							"le":     dsComputedInt64("Matches prefixes at most this long; null when not set."),
						}},
					},
				}},
			},
		},
	}
}

func (d *mcrPrefixFilterListsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m mcrPrefixFilterListsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() || !framework.RequireConfigured(d.PD, &resp.Diagnostics) {
		return
	}
	uid := m.MCRID.ValueString()
	lists, err := d.PD.client.MCRPrefixFilterLists(ctx, uid)
	if client.IsNotFound(err) {
		resp.Diagnostics.AddAttributeError(path.Root("mcr_id"), "MCR not found",
			fmt.Sprintf("No MCR has the product UID %q: %s", uid, framework.ErrorDetail(err)))
		return
	}
	if err != nil {
		resp.Diagnostics.AddError(fmt.Sprintf("Could not list the prefix filter lists of MCR %s", uid), framework.ErrorDetail(err))
		return
	}
	m.ID = types.StringValue(uid)
	m.PrefixFilterLists = make([]mcrPrefixFilterListItemModel, 0, len(lists))
	for _, l := range lists {
		m.PrefixFilterLists = append(m.PrefixFilterLists, mcrPrefixFilterListItemModel{
			ID:            types.Int64Value(l.ID),
			Description:   types.StringValue(l.Description),
			AddressFamily: types.StringValue(l.AddressFamily),
			Entries:       prefixEntriesFromAPI(l.Entries),
		})
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
