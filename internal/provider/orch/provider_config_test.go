package orch

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// A configuration that needs the provider configured.
const readsACharm = `
data "orch_charm" "c" {
  charm = "ubuntu"
}`

func TestAccProvider_configurationRules(t *testing.T) {
	accPreCheck(t)
	for name, tc := range map[string]struct {
		env    map[string]string
		config string
		want   string
	}{
		"hub mode without a client secret": {
			config: `provider "orch" { client_id = "id" }`,
			want:   `(?s)Missing client_secret.*Hub mode needs the OAuth 2.0 client secret`,
		},
		"hub mode with a username": {
			config: `provider "orch" {
  client_id     = "id"
  client_secret = "secret"
  username      = "admin"
}`,
			want: `(?s)username.*cannot be specified when.*client_id`,
		},
		"controller mode": {
			config: `provider "orch" { controller_mode = true }`,
			want:   `(?s)when controller_mode is true this resource cannot be used\..*orch_charm is not available in controller_mode`,
		},
		"no password": {
			env:  map[string]string{EnvPassword: ""},
			want: `Direct mode needs the user's password`,
		},
		"no username": {
			env:  map[string]string{EnvUsername: ""},
			want: `Direct mode needs a user`,
		},
		"addresses": {
			config: `provider "orch" { controller_addresses = "localhost" }`,
			want:   `controller_addresses must be <host>:<port> addresses`,
		},
		"skip_failed_deletion from the environment": {
			env:  map[string]string{EnvSkipFailedDeletion: "perhaps"},
			want: `ORCH_SKIP_FAILED_DELETION must be true or false`,
		},
		"wrong password": {
			config: `provider "orch" { password = "not-the-password" }`,
			want:   `(?i)unauthorized|wrong`,
		},
		"untrusted certificate": {
			config: `provider "orch" { ca_certificate = "not a certificate" }`,
			want:   `ca_certificate holds no PEM certificate`,
		},
	} {
		t.Run(name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps:                    []resource.TestStep{{Config: tc.config + readsACharm, ExpectError: regexp.MustCompile(tc.want)}},
			})
		})
	}
}

// The controller's address list fails over: the first address is down.
func TestAccProvider_failOver(t *testing.T) {
	accPreCheck(t)
	t.Setenv(EnvControllerAddresses, "127.0.0.1:1,"+controllerAddress)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps:                    []resource.TestStep{{Config: readsACharm}},
	})
}

// skip_failed_deletion turns a delete the controller refuses into a
// warning: the application whose unit is in error leaves the state.
func TestAccProvider_skipFailedDeletion(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	app := func(skip bool) string {
		return `
provider "orch" {
  skip_failed_deletion = ` + map[bool]string{true: "true", false: "false"}[skip] + `
}
resource "orch_application" "app" {
  model_uuid = "` + model.UUID + `"
  name       = "blocked"
  charm {
    name = "juju-qa-test"
  }
  config = { fail-removal = true }
}
`
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: app(false)},
			// Without skip_failed_deletion the refused removal is an error.
			{Config: app(false), Destroy: true, ExpectError: regexp.MustCompile(`(?s)Could not delete application blocked.*skip_failed_deletion`)},
			// With it, a warning: the destroy succeeds and the application
			// stays on the controller.
			{Config: app(true), Destroy: true},
		},
		CheckDestroy: func(*terraform.State) error {
			got, err := orchAPI.Application(context.Background(), model.UUID, "blocked")
			require.NoError(t, err)
			assert.Equal(t, "blocked", got.Name)
			return nil
		},
	})
}

// TestAccProvider_upstreamErrorsFromEnvironment: provider settings from the
// ORCH_ variables that do not work end in the errors upstream gives, with
// its key phrases, which users search for.
func TestAccProvider_upstreamErrorsFromEnvironment(t *testing.T) {
	accPreCheck(t)
	otherCA, _, err := httpx.NewCA()
	require.NoError(t, err)
	// A controller whose certificate nothing on this machine trusts.
	untrusted := orchtest.Start(t, orchtest.Options{ControllerName: "untrusted"})
	for name, tc := range map[string]struct {
		env  map[string]string
		want string
	}{
		"address": {
			env:  map[string]string{EnvControllerAddresses: "127.0.0.1:1"},
			want: `(?s)connection refused.*Connection error, please check the controller_addresses property set on the provider`,
		},
		"user": {
			env:  map[string]string{EnvUsername: "the-username"},
			want: `invalid entity name or password \(unauthorized access\)`,
		},
		"password": {
			env:  map[string]string{EnvPassword: "the-password"},
			want: `invalid entity name or password \(unauthorized access\)`,
		},
		"certificate": {
			env:  map[string]string{EnvCACert: string(otherCA)},
			want: `(?s)x509: certificate signed by unknown authority.*Verify the ca_certificate property set on the provider`,
		},
		"no certificate": {
			env:  map[string]string{EnvControllerAddresses: untrusted.Address, EnvCACert: ""},
			want: `(?s)x509: certificate signed by unknown authority.*The ca_certificate provider property is not set and the controller's certificate authority is not trusted by your system`,
		},
	} {
		t.Run(name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps:                    []resource.TestStep{{Config: readsACharm, ExpectError: regexp.MustCompile(strings.ReplaceAll(tc.want, " ", `\s+`))}},
			})
		})
	}
}
