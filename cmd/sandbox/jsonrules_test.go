package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/migration"
	"github.com/iacsuite/providers/internal/sandbox/netfab"
)

// TestJSONBodyRules: every service refuses, with 400 naming the field, a
// body that gives a key twice or holds a string that is not UTF-8 (they
// were stored as the last value and as U+FFFD).
func TestJSONBodyRules(t *testing.T) {
	dir := t.TempDir()
	urls, _, _ := serveServices(t, "--state-dir", dir, "--orch-admin-password", "orch-admin-pw", "--hub-admin-client-secret", "hub-secret-0123456789")
	c := client(t, dir)
	send := func(method, u, auth, body string) (int, string) {
		t.Helper()
		req, err := http.NewRequest(method, u, bytes.NewReader([]byte(body)))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		res, err := c.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	form := func(u, user, pass string) string {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, u, strings.NewReader(url.Values{"grant_type": {"client_credentials"}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.SetBasicAuth(user, pass)
		res, err := c.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		var tok struct {
			AccessToken string `json:"access_token"`
		}
		require.NoError(t, json.NewDecoder(res.Body).Decode(&tok))
		require.NotEmpty(t, tok.AccessToken)
		return "Bearer " + tok.AccessToken
	}
	_, loginBody := send(http.MethodPost, urls["orch"]+"/v1/login", "", `{"username": "admin", "password": "orch-admin-pw"}`)
	var login struct {
		Token string `json:"token"`
	}
	require.NoError(t, json.Unmarshal([]byte(loginBody), &login))
	orchAuth := "Bearer " + login.Token
	hubAuth := form(urls["hub"]+"/oauth2/token", "hub-admin", "hub-secret-0123456789")
	netfabAuth := form(urls["netfab"]+"/oauth2/token", netfab.DefaultAccessKey, netfab.DefaultSecretKey)
	migAuth := "Bearer " + migration.DefaultToken

	for _, tc := range []struct {
		name, method, url, auth, body, field string
	}{
		{"orch duplicate", http.MethodPost, urls["orch"] + "/v1/users", orchAuth, `{"name": "bob", "password": "bob-password", "name": "eve"}`, "name"},
		{"orch utf-8", http.MethodPost, urls["orch"] + "/v1/users", orchAuth, "{\"name\": \"bob\", \"displayName\": \"B\xffb\", \"password\": \"bob-password\"}", "displayName"},
		{"hub duplicate", http.MethodPost, urls["hub"] + "/v1/hub/service-accounts", hubAuth, `{"clientId": "ci", "clientId": "other"}`, "clientId"},
		{"netfab duplicate", http.MethodPost, urls["netfab"] + "/v3/orders/validate", netfabAuth, `{"items": [{"productName": "a", "productName": "b"}]}`, "items[0].productName"},
		{"migration utf-8", http.MethodPost, urls["migration"] + "/v1alpha1/projects/demo-project/locations/us-central1/importJobs?importJobId=j1", migAuth, "{\"displayName\": \"J\xc3\"}", "displayName"},
		{"fwmgr duplicate", http.MethodPost, urls["fwmgr"] + "/os_api/login", "", `{"user": "` + fwmgr.DefaultUser + `", "password": "x", "password": "` + fwmgr.DefaultPassword + `"}`, "password"},
	} {
		status, body := send(tc.method, tc.url, tc.auth, tc.body)
		require.Equal(t, http.StatusBadRequest, status, "%s: %s", tc.name, body)
		require.Contains(t, body, tc.field, tc.name)
	}
}
