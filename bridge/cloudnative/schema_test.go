package cloudnative

import (
	"testing"

	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	"github.com/iacsuite/providers/internal/seedspec"
)

// The seed pins the package's tokens and field names:
// internal/seedspec/cloudnative.json, which the Terraform provider's schema
// test reads too.
func TestSeedSpecFields(t *testing.T) {
	seed := seedspec.MustLoad("cloudnative")
	spec := pulumitest.PackageSchema(t, Schema())
	pulumitest.CheckSeedResources(t, spec, seed)
	pulumitest.CheckSeedConfig(t, spec, seed)
}
