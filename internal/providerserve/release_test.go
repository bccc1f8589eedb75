package providerserve

import (
	"context"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type ctxKey struct{}

// chainKey keys the values of the benchmark's request contexts.
type chainKey int

var timeFar = time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)

// testProvider has one resource, test_thing, whose ValidateConfig hands the
// context it was given to seen.
type testProvider struct{ seen func(context.Context) }

func (testProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "test"
}
func (testProvider) Schema(context.Context, provider.SchemaRequest, *provider.SchemaResponse) {}
func (testProvider) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {
}
func (testProvider) DataSources(context.Context) []func() datasource.DataSource { return nil }
func (p testProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{func() resource.Resource { return thing(p) }}
}

type thing testProvider

func (thing) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "test_thing"
}
func (thing) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{"name": schema.StringAttribute{Optional: true}}}
}
func (thing) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (thing) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (thing) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (thing) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}
func (t thing) ValidateConfig(ctx context.Context, _ resource.ValidateConfigRequest, _ *resource.ValidateConfigResponse) {
	if t.seen != nil {
		t.seen(ctx)
	}
}

func validateRequest(t testing.TB) *tfprotov6.ValidateResourceConfigRequest {
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"name": tftypes.String}}
	config, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, map[string]tftypes.Value{"name": tftypes.NewValue(tftypes.String, "x")}))
	require.NoError(t, err)
	return &tfprotov6.ValidateResourceConfigRequest{TypeName: "test_thing", Config: &config}
}

func TestReleasingServerKeepsTheFrameworksOptionalServers(t *testing.T) {
	t.Parallel()
	s := ReleasingServer(providerserver.NewProtocol6(testProvider{})())
	require.IsType(t, releasingServer{}, s, "the framework's server is wrapped")
	// The interfaces terraform-plugin-go's server looks for (deprecated
	// names, until their methods move into ProviderServer).
	_, list := s.(tfprotov6.ProviderServerWithListResource)  //nolint:staticcheck // the deprecated names are what is checked
	_, actions := s.(tfprotov6.ProviderServerWithActions)    //nolint:staticcheck // the deprecated names are what is checked
	_, stores := s.(tfprotov6.ProviderServerWithStateStores) //nolint:staticcheck // the deprecated names are what is checked
	assert.True(t, list && actions && stores, "list resources, actions and state stores still reach the framework")
}

// During the RPC the provider sees the request's values and cancelation;
// once it has returned, the context it was given (which the framework keeps
// until StopProvider) no longer reaches the request's context.
func TestReleasingServerLetsGoOfTheRequestContextAfterTheRPC(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), ctxKey{}, "request value"))
	defer cancel()
	var kept context.Context
	var during any
	var canceledDuring error
	p := testProvider{seen: func(ctx context.Context) {
		kept, during = ctx, ctx.Value(ctxKey{})
		cancel()
		canceledDuring = ctx.Err()
	}}
	s := ReleasingServer(providerserver.NewProtocol6(p)())
	resp, err := s.ValidateResourceConfig(ctx, validateRequest(t))
	require.NoError(t, err)
	require.Empty(t, resp.Diagnostics)
	require.NotNil(t, kept)
	assert.Equal(t, "request value", during, "the provider sees the request's values")
	assert.ErrorIs(t, canceledDuring, context.Canceled, "canceling the request cancels the provider's context")
	assert.Nil(t, kept.Value(ctxKey{}), "after the RPC the kept context no longer reaches the request's")
	assert.ErrorIs(t, kept.Err(), context.Canceled)
	select {
	case <-kept.Done():
	default:
		t.Error("the kept context is done")
	}
}

// A context derived from a request that has not ended follows its
// deadline.
func TestReleasableContextFollowsTheRequestDeadline(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithDeadline(context.Background(), timeFar)
	defer cancel()
	_, _ = serve(ctx, func(ctx context.Context, _ struct{}) (struct{}, error) {
		d, ok := ctx.Deadline()
		assert.True(t, ok)
		assert.Equal(t, timeFar, d)
		return struct{}{}, nil
	}, struct{}{})
}

func liveHeap() uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// BenchmarkValidateResourceConfig reports the heap each RPC leaves behind
// (retained-B/op), with the framework's server as it is and wrapped. The
// request context carries what terraform-plugin-go's gRPC server puts in
// it, approximated by a chain of values.
func BenchmarkValidateResourceConfig(b *testing.B) {
	for _, wrapped := range []bool{false, true} {
		name := map[bool]string{false: "framework", true: "releasing"}[wrapped]
		b.Run(name, func(b *testing.B) {
			s := providerserver.NewProtocol6(testProvider{})()
			if wrapped {
				s = ReleasingServer(s)
			}
			req := validateRequest(b)
			before := liveHeap()
			b.ReportAllocs()
			for b.Loop() {
				ctx, cancel := context.WithCancel(context.Background())
				for i := range 20 {
					ctx = context.WithValue(ctx, chainKey(i), make([]byte, 256))
				}
				if _, err := s.ValidateResourceConfig(ctx, req); err != nil {
					b.Fatal(err)
				}
				cancel()
			}
			after := liveHeap()
			runtime.KeepAlive(s) // what the server keeps is counted
			b.ReportMetric(float64(after-min(before, after))/float64(b.N), "retained-B/op")
		})
	}
}
