package netfab_test

import (
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	"github.com/iacsuite/providers/bridge/netfab"
)

// The provider's terraformConfig method, called through the gRPC server the
// provider program serves, returns the configuration with Terraform's
// snake_case keys, every value secret.
func TestTerraformConfigMethod(t *testing.T) {
	config := resource.PropertyMap{
		"acceptPurchaseTerms": resource.NewBoolProperty(true),
		"accessKey":           resource.NewStringProperty("an-access-key"),
		"secretKey":           resource.MakeSecret(resource.NewStringProperty("a-secret-key")),
		"environment":         resource.NewStringProperty("https://127.0.0.1:18443"),
		"waitTime":            resource.NewNumberProperty(2.5),
	}
	got := pulumitest.TerraformConfig(t, netfab.Provider(), netfab.Schema(), config)
	want := map[string]any{
		"accept_purchase_terms": true,
		"access_key":            "an-access-key",
		"secret_key":            "a-secret-key",
		"environment":           "https://127.0.0.1:18443",
		"wait_time":             2.5,
	}
	pulumitest.ExpectSecretValues(t, got, want)
	for key := range got {
		if _, ok := want[string(key)]; !ok {
			t.Errorf("unexpected terraformConfig key %s", key)
		}
	}
}
