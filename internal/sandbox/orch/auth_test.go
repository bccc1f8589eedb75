package orch_test

import (
	"crypto/tls"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

func TestTLSIsRequiredAndTrustedThroughTheCACertificate(t *testing.T) {
	e := start(t, orchtest.Options{})
	// A client that does not trust the controller's CA refuses it.
	res, err := http.Get(e.ctl.URL + "/v1/healthz")
	if err == nil {
		res.Body.Close()
	}
	require.Error(t, err)
	// Plain HTTP is not served.
	res, err = http.Get("http://" + e.ctl.Address + "/v1/healthz")
	if err == nil {
		res.Body.Close()
		assert.Equal(t, http.StatusBadRequest, res.StatusCode)
	}
	// Trusting exactly the answered CA certificate works.
	info := e.must(http.StatusOK, http.MethodGet, "/v1/controller", "")
	assert.Equal(t, e.ctl.CACertPEM, info["caCert"])
	assert.Equal(t, []string{e.ctl.Address}, strs(info, "apiAddresses"))
	assert.Equal(t, "sandbox", info["name"])
	assert.NotEmpty(t, info["uuid"])
	assert.Equal(t, "https://charms.orch.test", info["charmStoreUrl"])
	tr := e.ctl.Client.Transport.(*http.Transport)
	conn, err := tls.Dial("tcp", e.ctl.Address, tr.TLSClientConfig)
	require.NoError(t, err)
	conn.Close()
}

func TestLogin(t *testing.T) {
	clk := newClock()
	e := start(t, orchtest.Options{Now: clk.Now})

	status, out := e.raw("", http.MethodGet, "/v1/healthz", "")
	assert.Equal(t, http.StatusOK, status)
	assert.Equal(t, "ok", out["status"])

	e.token = ""
	e.fails(http.StatusUnauthorized, "unauthorized", "", http.MethodGet, "/v1/models", "", "missing bearer token")
	e.fails(http.StatusUnauthorized, "unauthorized", "", http.MethodPost, "/v1/login", `{"username": "admin", "password": "wrong-password"}`, "invalid username or password")
	e.fails(http.StatusUnauthorized, "unauthorized", "", http.MethodPost, "/v1/login", `{"username": "nobody", "password": "wrong-password"}`, "invalid username or password")
	e.fails(http.StatusBadRequest, "bad-request", "username", http.MethodPost, "/v1/login", `{"password": "x"}`)
	e.fails(http.StatusBadRequest, "bad-request", "user", http.MethodPost, "/v1/login", `{"user": "admin"}`, "not accepted")

	status, out = e.raw("", http.MethodPost, "/v1/login", `{"username": "admin", "password": "orchtest-admin-password"}`)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, "admin", get(out, "user.name"))
	assert.Equal(t, "superuser", get(out, "user.access"))
	assert.Equal(t, "sandbox", get(out, "controller.name"))
	tok := out["token"].(string)
	exp, err := time.Parse(time.RFC3339, out["expiresAt"].(string))
	require.NoError(t, err)
	assert.Equal(t, clk.Now().Add(24*time.Hour), exp)

	e.token = "not-a-token"
	e.fails(http.StatusUnauthorized, "unauthorized", "", http.MethodGet, "/v1/models", "", "invalid bearer token")
	e.token = tok
	e.must(http.StatusOK, http.MethodGet, "/v1/models", "")

	// Tokens expire.
	clk.advance(24 * time.Hour)
	e.fails(http.StatusUnauthorized, "unauthorized", "", http.MethodGet, "/v1/models", "", "expired")

	// Logout forgets the token.
	e.token = e.login("admin", orchtest.AdminPassword)
	e.must(http.StatusNoContent, http.MethodPost, "/v1/logout", "")
	e.fails(http.StatusUnauthorized, "unauthorized", "", http.MethodGet, "/v1/models", "", "invalid bearer token")
}

func TestUnknownOperationsAnswerTheErrorBody(t *testing.T) {
	e := start(t, orchtest.Options{})
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, "/v1/no-such-thing", "", "no such operation")
	out := e.fails(http.StatusMethodNotAllowed, "bad-request", "", http.MethodPatch, "/v1/clouds", "", "not allowed")
	assert.Contains(t, out["message"], "GET")
	e.fails(http.StatusBadRequest, "bad-request", "", http.MethodPost, "/v1/models", `{"name": `, "not valid JSON")
}

