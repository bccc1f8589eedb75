package orch_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// A spaces constraint names spaces, wanted or excluded with ^, each once;
// ConstraintSpaces gives them all without the ^.
func TestSpacesConstraint(t *testing.T) {
	_, err := api.NormalizeConstraints("spaces=db, ^public mem=1G")
	require.Error(t, err, "a blank ends the constraint")
	norm, err := api.NormalizeConstraints("spaces=db,^public-2 mem=1G")
	require.NoError(t, err)
	assert.Equal(t, "mem=1024M spaces=db,^public-2", norm)
	assert.Equal(t, []string{"db", "public-2"}, api.ConstraintSpaces(norm))
	assert.Empty(t, api.ConstraintSpaces("mem=1024M tags=^db"))
	for bad, want := range map[string]string{
		"spaces=Db":        `"Db" is not a space name`,
		"spaces=^":         `"^" is not a space name`,
		"spaces=^^db":      `"^^db" is not a space name`,
		"spaces=db,db":     `space "db" is named twice`,
		"spaces=db,^db":    `space "db" is both wanted and excluded`,
		"spaces=^db,db":    `space "db" is both wanted and excluded`,
		"spaces=a_b,other": `"a_b" is not a space name`,
	} {
		_, err := api.NormalizeConstraints(bad)
		require.Error(t, err, bad)
		assert.Contains(t, err.Error(), `constraint "spaces": `, bad)
		assert.Contains(t, err.Error(), want, bad)
	}
}
