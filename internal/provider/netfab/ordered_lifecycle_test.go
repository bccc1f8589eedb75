package netfab

import (
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	sandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// lifecycleSandbox is a sandbox that provisions in delay (0: an order
// answers LIVE), with the log of the requests the provider sends it.
type lifecycleSandbox struct {
	pd    *providerData
	mu    sync.Mutex
	calls []string
}

func newLifecycleSandbox(t *testing.T, delay, waitTime time.Duration) *lifecycleSandbox {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "netfab.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	h, err := sandbox.New(sandbox.Config{Store: st, ProvisioningDelay: delay})
	require.NoError(t, err)
	sb := &lifecycleSandbox{}
	url := sandboxtest.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/oauth2/token" {
			sb.mu.Lock()
			sb.calls = append(sb.calls, r.Method+" "+r.URL.Path)
			sb.mu.Unlock()
		}
		h.ServeHTTP(w, r)
	}))
	c, err := client.New(client.Config{BaseURL: url, AccessKey: sandbox.DefaultAccessKey, SecretKey: sandbox.DefaultSecretKey})
	require.NoError(t, err)
	sb.pd = &providerData{client: c, waitTime: waitTime}
	return sb
}

// requests returns the requests sent since the last call, and forgets them.
func (sb *lifecycleSandbox) requests() []string {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	out := sb.calls
	sb.calls = nil
	return out
}

func portResourceSchema(t *testing.T) tfsdk.State {
	t.Helper()
	var resp resource.SchemaResponse
	NewPortResource().Schema(context.Background(), resource.SchemaRequest{}, &resp)
	require.False(t, resp.Diagnostics.HasError(), "%v", resp.Diagnostics)
	return tfsdk.State{Schema: resp.Schema, Raw: tftypes.NewValue(resp.Schema.Type().TerraformType(context.Background()), nil)}
}

// createPort runs the port's Create for a plan of a port named name at
// speed, as Terraform would, and returns its answer.
func createPort(t *testing.T, sb *lifecycleSandbox, name string, speed int64) *resource.CreateResponse {
	t.Helper()
	ctx := context.Background()
	empty := portResourceSchema(t)
	plan := tfsdk.Plan(empty)
	for p, v := range map[string]any{
		"product_name": types.StringValue(name), "port_speed": types.Int64Value(speed), "location_id": types.Int64Value(1),
		"contract_term_months": types.Int64Value(12), "marketplace_visibility": types.BoolValue(false),
	} {
		require.False(t, plan.SetAttribute(ctx, path.Root(p), v).HasError())
	}
	resp := &resource.CreateResponse{State: empty}
	portProduct.create(ctx, sb.pd, resource.CreateRequest{Plan: plan, Config: tfsdk.Config(plan)}, resp)
	return resp
}

func stateString(t *testing.T, s tfsdk.State, attr string) string {
	t.Helper()
	var v types.String
	require.False(t, s.GetAttribute(context.Background(), path.Root(attr), &v).HasError())
	return v.ValueString()
}

func summaries(d diag.Diagnostics) string {
	var b strings.Builder
	for _, x := range d {
		b.WriteString(x.Severity().String() + ": " + x.Summary() + "\n")
	}
	return b.String()
}

// The crash-safety rules of the ordered products' one lifecycle, shown on
// the port (every ordered product runs the same create, read and update).
func TestOrderedLifecycle(t *testing.T) {
	ctx := context.Background()

	t.Run("a refused order leaves nothing in state", func(t *testing.T) {
		sb := newLifecycleSandbox(t, 0, time.Minute)
		resp := createPort(t, sb, "refused", 7)
		require.True(t, resp.Diagnostics.HasError())
		assert.Contains(t, summaries(resp.Diagnostics), "Could not order the port")
		assert.True(t, resp.State.Raw.IsNull(), "a refused order wrote a state")
		assert.Equal(t, []string{"POST /v3/orders"}, sb.requests())
	})

	t.Run("a product live at its order is saved without a wait", func(t *testing.T) {
		sb := newLifecycleSandbox(t, 0, time.Minute)
		resp := createPort(t, sb, "live", 10000)
		require.False(t, resp.Diagnostics.HasError(), summaries(resp.Diagnostics))
		assert.Equal(t, netfabapi.StatusLive, stateString(t, resp.State, "provisioning_status"))
		assert.NotEmpty(t, stateString(t, resp.State, "id"))
		assert.Equal(t, []string{"POST /v3/orders"}, sb.requests(), "only the order: nothing to wait for")
	})

	t.Run("a wait that runs out keeps the product, and the update resumes it", func(t *testing.T) {
		sb := newLifecycleSandbox(t, 2*time.Second, 10*time.Millisecond)
		resp := createPort(t, sb, "slow", 10000)
		require.False(t, resp.Diagnostics.HasError(), summaries(resp.Diagnostics))
		assert.Contains(t, summaries(resp.Diagnostics), "still being provisioned")
		uid := stateString(t, resp.State, "id")
		require.NotEmpty(t, uid, "the product is not in state")
		assert.Equal(t, netfabapi.StatusDeployable, stateString(t, resp.State, "provisioning_status"))

		// The next apply plans an update (the pending status), which waits
		// for the same product.
		sb.pd.waitTime = time.Minute
		sb.requests()
		upd := &resource.UpdateResponse{State: portResourceSchema(t)}
		planned := tfsdk.Plan(resp.State)
		portProduct.update(ctx, sb.pd, resource.UpdateRequest{Plan: planned, State: resp.State, Config: tfsdk.Config(planned)}, upd)
		require.False(t, upd.Diagnostics.HasError(), summaries(upd.Diagnostics))
		assert.Equal(t, uid, stateString(t, upd.State, "id"))
		assert.Contains(t, []string{netfabapi.StatusConfigured, netfabapi.StatusLive}, stateString(t, upd.State, "provisioning_status"))
		for _, r := range sb.requests() {
			assert.NotEqual(t, "POST /v3/orders", r, "the update ordered again")
		}
		ports, err := sb.pd.client.Products(ctx, netfabapi.ProductTypePort)
		require.NoError(t, err)
		assert.Len(t, ports, 1)
	})

	t.Run("a read of a cancelled product removes it from state", func(t *testing.T) {
		sb := newLifecycleSandbox(t, 0, time.Minute)
		created := createPort(t, sb, "gone", 10000)
		require.False(t, created.Diagnostics.HasError(), summaries(created.Diagnostics))
		del := &resource.DeleteResponse{State: created.State}
		portProduct.delete(ctx, sb.pd, resource.DeleteRequest{State: created.State}, del)
		require.False(t, del.Diagnostics.HasError(), summaries(del.Diagnostics))
		read := &resource.ReadResponse{State: created.State}
		portProduct.read(ctx, sb.pd, resource.ReadRequest{State: created.State}, read)
		require.False(t, read.Diagnostics.HasError(), summaries(read.Diagnostics))
		assert.True(t, read.State.Raw.IsNull(), "a cancelled product stayed in state")
	})
}
