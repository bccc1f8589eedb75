package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
)

const ipsecAddonIDShape = "<MCR_UID>:<ADD_ON_UID>"

// NewMcrIpsecAddonResource is the netfab_mcr_ipsec_addon resource: IPsec
// tunnels on a cloud router.
func NewMcrIpsecAddonResource() resource.Resource {
	return newChildResource(childKind[mcrIpsecAddonModel, *mcrIpsecAddonModel]{
		typeName:    "mcr_ipsec_addon",
		what:        "IPsec add-on",
		description: "The IPsec tunnel add-on of a cloud router (MCR); an MCR has at most one. The tunnel count changes in place.",
		parentAttr:  "mcr_id",
		parentWhat:  "MCR",
		parentDesc:  "UID of the MCR. Changing it moves the add-on: a new one is created on the other MCR.",
		childAttr:   "add_on_uid",
		childDesc:   "UID of the add-on, assigned by the API.",
		idShape:     ipsecAddonIDShape,
		attributes: func() map[string]schema.Attribute {
			return map[string]schema.Attribute{
				"tunnel_count": schema.Int64Attribute{
					Required:    true,
					Description: "Number of IPsec tunnels: 10, 20 or 30. Changes in place.",
					Validators:  []validator.Int64{int64validator.OneOf(10, 20, 30)},
				},
			}
		},
		create: func(ctx context.Context, c *client.Client, m *mcrIpsecAddonModel) error {
			a, err := c.CreateIPsecAddOn(ctx, m.McrID.ValueString(), m.TunnelCount.ValueInt64())
			if err == nil {
				m.fromAPI(m.McrID.ValueString(), a)
			}
			return err
		},
		read: func(ctx context.Context, c *client.Client, m *mcrIpsecAddonModel) error {
			a, err := c.IPsecAddOn(ctx, m.McrID.ValueString(), m.AddOnUID.ValueString())
			if err == nil {
				m.fromAPI(m.McrID.ValueString(), a)
			}
			return err
		},
		update: func(ctx context.Context, c *client.Client, plan, state *mcrIpsecAddonModel) error {
			a, err := c.UpdateIPsecAddOn(ctx, state.McrID.ValueString(), state.AddOnUID.ValueString(), plan.TunnelCount.ValueInt64())
			if err == nil {
				plan.fromAPI(state.McrID.ValueString(), a)
			}
			return err
		},
		delete: func(ctx context.Context, c *client.Client, m *mcrIpsecAddonModel) error {
			return c.DeleteIPsecAddOn(ctx, m.McrID.ValueString(), m.AddOnUID.ValueString())
		},
	})
}

type mcrIpsecAddonModel struct {
	ID          types.String `tfsdk:"id"`
	McrID       types.String `tfsdk:"mcr_id"`
	TunnelCount types.Int64  `tfsdk:"tunnel_count"`
	AddOnUID    types.String `tfsdk:"add_on_uid"`
}

func (m *mcrIpsecAddonModel) parentUID() string { return m.McrID.ValueString() }
func (m *mcrIpsecAddonModel) label() string     { return m.ID.ValueString() }

func (m *mcrIpsecAddonModel) fromAPI(mcrUID string, a netfabapi.IPsecAddOn) {
	m.ID = types.StringValue(childID(mcrUID, a.AddOnUID))
	m.McrID = types.StringValue(mcrUID)
	m.AddOnUID = types.StringValue(a.AddOnUID)
	m.TunnelCount = types.Int64Value(a.TunnelCount)
}
