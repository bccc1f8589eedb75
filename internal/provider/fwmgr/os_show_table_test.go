package fwmgr

import (
	"context"
	"reflect"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// Every command of the OS API is one data source, named after its
// Function, so that the Pulumi token is getOsShow<Function>.
func TestShowTableCoversEveryCommand(t *testing.T) {
	require.Len(t, showTable, len(api.Commands))
	names := map[string]bool{}
	for i, c := range api.Commands {
		s := showTable[i]
		assert.Equal(t, c.Name, s.cmd.Name)
		assert.False(t, names[s.Name], "two data sources named %s", s.Name)
		names[s.Name] = true
	}
	assert.Equal(t, "configuration_ip_conflicts", snakeCase("ConfigurationIpConflicts"))
	assert.Equal(t, "configuration_ipv6_pim", snakeCase("ConfigurationIpv6Pim"))
}

// A command whose inputs are common ones needs no entry: its data source
// takes its name, documentation and example from the command. An input
// that is not a common one needs its entry, and an entry of no command is
// refused, so neither starts the provider.
func TestBuildShowTable(t *testing.T) {
	bare := api.Command{Name: "show-bgp-errors", Function: "BgpErrors", Description: "d", Sort: "by x", Paged: true,
		MemberRouting: true, Request: reflect.TypeFor[api.PagedRequest](), Response: reflect.TypeFor[api.Page[api.BgpError]]()}
	specs, err := buildShowTable([]api.Command{bare}, nil)
	require.NoError(t, err)
	require.Len(t, specs, 1)
	assert.Equal(t, "fwmgr_os_show_bgp_errors", specs[0].TypeName())
	assert.Equal(t, "objects[*].last_error", specs[0].ExampleOutput, "the default example shows the objects' first attribute")

	withInput := api.Command{Name: "show-bgp-peer", Function: "BgpPeer", Description: "d", Required: []string{"peer"},
		MemberRouting: true, Request: reflect.TypeFor[api.BgpPeerRequest](), Response: reflect.TypeFor[api.BgpPeerResponse]()}
	_, err = buildShowTable([]api.Command{withInput}, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "show-bgp-peer: input peer is not a common input")

	_, err = buildShowTable([]api.Command{bare}, map[string]showEntry{"show-bgp-nothing": {}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "show-bgp-nothing, which is not a command")
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
	require.Len(t, resp.DataSourceSchemas, len(showTable)+len(api.ManagementTypes)+len(api.RulebaseTypes), "the show data sources and one per management type and per rulebase type")

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
				if in.Kind == inObject {
					assert.Contains(t, sr.Schema.Blocks, in.Name, "input %s is a block, as upstream's", in.Name)
					continue
				}
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
