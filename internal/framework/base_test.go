package framework

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/wait"
)

// gated serves only the type "controller" when only is set.
type gated struct{ only bool }

func (g *gated) Admit(name string, diags *diag.Diagnostics) bool {
	if g.only && name != "controller" {
		diags.AddError(name+" is not served", "only controller")
		return false
	}
	return true
}

func TestResourceBase(t *testing.T) {
	b := &ResourceBase[data]{Name: "machine"}
	var md resource.MetadataResponse
	b.Metadata(context.Background(), resource.MetadataRequest{ProviderTypeName: "orch"}, &md)
	assert.Equal(t, "orch_machine", md.TypeName)

	pd := &data{name: "x"}
	var resp resource.ConfigureResponse
	b.Configure(context.Background(), resource.ConfigureRequest{ProviderData: pd}, &resp)
	assert.Same(t, pd, b.PD)
	assert.False(t, resp.Diagnostics.HasError())
}

func TestDataSourceBaseGate(t *testing.T) {
	b := &DataSourceBase[gated]{Name: "machine"}
	var md datasource.MetadataResponse
	b.Metadata(context.Background(), datasource.MetadataRequest{ProviderTypeName: "orch"}, &md)
	assert.Equal(t, "orch_machine", md.TypeName)

	var resp datasource.ConfigureResponse
	b.Configure(context.Background(), datasource.ConfigureRequest{ProviderData: &gated{only: true}}, &resp)
	assert.Nil(t, b.PD, "a type the gate refuses gets no provider data")
	require.True(t, resp.Diagnostics.HasError())
	assert.Equal(t, "machine is not served", resp.Diagnostics.Errors()[0].Summary())

	c := &DataSourceBase[gated]{Name: "controller"}
	resp = datasource.ConfigureResponse{}
	c.Configure(context.Background(), datasource.ConfigureRequest{ProviderData: &gated{only: true}}, &resp)
	assert.NotNil(t, c.PD)
	assert.False(t, resp.Diagnostics.HasError())

	// Not configured yet: nothing, and the gate is not asked.
	c.Configure(context.Background(), datasource.ConfigureRequest{}, &resp)
	assert.Nil(t, c.PD)
	assert.False(t, resp.Diagnostics.HasError())
}

func TestErrorDetail(t *testing.T) {
	assert.Equal(t, "creating: refused", ErrorDetail(fmt.Errorf("creating: %w", errors.New("refused"))))

	late := fmt.Errorf("waiting: %w", context.DeadlineExceeded)
	assert.Contains(t, ErrorDetail(late), "waiting: context deadline exceeded\n\n")
	assert.Contains(t, ErrorDetail(late), "timeouts block")
	assert.Contains(t, ErrorDetail(fmt.Errorf("removing: %w after 1s", wait.ErrTimeout)), "timeouts block")
}

func TestShortDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{10 * time.Minute: "10m", 90 * time.Minute: "1h30m", 2 * time.Hour: "2h",
		45 * time.Second: "45s", 90 * time.Second: "1m30s"} {
		assert.Equal(t, want, ShortDuration(d))
	}
}
