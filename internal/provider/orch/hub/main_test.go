package hub_test

import (
	"os"
	"testing"

	"github.com/iacsuite/providers/internal/provider/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// The hub's resources are tested through the orch provider in hub mode,
// against one shared controller and hubs (orchacc.Main) served in this
// process for the whole package; the tests run in parallel, each with
// service accounts, clouds and names of its own.
func TestMain(m *testing.M) {
	os.Exit(orchacc.Main(m, orchacc.Options{
		New: orch.New("test"), EnvUsername: orch.EnvUsername, EnvPassword: orch.EnvPassword,
		EnvControllerAddresses: orch.EnvControllerAddresses,
	}))
}
