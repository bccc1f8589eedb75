package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/iacsuite/providers/internal/framework"
)

var _ datasource.DataSourceWithConfigure = (*mveSizesDataSource)(nil)

// NewMveSizesDataSource is the netfab_mve_sizes data source: the sizes a
// virtual edge can be ordered in.
func NewMveSizesDataSource() datasource.DataSource {
	return &mveSizesDataSource{dataSourceBase{Name: "mve_sizes"}}
}

type mveSizesDataSource struct{ dataSourceBase }

type mveSizesModel struct {
	ID       types.String       `tfsdk:"id"`
	MVESizes []mveSizeItemModel `tfsdk:"mve_sizes"`
}

type mveSizeItemModel struct {
	Size         types.String `tfsdk:"size"`
	Label        types.String `tfsdk:"label"`
	CPUCoreCount types.Int64  `tfsdk:"cpu_core_count"`
	RAMGB        types.Int64  `tfsdk:"ram_gb"`
}

func (d *mveSizesDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Lists the sizes a virtual edge (MVE) can be ordered in, in the order the API returns them. " +
			"Which sizes an image runs on is in the `available_sizes` of the netfab_mve_images data source.",
		Attributes: map[string]schema.Attribute{
			"id": lookupIDAttribute(),
			"mve_sizes": schema.ListNestedAttribute{
				Computed:    true,
				Description: "The MVE sizes.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"size":           dsComputedString("Size code, the `size` of an MVE order, such as `SMALL`."),
					"label":          dsComputedString("Human-readable label, such as `MVE 2/8`."),
					"cpu_core_count": dsComputedInt64("Number of CPU cores."),
					"ram_gb":         dsComputedInt64("Memory in GB."),
				}},
			},
		},
	}
}

func (d *mveSizesDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	if !framework.RequireConfigured(d.PD, &resp.Diagnostics) {
		return
	}
	sizes, err := d.PD.client.MVESizes(ctx)
	if err != nil {
		resp.Diagnostics.AddError("Could not list the MVE sizes", framework.ErrorDetail(err))
		return
	}
	m := mveSizesModel{ID: types.StringValue(lookupID("mve_sizes")), MVESizes: make([]mveSizeItemModel, 0, len(sizes))}
	for _, s := range sizes {
		m.MVESizes = append(m.MVESizes, mveSizeItemModel{
			Size:         types.StringValue(s.Size),
			Label:        types.StringValue(s.Label),
			CPUCoreCount: types.Int64Value(s.CPUCoreCount),
			RAMGB:        types.Int64Value(s.RAMGB),
		})
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
