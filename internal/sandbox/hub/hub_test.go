package hub_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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

func decodeMap(t *testing.T, raw []byte) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(raw, &m), string(raw))
	return m
}

func tokenRequest(t *testing.T, h *hubtest.Hub, form url.Values, user, pass string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, h.URL+"/oauth2/token", strings.NewReader(form.Encode()))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if user != "" {
		req.SetBasicAuth(user, pass)
	}
	resp, err := h.Client.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	var m map[string]any
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&m))
	return resp.StatusCode, m
}

func TestTokenGrant(t *testing.T) {
	t.Parallel()
	clk := &clock{now: time.Now()}
	h := hubtest.Start(t, hubtest.Options{Now: clk.Now, TokenTTL: time.Hour})
	grant := url.Values{"grant_type": {"client_credentials"}}

	status, body := tokenRequest(t, h, grant, "hub-admin", "wrong-secret-wrong-secret")
	assert.Equal(t, http.StatusUnauthorized, status)
	assert.Equal(t, "invalid_client", body["error"])

	status, body = tokenRequest(t, h, grant, "nobody", "whatever-whatever")
	assert.Equal(t, http.StatusUnauthorized, status)
	assert.Equal(t, "invalid_client", body["error"])

	status, body = tokenRequest(t, h, url.Values{"grant_type": {"password"}}, "hub-admin", hubtest.AdminSecret)
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, "unsupported_grant_type", body["error"])

	// Form fields work as well as Basic authentication.
	status, body = tokenRequest(t, h, url.Values{"grant_type": {"client_credentials"}, "client_id": {"hub-admin"}, "client_secret": {hubtest.AdminSecret}}, "", "")
	require.Equal(t, http.StatusOK, status, body)
	assert.Equal(t, "Bearer", body["token_type"])
	assert.EqualValues(t, 3600, body["expires_in"])
	tok, ok := body["access_token"].(string)
	require.True(t, ok)

	status, raw := h.Do(t, tok, http.MethodGet, "/v1/hub/whoami", "")
	require.Equal(t, http.StatusOK, status, string(raw))
	assert.Equal(t, true, decodeMap(t, raw)["administrator"])

	status, _ = h.Do(t, "", http.MethodGet, "/v1/hub/whoami", "")
	assert.Equal(t, http.StatusUnauthorized, status)
	status, _ = h.Do(t, "not-a-token", http.MethodGet, "/v1/hub/whoami", "")
	assert.Equal(t, http.StatusUnauthorized, status)

	clk.Advance(time.Hour)
	status, raw = h.Do(t, tok, http.MethodGet, "/v1/hub/whoami", "")
	assert.Equal(t, http.StatusUnauthorized, status)
	assert.Contains(t, string(raw), "expired")

	// The username/password login of a controller is not the hub's.
	status, raw = h.Do(t, "", http.MethodPost, "/v1/login", `{"username": "admin", "password": "x"}`)
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Contains(t, string(raw), "client credentials")
}

func TestStateSurvivesRestart(t *testing.T) {
	t.Parallel()
	h := hubtest.Start(t, hubtest.Options{})
	admin := h.AdminToken(t)
	status, raw := h.Do(t, admin, http.MethodPost, "/v1/hub/groups", `{"name": "ops"}`)
	require.Equal(t, http.StatusCreated, status, string(raw))
	group := decodeMap(t, raw)

	again := hubtest.Start(t, hubtest.Options{StorePath: h.StorePath})
	status, raw = again.Do(t, admin, http.MethodGet, "/v1/hub/groups/"+group["uuid"].(string), "")
	require.Equal(t, http.StatusOK, status, string(raw))
	assert.Equal(t, "ops", decodeMap(t, raw)["name"])
}

