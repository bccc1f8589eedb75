package orch

import (
	"testing"

	"github.com/stretchr/testify/assert"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// TestSecretParamsOfStoredTasks: a task stored before the names of its
// secret parameters were kept with it (its value stored too) is answered
// without them, by the catalogue's declarations.
func TestSecretParamsOfStoredTasks(t *testing.T) {
	old := &taskRecord{Task: api.Task{Action: "set-password", Parameters: map[string]any{"username": "operator", "password": "from-before"}}}
	params, withheld := withoutSecrets(old)
	assert.Equal(t, map[string]any{"username": "operator"}, params)
	assert.Equal(t, []string{"parameters.password"}, withheld)
	assert.Equal(t, "from-before", old.Parameters["password"], "the record is not changed")

	kept, names := storedParams(map[string]any{"username": "root", "password": "new-one"}, charmActions["mysql"]["set-password"].SecretParams())
	assert.Equal(t, map[string]any{"username": "root"}, kept)
	assert.Equal(t, []string{"password"}, names)

	params, withheld = withoutSecrets(&taskRecord{Task: api.Task{Action: "echo", Parameters: map[string]any{"value": "x"}}})
	assert.Equal(t, map[string]any{"value": "x"}, params)
	assert.Empty(t, withheld)
	assert.Equal(t, []string{"password"}, secretParamsOf("set-password"))
}
