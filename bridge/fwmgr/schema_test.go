package fwmgr_test

import (
	"slices"
	"strings"
	"testing"

	pschema "github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/bridge/fwmgr"
	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	"github.com/iacsuite/providers/internal/seedspec"
)

func loadSchema(t *testing.T) pschema.PackageSpec {
	t.Helper()
	return pulumitest.PackageSchema(t, fwmgr.Schema())
}

// The committed schema has every token, input and output of the seed, with
// the seed's names (internal/seedspec/fwmgr.json).
func TestSeedFunctions(t *testing.T) {
	spec := loadSchema(t)
	assert.Equal(t, "fwmgr", spec.Name)
	for key, want := range seedspec.MustLoad("fwmgr").DataSources {
		f, ok := spec.Functions[want.Token]
		if !assert.True(t, ok, "%s: function %s is not in schema.json", key, want.Token) {
			continue
		}
		require.NotNil(t, f.Inputs, want.Token)
		outs := f.Outputs
		if outs == nil && f.ReturnType != nil {
			outs = f.ReturnType.ObjectTypeSpec
		}
		require.NotNil(t, outs, "%s has outputs", want.Token)
		for _, name := range want.Inputs {
			_, ok := f.Inputs.Properties[name]
			assert.True(t, ok, "%s has no input %s; inputs %v", want.Token, name, pulumitest.SortedKeys(f.Inputs.Properties))
			assert.Equal(t, slices.Contains(want.Required, name), slices.Contains(f.Inputs.Required, name),
				"%s input %s required", want.Token, name)
		}
		_, hasMember := f.Inputs.Properties["memberId"]
		assert.Equal(t, slices.Contains(want.Inputs, "memberId"), hasMember, "%s memberId", want.Token)
		for _, name := range want.Outputs {
			_, ok := outs.Properties[name]
			assert.True(t, ok, "%s has no output %s; outputs %v", want.Token, name, pulumitest.SortedKeys(outs.Properties))
		}
		for _, always := range []string{"id", "from", "to", "total", "objects"} {
			if slices.Contains(want.Outputs, always) && (always == "id" || slices.Contains(want.Inputs, "limit")) {
				assert.Contains(t, outs.Required, always, "%s always returns %s", want.Token, always)
			}
		}
	}
}

// Every data source and resource of the provider is in the committed schema
// under its computed token, and the settings are the seed's, secrets marked, each
// with its FWMGR_ variable.
func TestSchemaIsCurrent(t *testing.T) {
	spec := loadSchema(t)
	info := fwmgr.Provider()
	for tf, d := range info.DataSources {
		_, ok := spec.Functions[string(d.Tok)]
		assert.True(t, ok, "%s maps to %s, which schema.json lacks (run make pulumi-generate)", tf, d.Tok)
		assert.True(t, strings.HasPrefix(string(d.Tok), "fwmgr:index/getOsShow") || strings.HasPrefix(string(d.Tok), "fwmgr:index/getManagement"),
			"%s token %s", tf, d.Tok)
	}
	for tf, r := range info.Resources {
		_, ok := spec.Resources[string(r.Tok)]
		assert.True(t, ok, "%s maps to %s, which schema.json lacks (run make pulumi-generate)", tf, r.Tok)
		assert.True(t, strings.HasPrefix(string(r.Tok), "fwmgr:index/management") || strings.HasPrefix(string(r.Tok), "fwmgr:index/os"), "%s token %s", tf, r.Tok)
	}
	s := seedspec.MustLoad("fwmgr").Config
	assert.ElementsMatch(t, s.Fields, pulumitest.SortedKeys(spec.Config.Variables))
	for _, name := range s.Secrets {
		assert.True(t, spec.Config.Variables[name].Secret, "%s is secret", name)
	}
	for _, name := range s.Fields {
		v := spec.Config.Variables[name]
		if assert.NotNil(t, v.DefaultInfo, "%s has an environment default", name) {
			assert.Equal(t, []string{s.Env[name]}, v.DefaultInfo.Environment)
		}
	}
}
