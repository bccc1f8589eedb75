package fwmgr

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// The table has one entry per command of the OS API, named after its
// Function, so that the Pulumi token is getOsShow<Function>.
func TestShowTableCoversEveryCommand(t *testing.T) {
	byCommand := map[string]showSpec{}
	names := map[string]bool{}
	for _, s := range showTable {
		assert.False(t, names[s.Name], "two entries named %s", s.Name)
		names[s.Name] = true
		_, dup := byCommand[s.cmd.Name]
		assert.False(t, dup, "two entries for %s", s.cmd.Name)
		byCommand[s.cmd.Name] = s
	}
	for _, c := range api.Commands {
		s, ok := byCommand[c.Name]
		if assert.True(t, ok, "no data source for %s", c.Name) {
			assert.Equal(t, snakeCase(c.Function), s.Name, "the Terraform name of %s follows its Function", c.Name)
		}
	}
	assert.Len(t, showTable, len(api.Commands))
	assert.GreaterOrEqual(t, len(showTable)-47, 20, "at least 20 data sources beyond the specification's 47")
}

func snakeCase(camel string) string {
	return strings.ToLower(regexp.MustCompile(`([a-z0-9])([A-Z])`).ReplaceAllString(camel, "${1}_$2"))
}

// Every schema is valid for the framework and Terraform, and keeps the
// common inputs and the paging contract.
func TestShowSchemas(t *testing.T) {
	ctx := context.Background()
	server, err := providerserver.NewProtocol6WithError(New("test")())()
	require.NoError(t, err)
	resp, err := server.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	require.NoError(t, err)
	for _, d := range resp.Diagnostics {
		t.Errorf("%s: %s", d.Summary, d.Detail)
	}
	require.Len(t, resp.DataSourceSchemas, len(showTable))

	for _, s := range showTable {
		t.Run(s.Name, func(t *testing.T) {
			var sr datasource.SchemaResponse
			newShowDataSource(s)().Schema(ctx, datasource.SchemaRequest{}, &sr)
			require.False(t, sr.Diagnostics.HasError(), "%v", sr.Diagnostics)
			require.Empty(t, sr.Schema.ValidateImplementation(ctx).Errors())
			attrs := sr.Schema.Attributes
			assert.Contains(t, attrs, "debug")
			assert.True(t, attrs["id"].IsComputed(), "id is always present")
			_, hasMember := attrs["member_id"]
			assert.Equal(t, s.Name != "cluster_members", hasMember, "member_id everywhere but cluster_members")
			if s.cmd.Paged {
				for _, in := range []string{"limit", "offset", "order"} {
					assert.True(t, attrs[in].IsOptional(), "%s is an optional input", in)
				}
				for _, out := range []string{"from", "to", "total", "objects"} {
					assert.True(t, attrs[out].IsComputed(), "%s is an output", out)
				}
			}
			for _, in := range s.inputs {
				assert.NotEmpty(t, in.Description, "input %s is documented", in.Name)
				assert.Equal(t, in.Required, attrs[in.Name].IsRequired(), "input %s", in.Name)
				if in.Required {
					assert.NotEmpty(t, in.Example, "required input %s has an example value", in.Name)
				}
			}
			root := regexp.MustCompile(`^[a-z0-9_]+`).FindString(s.ExampleOutput)
			assert.Contains(t, attrs, root, "the example shows an attribute that exists")
		})
	}
}
