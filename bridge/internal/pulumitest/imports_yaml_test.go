package pulumitest

import (
	"testing"

	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

// A date that pulumi import writes unquoted stays that text in the program
// the harness writes back, not a timestamp.
func TestUnmarshalKeepingTextKeepsDates(t *testing.T) {
	var m map[string]any
	require.NoError(t, unmarshalKeepingText([]byte("expirationDate: 2030-05-30\nn: 3\n"), &m))
	require.Equal(t, "2030-05-30", m["expirationDate"])
	require.Equal(t, 3, m["n"])
	out, err := yaml.Marshal(m)
	require.NoError(t, err)
	require.Contains(t, string(out), `expirationDate: "2030-05-30"`)
}