func TestGroupsAndRoles(t *testing.T) {
	t.Parallel()
	h := hubtest.Start(t, hubtest.Options{})
	admin := h.AdminToken(t)
	for _, kind := range []string{"groups", "roles"} {
		p := "/v1/hub/" + kind
		status, raw := h.Do(t, admin, http.MethodPost, p, `{"name": "_bad"}`)
		assert.Equal(t, http.StatusBadRequest, status)
		assert.Equal(t, "name", decodeMap(t, raw)["field"])
		status, raw = h.Do(t, admin, http.MethodPost, p, `{"name": "team-a", "extra": 1}`)
		assert.Equal(t, http.StatusBadRequest, status)
		assert.Equal(t, "extra", decodeMap(t, raw)["field"])

		status, raw = h.Do(t, admin, http.MethodPost, p, `{"name": "team-a"}`)
		require.Equal(t, http.StatusCreated, status, string(raw))
		g := decodeMap(t, raw)
		id := g["uuid"].(string)
		status, _ = h.Do(t, admin, http.MethodPost, p, `{"name": "team-a"}`)
		assert.Equal(t, http.StatusConflict, status)

		status, raw = h.Do(t, admin, http.MethodPatch, p+"/"+id, `{"name": "team-b"}`)
		require.Equal(t, http.StatusOK, status, string(raw))
		status, raw = h.Do(t, admin, http.MethodGet, p+"?name=team-b", "")
		require.Equal(t, http.StatusOK, status)
		assert.Contains(t, string(raw), id)

		status, _ = h.Do(t, admin, http.MethodDelete, p+"/"+id, "")
		assert.Equal(t, http.StatusNoContent, status)
		status, _ = h.Do(t, admin, http.MethodGet, p+"/"+id, "")
		assert.Equal(t, http.StatusNotFound, status)
	}
}

func TestRelationsAreChecked(t *testing.T) {
	t.Parallel()
	h := hubtest.Start(t, hubtest.Options{})
	admin := h.AdminToken(t)
	for body, field := range map[string]string{
		`{"add": [{"object": "bogus", "relation": "can_addmodel", "target": "cloud-aws"}]}`:                                             "add[0].object",
		`{"add": [{"object": "user-bob@example.com", "relation": "owner", "target": "cloud-aws"}]}`:                                     "add[0].relation",
		`{"add": [{"object": "user-bob", "relation": "administrator", "target": "controller-other"}]}`:                                  "add[0].target",
		`{"add": [{"object": "group-6f1c5c6e-3a7e-4b53-9d62-7c1a8f0e2b11#member", "relation": "can_addmodel", "target": "cloud-aws"}]}`: "add[0].object",
	} {
		status, raw := h.Do(t, admin, http.MethodPost, "/v1/hub/relations", body)
		assert.Equal(t, http.StatusBadRequest, status, body)
		assert.Equal(t, field, decodeMap(t, raw)["field"], body)
	}
	status, raw := h.Do(t, admin, http.MethodPost, "/v1/hub/relations",
		`{"add": [{"object": "user-bob@example.com", "relation": "can_addmodel", "target": "cloud-aws"}, {"object": "serviceaccount-ci", "relation": "can_addmodel", "target": "cloud-aws"}]}`)
	require.Equal(t, http.StatusNoContent, status, string(raw))
	status, raw = h.Do(t, admin, http.MethodGet, "/v1/hub/relations?target=cloud-aws&relation=can_addmodel", "")
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, string(raw), "user-bob@example.com")
	assert.Contains(t, string(raw), "serviceaccount-ci")

	// Only administrators manage access.
	status, raw = h.Do(t, admin, http.MethodPost, "/v1/hub/service-accounts", `{"clientId": "ci"}`)
	require.Equal(t, http.StatusCreated, status, string(raw))
	ci := h.Token(t, "ci", decodeMap(t, raw)["clientSecret"].(string))
	status, _ = h.Do(t, ci, http.MethodPost, "/v1/hub/relations", `{"add": [{"object": "serviceaccount-ci", "relation": "administrator", "target": "controller-hub"}]}`)
	assert.Equal(t, http.StatusForbidden, status)
	status, _ = h.Do(t, ci, http.MethodPost, "/v1/hub/groups", `{"name": "mine"}`)
	assert.Equal(t, http.StatusForbidden, status)
	// Reading groups is for everyone.
	status, _ = h.Do(t, ci, http.MethodGet, "/v1/hub/groups", "")
	assert.Equal(t, http.StatusOK, status)
}

