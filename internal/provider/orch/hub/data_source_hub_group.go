package hub

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	hubclient "github.com/iacsuite/providers/internal/client/hub"
	"github.com/iacsuite/providers/internal/framework"
)

// NewGroupDataSource is the orch_hub_group data source.
func NewGroupDataSource[P any, D ProviderData[P]]() datasource.DataSource {
	return &hubGroupDataSource[P, D]{dataSourceBase: dataSourceNamed[P, D]("hub_group"), kind: hubclient.KindGroup, noun: "group"}
}

// hubGroupDataSource looks a group, or a role (orch_hub_role), up by name.
type hubGroupDataSource[P any, D ProviderData[P]] struct {
	dataSourceBase[P, D]
	kind string
	noun string
}

func (d *hubGroupDataSource[P, D]) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: fmt.Sprintf("Looks a %s of the hub up by name (hub mode only), for its UUID, which the "+
			"`orch_hub_access_*` resources take.", d.noun),
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{Computed: true, Description: fmt.Sprintf("UUID of the %s.", d.noun)},
			"name": schema.StringAttribute{
				Required:    true,
				Description: fmt.Sprintf("Name of the %s.", d.noun),
				Validators:  []validator.String{hubNameValidator},
			},
			"uuid": schema.StringAttribute{Computed: true, Description: fmt.Sprintf("UUID of the %s, used to reference it in other resources.", d.noun)},
		},
	}
}

func (d *hubGroupDataSource[P, D]) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	if !framework.RequireConfigured(d.PD, &resp.Diagnostics) || !requireHub(d.data(), "data.orch_hub_"+d.noun, &resp.Diagnostics) {
		return
	}
	var m hubGroupModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	g, err := d.data().HubClient().GroupByName(ctx, d.kind, m.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError(fmt.Sprintf("Could not read %s %s", d.noun, m.Name.ValueString()), framework.ErrorDetail(err))
		return
	}
	m.set(g)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