func TestUsers(t *testing.T) {
	e := start(t, orchtest.Options{})
	u := e.must(http.StatusCreated, http.MethodPost, "/v1/users", `{"name": "alice", "displayName": "Alice", "password": "alice-password"}`)
	assert.Equal(t, "login", u["access"])
	assert.Equal(t, "admin", u["createdBy"])
	e.fails(http.StatusConflict, "already-exists", "name", http.MethodPost, "/v1/users", `{"name": "alice", "password": "alice-password"}`)
	e.fails(http.StatusBadRequest, "bad-request", "name", http.MethodPost, "/v1/users", `{"name": "-bad-", "password": "alice-password"}`)
	e.fails(http.StatusBadRequest, "bad-request", "password", http.MethodPost, "/v1/users", `{"name": "bob", "password": "short"}`, "at least 8")
	e.fails(http.StatusBadRequest, "bad-request", "access", http.MethodPost, "/v1/users", `{"name": "bob", "password": "bob-password", "access": "root"}`)

	alice := e.as("alice", "alice-password")
	alice.fails(http.StatusForbidden, "forbidden", "", http.MethodPost, "/v1/users", `{"name": "bob", "password": "bob-password"}`)
	// Another user is answered as a user that does not exist.
	other := alice.fails(http.StatusNotFound, "not-found", "", http.MethodGet, "/v1/users/admin", "")
	nobody := alice.fails(http.StatusNotFound, "not-found", "", http.MethodGet, "/v1/users/nobody", "")
	assert.Equal(t, strings.ReplaceAll(nobody["message"].(string), "nobody", "NAME"), strings.ReplaceAll(other["message"].(string), "admin", "NAME"))
	assert.Len(t, items(alice.must(http.StatusOK, http.MethodGet, "/v1/users", "")), 1)
	assert.Len(t, items(e.must(http.StatusOK, http.MethodGet, "/v1/users", "")), 2)
	alice.fails(http.StatusForbidden, "forbidden", "", http.MethodPost, "/v1/clouds", `{"name": "c", "type": "lxd", "authTypes": ["certificate"]}`)

	// Users own their models; others cannot see them.
	aliceModel := alice.model("alices", "")
	m := e.must(http.StatusOK, http.MethodGet, "/v1/models/"+aliceModel, "")
	assert.Equal(t, "alice", m["owner"])
	adminModel := e.model("admins", "")
	// Another user's model, and all in it, is answered as a model that does
	// not exist.
	hidden := alice.fails(http.StatusNotFound, "not-found", "", http.MethodGet, "/v1/models/"+adminModel, "")
	unknown := "7b0c7f4e-2b5a-4c1e-9d3f-5a6b7c8d9e0f"
	missing := alice.fails(http.StatusNotFound, "not-found", "", http.MethodGet, "/v1/models/"+unknown, "")
	assert.Equal(t, strings.ReplaceAll(missing["message"].(string), unknown, "UUID"), strings.ReplaceAll(hidden["message"].(string), adminModel, "UUID"))
	alice.fails(http.StatusNotFound, "not-found", "", http.MethodGet, "/v1/models/"+adminModel+"/applications", "")
	alice.fails(http.StatusNotFound, "not-found", "", http.MethodDelete, "/v1/models/"+adminModel, "")
	assert.Len(t, items(alice.must(http.StatusOK, http.MethodGet, "/v1/models", "")), 1)

	// A user changes their password; the old one stops working.
	alice.must(http.StatusOK, http.MethodPatch, "/v1/users/alice", `{"password": "new-alice-password"}`)
	e.fails(http.StatusUnauthorized, "unauthorized", "", http.MethodPost, "/v1/login", `{"username": "alice", "password": "alice-password"}`)
	// The change ended alice's token (TestTokensEndWithPasswordOrDisable).
	alice.fails(http.StatusUnauthorized, "unauthorized", "", http.MethodGet, "/v1/models", "")
	alice = e.as("alice", "new-alice-password")
	alice.fails(http.StatusForbidden, "forbidden", "", http.MethodPatch, "/v1/users/alice", `{"access": "superuser"}`)

	// A user with models cannot be removed; admin never.
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, "/v1/users/alice", "", "owns the model")
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, "/v1/users/admin", "")
	e.must(http.StatusAccepted, http.MethodDelete, "/v1/models/"+aliceModel, "")
	e.must(http.StatusNoContent, http.MethodDelete, "/v1/users/alice", "")
	alice.fails(http.StatusUnauthorized, "unauthorized", "", http.MethodGet, "/v1/models", "")

	// Disabled users cannot log in.
	e.must(http.StatusCreated, http.MethodPost, "/v1/users", `{"name": "carol", "password": "carol-password"}`)
	e.must(http.StatusOK, http.MethodPatch, "/v1/users/carol", `{"disabled": true}`)
	e.fails(http.StatusUnauthorized, "unauthorized", "", http.MethodPost, "/v1/login", `{"username": "carol", "password": "carol-password"}`)
}