// hubWithControllers is a hub with two registered controllers, "east" and
// "west", and a service account ci without any grant.
func hubWithControllers(t *testing.T) (h *hubtest.Hub, admin, ci string, east, west *orchtest.Controller) {
	t.Helper()
	return hubWithControllersOpts(t, hubtest.Options{})
}

// bareHubWithControllers is hubWithControllers without the hub's default
// grants, so that ci starts with no rights at all (everyone may add models
// on localhost otherwise).
func bareHubWithControllers(t *testing.T) (h *hubtest.Hub, admin, ci string, east, west *orchtest.Controller) {
	t.Helper()
	return hubWithControllersOpts(t, hubtest.Options{NoDefaultGrants: true})
}

func hubWithControllersOpts(t *testing.T, opts hubtest.Options) (h *hubtest.Hub, admin, ci string, east, west *orchtest.Controller) {
	t.Helper()
	h = hubtest.Start(t, opts)
	east = orchtest.Start(t, orchtest.Options{ControllerName: "east"})
	west = orchtest.Start(t, orchtest.Options{ControllerName: "west"})
	admin = h.AdminToken(t)
	h.Register(t, admin, "east", east)
	h.Register(t, admin, "west", west)
	status, raw := h.Do(t, admin, http.MethodPost, "/v1/hub/service-accounts", `{"clientId": "ci", "clientSecret": "ci-secret-0123456789"}`)
	require.Equal(t, http.StatusCreated, status, string(raw))
	ci = h.Token(t, "ci", "ci-secret-0123456789")
	return h, admin, ci, east, west
}

func TestControllerRegistration(t *testing.T) {
	t.Parallel()
	h := hubtest.Start(t, hubtest.Options{})
	ctl := orchtest.Start(t, orchtest.Options{ControllerName: "east"})
	admin := h.AdminToken(t)
	uuid := hubtest.ControllerUUID(t, ctl)
	reg := func(fields string) (int, map[string]any) {
		status, raw := h.Do(t, admin, http.MethodPost, "/v1/hub/controllers", `{"apiAddresses": ["`+ctl.Address+`"], "caCertificate": `+jsonString(ctl.CACertPEM)+`, `+fields+`}`)
		return status, decodeMap(t, raw)
	}
	status, body := reg(`"uuid": "6f1c5c6e-3a7e-4b53-9d62-7c1a8f0e2b11", "username": "admin", "password": "` + ctl.Password + `"`)
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, "uuid", body["field"])
	status, body = reg(`"uuid": "` + uuid + `", "username": "admin", "password": "wrong-password"`)
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, "password", body["field"])
	status, body = reg(`"uuid": "` + uuid + `", "username": "admin"`)
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, "password", body["field"])

	status, body = reg(`"uuid": "` + uuid + `", "username": "admin", "password": "` + ctl.Password + `"`)
	require.Equal(t, http.StatusCreated, status, body)
	assert.Equal(t, "east", body["name"], "the name defaults to the controller's own")
	assert.Equal(t, "available", body["status"])
	assert.Equal(t, ctl.Address, body["publicAddress"])
	assert.NotContains(t, body, "password")
	status, body = reg(`"name": "again", "uuid": "` + uuid + `", "username": "admin", "password": "` + ctl.Password + `"`)
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, "uuid", body["field"])

	status, _ = h.Do(t, admin, http.MethodDelete, "/v1/hub/controllers/east", "")
	assert.Equal(t, http.StatusConflict, status, "an available controller needs force")
	status, raw := h.Do(t, admin, http.MethodPatch, "/v1/hub/controllers/east", `{"deprecated": true}`)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, "deprecated", decodeMap(t, raw)["status"])
	status, _ = h.Do(t, admin, http.MethodDelete, "/v1/hub/controllers/east", "")
	assert.Equal(t, http.StatusNoContent, status)
	status, _ = h.Do(t, admin, http.MethodGet, "/v1/hub/controllers/east", "")
	assert.Equal(t, http.StatusNotFound, status)
}

