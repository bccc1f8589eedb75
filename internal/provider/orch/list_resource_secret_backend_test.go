package orch

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// The secret backend list resource finds the controller's backends by name
// and type; with include_resource each is the whole backend, as a read
// after import has it.
func TestAccSecretBackendList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	add := func(req api.CreateSecretBackendRequest) string {
		_, err := orchAPI.AddSecretBackend(ctx, req)
		require.NoError(t, err)
		t.Cleanup(func() { _ = orchAPI.RemoveSecretBackend(context.Background(), req.Name) })
		return req.Name
	}
	vault := add(api.CreateSecretBackendRequest{Name: orchacc.UniqueName(t, "vault"), BackendType: "vault", TokenRotateInterval: "2h",
		Config: map[string]string{"endpoint": "https://vault.example.com:8200", "token": "s.list"}})
	k8s := add(api.CreateSecretBackendRequest{Name: orchacc.UniqueName(t, "k8s"), BackendType: "kubernetes",
		Config: map[string]string{"endpoint": "https://10.0.0.1:6443"}})
	byName := func(name string) string { return `name = "` + name + `"` }
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_secret_backend", "vault", true, byName(vault))+
			acctest.ListBlock("orch_secret_backend", "vault_as_vault", false, byName(vault)+"\nbackend_type = \"vault\"")+
			acctest.ListBlock("orch_secret_backend", "vault_as_kubernetes", false, byName(vault)+"\nbackend_type = \"kubernetes\"")+
			acctest.ListBlock("orch_secret_backend", "k8s_as_kubernetes", false, byName(k8s)+"\nbackend_type = \"kubernetes\""),
		acctest.ExpectIdentities("orch_secret_backend.vault", orchacc.IDs("name", vault)),
		acctest.ExpectIdentities("orch_secret_backend.vault_as_vault", orchacc.IDs("name", vault)),
		acctest.ExpectIdentities("orch_secret_backend.vault_as_kubernetes"),
		acctest.ExpectIdentities("orch_secret_backend.k8s_as_kubernetes", orchacc.IDs("name", k8s)),
		orchacc.Known("orch_secret_backend.vault", orchacc.IDs("name", vault), map[string]knownvalue.Check{
			"id": knownvalue.StringExact(vault), "backend_type": knownvalue.StringExact("vault"),
			"token_rotate_interval": knownvalue.StringExact("2h"),
		}),
	)
}
