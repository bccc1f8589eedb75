package orch

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	hubapi "github.com/iacsuite/providers/internal/api/hub"
	orchapi "github.com/iacsuite/providers/internal/api/orch"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	client "github.com/iacsuite/providers/internal/client/orch"
	hubsandbox "github.com/iacsuite/providers/internal/sandbox/hub"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Hub-mode acceptance tests run against one hub in this process, in front
// of two controllers: "east" (the shared controller of the direct-mode
// tests) and "west" (its own). Each test works with service accounts,
// clouds and names of its own.

// hubAdminSecret is the client secret of the hub's administrator
// (hubapi.DefaultAdminClientID): distinctive, so that a copy in logs or
// state would be found.
const hubAdminSecret = "hub-test-secret-8e2f0a6c"

var (
	hubAddress string
	// hubAdmin talks to the hub as its administrator, to check what
	// Terraform did and to change things behind its back.
	hubAdmin    *hubclient.Client
	westAddress string
	westAPI     *client.Client
	// grantsHubAddress is a hub without controllers whose administrator
	// grants a test may own whole (orch_hub_access_controller holds every
	// administrator of its hub).
	grantsHubAddress string
)

// startHub starts the hub and the west controller, and registers both
// controllers.
func startHub(tb sandboxtest.TB) {
	westAddress, westAPI = startController(tb, 0, nil)
	hubAddress, hubAdmin = serveHub(tb, nil)
	grantsHubAddress, _ = serveHub(tb, nil)
	ctx := context.Background()
	for name, c := range map[string]*client.Client{"east": orchAPI, "west": westAPI} {
		info, err := c.Controller(ctx)
		if err != nil {
			tb.Fatalf("controller %s: %v", name, err)
		}
		addr := controllerAddress
		if name == "west" {
			addr = westAddress
		}
		if _, err := hubAdmin.RegisterController(ctx, hubapi.RegisterControllerRequest{
			Name: name, UUID: info.UUID, APIAddresses: []string{addr}, Username: "admin", Password: testAdminPassword,
		}); err != nil {
			tb.Fatalf("register %s: %v", name, err)
		}
	}
}

// serveHub serves a hub with its own store (and clock, when now is not
// nil) and returns its address and an administrator's client. The tests'
// hubs start without the grants a hub starts with (an administrator user;
// everyone may add models on localhost): their service accounts must start
// with no rights, and orch_hub_access_controller's tests own every
// administrator of their hub. TestAccHub_upstreamDefaults serves a hub with
// them.
func serveHub(tb sandboxtest.TB, now func() time.Time) (string, *hubclient.Client) {
	return serveHubWith(tb, hubsandbox.Config{Now: now, NoDefaultGrants: true})
}

func serveHubWith(tb sandboxtest.TB, cfg hubsandbox.Config) (string, *hubclient.Client) {
	base := acctest.StartSandbox(tb, "hub", func(st *store.Store) (http.Handler, error) {
		cfg.Store, cfg.AdminClientSecret = st, hubAdminSecret
		return hubsandbox.New(cfg)
	})
	u, err := url.Parse(base)
	if err != nil {
		tb.Fatalf("hub address: %v", err)
	}
	c, err := hubclient.New(hubclient.Config{Addresses: []string{u.Host}, ClientID: hubapi.DefaultAdminClientID, ClientSecret: hubAdminSecret})
	if err != nil {
		tb.Fatalf("hub client: %v", err)
	}
	return u.Host, c
}

// hubProvider is a provider block in hub mode; alias may be empty.
func hubProvider(address, alias, clientID, secret string) string {
	a := ""
	if alias != "" {
		a = fmt.Sprintf("  alias = %q\n", alias)
	}
	return fmt.Sprintf(`
provider "orch" {
%s  controller_addresses = %q
  client_id            = %q
  client_secret        = %q
}
`, a, address, clientID, secret)
}

// adminProvider is the hub provider of the hub's administrator.
func adminProvider() string {
	return hubProvider(hubAddress, "", hubapi.DefaultAdminClientID, hubAdminSecret)
}

var serviceAccountSeq struct {
	sync.Mutex
	n int
}

