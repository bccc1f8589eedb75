package pluginlog

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
)

var levels = []string{"TF_LOG_SDK", "TF_LOG_SDK_PROTO", "TF_LOG_SDK_FRAMEWORK", "TF_LOG_PROVIDER_NET_FAB"}

// unset clears the variables for the test and restores them after it.
func unset(t *testing.T, vars ...string) {
	for _, v := range vars {
		t.Setenv(v, "")
		os.Unsetenv(v)
	}
}

func TestQuietTurnsLoggersOffWhenTerraformShowsNoProviderLogs(t *testing.T) {
	unset(t, append([]string{"TF_LOG", "TF_LOG_PROVIDER"}, levels...)...)
	t.Setenv("TF_LOG_SDK_PROTO", "DEBUG") // set on purpose: kept
	Quiet("iacsuite.example/iacsuite/net-fab")
	for _, v := range levels {
		want := "OFF"
		if v == "TF_LOG_SDK_PROTO" {
			want = "DEBUG"
		}
		assert.Equal(t, want, os.Getenv(v), v)
	}
}

func TestQuietChangesNothingWhenProviderLogsAreAskedFor(t *testing.T) {
	for _, v := range []string{"TF_LOG", "TF_LOG_PROVIDER"} {
		t.Run(v, func(t *testing.T) {
			unset(t, append([]string{"TF_LOG", "TF_LOG_PROVIDER"}, levels...)...)
			t.Setenv(v, "trace")
			Quiet("iacsuite.example/iacsuite/net-fab")
			for _, l := range levels {
				_, set := os.LookupEnv(l)
				assert.False(t, set, l)
			}
		})
	}
}
