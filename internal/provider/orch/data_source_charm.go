package orch

import (
	"context"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
)

// NewCharmDataSource is the orch_charm data source.
func NewCharmDataSource() datasource.DataSource {
	return &lookup[charmDataModel]{
		dataSourceBase: dataSourceBase{Name: "charm"},
		description:    "A charm revision in the charm store, with its endpoints and resources.",
		attributes: map[string]schema.Attribute{
			"id":    dataIDAttribute("<charm>:<channel>:<revision>:<base>:<architecture>"),
			"charm": schema.StringAttribute{Required: true, Description: "Name of the charm."},
			"architecture": schema.StringAttribute{Optional: true, Computed: true,
				Description: "Architecture; default `amd64`.",
				Validators:  []validator.String{stringvalidator.OneOf(api.Architectures...)}},
			"base": schema.StringAttribute{Optional: true, Computed: true,
				Description: "Base, `<os>@<channel>` such as `ubuntu@22.04`; default the channel's preferred base.",
				Validators:  []validator.String{charmBaseValidator}},
			"channel": schema.StringAttribute{Optional: true, Computed: true,
				Description: "Channel, `<track>/<risk>`; default the charm's default channel. Required when `revision` is set.",
				Validators:  []validator.String{channelValidator}},
			"revision": schema.Int64Attribute{Optional: true, Computed: true,
				Description: "Revision; default the channel's current revision. Needs `channel`.",
				Validators: []validator.Int64{int64validator.AtLeast(0),
					int64validator.AlsoRequires(path.MatchRoot("channel"))}},
			"store_url": schema.StringAttribute{Optional: true, Computed: true,
				Description: "Root address of the charm store; default the store's public root address."},
			"provides": schema.MapAttribute{ElementType: types.StringType, Computed: true,
				Description: "Endpoints the charm provides, by name, with their interface."},
			"requires": schema.MapAttribute{ElementType: types.StringType, Computed: true,
				Description: "Endpoints the charm requires, by name, with their interface."},
			"resources": schema.MapAttribute{ElementType: types.StringType, Computed: true,
				Description: "Resources of the charm, by name, with the revision the channel uses, as a string."},
		},
		read: readCharm,
	}
}

type charmDataModel struct {
	ID           types.String `tfsdk:"id"`
	Charm        types.String `tfsdk:"charm"`
	Architecture types.String `tfsdk:"architecture"`
	Base         types.String `tfsdk:"base"`
	Channel      types.String `tfsdk:"channel"`
	Revision     types.Int64  `tfsdk:"revision"`
	StoreURL     types.String `tfsdk:"store_url"`
	Provides     types.Map    `tfsdk:"provides"`
	Requires     types.Map    `tfsdk:"requires"`
	Resources    types.Map    `tfsdk:"resources"`
}

func readCharm(ctx context.Context, pd *providerData, m *charmDataModel, diags *diag.Diagnostics) {
	q := client.CharmQuery{Name: m.Charm.ValueString(), Channel: m.Channel.ValueString(), Base: m.Base.ValueString(),
		Architecture: m.Architecture.ValueString(), StoreURL: m.StoreURL.ValueString(), Revision: int(m.Revision.ValueInt64())}
	if q.Architecture == "" {
		q.Architecture = api.DefaultArchitecture
	}
	c, err := pd.client.Charm(ctx, q)
	if err != nil {
		diags.AddError("Could not find charm "+q.Name, framework.ErrorDetail(err))
		return
	}
	m.ID = types.StringValue(c.Name + ":" + c.Channel + ":" + strconv.Itoa(c.Revision) + ":" + c.Base + ":" + c.Architecture)
	m.Architecture = types.StringValue(c.Architecture)
	m.Base = types.StringValue(c.Base)
	m.Channel = types.StringValue(c.Channel)
	m.Revision = types.Int64Value(int64(c.Revision))
	m.StoreURL = types.StringValue(c.StoreURL)
	endpoints := func(eps map[string]api.CharmEndpoint) types.Map {
		out := map[string]string{}
		for k, v := range eps {
			out[k] = v.Interface
		}
		mv, d := types.MapValueFrom(ctx, types.StringType, out)
		diags.Append(d...)
		return mv
	}
	m.Provides = endpoints(c.Provides)
	m.Requires = endpoints(c.Requires)
	res := map[string]string{}
	for k, v := range c.Resources {
		res[k] = strconv.Itoa(v.Revision)
	}
	var d diag.Diagnostics
	m.Resources, d = types.MapValueFrom(ctx, types.StringType, res)
	diags.Append(d...)
}
