package hub

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"

	hubclient "github.com/iacsuite/providers/internal/client/hub"
)

// NewRoleDataSource is the orch_hub_role data source, implemented with
// the group data source (data_source_hub_group.go).
func NewRoleDataSource[P any, D ProviderData[P]]() datasource.DataSource {
	return &hubGroupDataSource[P, D]{dataSourceBase: dataSourceNamed[P, D]("hub_role"), kind: hubclient.KindRole, noun: "role"}
}
