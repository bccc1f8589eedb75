package orch

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/store"
)

func TestConfigIsChecked(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "orch.db"))
	require.NoError(t, err)
	defer st.Close()
	for name, cfg := range map[string]Config{
		"no store":       {},
		"negative delay": {Store: st, ProvisioningDelay: -1},
		"short password": {Store: st, AdminPassword: "short"},
		"bad defaults":   {Store: st, ModelDefaults: map[string]string{"development": "maybe"}},
		"bad uuid":       {Store: st, ControllerUUID: "not-a-uuid"},
	} {
		_, err := New(cfg)
		assert.Error(t, err, name)
	}
}
