package hub_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	orchapi "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/hub"
	orchclient "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/httpclient"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/hub/hubtest"
	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

var quick = httpclient.Options{RetryMax: 1, RetryWaitMin: time.Millisecond, RetryWaitMax: time.Millisecond}

func newClient(t *testing.T, h *hubtest.Hub, id, secret string) *client.Client {
	t.Helper()
	c, err := client.New(client.Config{Addresses: []string{h.Address}, ClientID: id, ClientSecret: secret, CACertificate: h.CACertPEM, HTTP: quick})
	require.NoError(t, err)
	return c
}

func TestWrongSecretIsRefused(t *testing.T) {
	t.Parallel()
	h := hubtest.Start(t, hubtest.Options{})
	_, err := newClient(t, h, hubapi.DefaultAdminClientID, "not-the-secret-at-all").WhoAmI(context.Background())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "invalid_client")
	assert.NotContains(t, err.Error(), "not-the-secret-at-all")
}

func TestExpiredTokenIsReplaced(t *testing.T) {
	t.Parallel()
	clk := &clock{now: time.Now()}
	h := hubtest.Start(t, hubtest.Options{Now: clk.Now, TokenTTL: time.Hour})
	c := newClient(t, h, hubapi.DefaultAdminClientID, hubtest.AdminSecret)
	ctx := context.Background()
	_, err := c.WhoAmI(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, c.Tokens().Grants())
	// The hub's clock passes the token's expiry; the client's does not, so
	// it learns it from the 401 and obtains a new token.
	clk.Advance(2 * time.Hour)
	who, err := c.WhoAmI(ctx)
	require.NoError(t, err)
	assert.True(t, who.Administrator)
	assert.Equal(t, 2, c.Tokens().Grants())
}

func TestGroupsRolesAndRelations(t *testing.T) {
	t.Parallel()
	h := hubtest.Start(t, hubtest.Options{})
	c := newClient(t, h, hubapi.DefaultAdminClientID, hubtest.AdminSecret)
	ctx := context.Background()
	for _, kind := range []string{client.KindGroup, client.KindRole} {
		g, err := c.CreateGroup(ctx, kind, "team")
		require.NoError(t, err)
		got, err := c.GroupByName(ctx, kind, "team")
		require.NoError(t, err)
		assert.Equal(t, g, got)
		_, err = c.GroupByName(ctx, kind, "nobody")
		assert.True(t, client.IsNotFound(err), "%v", err)
		g, err = c.RenameGroup(ctx, kind, g.UUID, "team2")
		require.NoError(t, err)
		assert.Equal(t, "team2", g.Name)
		require.NoError(t, c.DeleteGroup(ctx, kind, g.UUID))
		_, err = c.Group(ctx, kind, g.UUID)
		assert.True(t, client.IsNotFound(err), "%v", err)
	}
	tuple := hubapi.Tuple{Object: hubapi.UserObject("bob@example.com"), Relation: hubapi.AccessCanAddModel, Target: hubapi.CloudTarget("aws")}
	require.NoError(t, c.ChangeRelations(ctx, []hubapi.Tuple{tuple}, nil))
	ts, err := c.Relations(ctx, tuple.Target, tuple.Relation)
	require.NoError(t, err)
	assert.Equal(t, []hubapi.Tuple{tuple}, ts)
	err = c.ChangeRelations(ctx, []hubapi.Tuple{{Object: "bogus", Relation: "x", Target: "y"}}, nil)
	var apiErr *client.APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, "add[0].object", apiErr.Field)
}

// TestModelsThroughTheHub: the orch client, given the hub's tokens, creates
// a model on the target controller and works in it.
func TestModelsThroughTheHub(t *testing.T) {
	t.Parallel()
	// ci must start with no rights: without the hub's default grants
	// (everyone may add models on localhost).
	h := hubtest.Start(t, hubtest.Options{NoDefaultGrants: true})
	east := orchtest.Start(t, orchtest.Options{ControllerName: "east"})
	admin := newClient(t, h, hubapi.DefaultAdminClientID, hubtest.AdminSecret)
	ctx := context.Background()
	reg, err := admin.RegisterController(ctx, hubapi.RegisterControllerRequest{
		UUID: hubtest.ControllerUUID(t, east), APIAddresses: east.Addresses, CACertificate: east.CACertPEM,
		Username: "admin", Password: east.Password,
	})
	require.NoError(t, err)
	assert.Equal(t, hubapi.StatusAvailable, reg.Status)
	assert.Contains(t, reg.Clouds, "localhost")
	_, err = admin.CreateServiceAccount(ctx, hubapi.CreateServiceAccountRequest{ClientID: "ci", ClientSecret: "ci-secret-0123456789"})
	require.NoError(t, err)
	ci := newClient(t, h, "ci", "ci-secret-0123456789")
	oc, err := orchclient.New(orchclient.Config{Addresses: []string{h.Address}, CACertificate: h.CACertPEM, Token: ci.Tokens().Token, HTTP: quick})
	require.NoError(t, err)

	_, err = oc.CreateModel(ctx, orchapi.CreateModelRequest{Name: "dev", Cloud: "localhost"})
	var denied *orchclient.APIError
	require.ErrorAs(t, err, &denied)
	assert.Equal(t, http.StatusForbidden, denied.StatusCode)

	grant := hubapi.Tuple{Object: hubapi.ServiceAccountObject("ci"), Relation: hubapi.AccessCanAddModel, Target: hubapi.CloudTarget("localhost")}
	require.NoError(t, admin.ChangeRelations(ctx, []hubapi.Tuple{grant}, nil))
	m, err := oc.CreateModel(ctx, orchapi.CreateModelRequest{Name: "dev", Cloud: "localhost", TargetController: "east"})
	require.NoError(t, err)
	assert.Equal(t, "ci@serviceaccount", m.Owner)
	assert.Equal(t, reg.UUID, m.ControllerUUID)
	_, err = oc.Deploy(ctx, m.UUID, orchapi.ApplicationSpec{Name: "app", Charm: orchapi.CharmRef{Name: "ubuntu-lite"}})
	require.NoError(t, err)
	require.NoError(t, oc.DestroyModel(ctx, m.UUID))
	_, err = oc.Model(ctx, m.UUID)
	assert.True(t, orchclient.IsNotFound(err), "%v", err)
}

// TestSharedTokensKeepEachClientsTrust: a process's clients of one hub with
// the same credentials share their token, but not their trust: a client
// whose ca_certificate did not issue the hub's certificate does not leave
// its refusal (or its HTTP client) to a client configured with the right
// one, nor the other way round.
func TestSharedTokensKeepEachClientsTrust(t *testing.T) {
	t.Parallel()
	h := hubtest.Start(t, hubtest.Options{})
	otherCA, _, err := httpx.NewCA()
	require.NoError(t, err)
	shared := func(ca string) *client.Client {
		c, err := client.New(client.Config{Addresses: []string{h.Address}, ClientID: hubapi.DefaultAdminClientID,
			ClientSecret: hubtest.AdminSecret, CACertificate: ca, HTTP: quick, Shared: true})
		require.NoError(t, err)
		return c
	}
	_, err = shared(string(otherCA)).WhoAmI(context.Background())
	require.ErrorContains(t, err, "certificate")
	_, err = shared(h.CACertPEM).WhoAmI(context.Background())
	require.NoError(t, err, "the right CA's client has a token of its own")
	_, err = shared(string(otherCA)).WhoAmI(context.Background())
	require.ErrorContains(t, err, "certificate", "the wrong CA's client does not use the right one's token")
}
