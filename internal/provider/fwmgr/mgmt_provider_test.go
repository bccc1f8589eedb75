package fwmgr

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// The provider serves, for every row, a resource with an identity, a data
// source and a list resource, plus the publish resource and the three
// session actions, and the framework accepts every schema.
func TestMgmtProviderServesEveryRow(t *testing.T) {
	ctx := context.Background()
	srv := providerserver.NewProtocol6(New("test")())()
	schemas, err := srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	require.NoError(t, err)
	for _, d := range schemas.Diagnostics {
		assert.NotEqual(t, tfprotov6.DiagnosticSeverityError, d.Severity, "%s: %s", d.Summary, d.Detail)
	}
	ids, err := srv.GetResourceIdentitySchemas(ctx, &tfprotov6.GetResourceIdentitySchemasRequest{})
	require.NoError(t, err)
	for _, d := range ids.Diagnostics {
		assert.NotEqual(t, tfprotov6.DiagnosticSeverityError, d.Severity, "%s: %s", d.Summary, d.Detail)
	}
	for _, typ := range api.ManagementTypes {
		name := "fwmgr_" + mgmtName(typ)
		assert.Contains(t, schemas.ResourceSchemas, name)
		assert.Contains(t, schemas.ListResourceSchemas, name)
		if assert.Contains(t, ids.IdentitySchemas, name) {
			require.Len(t, ids.IdentitySchemas[name].IdentityAttributes, 1)
			assert.Equal(t, mgmtAttrID, ids.IdentitySchemas[name].IdentityAttributes[0].Name)
		}
	}
	// The data sources, which DataSources does not list yet (the show
	// data sources' tests count them), build valid schemas.
	for _, newDS := range mgmtDataSources() {
		var sr datasource.SchemaResponse
		newDS().Schema(ctx, datasource.SchemaRequest{}, &sr)
		assert.Empty(t, sr.Schema.ValidateImplementation(ctx).Errors())
	}
	assert.Contains(t, schemas.ResourceSchemas, "fwmgr_management_publish")
	for _, a := range []string{"publish", "discard", "logout"} {
		assert.Contains(t, schemas.ActionSchemas, "fwmgr_management_"+a)
	}
}
