package workflowtest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAddAttributesReplacesTheGeneratedLine(t *testing.T) {
	generated := `# __generated__ by Terraform
resource "orch_secret" "imported" {
  info       = "db"
  value      = null # sensitive
  model_uuid = "m"
}
`
	got, err := addAttributes(generated, `value = { password = "x" }`)
	require.NoError(t, err)
	assert.Equal(t, `# __generated__ by Terraform
resource "orch_secret" "imported" {
  info       = "db"
  model_uuid = "m"
  value = { password = "x" }
}
`, got)
}

func TestAddAttributesRefusesAMultiLineValue(t *testing.T) {
	generated := "resource \"x\" \"imported\" {\n  config = {\n    a = \"b\"\n  }\n}\n"
	_, err := addAttributes(generated, `config = null`)
	assert.ErrorContains(t, err, "several lines")
}

func TestIDFrom(t *testing.T) {
	id := IDFrom("%s:%s", "model_uuid", "name")
	assert.Equal(t, "u:app", id(map[string]any{"model_uuid": "u", "name": "app"}))
}
