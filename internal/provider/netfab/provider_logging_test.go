package netfab

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tflogtest"

	sandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
)

// The secret key reaches the service and never the logs, even at debug level.
func TestSecretKeyIsNeverLogged(t *testing.T) {
	var logs bytes.Buffer
	ctx := tflogtest.RootLogger(context.Background(), &logs)
	p := New("test")()
	var s provider.SchemaResponse
	p.Schema(ctx, provider.SchemaRequest{}, &s)
	raw := tftypes.NewValue(s.Schema.Type().TerraformType(ctx), map[string]tftypes.Value{
		"accept_purchase_terms": tftypes.NewValue(tftypes.Bool, true),
		"access_key":            tftypes.NewValue(tftypes.String, sandbox.DefaultAccessKey),
		"secret_key":            tftypes.NewValue(tftypes.String, sandbox.DefaultSecretKey),
		"environment":           tftypes.NewValue(tftypes.String, sandboxURL),
		"wait_time":             tftypes.NewValue(tftypes.Number, nil),
	})
	var resp provider.ConfigureResponse
	p.Configure(ctx, provider.ConfigureRequest{Config: tfsdk.Config{Schema: s.Schema, Raw: raw}}, &resp)
	if resp.Diagnostics.HasError() {
		t.Fatalf("configure: %v", resp.Diagnostics)
	}
	pd, ok := resp.DataSourceData.(*providerData)
	if !ok {
		t.Fatalf("provider data is a %T", resp.DataSourceData)
	}
	if _, err := pd.client.Locations(ctx); err != nil {
		t.Fatalf("an authenticated call failed: %v", err)
	}
	if !strings.Contains(logs.String(), "netfab API call") {
		t.Fatalf("no debug logs were captured, so the test proves nothing:\n%s", logs.String())
	}
	if strings.Contains(logs.String(), sandbox.DefaultSecretKey) {
		t.Fatalf("the secret key appears in the logs:\n%s", logs.String())
	}
}
