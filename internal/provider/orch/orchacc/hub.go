package orchacc

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

// HubAdminSecret is the client secret of the hub's administrator
// (hubapi.DefaultAdminClientID): distinctive, so that a copy in logs or
// state would be found.
const HubAdminSecret = "hub-test-secret-8e2f0a6c"

var (
	HubAddress string
	// HubAdmin talks to the hub as its administrator, to check what
	// Terraform did and to change things behind its back.
	HubAdmin    *hubclient.Client
	WestAddress string
	WestAPI     *client.Client
	// GrantsHubAddress is a hub without controllers whose administrator
	// grants a test may own whole (orch_hub_access_controller holds every
	// administrator of its hub).
	GrantsHubAddress string
)

// StartHub starts the hub and the west controller, and registers both
// controllers.
func StartHub(tb sandboxtest.TB) {
	WestAddress, WestAPI = StartController(tb, 0, nil)
	HubAddress, HubAdmin = ServeHub(tb, nil)
	GrantsHubAddress, _ = ServeHub(tb, nil)
	ctx := context.Background()
	for name, c := range map[string]*client.Client{"east": OrchAPI, "west": WestAPI} {
		info, err := c.Controller(ctx)
		if err != nil {
			tb.Fatalf("controller %s: %v", name, err)
		}
		addr := ControllerAddress
		if name == "west" {
			addr = WestAddress
		}
		if _, err := HubAdmin.RegisterController(ctx, hubapi.RegisterControllerRequest{
			Name: name, UUID: info.UUID, APIAddresses: []string{addr}, Username: "admin", Password: AdminPassword,
		}); err != nil {
			tb.Fatalf("register %s: %v", name, err)
		}
	}
}

// ServeHub serves a hub with its own store (and clock, when now is not
// nil) and returns its address and an administrator's client. The tests'
// hubs start without the grants a hub starts with (an administrator user;
// everyone may add models on localhost): their service accounts must start
// with no rights, and orch_hub_access_controller's tests own every
// administrator of their hub. TestAccHub_upstreamDefaults serves a hub with
// them.
func ServeHub(tb sandboxtest.TB, now func() time.Time) (string, *hubclient.Client) {
	return ServeHubWith(tb, hubsandbox.Config{Now: now, NoDefaultGrants: true})
}

func ServeHubWith(tb sandboxtest.TB, cfg hubsandbox.Config) (string, *hubclient.Client) {
	base := acctest.StartSandbox(tb, "hub", func(st *store.Store) (http.Handler, error) {
		cfg.Store, cfg.AdminClientSecret = st, HubAdminSecret
		return hubsandbox.New(cfg)
	})
	u, err := url.Parse(base)
	if err != nil {
		tb.Fatalf("hub address: %v", err)
	}
	c, err := hubclient.New(hubclient.Config{Addresses: []string{u.Host}, ClientID: hubapi.DefaultAdminClientID, ClientSecret: HubAdminSecret})
	if err != nil {
		tb.Fatalf("hub client: %v", err)
	}
	return u.Host, c
}

