package orch

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCheckOptionValue: every type, with values it takes and values it
// refuses, each refusal with its message.
func TestCheckOptionValue(t *testing.T) {
	for _, tc := range []struct {
		typ, value string
		want       string // the error; "" for none
	}{
		{OptionString, "anything at all", ""},
		{OptionString, "", ""},
		{OptionSecret, "secret:cn3ptalc2k8s7g0vt5m0", ""},
		{OptionSecret, "", ""},
		{OptionInt, "42", ""},
		{OptionInt, "-7", ""},
		{OptionInt, "many", `"many" is not an integer`},
		{OptionInt, "1.5", `"1.5" is not an integer`},
		{OptionInt, "", `"" is not an integer`},
		{OptionInt, "9223372036854775808", `"9223372036854775808" is not an integer`},
		{OptionFloat, "0.5", ""},
		{OptionFloat, "3", ""},
		{OptionFloat, "-1e3", ""},
		{OptionFloat, "half", `"half" is not a number`},
		{OptionFloat, "1.5x", `"1.5x" is not a number`},
		{OptionBool, "true", ""},
		{OptionBool, "false", ""},
		{OptionBool, "yes", `"yes" is not a boolean (true or false)`},
		{OptionBool, "True", `"True" is not a boolean (true or false)`},
		{OptionBool, "1", `"1" is not a boolean (true or false)`},
		{OptionDuration, "5m0s", ""},
		{OptionDuration, "250ms", ""},
		{OptionDuration, "5", `"5" is not a duration (for example 5m0s)`},
		{OptionDuration, "soon", `"soon" is not a duration (for example 5m0s)`},
		{"list", "a,b", `the option type "list" is unknown (the types are string, int, float, boolean, duration, secret)`},
		{"", "x", `the option type "" is unknown (the types are string, int, float, boolean, duration, secret)`},
	} {
		err := CheckOptionValue(tc.typ, tc.value)
		if tc.want == "" {
			assert.NoError(t, err, "%s %q", tc.typ, tc.value)
		} else {
			assert.EqualError(t, err, tc.want, "%s %q", tc.typ, tc.value)
		}
	}
}

// TestConfigKeysHaveKnownTypes: every key of the configuration tables has a
// type of configuration keys (no float nor secret, which are charm option
// types), and its default is a value of it.
func TestConfigKeysHaveKnownTypes(t *testing.T) {
	keyTypes := []string{OptionString, OptionInt, OptionBool, OptionDuration}
	check := func(table, k, typ, def string) {
		assert.Contains(t, keyTypes, typ, "%s %s", table, k)
		if def != "" {
			assert.NoError(t, CheckOptionValue(typ, def), "%s %s: default", table, k)
		}
	}
	for k, key := range ModelConfigKeys {
		check("ModelConfigKeys", k, key.Type, key.Default)
	}
	for k, key := range BootstrapConfigKeys {
		check("BootstrapConfigKeys", k, key.Type, key.Default)
	}
	for k, key := range ControllerConfigKeys {
		check("ControllerConfigKeys", k, key.Type, key.Default)
	}
	assert.NotContains(t, CharmOptionTypes, OptionDuration, "upstream's charm options have no duration")
}
