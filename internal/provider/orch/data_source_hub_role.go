package orch

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"

	hubclient "github.com/iacsuite/providers/internal/client/hub"
)

// NewHubRoleDataSource is the orch_hub_role data source, implemented with
// the group data source (data_source_hub_group.go).
func NewHubRoleDataSource() datasource.DataSource {
	return &hubGroupDataSource{dataSourceBase: dataSourceBase{Name: "hub_role"}, kind: hubclient.KindRole, noun: "role"}
}
