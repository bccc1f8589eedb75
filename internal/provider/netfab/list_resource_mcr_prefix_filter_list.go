package netfab

import (
	"context"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
)

// NewMcrPrefixFilterListListResource is the netfab_mcr_prefix_filter_list
// list resource: the prefix filter lists of one MCR, for `terraform query`.
func NewMcrPrefixFilterListListResource() list.ListResource {
	return newChildList(childList[mcrChildFilter, netfabapi.PrefixList, mcrPrefixFilterListModel]{
		name: "mcr_prefix_filter_list", label: "prefix filter lists", parentAttr: "mcr_id", parentWhat: "MCR",
		list:        (*client.Client).MCRPrefixFilterLists,
		displayName: func(l netfabapi.PrefixList) string { return l.Description },
		model: func(ctx context.Context, mcrUID string, l netfabapi.PrefixList, m *mcrPrefixFilterListModel) diag.Diagnostics {
			var diags diag.Diagnostics
			if err := prefixListFromAPI(ctx, m, mcrUID, l); err != nil {
				diags.AddError("Could not read prefix filter list "+childID(mcrUID, l.ID), framework.ErrorDetail(err))
			}
			// As the first read after an import sets it (withLastUpdated).
			m.LastUpdated = types.StringValue(time.Now().UTC().Format(time.RFC3339))
			return diags
		},
	}, framework.IdentityOf(NewMcrPrefixFilterListResource()))()
}
