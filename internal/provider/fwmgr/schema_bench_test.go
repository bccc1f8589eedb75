package fwmgr

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// BenchmarkGetProviderSchema is the CPU a new provider process spends
// answering its first GetProviderSchema (goal P5): a new server each time,
// as the framework caches the schemas of a server.
func BenchmarkGetProviderSchema(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		server, err := providerserver.NewProtocol6WithError(New("bench")())()
		if err != nil {
			b.Fatal(err)
		}
		resp, err := server.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
		if err != nil || len(resp.Diagnostics) > 0 {
			b.Fatal(err, resp.Diagnostics)
		}
	}
}
