package validate

import (
	"context"
	"errors"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func run(v validator.String, value string) string {
	req := validator.StringRequest{Path: path.Root("field"), ConfigValue: types.StringValue(value)}
	resp := &validator.StringResponse{}
	v.ValidateString(context.Background(), req, resp)
	if !resp.Diagnostics.HasError() {
		return ""
	}
	return resp.Diagnostics.Errors()[0].Detail()
}

func TestValidators(t *testing.T) {
	for _, tc := range []struct {
		name  string
		v     validator.String
		value string
		ok    bool
	}{
		{"cidr v4", CIDR(), "10.0.0.0/8", true},
		{"cidr v6", CIDR(), "2001:db8::/32", true},
		{"cidr bare address", CIDR(), "10.0.0.1", false},
		{"cidr garbage", CIDR(), "ten/8", false},
		{"mac", MACAddress(), "00:11:22:aa:BB:cc", true},
		{"mac dashes", MACAddress(), "00-11-22-aa-bb-cc", false},
		{"mac short", MACAddress(), "00:11:22:aa:bb", false},
		{"port", PortRanges(), "443", true},
		{"ports and range", PortRanges(), "80,443,8000-8080", true},
		{"port zero", PortRanges(), "0", false},
		{"port too high", PortRanges(), "65536", false},
		{"descending range", PortRanges(), "90-80", false},
		{"empty element", PortRanges(), "80,", false},
		{"space", PortRanges(), "80, 443", false},
		{"leading zero", PortRanges(), "080", false},
		{"empty range", PortRanges(), "80-80", false},
		{"plus sign", PortRanges(), "+80", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			detail := run(tc.v, tc.value)
			if tc.ok && detail != "" {
				t.Fatalf("%q rejected: %s", tc.value, detail)
			}
			if !tc.ok {
				require.NotEmpty(t, detail, "%q accepted", tc.value)
				require.Contains(t, detail, "field", "error does not name the attribute: %s", detail)
			}
		})
	}
}

func TestUnknownAndNullAreNotValidated(t *testing.T) {
	for _, v := range []types.String{types.StringNull(), types.StringUnknown()} {
		resp := &validator.StringResponse{}
		CIDR().ValidateString(context.Background(), validator.StringRequest{Path: path.Root("f"), ConfigValue: v}, resp)
		require.False(t, resp.Diagnostics.HasError(), "%v rejected", v)
	}
}

func TestStringFunc(t *testing.T) {
	v := StringFunc("must be even length", func(s string) error {
		if len(s)%2 != 0 {
			return errors.New("must have an even number of bytes")
		}
		return nil
	})
	assert.Equal(t, "must be even length", v.Description(context.Background()))
	for value, ok := range map[types.String]bool{
		types.StringValue("ab"):  true,
		types.StringValue("abc"): false,
		types.StringNull():       true,
		types.StringUnknown():    true,
	} {
		var resp validator.StringResponse
		v.ValidateString(context.Background(), validator.StringRequest{Path: path.Root("name"), ConfigValue: value}, &resp)
		if ok {
			assert.False(t, resp.Diagnostics.HasError(), value.String())
			continue
		}
		require.Len(t, resp.Diagnostics.Errors(), 1)
		assert.Equal(t, `name must have an even number of bytes; got "abc".`, resp.Diagnostics.Errors()[0].Detail())
	}
}
