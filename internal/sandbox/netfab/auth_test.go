package netfab

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"

	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

func TestTokenGrant(t *testing.T) {
	sb := start(t)
	grant := url.Values{"grant_type": {"client_credentials"}}
	withForm := func(v url.Values, kv ...string) url.Values {
		out := url.Values{}
		for k, vs := range v {
			out[k] = vs
		}
		for i := 0; i < len(kv); i += 2 {
			out.Set(kv[i], kv[i+1])
		}
		return out
	}
	cases := []struct {
		name       string
		form       url.Values
		user, pass string
		status     int
		oauthError string
	}{
		{"basic", grant, DefaultAccessKey, DefaultSecretKey, http.StatusOK, ""},
		{"form fields", withForm(grant, "client_id", DefaultAccessKey, "client_secret", DefaultSecretKey), "", "", http.StatusOK, ""},
		{"wrong secret", grant, DefaultAccessKey, "nope", http.StatusUnauthorized, "invalid_client"},
		{"wrong key", grant, "someone", DefaultSecretKey, http.StatusUnauthorized, "invalid_client"},
		{"wrong form secret", withForm(grant, "client_id", DefaultAccessKey, "client_secret", "x"), "", "", http.StatusUnauthorized, "invalid_client"},
		{"no credentials", grant, "", "", http.StatusUnauthorized, "invalid_client"},
		{"password grant", url.Values{"grant_type": {"password"}}, DefaultAccessKey, DefaultSecretKey, http.StatusBadRequest, "unsupported_grant_type"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := sb.tokenRequest(tc.form, tc.user, tc.pass)
			require.Equal(t, tc.status, res.status, "status %d, want %d: %s", res.status, tc.status, res.body)
			var body struct {
				api.TokenResponse
				api.ErrorBody
				Error string `json:"error"`
			}
			require.NoError(t, json.Unmarshal(res.body, &body))
			if tc.status == http.StatusOK {
				require.NotEmpty(t, body.AccessToken, "token response %s", res.body)
				require.Equal(t, "Bearer", body.TokenType, "token response %s", res.body)
				require.EqualValues(t, 3600, body.ExpiresIn, "token response %s", res.body)
				require.Equal(t, "no-store", res.header.Get("Cache-Control"), "token answer is cacheable: %v", res.header)
				return
			}
			require.Equal(t, tc.oauthError, body.Error, "error body %s, want OAuth error %q and the API's code and message", res.body, tc.oauthError)
			require.NotEmpty(t, body.Code, "error body %s, want OAuth error %q and the API's code and message", res.body, tc.oauthError)
			require.NotEmpty(t, body.Message, "error body %s, want OAuth error %q and the API's code and message", res.body, tc.oauthError)
		})
	}
}

// The provider uses golang.org/x/oauth2/clientcredentials; it must get a
// token and use it without help.
func TestOAuth2ClientCredentials(t *testing.T) {
	sb := start(t)
	for _, style := range []oauth2.AuthStyle{oauth2.AuthStyleAutoDetect, oauth2.AuthStyleInHeader, oauth2.AuthStyleInParams} {
		cfg := clientcredentials.Config{ClientID: DefaultAccessKey, ClientSecret: DefaultSecretKey, TokenURL: sb.url + "/oauth2/token", AuthStyle: style}
		res, err := cfg.Client(context.Background()).Get(sb.url + "/v3/locations")
		if err != nil {
			t.Fatalf("auth style %v: %v", style, err)
		}
		res.Body.Close()
		require.Equal(t, http.StatusOK, res.StatusCode, "auth style %v: status %d", style, res.StatusCode)
	}
	bad := clientcredentials.Config{ClientID: DefaultAccessKey, ClientSecret: "wrong", TokenURL: sb.url + "/oauth2/token"}
	if _, err := bad.Token(context.Background()); err == nil || !strings.Contains(err.Error(), "invalid_client") {
		t.Fatalf("bad credentials: %v, want an invalid_client error", err)
	}
}

func TestBearerTokenRequired(t *testing.T) {
	sb := start(t, func(c *Config) { c.TokenTTL = 10 * time.Minute })
	sb.callAs("", http.MethodGet, "/v3/locations", nil).fails(http.StatusUnauthorized, api.CodeUnauthorized)
	sb.callAs("made-up", http.MethodGet, "/v3/locations", nil).fails(http.StatusUnauthorized, api.CodeUnauthorized)
	sb.call(http.MethodGet, "/v3/locations", nil).ok(http.StatusOK, nil)

	res := sb.callAs("", http.MethodGet, "/healthz", nil)
	require.Equal(t, http.StatusOK, res.status, "healthz without a token: %d", res.status)

	sb.clock.Advance(10*time.Minute - time.Second)
	sb.call(http.MethodGet, "/v3/locations", nil).ok(http.StatusOK, nil)
	sb.clock.Advance(time.Second)
	e := sb.call(http.MethodGet, "/v3/locations", nil).fails(http.StatusUnauthorized, api.CodeUnauthorized)
	require.Contains(t, e.Message, "expired", "expired token message: %q", e.Message)
	// A new token works again.
	sb.token = sb.newToken()
	sb.call(http.MethodGet, "/v3/locations", nil).ok(http.StatusOK, nil)
}

