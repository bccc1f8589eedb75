package netfab

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

// revokeRequest posts form to the revocation endpoint with Basic
// credentials.
func (sb *sandbox) revokeRequest(form url.Values, user, pass string) *response {
	sb.t.Helper()
	req, err := http.NewRequest(http.MethodPost, sb.url+"/oauth2/revoke", strings.NewReader(form.Encode()))
	require.NoError(sb.t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(user, pass)
	return sb.send(req)
}

// A revoked token is refused at once, even one found valid (and so
// remembered) before; the other tokens of the client stay valid; a token
// of another client is not revoked, and the answer does not tell.
func TestTokenRevocation(t *testing.T) {
	sb := start(t)
	tok, other := sb.newToken(), sb.newToken()
	sb.callAs(tok, http.MethodGet, "/v3/locations", nil).ok(http.StatusOK, nil)

	res := sb.revokeRequest(url.Values{"token": {tok}, "token_type_hint": {"access_token"}}, DefaultAccessKey, DefaultSecretKey)
	require.Equal(t, http.StatusOK, res.status, "revoke: %d %s", res.status, res.body)
	e := sb.callAs(tok, http.MethodGet, "/v3/locations", nil).fails(http.StatusUnauthorized, api.CodeUnauthorized)
	require.Contains(t, e.Message, "invalid bearer token")
	sb.callAs(other, http.MethodGet, "/v3/locations", nil).ok(http.StatusOK, nil)
	// Revoking again, or a made-up token, is answered the same.
	for _, t2 := range []string{tok, "made-up"} {
		res := sb.revokeRequest(url.Values{"token": {t2}}, DefaultAccessKey, DefaultSecretKey)
		require.Equal(t, http.StatusOK, res.status, "revoke: %d %s", res.status, res.body)
	}
	// Another company cannot revoke this one's token.
	res = sb.revokeRequest(url.Values{"token": {other}}, OtherAccessKey, OtherSecretKey)
	require.Equal(t, http.StatusOK, res.status, "revoke: %d %s", res.status, res.body)
	sb.callAs(other, http.MethodGet, "/v3/locations", nil).ok(http.StatusOK, nil)
}

func TestTokenRevocationRefusals(t *testing.T) {
	sb := start(t)
	tok := sb.newToken()
	res := sb.revokeRequest(url.Values{"token": {tok}}, DefaultAccessKey, "wrong")
	require.Equal(t, http.StatusUnauthorized, res.status, "revoke with a wrong secret: %d %s", res.status, res.body)
	res = sb.revokeRequest(url.Values{}, DefaultAccessKey, DefaultSecretKey)
	require.Equal(t, http.StatusBadRequest, res.status, "revoke without a token: %d %s", res.status, res.body)
	res = sb.revokeRequest(url.Values{"token": {tok}, "token_type_hint": {"refresh_token"}}, DefaultAccessKey, DefaultSecretKey)
	require.Equal(t, http.StatusBadRequest, res.status, "revoke of a refresh token: %d %s", res.status, res.body)
	require.Contains(t, string(res.body), "unsupported_token_type")
	sb.callAs(tok, http.MethodGet, "/v3/locations", nil).ok(http.StatusOK, nil)
}