// newServiceAccount creates a service account of the test in the hub and
// returns its client ID and secret.
func newServiceAccount(t *testing.T, hub *hubclient.Client, prefix string) (string, string) {
	t.Helper()
	serviceAccountSeq.Lock()
	serviceAccountSeq.n++
	id := fmt.Sprintf("%s-%d", prefix, serviceAccountSeq.n)
	serviceAccountSeq.Unlock()
	secret := "secret-of-" + id + "-0123456789"
	_, err := hub.CreateServiceAccount(context.Background(), hubapi.CreateServiceAccountRequest{ClientID: id, ClientSecret: secret})
	require.NoError(t, err)
	return id, secret
}

// hubOrchClient is an orch client that calls the hub's model operations as
// the service account clientID, as the provider does in hub mode.
func hubOrchClient(t *testing.T, clientID, secret string) *client.Client {
	t.Helper()
	return hubOrchClientAt(t, hubAddress, clientID, secret)
}

// hubOrchClientAt is hubOrchClient for the hub at address.
func hubOrchClientAt(t *testing.T, address, clientID, secret string) *client.Client {
	t.Helper()
	hc, err := hubclient.New(hubclient.Config{Addresses: []string{address}, ClientID: clientID, ClientSecret: secret})
	require.NoError(t, err)
	c, err := client.New(client.Config{Addresses: []string{address}, Token: hc.Tokens().Token})
	require.NoError(t, err)
	return c
}

// newHubModel creates a model through the hub with c (on the cloud
// localhost of the east controller), for owner when one is given (c then
// the hub's administrator), and removes it when the test ends.
func newHubModel(t *testing.T, c *client.Client, name string, owner ...string) orchapi.Model {
	t.Helper()
	req := orchapi.CreateModelRequest{Name: name, Cloud: "localhost", TargetController: "east"}
	if len(owner) > 0 {
		req.Owner = owner[0]
	}
	m, err := c.CreateModel(context.Background(), req)
	require.NoError(t, err, "model %s", name)
	t.Cleanup(func() {
		if err := c.DestroyModel(context.Background(), m.UUID); err != nil && !client.IsNotFound(err) {
			t.Logf("removing model %s: %v", name, err)
		}
	})
	return m
}

// newHubOffer makes, as the hub's administrator, a model with the
// application db (mysql) and its offer db, and returns the offer's URL.
func newHubOffer(t *testing.T) string {
	t.Helper()
	admin := hubOrchClient(t, hubapi.DefaultAdminClientID, hubAdminSecret)
	return newHubOffers(t, admin, newHubModel(t, admin, uniqueName(t, "offering")).UUID, "db")[0]
}

// newHubOffers deploys, with the hub administrator's client admin, the
// application db (mysql) in the model and offers it under each name; it
// returns the offers' URLs.
func newHubOffers(t *testing.T, admin *client.Client, modelUUID string, names ...string) []string {
	t.Helper()
	ctx := context.Background()
	_, err := admin.Deploy(ctx, modelUUID, orchapi.ApplicationSpec{Name: "db", Charm: orchapi.CharmRef{Name: "mysql"}})
	require.NoError(t, err)
	var urls []string
	for _, name := range names {
		o, err := admin.Offer(ctx, modelUUID, orchapi.CreateOfferRequest{Name: name, ApplicationName: "db", Endpoints: []string{"mysql"}})
		require.NoError(t, err)
		urls = append(urls, o.URL)
	}
	return urls
}

// newHubGroup creates a group (kind hubclient.KindGroup) or role
// (hubclient.KindRole) named after the test in the hub, out of band, and
// returns its UUID.
func newHubGroup(t *testing.T, hub *hubclient.Client, kind, suffix string) string {
	t.Helper()
	g, err := hub.CreateGroup(context.Background(), kind, uniqueName(t, suffix))
	require.NoError(t, err)
	t.Cleanup(func() { _ = hub.DeleteGroup(context.Background(), kind, g.UUID) })
	return g.UUID
}

// grantHub grants relation on target to each object in the hub, out of
// band.
func grantHub(t *testing.T, hub *hubclient.Client, target, relation string, objects ...string) {
	t.Helper()
	var add []hubapi.Tuple
	for _, o := range objects {
		add = append(add, hubapi.Tuple{Object: o, Relation: relation, Target: target})
	}
	require.NoError(t, hub.ChangeRelations(context.Background(), add, nil))
}