func TestUnreachableControllerIsUnavailable(t *testing.T) {
	t.Parallel()
	h := hubtest.Start(t, hubtest.Options{})
	ctl := orchtest.Start(t, orchtest.Options{ControllerName: "gone"})
	admin := h.AdminToken(t)
	h.Register(t, admin, "gone", ctl)
	ctl.StopAddress(0)
	status, raw := h.Do(t, admin, http.MethodGet, "/v1/hub/controllers/gone", "")
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, "unavailable", decodeMap(t, raw)["status"])
	status, _ = h.Do(t, admin, http.MethodDelete, "/v1/hub/controllers/gone", "")
	assert.Equal(t, http.StatusNoContent, status, "an unavailable controller goes without force")
}

func TestAddModelNeedsCloudAccessCheckedOnEveryRequest(t *testing.T) {
	t.Parallel()
	h, admin, ci, _, _ := bareHubWithControllers(t)
	model := `{"name": "dev", "cloud": "localhost"}`
	status, raw := h.Do(t, ci, http.MethodPost, "/v1/models", model)
	require.Equal(t, http.StatusForbidden, status, string(raw))
	assert.Contains(t, string(raw), "can_addmodel")

	grant := `[{"object": "serviceaccount-ci", "relation": "can_addmodel", "target": "cloud-localhost"}]`
	status, _ = h.Do(t, admin, http.MethodPost, "/v1/hub/relations", `{"add": `+grant+`}`)
	require.Equal(t, http.StatusNoContent, status)
	status, raw = h.Do(t, ci, http.MethodPost, "/v1/models", model)
	require.Equal(t, http.StatusCreated, status, string(raw))
	assert.Equal(t, "ci@serviceaccount", decodeMap(t, raw)["owner"])

	status, _ = h.Do(t, admin, http.MethodPost, "/v1/hub/relations", `{"remove": `+grant+`}`)
	require.Equal(t, http.StatusNoContent, status)
	status, _ = h.Do(t, ci, http.MethodPost, "/v1/models", `{"name": "dev2", "cloud": "localhost"}`)
	assert.Equal(t, http.StatusForbidden, status, "the revocation holds from the next request on")

	// Through a group and a role.
	status, raw = h.Do(t, admin, http.MethodPost, "/v1/hub/groups", `{"name": "devs"}`)
	require.Equal(t, http.StatusCreated, status)
	group := decodeMap(t, raw)["uuid"].(string)
	status, raw = h.Do(t, admin, http.MethodPost, "/v1/hub/roles", `{"name": "builder"}`)
	require.Equal(t, http.StatusCreated, status)
	role := decodeMap(t, raw)["uuid"].(string)
	status, raw = h.Do(t, admin, http.MethodPost, "/v1/hub/relations", `{"add": [
		{"object": "role-`+role+`#assignee", "relation": "can_addmodel", "target": "cloud-localhost"},
		{"object": "group-`+group+`#member", "relation": "assignee", "target": "role-`+role+`"},
		{"object": "serviceaccount-ci", "relation": "member", "target": "group-`+group+`"}]}`)
	require.Equal(t, http.StatusNoContent, status, string(raw))
	status, raw = h.Do(t, ci, http.MethodPost, "/v1/models", `{"name": "dev2"}`)
	require.Equal(t, http.StatusCreated, status, "the only cloud ci may use is the default: %s", raw)
	status, _ = h.Do(t, admin, http.MethodDelete, "/v1/hub/groups/"+group, "")
	require.Equal(t, http.StatusNoContent, status)
	status, _ = h.Do(t, ci, http.MethodPost, "/v1/models", `{"name": "dev3", "cloud": "localhost"}`)
	assert.Equal(t, http.StatusForbidden, status, "removing the group removes its grants")
}

