package netfab

import (
	"context"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	client "github.com/iacsuite/providers/internal/client/netfab"
)

const mcrPrefixFilterListIDShape = "<MCR_UID>:<PREFIX_FILTER_LIST_ID>"

// NewMcrPrefixFilterListResource is the netfab_mcr_prefix_filter_list
// resource: a prefix filter list of a cloud router.
func NewMcrPrefixFilterListResource() resource.Resource {
	return newChildResource(withLastUpdated(prefixListKind(childKind[mcrPrefixFilterListModel, *mcrPrefixFilterListModel]{
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
	})))
}

// withLastUpdated adds last_updated, as upstream's prefix filter list has it:
// the time this provider last created or changed the list (the service does
// not date lists), kept by reads, set by the first read after an import.
func withLastUpdated(k childKind[mcrPrefixFilterListModel, *mcrPrefixFilterListModel]) childKind[mcrPrefixFilterListModel, *mcrPrefixFilterListModel] {
	attributes, create, read, update := k.attributes, k.create, k.read, k.update
	now := func() types.String { return types.StringValue(time.Now().UTC().Format(time.RFC3339)) }
	k.attributes = func() map[string]schema.Attribute {
		attrs := attributes()
		// Computed without UseStateForUnknown: unknown in a plan that
		// changes the list, the state's value otherwise.
		attrs["last_updated"] = schema.StringAttribute{Computed: true,
			Description: "Time (RFC 3339, UTC) at which this provider last created or changed the list; after an import, the time of the import."}
		return attrs
	}
	k.create = func(ctx context.Context, c *client.Client, m *mcrPrefixFilterListModel) error {
		err := create(ctx, c, m)
		m.LastUpdated = now()
		return err
	}
	k.read = func(ctx context.Context, c *client.Client, m *mcrPrefixFilterListModel) error {
		err := read(ctx, c, m)
		if m.LastUpdated.IsNull() || m.LastUpdated.IsUnknown() {
			m.LastUpdated = now()
		}
		return err
	}
	k.update = func(ctx context.Context, c *client.Client, plan, state *mcrPrefixFilterListModel) error {
		err := update(ctx, c, plan, state)
		plan.LastUpdated = now()
		return err
	}
	return k
}

type mcrPrefixFilterListModel struct {
	prefixListFields
	McrID              types.String `tfsdk:"mcr_id"`
	PrefixFilterListID types.Int64  `tfsdk:"prefix_filter_list_id"`
	LastUpdated        types.String `tfsdk:"last_updated"`
}

func (m *mcrPrefixFilterListModel) parentUID() string { return m.McrID.ValueString() }
func (m *mcrPrefixFilterListModel) listID() int64     { return m.PrefixFilterListID.ValueInt64() }

func (m *mcrPrefixFilterListModel) setIDs(mcrUID string, listID int64) {
	m.McrID = types.StringValue(mcrUID)
	m.PrefixFilterListID = types.Int64Value(listID)
}