// hubProvider is a provider block in hub mode; alias may be empty.
func HubProvider(address, alias, clientID, secret string) string {
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
func AdminProvider() string {
	return HubProvider(HubAddress, "", hubapi.DefaultAdminClientID, HubAdminSecret)
}

var serviceAccountSeq struct {
	sync.Mutex
	n int
}

// NewServiceAccount creates a service account of the test in the hub and
// returns its client ID and secret.
func NewServiceAccount(t *testing.T, hub *hubclient.Client, prefix string) (string, string) {
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

// HubOrchClient is an orch client that calls the hub's model operations as
// the service account clientID, as the provider does in hub mode.
func HubOrchClient(t *testing.T, clientID, secret string) *client.Client {
	t.Helper()
	return HubOrchClientAt(t, HubAddress, clientID, secret)
}

// HubOrchClientAt is HubOrchClient for the hub at address.
func HubOrchClientAt(t *testing.T, address, clientID, secret string) *client.Client {
	t.Helper()
	hc, err := hubclient.New(hubclient.Config{Addresses: []string{address}, ClientID: clientID, ClientSecret: secret})
	require.NoError(t, err)
	c, err := client.New(client.Config{Addresses: []string{address}, Token: hc.Tokens().Token})
	require.NoError(t, err)
	return c
}

// NewHubModel creates a model through the hub with c (on the cloud
// localhost of the east controller), for owner when one is given (c then
// the hub's administrator), and removes it when the test ends.
func NewHubModel(t *testing.T, c *client.Client, name string, owner ...string) orchapi.Model {
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

// NewHubOffer makes, as the hub's administrator, a model with the
// application db (mysql) and its offer db, and returns the offer's URL.
func NewHubOffer(t *testing.T) string {
	t.Helper()
	admin := HubOrchClient(t, hubapi.DefaultAdminClientID, HubAdminSecret)
	return NewHubOffers(t, admin, NewHubModel(t, admin, UniqueName(t, "offering")).UUID, "db")[0]
}

// NewHubOffers deploys, with the hub administrator's client admin, the
// application db (mysql) in the model and offers it under each name; it
// returns the offers' URLs.
func NewHubOffers(t *testing.T, admin *client.Client, modelUUID string, names ...string) []string {
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

// NewHubGroup creates a group (kind hubclient.KindGroup) or role
// (hubclient.KindRole) named after the test in the hub, out of band, and
// returns its UUID.
func NewHubGroup(t *testing.T, hub *hubclient.Client, kind, suffix string) string {
	t.Helper()
	g, err := hub.CreateGroup(context.Background(), kind, UniqueName(t, suffix))
	require.NoError(t, err)
	t.Cleanup(func() { _ = hub.DeleteGroup(context.Background(), kind, g.UUID) })
	return g.UUID
}

// GrantHub grants relation on target to each object in the hub, out of
// band.
func GrantHub(t *testing.T, hub *hubclient.Client, target, relation string, objects ...string) {
	t.Helper()
	var add []hubapi.Tuple
	for _, o := range objects {
		add = append(add, hubapi.Tuple{Object: o, Relation: relation, Target: target})
	}
	require.NoError(t, hub.ChangeRelations(context.Background(), add, nil))
}

// NewQueryHub serves a hub of the test's own, without controllers, and
// returns the provider block of its administrator and an administrator's
// client, to make objects out of band.
func NewQueryHub(t *testing.T) (string, *hubclient.Client) {
	t.Helper()
	addr, c := ServeHub(sandboxtest.TB(t), nil)
	return HubProvider(addr, "", hubapi.DefaultAdminClientID, HubAdminSecret), c
}

// NewQueryHubOnController is NewQueryHub in front of a controller of its
// own (as east, with its cloud localhost), whose models and clouds the
// hub's listings find; it also returns an orch client of the hub's
// administrator, to make models and offers out of band.
func NewQueryHubOnController(t *testing.T) (string, *hubclient.Client, *client.Client) {
	t.Helper()
	ctx := context.Background()
	addr, c := StartController(sandboxtest.TB(t), 0, nil)
	info, err := c.Controller(ctx)
	require.NoError(t, err)
	address, hub := ServeHub(sandboxtest.TB(t), nil)
	_, err = hub.RegisterController(ctx, hubapi.RegisterControllerRequest{
		Name: "east", UUID: info.UUID, APIAddresses: []string{addr}, Username: "admin", Password: AdminPassword,
	})
	require.NoError(t, err)
	return HubProvider(address, "", hubapi.DefaultAdminClientID, HubAdminSecret), hub,
		HubOrchClientAt(t, address, hubapi.DefaultAdminClientID, HubAdminSecret)
}

// RegisterEastWest registers the shared controller as east and the west
// controller as west in hub, out of band, and returns their UUIDs.
func RegisterEastWest(t *testing.T, hub *hubclient.Client) map[string]string {
	t.Helper()
	ctx := context.Background()
	uuids := map[string]string{}
	for name, c := range map[string]*client.Client{"east": OrchAPI, "west": WestAPI} {
		info, err := c.Controller(ctx)
		require.NoError(t, err)
		addr := map[string]string{"east": ControllerAddress, "west": WestAddress}[name]
		_, err = hub.RegisterController(ctx, hubapi.RegisterControllerRequest{
			Name: name, UUID: info.UUID, APIAddresses: []string{addr}, Username: "admin", Password: AdminPassword,
		})
		require.NoError(t, err)
		uuids[name] = info.UUID
	}
	return uuids
}
