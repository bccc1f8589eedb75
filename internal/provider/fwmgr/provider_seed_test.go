package fwmgr

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/seedspec"
)

// terraformName finds the attribute of a Pulumi name: its snake_case form,
// or that of its singular (the bridge pluralizes list names:
// reachability_detection is reachabilityDetections).
func terraformName(attrs map[string]schema.Attribute, pulumi string) (string, bool) {
	var candidates []string
	// option82Enabled is option_82_enabled: the API writes a digit run as a
	// word of its own, camelCase does not show that.
	for _, snake := range []string{snakeCase(pulumi), digitWords.ReplaceAllString(snakeCase(pulumi), "${1}_$2")} {
		candidates = append(candidates, snake, strings.TrimSuffix(snake, "s"), strings.TrimSuffix(snake, "es"))
		if strings.HasSuffix(snake, "ies") {
			candidates = append(candidates, strings.TrimSuffix(snake, "ies")+"y")
		}
	}
	for _, c := range candidates {
		if _, ok := attrs[c]; ok {
			return c, true
		}
	}
	return "", false
}

var digitWords = regexp.MustCompile(`([a-z])([0-9])`)

func TestSeedSettings(t *testing.T) {
	seed := seedspec.MustLoad("fwmgr")
	var resp provider.SchemaResponse
	New("test")().Schema(context.Background(), provider.SchemaRequest{}, &resp)
	attrs := resp.Schema.Attributes
	assert.Len(t, attrs, len(seed.Config.Fields))
	for _, name := range seed.Config.Fields {
		a, ok := attrs[seedspec.Snake(name)]
		if assert.True(t, ok, "setting %s", name) {
			assert.Equal(t, seed.Config.Env[name], env(seedspec.Snake(name)))
			assert.Contains(t, a.GetDescription(), seed.Config.Env[name], "%s names its environment variable", name)
		}
	}
	for _, name := range seed.Config.Secrets {
		assert.True(t, attrs[seedspec.Snake(name)].IsSensitive(), "%s is sensitive", name)
	}
}

// Every data source of the seed, with each input (required where the seed
// says so) and output.
func TestSeedDataSources(t *testing.T) {
	seed := seedspec.MustLoad("fwmgr")
	byType := map[string]showSpec{}
	for _, s := range showTable {
		byType[s.TypeName()] = s
	}
	for key, want := range seed.DataSources {
		t.Run(key, func(t *testing.T) {
			s, ok := byType[seed.TerraformType(key)]
			require.True(t, ok, "no data source %s", seed.TerraformType(key))
			assert.Equal(t, want.Token, "fwmgr:index/getOsShow"+s.cmd.Function+":getOsShow"+s.cmd.Function)
			var sr datasource.SchemaResponse
			newShowDataSource(s)().Schema(context.Background(), datasource.SchemaRequest{}, &sr)
			attrs := sr.Schema.Attributes
			// A block (connections' filter, as upstream's) is an input and,
			// as every input, in the state.
			blocks := map[string]bool{}
			for name := range sr.Schema.Blocks {
				blocks[name] = true
			}
			_, hasMember := attrs["member_id"]
			assert.Equal(t, slices.Contains(want.Inputs, "memberId"), hasMember, "member_id")
			for _, in := range want.Inputs {
				if blocks[snakeCase(in)] {
					assert.NotContains(t, want.Required, in, "a block is optional")
					continue
				}
				name, ok := terraformName(attrs, in)
				if assert.True(t, ok, "input %s", in) {
					assert.True(t, attrs[name].IsOptional() || attrs[name].IsRequired(), "%s is an input", name)
					assert.Equal(t, slices.Contains(want.Required, in), attrs[name].IsRequired(), "%s required", name)
				}
			}
			for _, out := range want.Outputs {
				_, ok := terraformName(attrs, out)
				ok = ok || blocks[snakeCase(out)]
				assert.True(t, ok, "output %s", out)
			}
		})
	}
}
