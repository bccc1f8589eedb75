package orch_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// The client relays an offer's consume details from the offering controller
// to the consuming one, which registers and unregisters the integration at
// the offering controller itself.
func TestCrossControllerConsume(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	connect := func(c *orchtest.Controller) *client.Client {
		cl, err := client.New(client.Config{Addresses: c.Addresses, Username: "admin", Password: c.Password,
			CACertificate: c.CACertPEM, PollBackoff: fastPoll})
		require.NoError(t, err)
		return cl
	}
	betaCtl := orchtest.Start(t, orchtest.Options{ControllerName: "beta"})
	alpha := connect(orchtest.Start(t, orchtest.Options{ControllerName: "alpha", RemoteControllers: betaCtl.Addresses}))
	beta := connect(betaCtl)

	offering, err := beta.CreateModel(ctx, api.CreateModelRequest{Name: "offering"})
	require.NoError(t, err)
	_, err = beta.Deploy(ctx, offering.UUID, api.ApplicationSpec{Name: "source", Charm: api.CharmRef{Name: "juju-qa-dummy-source"}})
	require.NoError(t, err)
	offer, err := beta.Offer(ctx, offering.UUID, api.CreateOfferRequest{ApplicationName: "source", Endpoints: []string{"sink"}})
	require.NoError(t, err)

	details, err := beta.ConsumeDetails(ctx, offer.URL)
	require.NoError(t, err)
	assert.Equal(t, betaCtl.Addresses, details.Controller.APIAddresses)
	assert.Equal(t, []api.OfferEndpoint{{Name: "sink", Interface: "dummy-token", Role: api.RoleProvider}}, details.Endpoints)
	_, err = beta.ConsumeDetails(ctx, "admin/offering.nope")
	assert.True(t, client.IsNotFound(err), "%v", err)

	consuming, err := alpha.CreateModel(ctx, api.CreateModelRequest{Name: "consuming"})
	require.NoError(t, err)
	_, err = alpha.Deploy(ctx, consuming.UUID, api.ApplicationSpec{Name: "sink", Charm: api.CharmRef{Name: "juju-qa-dummy-sink"}})
	require.NoError(t, err)
	in, err := alpha.Integrate(ctx, consuming.UUID, api.CreateIntegrationRequest{
		Endpoints: []api.IntegrationEndpoint{{Application: "sink"}, {OfferURL: "beta:" + offer.URL}},
		Consume:   &api.ConsumeRequest{ControllerAlias: "beta", ConsumeDetails: details},
	})
	require.NoError(t, err)
	assert.Equal(t, "beta:"+offer.URL, in.Endpoints[1].OfferURL)
	got, err := beta.OfferByURL(ctx, offer.URL)
	require.NoError(t, err)
	assert.Equal(t, 1, got.Consumers)

	require.NoError(t, alpha.RemoveIntegration(ctx, consuming.UUID, in.ID))
	got, err = beta.OfferByURL(ctx, offer.URL)
	require.NoError(t, err)
	assert.Equal(t, 0, got.Consumers)
}
