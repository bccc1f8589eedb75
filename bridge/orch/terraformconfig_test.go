package orch_test

import (
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	"github.com/iacsuite/providers/bridge/orch"
)

// The provider's terraformConfig method, called through the gRPC server the
// provider program serves, returns the configuration with Terraform's
// snake_case keys, every value secret.
func TestTerraformConfigMethod(t *testing.T) {
	config := resource.PropertyMap{
		"controllerAddresses": resource.NewStringProperty("localhost:17070,10.0.0.2:17070"),
		"username":            resource.NewStringProperty("admin"),
		"password":            resource.MakeSecret(resource.NewStringProperty("a-password")),
		"skipFailedDeletion":  resource.NewBoolProperty(true),
	}
	got := pulumitest.TerraformConfig(t, orch.Provider(), orch.Schema(), config)
	want := map[string]any{
		"controller_addresses": "localhost:17070,10.0.0.2:17070",
		"username":             "admin",
		"password":             "a-password",
		"skip_failed_deletion": true,
	}
	pulumitest.ExpectSecretValues(t, got, want)
	// Settings left unset are there, without a value.
	for key, v := range got {
		if _, ok := want[string(key)]; ok {
			continue
		}
		if v.IsSecret() {
			v = v.SecretValue().Element
		}
		if !v.IsNull() {
			t.Errorf("unexpected terraformConfig %s = %v", key, v)
		}
	}
}
