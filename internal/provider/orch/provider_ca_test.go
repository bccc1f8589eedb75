package orch

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/stretchr/testify/require"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
)

// TestAccProvider_caCertificateIsTheOnlyTrustAnchor: a ca_certificate that
// did not issue the controller's (or the hub's) certificate is refused,
// although the system's trust (SSL_CERT_FILE of the test sandboxes) trusts
// the server: the setting is not added to the system's pool, it replaces
// it.
func TestAccProvider_caCertificateIsTheOnlyTrustAnchor(t *testing.T) {
	accPreCheck(t)
	otherCA, _, err := httpx.NewCA()
	require.NoError(t, err)
	// The system trusts the servers: without ca_certificate, this works.
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps:                    []resource.TestStep{{Config: readsACharm}},
	})
	for name, provider := range map[string]string{
		"controller": fmt.Sprintf(`
provider "orch" {
  ca_certificate = %q
}
`, string(otherCA)),
		"hub": fmt.Sprintf(`
provider "orch" {
  controller_addresses = %q
  client_id            = %q
  client_secret        = %q
  ca_certificate       = %q
}
`, orchacc.HubAddress, hubapi.DefaultAdminClientID, orchacc.HubAdminSecret, string(otherCA)),
	} {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      provider + readsACharm,
					ExpectError: regexp.MustCompile(`(?i)certificate`),
				}},
			})
		})
	}
}