func TestModelsArePlacedAndRouted(t *testing.T) {
	t.Parallel()
	h, admin, ci, east, west := hubWithControllers(t)
	status, _ := h.Do(t, admin, http.MethodPost, "/v1/hub/relations", `{"add": [{"object": "serviceaccount-ci", "relation": "can_addmodel", "target": "cloud-localhost"}]}`)
	require.Equal(t, http.StatusNoContent, status)

	status, raw := h.Do(t, ci, http.MethodPost, "/v1/models", `{"name": "x", "cloud": "localhost", "targetController": "north"}`)
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, "targetController", decodeMap(t, raw)["field"])
	status, raw = h.Do(t, ci, http.MethodPost, "/v1/models", `{"name": "x", "cloud": "nowhere"}`)
	assert.Equal(t, http.StatusForbidden, status, string(raw))

	status, raw = h.Do(t, ci, http.MethodPost, "/v1/models", `{"name": "placed", "cloud": "localhost", "targetController": "west"}`)
	require.Equal(t, http.StatusCreated, status, string(raw))
	model := decodeMap(t, raw)
	id := model["uuid"].(string)
	assert.Equal(t, hubtest.ControllerUUID(t, west), model["controllerUuid"])
	status, _ = h.Do(t, ci, http.MethodPost, "/v1/models", `{"name": "placed", "cloud": "localhost"}`)
	assert.Equal(t, http.StatusConflict, status, "a name is unique per owner")

	// An application added through the hub lands on west only.
	status, raw = h.Do(t, ci, http.MethodPost, "/v1/models/"+id+"/applications", `{"name": "app", "charm": {"name": "ubuntu-lite"}}`)
	require.Equal(t, http.StatusCreated, status, string(raw))
	for ctl, want := range map[*orchtest.Controller]int{west: http.StatusOK, east: http.StatusNotFound} {
		req, err := http.NewRequest(http.MethodPost, ctl.URL+"/v1/login", strings.NewReader(`{"username": "admin", "password": "`+ctl.Password+`"}`))
		require.NoError(t, err)
		resp, err := ctl.Client.Do(req)
		require.NoError(t, err)
		var login struct{ Token string }
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&login))
		resp.Body.Close()
		req, err = http.NewRequest(http.MethodGet, ctl.URL+"/v1/models/"+id+"/applications/app", nil)
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+login.Token)
		resp, err = ctl.Client.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, want, resp.StatusCode)
	}
	status, raw = h.Do(t, ci, http.MethodGet, "/v1/models/"+id, "")
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, "ci@serviceaccount", decodeMap(t, raw)["owner"])
	status, raw = h.Do(t, ci, http.MethodGet, "/v1/models?name=placed", "")
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, string(raw), id)

	// Another service account may not use ci's model, nor learn that it
	// exists: it is answered as a model the hub does not know (R6).
	status, raw = h.Do(t, admin, http.MethodPost, "/v1/hub/service-accounts", `{"clientId": "other", "clientSecret": "other-secret-0123456789"}`)
	require.Equal(t, http.StatusCreated, status, string(raw))
	other := h.Token(t, "other", "other-secret-0123456789")
	for _, path := range []string{"/v1/models/" + id, "/v1/models/" + id + "/applications/app"} {
		status, raw = h.Do(t, other, http.MethodGet, path, "")
		assert.Equal(t, http.StatusNotFound, status, path)
		assert.NotContains(t, string(raw), "placed", "the answer does not name the model")
		assert.Equal(t, "not-found", decodeMap(t, raw)["code"])
	}
	status, raw = h.Do(t, other, http.MethodGet, "/v1/models?name=placed", "")
	require.Equal(t, http.StatusOK, status)
	assert.NotContains(t, string(raw), id)

	// Charms resolve through any controller; clouds are the controllers'.
	status, _ = h.Do(t, ci, http.MethodGet, "/v1/charms/ubuntu", "")
	assert.Equal(t, http.StatusOK, status)
	status, raw = h.Do(t, ci, http.MethodGet, "/v1/clouds", "")
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, string(raw), `"localhost"`)
	assert.NotContains(t, string(raw), `"microk8s"`, "ci has no access to microk8s")
	status, _ = h.Do(t, admin, http.MethodPost, "/v1/clouds", `{"name": "c"}`)
	assert.Equal(t, http.StatusBadRequest, status)

	// Removal goes through, and the hub forgets the model once it is gone.
	status, _ = h.Do(t, ci, http.MethodDelete, "/v1/models/"+id+"/applications/app", "")
	assert.Equal(t, http.StatusAccepted, status)
	status, _ = h.Do(t, ci, http.MethodDelete, "/v1/models/"+id, "")
	assert.Equal(t, http.StatusAccepted, status)
	status, _ = h.Do(t, ci, http.MethodGet, "/v1/models/"+id, "")
	assert.Equal(t, http.StatusNotFound, status)
	status, raw = h.Do(t, ci, http.MethodPost, "/v1/models", `{"name": "placed", "cloud": "localhost"}`)
	assert.Equal(t, http.StatusCreated, status, "the name is free again: %s", raw)
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestIdPGroupGrants: an identity provider's group is an object of a tuple,
// idpgroup-<name>#member, as upstream's idp_groups grant access; its name
// has no format of the hub's (the identity provider decides), but it is not
// empty and has no white space.
func TestIdPGroupGrants(t *testing.T) {
	t.Parallel()
	h := hubtest.Start(t, hubtest.Options{})
	admin := h.AdminToken(t)
	status, raw := h.Do(t, admin, http.MethodPost, "/v1/hub/relations",
		`{"add": [{"object": "idpgroup-Engineering Team@corp#member", "relation": "can_addmodel", "target": "cloud-aws"}]}`)
	require.Equal(t, http.StatusBadRequest, status, string(raw))
	assert.Equal(t, "add[0].object", decodeMap(t, raw)["field"])
	status, raw = h.Do(t, admin, http.MethodPost, "/v1/hub/relations",
		`{"add": [{"object": "idpgroup-engineering@corp#member", "relation": "can_addmodel", "target": "cloud-aws"}]}`)
	require.Equal(t, http.StatusNoContent, status, string(raw))
	status, raw = h.Do(t, admin, http.MethodGet, "/v1/hub/relations?target=cloud-aws&relation=can_addmodel", "")
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, string(raw), "idpgroup-engineering@corp#member")
}

