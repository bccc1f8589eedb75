package pulumitest

import (
	"context"
	"testing"

	pfbridge "github.com/pulumi/pulumi-terraform-bridge/v3/pkg/pf/tfbridge"
	"github.com/pulumi/pulumi-terraform-bridge/v3/pkg/tfbridge"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// TerraformConfig configures the provider of info (its package schema
// schema) with config, by Pulumi names, through the gRPC server the
// provider program serves, calls the provider's terraformConfig method and
// returns its result.
func TerraformConfig(t *testing.T, info tfbridge.ProviderInfo, schema []byte, config resource.PropertyMap) resource.PropertyMap {
	t.Helper()
	ctx := context.Background()
	srv, err := pfbridge.NewProviderServer(ctx, nil, info, pfbridge.ProviderMetadata{PackageSchema: schema})
	if err != nil {
		t.Fatal(err)
	}
	args, err := plugin.MarshalProperties(config, plugin.MarshalOptions{KeepSecrets: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Configure(ctx, &pulumirpc.ConfigureRequest{Args: args, AcceptSecrets: true, AcceptResources: true}); err != nil {
		t.Fatalf("Configure: %v", err)
	}
	self, err := plugin.MarshalProperties(resource.PropertyMap{
		"__self__": resource.MakeCustomResourceReference(
			resource.URN("urn:pulumi:dev::test::pulumi:providers:"+info.Name+"::p"), "some-id", ""),
	}, plugin.MarshalOptions{KeepResources: true})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := srv.Call(ctx, &pulumirpc.CallRequest{Tok: "pulumi:providers:" + info.Name + "/terraformConfig", Args: self})
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
	return result.ObjectValue()
}

// ExpectSecretValues fails the test unless got has every key of want,
// secret, with want's value.
func ExpectSecretValues(t testing.TB, got resource.PropertyMap, want map[string]any) {
	t.Helper()
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
}
