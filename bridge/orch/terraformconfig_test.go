package orch_test

import (
	"context"
	"testing"

	pfbridge "github.com/pulumi/pulumi-terraform-bridge/v3/pkg/pf/tfbridge"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"github.com/iacsuite/providers/bridge/orch"
)

// The provider's terraformConfig method, called through the gRPC server the
// provider program serves, returns the configuration with Terraform's
// snake_case keys, every value secret.
func TestTerraformConfigMethod(t *testing.T) {
	ctx := context.Background()
	srv, err := pfbridge.NewProviderServer(ctx, nil, orch.Provider(),
		pfbridge.ProviderMetadata{PackageSchema: orch.Schema()})
	if err != nil {
		t.Fatal(err)
	}
	config := resource.PropertyMap{
		"controllerAddresses": resource.NewStringProperty("localhost:17070,10.0.0.2:17070"),
		"username":            resource.NewStringProperty("admin"),
		"password":            resource.MakeSecret(resource.NewStringProperty("a-password")),
		"skipFailedDeletion":  resource.NewBoolProperty(true),
	}
	args, err := plugin.MarshalProperties(config, plugin.MarshalOptions{KeepSecrets: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Configure(ctx, &pulumirpc.ConfigureRequest{Args: args, AcceptSecrets: true, AcceptResources: true}); err != nil {
		t.Fatalf("Configure: %v", err)
	}
	self, err := plugin.MarshalProperties(resource.PropertyMap{
		"__self__": resource.MakeCustomResourceReference("urn:pulumi:dev::test::pulumi:providers:orch::p", "some-id", ""),
	}, plugin.MarshalOptions{KeepResources: true})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := srv.Call(ctx, &pulumirpc.CallRequest{Tok: "pulumi:providers:orch/terraformConfig", Args: self})
	if err != nil {
		t.Fatalf("Call terraformConfig: %v", err)
	}
	ret, err := plugin.UnmarshalProperties(resp.GetReturn(), plugin.MarshalOptions{KeepSecrets: true})
	if err != nil {
		t.Fatal(err)
	}
	result := ret["result"]
	if !result.IsObject() {
		t.Fatalf("result is %v", result)
	}
	want := map[string]any{
		"controller_addresses": "localhost:17070,10.0.0.2:17070",
		"username":             "admin",
		"password":             "a-password",
		"skip_failed_deletion": true,
	}
	got := result.ObjectValue()
	for key, value := range want {
		v, ok := got[resource.PropertyKey(key)]
		if !ok {
			t.Errorf("terraformConfig has no %s: %v", key, got)
			continue
		}
		if !v.IsSecret() {
			t.Errorf("terraformConfig %s is not secret", key)
			continue
		}
		if plain := v.SecretValue().Element.Mappable(); plain != value {
			t.Errorf("terraformConfig %s = %v, want %v", key, plain, value)
		}
	}
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
