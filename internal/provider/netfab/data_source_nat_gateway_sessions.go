package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/iacsuite/providers/internal/framework"
)

var _ datasource.DataSourceWithConfigure = (*natGatewaySessionsDataSource)(nil)

// NewNatGatewaySessionsDataSource is the netfab_nat_gateway_sessions data
// source: the NAT gateway speeds and the session counts each allows, as the
// service publishes them.
func NewNatGatewaySessionsDataSource() datasource.DataSource {
	return &natGatewaySessionsDataSource{dataSourceBase{Name: "nat_gateway_sessions"}}
}

type natGatewaySessionsDataSource struct{ dataSourceBase }

type natGatewaySessionsModel struct {
	ID       types.String              `tfsdk:"id"`
	Sessions []natGatewaySessionsEntry `tfsdk:"sessions"`
}

type natGatewaySessionsEntry struct {
	SpeedMbps    types.Int64 `tfsdk:"speed_mbps"`
	SessionCount []int64     `tfsdk:"session_count"`
}

func (d *natGatewaySessionsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "The NAT gateway speed and session-count matrix the service publishes: each speed a NAT gateway can " +
			"be ordered at, with the session counts allowed at that speed, speeds ascending. The vendor changes the " +
			"matrix, so configurations that pick a `speed` and `session_count` for netfab_nat_gateway can read the " +
			"valid pairs here (in `for_each`, locals or preconditions) instead of copying them.",
		Attributes: map[string]schema.Attribute{
			"id": lookupIDAttribute(),
			"sessions": schema.ListNestedAttribute{
				Computed:    true,
				Description: "One entry per speed, ascending.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"speed_mbps": dsComputedInt64("NAT gateway speed in Mbps, a `speed` of netfab_nat_gateway."),
					"session_count": schema.ListAttribute{
						ElementType: types.Int64Type,
						Computed:    true,
						Description: "The session counts allowed at this speed, ascending: the `session_count` values of netfab_nat_gateway.",
					},
				}},
			},
		},
	}
}

func (d *natGatewaySessionsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	if !framework.RequireConfigured(d.PD, &resp.Diagnostics) {
		return
	}
	pairings, err := d.PD.client.NATSessionPairings(ctx)
	if err != nil {
		resp.Diagnostics.AddError("Could not read the NAT gateway session matrix", framework.ErrorDetail(err))
		return
	}
	m := natGatewaySessionsModel{ID: types.StringValue(lookupID("nat_gateway_sessions")), Sessions: make([]natGatewaySessionsEntry, 0, len(pairings))}
	for _, p := range pairings {
		m.Sessions = append(m.Sessions, natGatewaySessionsEntry{SpeedMbps: types.Int64Value(p.Speed), SessionCount: p.SessionCounts})
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
