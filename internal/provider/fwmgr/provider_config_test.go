package fwmgr

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/iacsuite/providers/internal/acctest"
	sandbox "github.com/iacsuite/providers/internal/sandbox/fwmgr"
)

// A configuration that needs the provider configured.
const readsTheVersion = `
data "fwmgr_os_show_version" "this" {}
`

// Bad settings and inputs are rejected before anything is read, with a
// message that names the field.
func TestAccProviderConfigurationRules(t *testing.T) {
	acctest.PreCheck(t)
	for name, tc := range map[string]struct {
		env    map[string]string
		config string
		want   string
	}{
		"session timeout of 5": {
			config: shared.providerBlock("session_timeout = 5") + readsTheVersion,
			want:   `(?s)session_timeout.*value must be between 10 and 3600, got: 5`,
		},
		"session timeout of 5 in the environment": {
			env:    map[string]string{"FWMGR_SESSION_TIMEOUT": "5"},
			config: readsTheVersion,
			want:   `FWMGR_SESSION_TIMEOUT must be a whole number between 10 and 3600, not "5"`,
		},
		"unknown context": {
			config: shared.providerBlock(`context = "gaia_api"`) + readsTheVersion,
			want:   `(?s)context.*value must be one of: \["os_api" "web_api"\], got: "gaia_api"`,
		},
		"unknown context in the environment": {
			env:    map[string]string{"FWMGR_CONTEXT": "gaia_api"},
			config: readsTheVersion,
			want:   `context \(or FWMGR_CONTEXT\) must be "os_api" or "web_api", not "gaia_api"`,
		},
		"missing required input": {
			config: `data "fwmgr_os_show_bgp_peer" "x" {}`,
			want:   `The argument "peer" is required`,
		},
		"missing required inputs of a route": {
			config: `data "fwmgr_os_show_bgp_route_in" "x" {
  address = "10.100.0.0"
}`,
			want: `The argument "mask_length" is required`,
		},
		"order": {
			config: `data "fwmgr_os_show_bgp_peers" "x" {
  order = "up"
}`,
			want: `(?s)order.*value must be one of: \["ASC" "DESC"\]`,
		},
		"limit": {
			config: `data "fwmgr_os_show_bgp_peers" "x" {
  limit = 0
}`,
			want: `(?s)limit.*value must be between 1 and 1000, got: 0`,
		},
		"wrong password": {
			config: shared.providerBlock(`password = "not-the-password"`) + readsTheVersion,
			want:   `(?s)login with username and password failed: login: Authentication to server failed: wrong user name or password`,
		},
		"wrong API key": {
			env:    map[string]string{"FWMGR_USERNAME": "", "FWMGR_PASSWORD": ""},
			config: shared.providerBlock(`api_key = "not-the-api-key"`) + readsTheVersion,
			want:   `(?s)login with API key failed: login: Authentication to server failed: wrong API key`,
		},
		"two kinds of credentials": {
			config: shared.providerBlock(`api_key = "`+sandbox.DefaultAPIKey+`"`) + readsTheVersion,
			want:   `api_key and username are mutually exclusive`,
		},
		"no server": {
			env:    map[string]string{"FWMGR_SERVER": ""},
			config: readsTheVersion,
			want:   `Set server in the provider configuration or FWMGR_SERVER`,
		},
		"server with a scheme in the environment": {
			env:    map[string]string{"FWMGR_SERVER": "https://fw.example"},
			config: readsTheVersion,
			want:   `server \(or FWMGR_SERVER\) must be a host name or IP address without a scheme, path or port \("fw.example", not "https://fw.example"`,
		},
		"proxy host with a scheme": {
			config: shared.providerBlock(`proxy_host = "http://proxy.example"`, `proxy_port = 3128`) + readsTheVersion,
			want:   `(?s)proxy_host.*must be a host name or address without a scheme`,
		},
	} {
		t.Run(name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config: tc.config,
					// Terraform wraps long messages: a space matches any run of white space.
					ExpectError: regexp.MustCompile(strings.ReplaceAll(tc.want, " ", `\s+`)),
				}},
			})
		})
	}
}

// An API key works instead of a user name and password, also from the
// environment.
func TestAccProviderAPIKey(t *testing.T) {
	acctest.PreCheck(t)
	t.Setenv("FWMGR_USERNAME", "")
	t.Setenv("FWMGR_PASSWORD", "")
	t.Setenv("FWMGR_API_KEY", sandbox.EastAPIKey)
	t.Setenv("FWMGR_DOMAIN", "Branch-East")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: readsTheVersion,
			Check:  resource.TestCheckResourceAttr("data.fwmgr_os_show_version.this", "product_version", seed.Version.ProductVersion),
		}},
	})
}