// TestModelWithoutCloudIsPlaced: a model without a cloud is placed on one of
// the clouds the caller may add models on, also when there are several (as
// upstream's hub does); when none of them is on an available controller, the
// error lists the clouds the caller may use.
func TestModelWithoutCloudIsPlaced(t *testing.T) {
	t.Parallel()
	h, admin, ci, _, _ := bareHubWithControllers(t)
	status, raw := h.Do(t, admin, http.MethodPost, "/v1/hub/relations", `{"add": [
		{"object": "serviceaccount-ci", "relation": "can_addmodel", "target": "cloud-nowhere"},
		{"object": "serviceaccount-ci", "relation": "can_addmodel", "target": "cloud-localhost"}]}`)
	require.Equal(t, http.StatusNoContent, status, string(raw))
	status, raw = h.Do(t, ci, http.MethodPost, "/v1/models", `{"name": "anywhere"}`)
	require.Equal(t, http.StatusCreated, status, string(raw))
	assert.Equal(t, "localhost", decodeMap(t, raw)["cloud"])
	// An administrator may add models on every cloud.
	status, raw = h.Do(t, admin, http.MethodPost, "/v1/models", `{"name": "admins"}`)
	require.Equal(t, http.StatusCreated, status, string(raw))

	status, raw = h.Do(t, admin, http.MethodPost, "/v1/hub/relations", `{"remove": [{"object": "serviceaccount-ci", "relation": "can_addmodel", "target": "cloud-localhost"}]}`)
	require.Equal(t, http.StatusNoContent, status, string(raw))
	status, raw = h.Do(t, ci, http.MethodPost, "/v1/models", `{"name": "nowhere"}`)
	require.Equal(t, http.StatusBadRequest, status, string(raw))
	assert.Equal(t, "cloud", decodeMap(t, raw)["field"])
	assert.Contains(t, decodeMap(t, raw)["message"], "clouds you may add models on: nowhere")
}
