package netfab

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
)

// NewMcrIpsecAddonListResource is the netfab_mcr_ipsec_addon list resource:
// the IPsec add-on of one MCR (it has at most one), for `terraform query`.
func NewMcrIpsecAddonListResource() list.ListResource {
	return newChildList(childList[mcrChildFilter, netfabapi.IPsecAddOn, mcrIpsecAddonModel]{
		name: "mcr_ipsec_addon", label: "IPsec add-ons", parentAttr: "mcr_id", parentWhat: "MCR",
		list: (*client.Client).IPsecAddOns,
		displayName: func(a netfabapi.IPsecAddOn) string {
			return fmt.Sprintf("IPsec add-on %s (%d tunnels)", a.AddOnUID, a.TunnelCount)
		},
		model: func(_ context.Context, mcrUID string, a netfabapi.IPsecAddOn, m *mcrIpsecAddonModel) diag.Diagnostics {
			m.fromAPI(mcrUID, a)
			return nil
		},
	}, framework.IdentityOf(NewMcrIpsecAddonResource()))()
}