func TestTokenSurvivesRestart(t *testing.T) {
	sb := start(t)
	tok := sb.token
	sb.restart()
	sb.callAs(tok, http.MethodGet, "/v3/locations", nil).ok(http.StatusOK, nil)
	sb.clock.Advance(time.Hour)
	sb.callAs(tok, http.MethodGet, "/v3/locations", nil).fails(http.StatusUnauthorized, api.CodeUnauthorized)
}

func TestCustomCredentials(t *testing.T) {
	sb := start(t, func(c *Config) { c.AccessKey, c.SecretKey = "ak", "sk%&" })
	if res := sb.tokenRequest(url.Values{"grant_type": {"client_credentials"}}, DefaultAccessKey, DefaultSecretKey); res.status != http.StatusUnauthorized {
		t.Fatalf("default credentials on a sandbox with others: %d", res.status)
	}
	cfg := clientcredentials.Config{ClientID: "ak", ClientSecret: "sk%&", TokenURL: sb.url + "/oauth2/token", AuthStyle: oauth2.AuthStyleInHeader}
	if _, err := cfg.Token(context.Background()); err != nil {
		t.Fatalf("secret with reserved characters: %v", err)
	}
}

func TestRateLimit(t *testing.T) {
	sb := start(t, func(c *Config) { c.RateLimit, c.RateBurst = 0.5, 3 })
	for range 3 {
		sb.call(http.MethodGet, "/v3/mve/sizes", nil).ok(http.StatusOK, nil)
	}
	res := sb.call(http.MethodGet, "/v3/mve/sizes", nil)
	e := res.fails(http.StatusTooManyRequests, api.CodeRateLimited)
	// One request every 2s: the next is due in at most 2s.
	if ra, err := strconv.Atoi(res.header.Get("Retry-After")); err != nil || ra < 1 || ra > 2 {
		t.Fatalf("Retry-After %q, want 1 or 2 seconds: %s", res.header.Get("Retry-After"), e.Message)
	}
	// The bucket is the account's: a new token of the same account shares
	// it (minting tokens does not lift the limit); another account has its
	// own.
	sb.callAs(sb.newToken(), http.MethodGet, "/v3/mve/sizes", nil).fails(http.StatusTooManyRequests, api.CodeRateLimited)
	res = sb.tokenRequest(url.Values{"grant_type": {"client_credentials"}}, OtherAccessKey, OtherSecretKey)
	require.Equal(t, http.StatusOK, res.status)
	var other api.TokenResponse
	require.NoError(t, json.Unmarshal(res.body, &other))
	sb.callAs(other.AccessToken, http.MethodGet, "/v3/mve/sizes", nil).ok(http.StatusOK, nil)
	// Health checks are not limited.
	if res := sb.callAs("", http.MethodGet, "/healthz", nil); res.status != http.StatusOK {
		t.Fatalf("healthz: %d", res.status)
	}
}

func TestUnknownRoutes(t *testing.T) {
	sb := start(t)
	sb.call(http.MethodGet, "/v3/nothing-here", nil).fails(http.StatusNotFound, api.CodeNotFound)
	res := sb.call(http.MethodPatch, "/v3/products/abc", "{}")
	res.fails(http.StatusMethodNotAllowed, api.CodeNotFound)
	if allow := res.header.Get("Allow"); !strings.Contains(allow, "PUT") || !strings.Contains(allow, "DELETE") {
		t.Fatalf("Allow: %q", allow)
	}
}

// TestBadTokensLimitedPerAddress: requests with made-up tokens are limited
// per client address (not per token string, which let them through
// unlimited and grew the limiter without bound), and do not use up the
// budget of a valid account.
func TestBadTokensLimitedPerAddress(t *testing.T) {
	sb := start(t, func(c *Config) { c.RateLimit, c.RateBurst = 0.5, 3 })
	statuses := map[int]int{}
	for i := range 20 {
		statuses[sb.callAs("forged-"+strconv.Itoa(i), http.MethodGet, "/v3/mve/sizes", nil).status]++
	}
	require.Equal(t, map[int]int{http.StatusUnauthorized: 3, http.StatusTooManyRequests: 17}, statuses)
	sb.call(http.MethodGet, "/v3/mve/sizes", nil).ok(http.StatusOK, nil)
}

// TestLoginLimits: wrong secrets for one access key are answered 429 with
// Retry-After after ten, the right secret included, until the interval
// passes; other access keys are not affected until the address has failed
// thirty times.
func TestLoginLimits(t *testing.T) {
	sb := start(t)
	form := url.Values{"grant_type": {"client_credentials"}}
	statuses := map[int]int{}
	for range 40 {
		statuses[sb.tokenRequest(form, DefaultAccessKey, "wrong-secret").status]++
	}
	require.Equal(t, map[int]int{http.StatusUnauthorized: 10, http.StatusTooManyRequests: 30}, statuses)
	res := sb.tokenRequest(form, DefaultAccessKey, DefaultSecretKey)
	require.Equal(t, http.StatusTooManyRequests, res.status)
	require.NotEmpty(t, res.header.Get("Retry-After"))
	require.Equal(t, http.StatusOK, sb.tokenRequest(form, OtherAccessKey, OtherSecretKey).status, "another account is not locked")
	sb.clock.Advance(6 * time.Second)
	require.Equal(t, http.StatusOK, sb.tokenRequest(form, DefaultAccessKey, DefaultSecretKey).status, "the real user waits one interval")
}
