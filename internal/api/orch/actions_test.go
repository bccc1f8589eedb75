package orch_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
)

func TestActionParamsFromStrings(t *testing.T) {
	a := api.CharmAction{Params: map[string]any{"type": "object", "additionalProperties": false, "properties": map[string]any{
		"n": map[string]any{"type": "integer", "minimum": 1}, "f": map[string]any{"type": "number"}, "b": map[string]any{"type": "boolean"},
		"l": map[string]any{"type": "array", "items": map[string]any{"type": "string"}}, "s": map[string]any{"type": "string"},
	}}}
	p, err := api.ActionParamsFromStrings(a, map[string]string{"n": "3", "f": "1.5", "b": "true", "l": `["x"]`, "s": "7"})
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"n": int64(3), "f": 1.5, "b": true, "l": []any{"x"}, "s": "7"}, p)
	require.NoError(t, api.ValidateActionParams("x", a, p))

	_, err = api.ActionParamsFromStrings(a, map[string]string{"n": "three"})
	require.EqualError(t, err, `parameters.n: "three" is not an integer`)
	_, err = api.ActionParamsFromStrings(a, map[string]string{"b": "yes"})
	require.EqualError(t, err, `parameters.b: "yes" is not a boolean (true or false)`)
	p, err = api.ActionParamsFromStrings(a, map[string]string{"n": "0", "other": "x"})
	require.NoError(t, err)
	err = api.ValidateActionParams("x", a, p)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "parameters.n: minimum: got 0, want 1")
	assert.Contains(t, err.Error(), "additional properties 'other' not allowed")
}
