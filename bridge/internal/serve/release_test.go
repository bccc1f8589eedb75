package serve

import (
	"context"
	"fmt"
	"reflect"
	"runtime"
	"runtime/metrics"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/pulumi/pulumi-terraform-bridge/v3/pkg/pf"
	pfbridge "github.com/pulumi/pulumi-terraform-bridge/v3/pkg/pf/tfbridge"
	"github.com/pulumi/pulumi-terraform-bridge/v3/pkg/tfbridge"
	"github.com/pulumi/pulumi/sdk/v3/go/common/diag"
	presource "github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/bridge/cloudnative"
	"github.com/iacsuite/providers/bridge/fwmgr"
	"github.com/iacsuite/providers/bridge/internal/bridgeinfo"
	"github.com/iacsuite/providers/bridge/netfab"
	"github.com/iacsuite/providers/bridge/orch"
)

// leakProvider has one resource, leak_thing (id, name), whose CRUD keeps
// no state of its own; seen, when set, is handed the context each of its
// methods is given.
type leakProvider struct{ seen func(context.Context) }

func (leakProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "leak"
}
func (leakProvider) Schema(context.Context, provider.SchemaRequest, *provider.SchemaResponse) {}
func (leakProvider) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {
}
func (leakProvider) DataSources(context.Context) []func() datasource.DataSource { return nil }
func (p leakProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{func() resource.Resource { return thing(p) }}
}

type thing leakProvider

type thingModel struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
}

func (thing) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "leak_thing"
}

func (thing) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{
			Computed:      true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
		"name": schema.StringAttribute{Optional: true},
	}}
}

func (t thing) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	t.see(ctx)
	var m thingModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	m.ID = types.StringValue("thing-1")
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

func (t thing) Read(ctx context.Context, _ resource.ReadRequest, _ *resource.ReadResponse) {
	t.see(ctx)
}

func (t thing) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	t.see(ctx)
	resp.Diagnostics.Append(resp.State.Set(ctx, req.Plan.Raw)...)
}

func (t thing) Delete(ctx context.Context, _ resource.DeleteRequest, _ *resource.DeleteResponse) {
	t.see(ctx)
}

func (t thing) see(ctx context.Context) {
	if t.seen != nil {
		t.seen(ctx)
	}
}

// discardSink stands for the engine's log sink (the bridge puts a logger
// writing to it into every RPC's context, as it does when served).
type discardSink struct{}

func (discardSink) Log(context.Context, diag.Severity, presource.URN, string) error { return nil }
func (discardSink) LogStatus(context.Context, diag.Severity, presource.URN, string) error {
	return nil
}

const thingURN = "urn:pulumi:test::leak::leak:index/thing:Thing::t"

// bridged serves p through the bridge as Main does, with the shim
// wrapped by ReleasingShim when releasing is set.
func bridged(t testing.TB, p leakProvider, releasing bool) pulumirpc.ResourceProviderServer {
	t.Helper()
	info := tfbridge.ProviderInfo{
		P:            pfbridge.ShimProvider(p),
		Name:         "leak",
		Version:      "0.0.1",
		MetadataInfo: tfbridge.NewProviderMetadata(nil),
		Resources:    map[string]*tfbridge.ResourceInfo{"leak_thing": {Tok: "leak:index/thing:Thing"}},
	}
	if releasing {
		info.P = ReleasingShim(info.P)
	}
	srv, err := pfbridge.NewProviderServer(context.Background(), discardSink{}, info,
		pfbridge.ProviderMetadata{PackageSchema: []byte(`{"name":"leak"}`)})
	require.NoError(t, err)
	return srv
}

// checkRequest is the Check of a new leak_thing with the given name.
func checkRequest(name string) *pulumirpc.CheckRequest {
	opts := plugin.MarshalOptions{KeepUnknowns: true}
	return &pulumirpc.CheckRequest{
		Urn:  thingURN,
		Olds: must(plugin.MarshalProperties(nil, opts)),
		News: must(plugin.MarshalProperties(presource.PropertyMap{"name": presource.NewStringProperty(name)}, opts)),
	}
}

// must is for values that cannot fail to marshal.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// checkCreateRead is what `pulumi up` and `pulumi refresh` ask of the
// provider for one new resource: Check, Create and Read (three RPCs).
func checkCreateRead(ctx context.Context, t testing.TB, s pulumirpc.ResourceProviderServer) {
	check, err := s.Check(ctx, checkRequest("x"))
	require.NoError(t, err)
	require.Empty(t, check.GetFailures())
	created, err := s.Create(ctx, &pulumirpc.CreateRequest{Urn: thingURN, Properties: check.GetInputs()})
	require.NoError(t, err)
	require.Equal(t, "thing-1", created.GetId())
	read, err := s.Read(ctx, &pulumirpc.ReadRequest{
		Urn: thingURN, Id: created.GetId(), Properties: created.GetProperties(), Inputs: check.GetInputs(),
	})
	require.NoError(t, err)
	require.Equal(t, "thing-1", read.GetId())
}

type requestKey struct{}

