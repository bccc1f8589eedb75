package framework

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type data struct{ name string }

func TestProviderData(t *testing.T) {
	var diags diag.Diagnostics
	want := &data{name: "x"}
	assert.Same(t, want, ProviderData[data](want, &diags))
	assert.False(t, diags.HasError())

	// Not configured yet: no value and no diagnostic.
	assert.Nil(t, ProviderData[data](nil, &diags))
	assert.False(t, diags.HasError())

	// Another type is a provider bug, reported, never a panic.
	assert.Nil(t, ProviderData[data]("not the data", &diags))
	require.True(t, diags.HasError())
	assert.Contains(t, diags.Errors()[0].Detail(), "got string")
}

func TestRequireConfigured(t *testing.T) {
	var diags diag.Diagnostics
	assert.True(t, RequireConfigured(&data{}, &diags))
	assert.False(t, diags.HasError())

	assert.False(t, RequireConfigured[data](nil, &diags))
	require.Len(t, diags.Errors(), 1)
	assert.Equal(t, "Provider not configured", diags.Errors()[0].Summary())
}

func TestStringFromConfigOrEnv(t *testing.T) {
	t.Setenv("FRAMEWORK_TEST_VALUE", "from-env")
	assert.Equal(t, "from-config", StringFromConfigOrEnv(types.StringValue("from-config"), "FRAMEWORK_TEST_VALUE"))
	// An empty configured value is a value: it does not fall back.
	assert.Equal(t, "", StringFromConfigOrEnv(types.StringValue(""), "FRAMEWORK_TEST_VALUE"))
	assert.Equal(t, "from-env", StringFromConfigOrEnv(types.StringNull(), "FRAMEWORK_TEST_VALUE"))
	assert.Equal(t, "", StringFromConfigOrEnv(types.StringNull(), "FRAMEWORK_TEST_UNSET"))
}
