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

func TestAccOfferSecretAccessList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	m := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	for _, app := range []string{"ubuntu-a", "ubuntu-b"} {
		_, err := orchAPI.Deploy(ctx, m.UUID, api.ApplicationSpec{Name: app, Charm: api.CharmRef{Name: "ubuntu-lite"}})
		require.NoError(t, err)
	}
	_, err := orchAPI.Deploy(ctx, m.UUID, api.ApplicationSpec{Name: "mysql", Charm: api.CharmRef{Name: "mysql"}})
	require.NoError(t, err)
	var offers []api.Offer
	for _, name := range []string{"db", "db-admin"} {
		o, err := orchAPI.Offer(ctx, m.UUID, api.CreateOfferRequest{Name: name, ApplicationName: "mysql", Endpoints: []string{"mysql"}})
		require.NoError(t, err)
		offers = append(offers, o)
	}
	var secrets []api.Secret
	for i, name := range []string{"shared", "private", "unused"} {
		s, err := orchAPI.AddSecret(ctx, m.UUID, api.CreateSecretRequest{Name: name, Value: map[string]string{"token": "list-s3cret"}, Info: name + " token"})
		require.NoError(t, err)
		if apps := [][]string{{"ubuntu-a", "ubuntu-b"}, {"ubuntu-b"}, nil}[i]; apps != nil {
			_, err = orchAPI.SetSecretAccess(ctx, m.UUID, s.ID, apps)
			require.NoError(t, err)
		}
		secrets = append(secrets, s)
	}
	model := `model_uuid = "` + m.UUID + `"`
	secret := func(i int) map[string]knownvalue.Check {
		return orchacc.IDs("model_uuid", m.UUID, "secret_id", secrets[i].ID)
	}
	offer := func(i int) map[string]knownvalue.Check { return orchacc.IDs("url", offers[i].URL) }
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_offer", "all", false, model)+
			acctest.ListBlock("orch_offer", "admin", true, model+"\nname = \"db-admin\"")+
			acctest.ListBlock("orch_secret", "all", false, model)+
			acctest.ListBlock("orch_secret", "shared", true, model+"\nname = \"shared\"")+
			acctest.ListBlock("orch_access_secret", "granted", true, model),
		acctest.ExpectIdentities("orch_offer.all", offer(0), offer(1)),
		acctest.ExpectIdentities("orch_offer.admin", offer(1)),
		orchacc.Known("orch_offer.admin", offer(1), map[string]knownvalue.Check{
			"id": knownvalue.StringExact(offers[1].URL), "name": knownvalue.StringExact("db-admin"),
			"application_name": knownvalue.StringExact("mysql"), "model_uuid": knownvalue.StringExact(m.UUID),
		}),
		acctest.ExpectIdentities("orch_secret.all", secret(0), secret(1), secret(2)),
		acctest.ExpectIdentities("orch_secret.shared", secret(0)),
		orchacc.Known("orch_secret.shared", secret(0), map[string]knownvalue.Check{
			"name": knownvalue.StringExact("shared"), "info": knownvalue.StringExact("shared token"),
			"secret_uri": knownvalue.StringExact(secrets[0].URI),
		}),
		acctest.ExpectIdentities("orch_access_secret.granted", secret(0), secret(1)),
		orchacc.Known("orch_access_secret.granted", secret(0), map[string]knownvalue.Check{
			"applications": knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact("ubuntu-a"), knownvalue.StringExact("ubuntu-b")}),
		}),
	)
}