// The provider's resource sees the request's values and cancelation while
// the RPC runs, through the bridge; once the RPCs have returned, the
// contexts it was given (which the framework keeps until StopProvider) no
// longer reach the request's context.
func TestReleasingShimLetsGoOfTheRequestContexts(t *testing.T) {
	t.Parallel()
	var kept []context.Context
	p := leakProvider{seen: func(ctx context.Context) {
		assert.Equal(t, "request value", ctx.Value(requestKey{}), "the provider sees the request's values")
		kept = append(kept, ctx)
	}}
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), requestKey{}, "request value"))
	checkCreateRead(ctx, t, bridged(t, p, true))
	cancel()
	require.Len(t, kept, 2, "Create and Read reached the resource")
	for _, k := range kept {
		assert.Nil(t, k.Value(requestKey{}), "after the RPC the kept context no longer reaches the request's")
		assert.ErrorIs(t, k.Err(), context.Canceled)
	}
}

// Canceling the request while the provider works cancels the provider's
// context, as without the wrapper.
func TestReleasingShimPassesCancelation(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var canceled []error
	p := leakProvider{seen: func(pctx context.Context) {
		cancel()
		canceled = append(canceled, pctx.Err())
	}}
	s := bridged(t, p, true)
	check, err := s.Check(context.Background(), checkRequest("x"))
	require.NoError(t, err)
	_, _ = s.Create(ctx, &pulumirpc.CreateRequest{Urn: thingURN, Properties: check.GetInputs()})
	require.Len(t, canceled, 1)
	assert.ErrorIs(t, canceled[0], context.Canceled)
}

// methodNames lists the exported methods of v's dynamic type.
func methodNames(v any) []string {
	typ := reflect.TypeOf(v)
	names := make([]string, 0, typ.NumMethod())
	for i := range typ.NumMethod() {
		names = append(names, typ.Method(i).Name)
	}
	return names
}

// Every method of the bridge's own shim, and of the framework's server,
// is still there once wrapped: the optional interfaces the bridge looks for
// on info.P (ListResourcesMap, ResourceSchemaFixupsMayBePrecomputed,
// FrameworkProvider, pf.ShimProvider) and on the server
// (tfprotov6.ListResourceServer; actions, state stores, identities) are all
// kept, and a bridge upgrade that adds one fails here.
func TestReleasingShimKeepsEveryMethodTheBridgeCanLookFor(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	inner := pfbridge.ShimProvider(leakProvider{})
	wrapped := ReleasingShim(inner)
	require.IsType(t, releasingShim{}, wrapped, "the bridge's shim is wrapped")
	assert.Subset(t, methodNames(wrapped), methodNames(inner))
	_, ok := wrapped.(pf.ShimProvider)
	require.True(t, ok, "the bridge requires pf.ShimProvider of info.P")

	innerServer, err := inner.(pf.ShimProvider).Server(ctx)
	require.NoError(t, err)
	server, err := wrapped.(pf.ShimProvider).Server(ctx)
	require.NoError(t, err)
	assert.NotEqual(t, fmt.Sprintf("%T", innerServer), fmt.Sprintf("%T", server), "the server is wrapped")
	assert.Subset(t, methodNames(server), methodNames(innerServer))
	assert.Subset(t, methodNames(server), methodNames(providerserver.NewProtocol6(leakProvider{})()))
}

func TestReleasingShimLeavesOtherShimsAlone(t *testing.T) {
	t.Parallel()
	var other struct{ pf.ShimProvider }
	assert.Equal(t, other, ReleasingShim(other))
}

func liveHeap() uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// BenchmarkCheckCreateRead reports the heap each Pulumi RPC (Check, Create,
// Read) leaves behind in the bridged provider (retained-B/rpc), with the
// bridge's shim as it is and wrapped by ReleasingShim. The request context
// is a bare cancelable one: what is retained is what the bridge and the
// framework add to it.
func BenchmarkCheckCreateRead(b *testing.B) {
	for _, releasing := range []bool{false, true} {
		name := map[bool]string{false: "bridge", true: "releasing"}[releasing]
		b.Run(name, func(b *testing.B) {
			s := bridged(b, leakProvider{}, releasing)
			checkCreateRead(context.Background(), b, s) // schemas loaded before measuring
			before := liveHeap()
			b.ReportAllocs()
			for b.Loop() {
				ctx, cancel := context.WithCancel(context.Background())
				checkCreateRead(ctx, b, s)
				cancel()
			}
			after := liveHeap()
			runtime.KeepAlive(s) // what the server keeps is counted
			b.ReportMetric(float64(after-min(before, after))/float64(3*b.N), "retained-B/rpc")
		})
	}
}

// Every bridged provider program serves its shim wrapped, and the bridge
// accepts it.
func TestProgramsServeTheReleasingShim(t *testing.T) {
	t.Parallel()
	for _, spec := range []bridgeinfo.Spec{cloudnative.Spec, fwmgr.Spec, netfab.Spec, orch.Spec} {
		t.Run(spec.Name, func(t *testing.T) {
			t.Parallel()
			info := providerInfo(spec)
			require.IsType(t, releasingShim{}, info.P)
			_, err := pfbridge.NewProviderServer(context.Background(), discardSink{}, info,
				pfbridge.ProviderMetadata{PackageSchema: spec.Schema})
			require.NoError(t, err)
		})
	}
}
