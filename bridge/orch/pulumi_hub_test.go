package orch_test

import (
	"context"
	"net/http"
	"slices"
	"testing"

	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	hubapi "github.com/iacsuite/providers/internal/api/hub"
	orchapi "github.com/iacsuite/providers/internal/api/orch"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	client "github.com/iacsuite/providers/internal/client/orch"
	hubsandbox "github.com/iacsuite/providers/internal/sandbox/hub"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// testHubSecret is the client secret of the hub's administrator:
// distinctive, so that a plaintext copy in a state file is found.
const testHubSecret = "pulumi-hub-secret-51d0c8e3"

// startHub serves a hub in front of one controller, registered under its
// own name (sandbox), and returns the hub's address and an administrator's
// client. With defaults, the hub starts with the grants a hub starts with
// (everyone@external may add models on localhost; the administrator user
// hub-admin@example.com), as sandbox serve's does; without, the test owns
// every grant.
func startHub(t *testing.T, controllerAddress string, controller *client.Client, defaults bool) (string, *hubclient.Client) {
	t.Helper()
	u := pulumitest.ServeSandbox(t, "hub", func(st *store.Store) (http.Handler, error) {
		return hubsandbox.New(hubsandbox.Config{Store: st, AdminClientSecret: testHubSecret, NoDefaultGrants: !defaults})
	})
	hub, err := hubclient.New(hubclient.Config{Addresses: []string{u.Host}, ClientID: hubapi.DefaultAdminClientID, ClientSecret: testHubSecret})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	info, err := controller.Controller(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := hub.RegisterController(ctx, hubapi.RegisterControllerRequest{
		UUID: info.UUID, APIAddresses: []string{controllerAddress}, Username: "admin", Password: testPassword,
	}); err != nil {
		t.Fatal(err)
	}
	return u.Host, hub
}

// hubModelWithOffer makes, through the hub as its administrator, a model
// with the application db (mysql) offered as db, and returns the model's
// UUID and the offer's URL.
func hubModelWithOffer(t *testing.T, hubAddress string, hub *hubclient.Client) (string, string) {
	t.Helper()
	ctx := context.Background()
	c, err := client.New(client.Config{Addresses: []string{hubAddress}, Token: hub.Tokens().Token})
	if err != nil {
		t.Fatal(err)
	}
	m, err := c.CreateModel(ctx, orchapi.CreateModelRequest{Name: "hub-grants", Cloud: "localhost"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Deploy(ctx, m.UUID, orchapi.ApplicationSpec{Name: "db", Charm: orchapi.CharmRef{Name: "mysql"}}); err != nil {
		t.Fatal(err)
	}
	o, err := c.Offer(ctx, m.UUID, orchapi.CreateOfferRequest{Name: "db", ApplicationName: "db", Endpoints: []string{"mysql"}})
	if err != nil {
		t.Fatal(err)
	}
	return m.UUID, o.URL
}

// hubConfig is the stack configuration of the provider in hub mode against
// the hub at address, as its administrator (the client secret a secret).
func hubConfig(address string) pulumitest.Config {
	return pulumitest.Config{
		{Key: "orch:controllerAddresses", Value: address},
		{Key: "orch:clientId", Value: hubapi.DefaultAdminClientID},
		{Key: "orch:clientSecret", Value: testHubSecret, Secret: true},
	}
}

// The hub example YAML program, in hub mode: a group and a role with
// grants, a model on the target controller; a second preview shows no
// changes, the client secret is only in the state encrypted, and destroy
// removes everything.
func TestYAMLProgramInHubMode(t *testing.T) {
	ctx := context.Background()
	controllerAddress, api := startController(t)
	hubAddress, hub := startHub(t, controllerAddress, api, true)
	cli := pulumitest.New(t, "orch")
	dir := cli.Example("orch-hub")
	cli.InitStack(dir, "dev", hubConfig(hubAddress))

	cli.Up(dir)
	out := cli.Outputs(dir)
	if out["accessId"] != "localhost:can_addmodel" || out["modelOwner"] != "hub-admin@serviceaccount" {
		t.Fatalf("outputs: %v", out)
	}
	group, _ := out["groupUuid"].(string)
	if g, err := hub.Group(ctx, hubclient.KindGroup, group); err != nil || g.Name != "platform-developers" {
		t.Errorf("group %s: %+v (%v)", group, g, err)
	}
	role, _ := out["roleUuid"].(string)
	tuples, err := hub.Relations(ctx, hubapi.CloudTarget("localhost"), "can_addmodel")
	objects := []string{}
	for _, tu := range tuples {
		objects = append(objects, tu.Object)
	}
	slices.Sort(objects)
	if want := []string{hubapi.RoleObject(role), hubapi.UserObject(hubapi.Everyone)}; err != nil || !slices.Equal(objects, want) {
		t.Errorf("grants on localhost: %v, want %v (%v)", objects, want, err)
	}
	uuid, _ := out["modelUuid"].(string)
	if _, err := api.Model(ctx, uuid); err != nil {
		t.Errorf("the model is not on the target controller: %v", err)
	}

	t.Log("a second preview shows no changes")
	cli.ExpectNoChanges(dir)
	cli.ExpectNotInState(dir, testHubSecret, "the client secret")

	t.Log("destroy removes the model, the grants, the role and the group")
	cli.Destroy(dir)
	if _, err := api.Model(ctx, uuid); !client.IsNotFound(err) {
		t.Errorf("the model is still there after destroy: %v", err)
	}
	if _, err := hub.Group(ctx, hubclient.KindGroup, group); !hubclient.IsStatus(err, http.StatusNotFound) {
		t.Errorf("the group is still there after destroy: %v", err)
	}
	cli.RemoveStack(dir)
}
