package seedspec

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEverySpecLoads(t *testing.T) {
	entries, err := files.ReadDir(".")
	require.NoError(t, err)
	require.NotEmpty(t, entries)
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".json")
		s, err := Load(name)
		require.NoError(t, err, e.Name())
		assert.NotEmpty(t, s.Config.Fields, "%s config", name)
		for key, r := range s.Resources {
			assert.NotEmpty(t, r.Token, "%s resource %s", name, key)
			assert.NotEmpty(t, r.Fields, "%s resource %s", name, key)
			for _, f := range append(r.Required, r.Replaces...) {
				assert.Contains(t, r.Fields, f, "%s resource %s: %s is not among its fields", name, key, f)
			}
		}
		for key, d := range s.DataSources {
			assert.NotEmpty(t, d.Token, "%s data source %s", name, key)
			for _, f := range d.Required {
				assert.Contains(t, d.Inputs, f, "%s data source %s", name, key)
			}
		}
	}
}

func TestSnake(t *testing.T) {
	assert.Equal(t, "product_uid", Snake("productUid"))
	assert.Equal(t, "v_router_available", Snake("vRouterAvailable"))
	assert.Equal(t, "asn", Snake("asn"))
}

func TestLoadRefusesUnknownProviders(t *testing.T) {
	_, err := Load("nope")
	assert.Error(t, err)
}
