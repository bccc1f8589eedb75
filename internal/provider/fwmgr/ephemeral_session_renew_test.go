package fwmgr

import (
	"bytes"
	"context"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
)

// Renew keeps the session alive: the ephemeral resource is opened, renewed
// and closed through the provider's protocol server, as Terraform drives it,
// against a device whose clock the test moves (no sleeps). A session that is
// renewed outlives its timeout; the same session without the renewal would
// have expired (the control below), so the test fails if Renew does nothing.
func TestSessionEphemeral_renewKeepsTheSessionAlive(t *testing.T) {
	ctx := context.Background()
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	d := startDevice(sandboxtest.TB(t), clock)
	const timeout = 60 * time.Second

	srv, err := providerserver.NewProtocol6WithError(New("test")())()
	require.NoError(t, err)
	schemas, err := srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	require.NoError(t, err)
	require.Empty(t, schemas.Diagnostics)
	providerType := schemas.Provider.ValueType().(tftypes.Object)
	cfg := map[string]tftypes.Value{}
	for name, typ := range providerType.AttributeTypes {
		cfg[name] = tftypes.NewValue(typ, nil)
	}
	cfg["server"] = tftypes.NewValue(tftypes.String, d.url.Hostname())
	cfg["port"] = tftypes.NewValue(tftypes.Number, mustPort(t, d))
	cfg["session_timeout"] = tftypes.NewValue(tftypes.Number, int64(timeout/time.Second))
	configured, err := srv.ConfigureProvider(ctx, &tfprotov6.ConfigureProviderRequest{
		TerraformVersion: "1.15.9", Config: dynamicValue(t, providerType, tftypes.NewValue(providerType, cfg)),
	})
	require.NoError(t, err)
	require.Empty(t, configured.Diagnostics)

	sessionType := schemas.EphemeralResourceSchemas["fwmgr_session"].ValueType().(tftypes.Object)
	nulls := map[string]tftypes.Value{}
	for name, typ := range sessionType.AttributeTypes {
		nulls[name] = tftypes.NewValue(typ, nil)
	}
	open := func() (*tfprotov6.OpenEphemeralResourceResponse, string) {
		t.Helper()
		resp, err := srv.OpenEphemeralResource(ctx, &tfprotov6.OpenEphemeralResourceRequest{
			TypeName: "fwmgr_session", Config: dynamicValue(t, sessionType, tftypes.NewValue(sessionType, nulls)),
		})
		require.NoError(t, err)
		require.Empty(t, resp.Diagnostics)
		result, err := resp.Result.Unmarshal(sessionType)
		require.NoError(t, err)
		var attrs map[string]tftypes.Value
		require.NoError(t, result.As(&attrs))
		var sid string
		require.NoError(t, attrs["sid"].As(&sid))
		require.NotEmpty(t, sid)
		require.False(t, resp.RenewAt.IsZero(), "a session with a timeout asks to be renewed")
		return resp, sid
	}
	status := func(sid string) int {
		t.Helper()
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.url.String()+api.Path("", api.ContextOS, "", "show-api-versions"), bytes.NewReader([]byte("{}")))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(api.SessionHeader, sid)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}

	opened, sid := open()
	// Terraform renews when RenewAt comes: halfway to the timeout.
	require.WithinDuration(t, time.Now().Add(timeout/2), opened.RenewAt, timeout/4)
	private := opened.Private
	for range 3 {
		advance(timeout * 9 / 10)
		renewed, err := srv.RenewEphemeralResource(ctx, &tfprotov6.RenewEphemeralResourceRequest{TypeName: "fwmgr_session", Private: private})
		require.NoError(t, err)
		require.Empty(t, renewed.Diagnostics)
		require.False(t, renewed.RenewAt.IsZero(), "renewed again halfway to the timeout")
		private = renewed.Private
	}
	// 2.7 timeouts after the login, the renewed session still works.
	require.Equal(t, http.StatusOK, status(sid), "the renewed session is alive")

	closed, err := srv.CloseEphemeralResource(ctx, &tfprotov6.CloseEphemeralResourceRequest{TypeName: "fwmgr_session", Private: private})
	require.NoError(t, err)
	require.Empty(t, closed.Diagnostics)
	require.Equal(t, http.StatusUnauthorized, status(sid), "Close logs the session out")

	// The control: a session of the same timeout, not renewed, has expired
	// after the same time; closing it then is no error (it has ended).
	expired, other := open()
	advance(timeout * 9 / 10)
	advance(timeout * 9 / 10)
	require.Equal(t, http.StatusUnauthorized, status(other), "a session that is not renewed expires")
	closed, err = srv.CloseEphemeralResource(ctx, &tfprotov6.CloseEphemeralResourceRequest{TypeName: "fwmgr_session", Private: expired.Private})
	require.NoError(t, err)
	require.Empty(t, closed.Diagnostics, "closing an expired session")
}

func mustPort(t *testing.T, d *testDevice) int64 {
	t.Helper()
	p, err := strconv.ParseInt(d.url.Port(), 10, 64)
	require.NoError(t, err)
	return p
}

func dynamicValue(t *testing.T, typ tftypes.Type, v tftypes.Value) *tfprotov6.DynamicValue {
	t.Helper()
	dv, err := tfprotov6.NewDynamicValue(typ, v)
	require.NoError(t, err)
	return &dv
}
