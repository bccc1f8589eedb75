package fwmgr

import (
	"context"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seedSpec is testdata/seed.json: the specification's settings and data
// sources by their Pulumi names; bridge/fwmgr's schema test reads it too.
type seedSpec struct {
	Config    []string `json:"config"`
	Secrets   []string `json:"secrets"`
	Functions map[string]struct {
		Inputs   []string `json:"inputs"`
		Outputs  []string `json:"outputs"`
		Paged    bool     `json:"paged"`
		MemberID bool     `json:"memberId"`
	} `json:"functions"`
}

func readSeed(t *testing.T) seedSpec {
	t.Helper()
	raw, err := os.ReadFile("testdata/seed.json")
	require.NoError(t, err)
	var s seedSpec
	require.NoError(t, json.Unmarshal(raw, &s))
	return s
}

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
	seed := readSeed(t)
	var resp provider.SchemaResponse
	New("test")().Schema(context.Background(), provider.SchemaRequest{}, &resp)
	attrs := resp.Schema.Attributes
	assert.Len(t, attrs, len(seed.Config))
	for _, name := range seed.Config {
		a, ok := attrs[snakeCase(name)]
		if assert.True(t, ok, "setting %s", name) {
			assert.Contains(t, a.GetDescription(), env(snakeCase(name)), "%s names its environment variable", name)
		}
	}
	for _, name := range seed.Secrets {
		assert.True(t, attrs[snakeCase(name)].IsSensitive(), "%s is sensitive", name)
	}
}

func TestSeedDataSources(t *testing.T) {
	seed := readSeed(t)
	byFunction := map[string]showSpec{}
	for _, s := range showTable {
		byFunction[s.cmd.Function] = s
	}
	star := regexp.MustCompile(`\*$`)
	for fn, want := range seed.Functions {
		t.Run(fn, func(t *testing.T) {
			s, ok := byFunction[fn]
			require.True(t, ok, "no data source for getOsShow%s", fn)
			var sr datasource.SchemaResponse
			newShowDataSource(s)().Schema(context.Background(), datasource.SchemaRequest{}, &sr)
			attrs := sr.Schema.Attributes
			common := []string{"debug", "id"}
			if want.MemberID {
				common = append(common, "memberId")
			}
			assert.Equal(t, want.MemberID, s.cmd.MemberRouting)
			assert.Equal(t, want.Paged, s.cmd.Paged)
			if want.Paged {
				common = append(common, "limit", "offset", "order", "from", "to", "total", "objects")
			}
			for _, in := range append(common[:len(common):len(common)], want.Inputs...) {
				required := strings.HasSuffix(in, "*")
				name, ok := terraformName(attrs, star.ReplaceAllString(in, ""))
				if assert.True(t, ok, "input or output %s", in) && required {
					assert.True(t, attrs[name].IsRequired(), "%s is required", name)
				}
			}
			for _, out := range want.Outputs {
				name, ok := terraformName(attrs, out)
				if assert.True(t, ok, "output %s", out) {
					a := attrs[name]
					assert.True(t, a.IsComputed() || a.IsRequired() || a.IsOptional(), "%s is returned", name)
				}
			}
		})
	}
}
