package netfab

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"net/http"
	"net/url"
	"time"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

const kindToken = "token"

// tokenRecord is an issued access token. Only the token's hash is stored, so
// the database does not hold usable credentials.
type tokenRecord struct {
	Hash      string    `json:"hash"`
	AccessKey string    `json:"accessKey"`
	IssuedAt  time.Time `json:"issuedAt"`
	ExpiresAt time.Time `json:"expiresAt"`
}

func tokenHash(tok string) string {
	sum := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(sum[:])
}

func equalSecret(got, want string) bool {
	return subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}

// issueToken is the client-credentials grant of RFC 6749 section 4.4. The
// client authenticates with HTTP Basic or with client_id and client_secret
// form fields, as golang.org/x/oauth2 may send either.
func (s *server) issueToken(w http.ResponseWriter, r *http.Request) error {
	if err := r.ParseForm(); err != nil {
		return oauthError(http.StatusBadRequest, "invalid_request", api.ErrorBody{
			Code: api.CodeValidationFailed, Message: "request body must be application/x-www-form-urlencoded: " + err.Error(),
		})
	}
	if gt := r.PostForm.Get("grant_type"); gt != "client_credentials" {
		return oauthError(http.StatusBadRequest, "unsupported_grant_type", api.ErrorBody{
			Code: api.CodeValidationFailed, Field: "grant_type", Message: "grant_type: must be client_credentials",
		})
	}
	id, err := s.authenticateClient(r)
	if err != nil {
		return err
	}

	tok := rand.Text() + rand.Text() // 256 bits
	now := s.now()
	rec := tokenRecord{Hash: tokenHash(tok), AccessKey: id, IssuedAt: now, ExpiresAt: now.Add(s.cfg.TokenTTL)}
	err = s.tx(r.Context(), func(tx *store.Tx) error {
		// Forget expired tokens while we are here; there are few.
		all, err := store.List[tokenRecord](tx, kindToken, "")
		if err != nil {
			return err
		}
		for _, t := range all {
			if !now.Before(t.ExpiresAt) {
				if _, err := tx.Delete(kindToken, t.Hash); err != nil {
					return err
				}
			}
		}
		return tx.Put(kindToken, rec.Hash, "", rec)
	})
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Pragma", "no-cache")
	httpx.WriteJSON(w, http.StatusOK, api.TokenResponse{
		AccessToken: tok,
		TokenType:   "Bearer",
		ExpiresIn:   int64(s.cfg.TokenTTL / time.Second),
	})
	return nil
}

// authenticateClient checks the client credentials of a token or revoke
// request (RFC 6749 section 2.3.1): HTTP Basic or the client_id and
// client_secret form fields, as golang.org/x/oauth2 may send either. It
// returns the access key.
func (s *server) authenticateClient(r *http.Request) (string, error) {
	id, secret, ok := r.BasicAuth()
	if ok {
		// RFC 6749 section 2.3.1: Basic credentials are form-encoded first.
		if v, err := url.QueryUnescape(id); err == nil {
			id = v
		}
		if v, err := url.QueryUnescape(secret); err == nil {
			secret = v
		}
	} else {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	addr := httpx.ClientAddr(r)
	if wait := s.logins.Blocked(id, addr); wait > 0 {
		e := oauthError(http.StatusTooManyRequests, "slow_down", api.ErrorBody{
			Code: api.CodeRateLimited, Message: "too many failed logins for this access key or from this address; retry after " + httpx.RetryAfterSeconds(wait) + " seconds",
		})
		e.RetryAfter = wait
		return "", e
	}
	if _, ok := s.authenticate(id, secret); !ok {
		s.logins.Failed(id, addr)
		return "", oauthError(http.StatusUnauthorized, "invalid_client", api.ErrorBody{
			Code: api.CodeUnauthorized, Message: "invalid access key or secret key",
		}).WithHeader("WWW-Authenticate", `Basic realm="netfab"`)
	}
	s.logins.Succeeded(id, addr)
	return id, nil
}

// revokeToken is token revocation (RFC 7009) of an access token: the client
// authenticates as for a token; the token (form field token) is no longer
// accepted from then on. As the RFC says, a token that is unknown, expired
// or already revoked is answered 200 as well, and so is one issued to
// another client, which stays valid: the answer tells nothing of it.
func (s *server) revokeToken(w http.ResponseWriter, r *http.Request) error {
	if err := r.ParseForm(); err != nil {
		return oauthError(http.StatusBadRequest, "invalid_request", api.ErrorBody{
			Code: api.CodeValidationFailed, Message: "request body must be application/x-www-form-urlencoded: " + err.Error(),
		})
	}
	tok := r.PostForm.Get("token")
	if tok == "" {
		return oauthError(http.StatusBadRequest, "invalid_request", api.ErrorBody{
			Code: api.CodeValidationFailed, Field: "token", Message: "token: is required",
		})
	}
	if hint := r.PostForm.Get("token_type_hint"); hint != "" && hint != "access_token" {
		return oauthError(http.StatusBadRequest, "unsupported_token_type", api.ErrorBody{
			Code: api.CodeValidationFailed, Field: "token_type_hint", Message: "token_type_hint: only access_token is issued",
		})
	}
	id, err := s.authenticateClient(r)
	if err != nil {
		return err
	}
	hash := tokenHash(tok)
	err = s.tx(r.Context(), func(tx *store.Tx) error {
		var rec tokenRecord
		ok, err := tx.Get(kindToken, hash, &rec)
		if err != nil || !ok || rec.AccessKey != id {
			return err
		}
		_, err = tx.Delete(kindToken, hash)
		return err
	})
	if err != nil {
		return err
	}
	s.validTokens.Delete(hash)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	return nil
}

// checkToken accepts a token issued by this service (before or after a
// restart) that has not expired or been revoked. A token once found valid is
// remembered in memory until its expiry or its revocation (which forgets
// it): every API call checks its token, and a store transaction for each
// was a fifth of the service's time per read (docs/performance.md).
func (s *server) checkToken(ctx context.Context, tok string) (Account, error) {
	hash := tokenHash(tok)
	if v, ok := s.validTokens.Load(hash); ok {
		if c, ok := v.(cachedToken); ok && s.now().Before(c.expires) {
			return c.account, nil
		}
	}
	var rec tokenRecord
	var found bool
	err := s.tx(ctx, func(tx *store.Tx) error {
		var err error
		found, err = tx.Get(kindToken, hash, &rec)
		return err
	})
	switch {
	case err != nil:
		return Account{}, err
	case !found:
		return Account{}, unauthorized("invalid bearer token")
	case !s.now().Before(rec.ExpiresAt):
		return Account{}, unauthorized("bearer token expired at " + rec.ExpiresAt.Format(time.RFC3339) + "; get a new one from POST /oauth2/token")
	}
	acct, ok := s.accountOfKey(rec.AccessKey)
	if !ok {
		// The account was removed from the configuration since.
		return Account{}, unauthorized("invalid bearer token")
	}
	s.validTokens.Store(hash, cachedToken{expires: rec.ExpiresAt, account: acct})
	return acct, nil
}

// cachedToken is a token found valid: until when, and whose.
type cachedToken struct {
	expires time.Time
	account Account
}
