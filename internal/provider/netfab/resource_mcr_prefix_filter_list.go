package netfab

import (
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	client "github.com/iacsuite/providers/internal/client/netfab"
)

const mcrPrefixFilterListIDShape = "<MCR_UID>:<PREFIX_FILTER_LIST_ID>"

// NewMcrPrefixFilterListResource is the netfab_mcr_prefix_filter_list
// resource: a prefix filter list of a cloud router.
func NewMcrPrefixFilterListResource() resource.Resource {
	return &childResource[mcrPrefixFilterListModel, *mcrPrefixFilterListModel]{kind: prefixListKind(childKind[mcrPrefixFilterListModel, *mcrPrefixFilterListModel]{
		typeName:    "mcr_prefix_filter_list",
		what:        "prefix filter list",
		description: "A prefix filter list of a cloud router (MCR), used by its BGP sessions. Description and entries change in place; the address family replaces the list.",
		parentAttr:  "mcr_id",
		parentWhat:  "MCR",
		parentDesc:  "UID of the MCR. Changing it replaces the list.",
		childAttr:   "prefix_filter_list_id",
		childDesc:   "ID of the list, assigned by the API.",
		idShape:     mcrPrefixFilterListIDShape,
	}, prefixListCalls{
		get:    (*client.Client).MCRPrefixFilterList,
		create: (*client.Client).CreateMCRPrefixFilterList,
		update: (*client.Client).UpdateMCRPrefixFilterList,
		delete: (*client.Client).DeleteMCRPrefixFilterList,
	})}
}

type mcrPrefixFilterListModel struct {
	prefixListFields
	McrID              types.String `tfsdk:"mcr_id"`
	PrefixFilterListID types.Int64  `tfsdk:"prefix_filter_list_id"`
}

func (m *mcrPrefixFilterListModel) parentUID() string { return m.McrID.ValueString() }
func (m *mcrPrefixFilterListModel) listID() int64     { return m.PrefixFilterListID.ValueInt64() }

func (m *mcrPrefixFilterListModel) setIDs(mcrUID string, listID int64) {
	m.McrID = types.StringValue(mcrUID)
	m.PrefixFilterListID = types.Int64Value(listID)
}
