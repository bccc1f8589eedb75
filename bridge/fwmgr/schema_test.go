package fwmgr_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	pschema "github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/bridge/fwmgr"
)

// seed is the specification's fwmgr part, machine-readable; the provider's
// seed test reads the same file.
type seed struct {
	Config    []string `json:"config"`
	Secrets   []string `json:"secrets"`
	Functions map[string]struct {
		Inputs   []string `json:"inputs"`
		Outputs  []string `json:"outputs"`
		Paged    bool     `json:"paged"`
		MemberID bool     `json:"memberId"`
	} `json:"functions"`
}

func readSeed(t *testing.T) seed {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "internal", "provider", "fwmgr", "testdata", "seed.json"))
	require.NoError(t, err)
	var s seed
	require.NoError(t, json.Unmarshal(raw, &s))
	return s
}

func loadSchema(t *testing.T) pschema.PackageSpec {
	t.Helper()
	var spec pschema.PackageSpec
	require.NoError(t, json.Unmarshal(fwmgr.Schema(), &spec))
	return spec
}

func token(function string) string {
	return "fwmgr:index/getOsShow" + function + ":getOsShow" + function
}

// The committed schema has every token, input and output of the seed, with
// the seed's names.
func TestSeedFunctions(t *testing.T) {
	spec := loadSchema(t)
	assert.Equal(t, "fwmgr", spec.Name)
	for fn, want := range readSeed(t).Functions {
		tok := token(fn)
		f, ok := spec.Functions[tok]
		if !assert.True(t, ok, "function %s is not in schema.json", tok) {
			continue
		}
		require.NotNil(t, f.Inputs, tok)
		outs := f.Outputs
		if outs == nil && f.ReturnType != nil {
			outs = f.ReturnType.ObjectTypeSpec
		}
		require.NotNil(t, outs, "%s has outputs", tok)
		common := []string{"debug", "id"}
		if want.MemberID {
			common = append(common, "memberId")
		}
		_, hasMember := f.Inputs.Properties["memberId"]
		assert.Equal(t, want.MemberID, hasMember, "%s memberId", tok)
		inputs := slices.Clone(common)
		outputs := slices.Clone(common)
		if want.Paged {
			inputs = append(inputs, "limit", "offset", "order")
			outputs = append(outputs, "limit", "offset", "order", "from", "to", "total", "objects")
		}
		for _, in := range append(inputs, want.Inputs...) {
			name, required := strings.CutSuffix(in, "*")
			_, ok := f.Inputs.Properties[name]
			assert.True(t, ok, "%s has no input %s; inputs %v", tok, name, keys(f.Inputs.Properties))
			assert.Equal(t, required, slices.Contains(f.Inputs.Required, name), "%s input %s required", tok, name)
		}
		for _, out := range append(outputs, want.Outputs...) {
			_, ok := outs.Properties[out]
			assert.True(t, ok, "%s has no output %s; outputs %v", tok, out, keys(outs.Properties))
		}
		for _, always := range []string{"id", "from", "to", "total", "objects"} {
			if _, ok := outs.Properties[always]; ok && (always == "id" || want.Paged) {
				assert.Contains(t, outs.Required, always, "%s always returns %s", tok, always)
			}
		}
	}
}

// Every data source of the provider is in the committed schema under its
// computed token, and the settings are the seed's, secrets marked, each
// with its FWMGR_ variable.
func TestSchemaIsCurrent(t *testing.T) {
	spec := loadSchema(t)
	info := fwmgr.Provider()
	for tf, d := range info.DataSources {
		_, ok := spec.Functions[string(d.Tok)]
		assert.True(t, ok, "%s maps to %s, which schema.json lacks (run make pulumi-generate)", tf, d.Tok)
		assert.True(t, strings.HasPrefix(string(d.Tok), "fwmgr:index/getOsShow"), "%s token %s", tf, d.Tok)
	}
	s := readSeed(t)
	assert.ElementsMatch(t, s.Config, keys(spec.Config.Variables))
	for _, name := range s.Secrets {
		assert.True(t, spec.Config.Variables[name].Secret, "%s is secret", name)
	}
	for _, name := range s.Config {
		v := spec.Config.Variables[name]
		if assert.NotNil(t, v.DefaultInfo, "%s has an environment default", name) {
			assert.Contains(t, v.DefaultInfo.Environment, "FWMGR_"+strings.ToUpper(snake(name)))
		}
	}
}

func snake(camel string) string {
	var b strings.Builder
	for i, r := range camel {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
