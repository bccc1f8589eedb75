package netfab

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// A configuration that needs the provider configured: reading a location.
const readsALocation = `
data "netfab_location" "any" {
  id = 1
}`

func TestAccProvider_configurationRules(t *testing.T) {
	accPreCheck(t)
	for name, tc := range map[string]struct {
		env    map[string]string
		config string
		want   string
	}{
		"terms not accepted": {
			config: providerConfig("  accept_purchase_terms = false"),
			want:   `accept_purchase_terms must be true`,
		},
		"terms not accepted in the environment": {
			env:    map[string]string{"NETFAB_ACCEPT_PURCHASE_TERMS": "false"},
			config: providerConfig(),
			want:   `accept_purchase_terms must be true`,
		},
		"terms garbled in the environment": {
			env:    map[string]string{"NETFAB_ACCEPT_PURCHASE_TERMS": "yes please"},
			config: providerConfig(),
			want:   `NETFAB_ACCEPT_PURCHASE_TERMS must be true or false`,
		},
		"no access key": {
			env:    map[string]string{"NETFAB_ACCESS_KEY": ""},
			config: providerConfig(),
			want:   `Set access_key in the provider configuration or NETFAB_ACCESS_KEY`,
		},
		"wrong secret": {
			config: providerConfig(`  secret_key = "not-the-secret"`),
			want:   `(?i)(unauthori[sz]ed|invalid_client|credentials)`,
		},
		"unknown environment": {
			config: `provider "netfab" {
  environment = "moon"
}`,
			want: `environment must be one of sandbox, staging, production, or an https:// URL`,
		},
		"plain http environment": {
			config: `provider "netfab" {
  environment = "http://127.0.0.1:18443"
}`,
			want: `environment must be one of sandbox, staging, production, or an https:// URL`,
		},
		"environment garbled in the environment": {
			env:    map[string]string{EnvEnvironment: "http://127.0.0.1:18443"},
			config: `provider "netfab" {}`,
			want:   `NETFAB_ENVIRONMENT must be one of sandbox, staging, production, or an`,
		},
		"wait time": {
			config: providerConfig("  wait_time = 0"),
			want:   `wait_time value must be at least 0.01`,
		},
	} {
		t.Run(name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      tc.config + readsALocation,
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

func TestEnvironmentURL(t *testing.T) {
	for in, want := range map[string]string{
		"sandbox":                 "https://127.0.0.1:18443",
		"production":              "https://api.netfab.example",
		"https://10.0.0.1:9443/x": "https://10.0.0.1:9443/x",
	} {
		if got := environmentURL(in); got != want {
			t.Errorf("environmentURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// Without environment in the provider block, NETFAB_ENVIRONMENT names it:
// the sandbox of these tests is not on the address of "sandbox".
func TestAccProvider_environmentFromTheEnvironment(t *testing.T) {
	accPreCheck(t)
	t.Setenv(EnvEnvironment, sandboxURL)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: `provider "netfab" {}` + readsALocation,
			Check:  resource.TestCheckResourceAttr("data.netfab_location.any", "id", "1"),
		}},
	})
}
