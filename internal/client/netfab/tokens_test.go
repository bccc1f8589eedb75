package netfab

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	sandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// A token of its own works as a bearer token until RevokeToken, and the
// client's own calls go on meanwhile with theirs.
func TestNewAccessTokenAndRevokeToken(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(t.TempDir() + "/netfab.db")
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	h, err := sandbox.New(sandbox.Config{Store: st})
	require.NoError(t, err)
	url := sandboxtest.Serve(t, h)
	c, err := New(Config{BaseURL: url, AccessKey: sandbox.DefaultAccessKey, SecretKey: sandbox.DefaultSecretKey})
	require.NoError(t, err)
	_, err = c.Locations(ctx)
	require.NoError(t, err)

	tok, err := c.NewAccessToken(ctx)
	require.NoError(t, err)
	require.Equal(t, "Bearer", tok.TokenType)
	require.False(t, tok.Expiry.IsZero())
	status := func() int {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url+"/v3/locations", nil)
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}
	require.Equal(t, http.StatusOK, status())
	require.NoError(t, c.RevokeToken(ctx, tok.AccessToken))
	require.Equal(t, http.StatusUnauthorized, status())
	_, err = c.Locations(ctx)
	require.NoError(t, err, "the client's own token is not the revoked one")
	// Revoking again is no error (RFC 7009).
	require.NoError(t, c.RevokeToken(ctx, tok.AccessToken))
}