// TestTokensEndWithPasswordOrDisable: a user's tokens end when the password
// changes or the user is disabled (security issue 34): enabling the user
// again does not revive them, and a new login works.
func TestTokensEndWithPasswordOrDisable(t *testing.T) {
	e := start(t, orchtest.Options{})
	e.must(http.StatusCreated, http.MethodPost, "/v1/users", `{"name": "dave", "password": "dave-password"}`)

	// A password change ends every token of the user, also the one it was
	// made with, and another session's.
	dave := e.as("dave", "dave-password")
	other := e.as("dave", "dave-password")
	dave.must(http.StatusOK, http.MethodGet, "/v1/users/dave", "")
	dave.must(http.StatusOK, http.MethodPatch, "/v1/users/dave", `{"password": "dave-password-2"}`)
	dave.fails(http.StatusUnauthorized, "unauthorized", "", http.MethodGet, "/v1/users/dave", "")
	other.fails(http.StatusUnauthorized, "unauthorized", "", http.MethodGet, "/v1/users/dave", "")
	// So does a superuser setting it.
	dave = e.as("dave", "dave-password-2")
	e.must(http.StatusOK, http.MethodPatch, "/v1/users/dave", `{"password": "dave-password-3"}`)
	dave.fails(http.StatusUnauthorized, "unauthorized", "", http.MethodGet, "/v1/users/dave", "")

	// A display name changes nothing.
	dave = e.as("dave", "dave-password-3")
	e.must(http.StatusOK, http.MethodPatch, "/v1/users/dave", `{"displayName": "Dave"}`)
	dave.must(http.StatusOK, http.MethodGet, "/v1/users/dave", "")

	// Disabled, then enabled: the old token stays dead.
	e.must(http.StatusOK, http.MethodPatch, "/v1/users/dave", `{"disabled": true}`)
	dave.fails(http.StatusUnauthorized, "unauthorized", "", http.MethodGet, "/v1/users/dave", "")
	e.must(http.StatusOK, http.MethodPatch, "/v1/users/dave", `{"disabled": false}`)
	dave.fails(http.StatusUnauthorized, "unauthorized", "", http.MethodGet, "/v1/users/dave", "")
	// A new login works.
	e.as("dave", "dave-password-3").must(http.StatusOK, http.MethodGet, "/v1/users/dave", "")

	// A user removed and added again under the same name has none of the
	// tokens of the first.
	old := e.as("dave", "dave-password-3")
	e.must(http.StatusNoContent, http.MethodDelete, "/v1/users/dave", "")
	e.must(http.StatusCreated, http.MethodPost, "/v1/users", `{"name": "dave", "password": "dave-password-3"}`)
	old.fails(http.StatusUnauthorized, "unauthorized", "", http.MethodGet, "/v1/users/dave", "")

	// The admin's own token keeps working throughout.
	e.must(http.StatusOK, http.MethodGet, "/v1/users/admin", "")
}

// TestSeveralAddresses: a controller on several addresses answers the same
// state and token on each, and reports them all.
func TestSeveralAddresses(t *testing.T) {
	e := start(t, orchtest.Options{Addresses: 2})
	require.Len(t, e.ctl.Addresses, 2)
	info := e.must(http.StatusOK, http.MethodGet, "/v1/controller", "")
	assert.Equal(t, e.ctl.Addresses, strs(info, "apiAddresses"))
	uuid := e.model("ha", "")

	req, err := http.NewRequest(http.MethodGet, "https://"+e.ctl.Addresses[1]+"/v1/models/"+uuid, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+e.token)
	res, err := e.ctl.Client.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode, "the second address knows the token and the model")

	e.ctl.StopAddress(0)
	res, err = e.ctl.Client.Get(e.ctl.URL + "/v1/healthz")
	if err == nil {
		res.Body.Close()
	}
	assert.Error(t, err, "a stopped address refuses connections")
}
