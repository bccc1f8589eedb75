package hub

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

const (
	kindServiceAccount = "serviceaccount"
	kindToken          = "token"
	minSecretLen       = 16
)

// serviceAccountRecord is a service account; only a salted hash of its
// secret is stored.
type serviceAccountRecord struct {
	hubapi.ServiceAccount
	httpx.PasswordHash
	// TokenEpoch is the generation of the account's tokens: a token is
	// valid only while it carries the account's current epoch. A new
	// secret draws a new one, so that tokens issued with the old secret
	// end then (and an account removed and added again under the same ID
	// inherits none).
	TokenEpoch string `json:"tokenEpoch,omitempty"`
}

// tokenRecord is an issued token, stored by its hash.
type tokenRecord struct {
	Hash      string    `json:"hash"`
	ClientID  string    `json:"clientId"`
	ExpiresAt time.Time `json:"expiresAt"`
	// Epoch is the account's TokenEpoch when the token was issued.
	Epoch string `json:"epoch,omitempty"`
}

// setSecret sets a new secret, which ends the account's tokens.
func (a *serviceAccountRecord) setSecret(secret string) {
	a.PasswordHash = httpx.NewPasswordHash(secret)
	a.TokenEpoch = rand.Text()
}

func (a *serviceAccountRecord) checkSecret(secret string) bool { return a.Check(secret) }

func tokenHash(tok string) string { return httpx.SecretTokenHash(tok) }

// seedAdmin creates the administrator service account at the first start,
// grants it administrator on the hub at every start, and sets its secret
// when the configuration gives one. The grant is made again at every start
// as upstream's hub ensures the administrators of its configuration at
// every start: an administrator that revoked its own grant (as applying a
// configuration of orch_hub_access_controller that leaves it out does) is
// one again after a restart, rather than locked out for good.
func (s *server) seedAdmin(tx *store.Tx) error {
	var a serviceAccountRecord
	found, err := tx.Get(kindServiceAccount, s.cfg.AdminClientID, &a)
	if err != nil {
		return err
	}
	if err := putTuple(tx, hubapi.Tuple{Object: hubapi.ServiceAccountObject(s.cfg.AdminClientID), Relation: hubapi.AccessAdministrator, Target: hubapi.HubTarget}); err != nil {
		return err
	}
	if found && (s.cfg.AdminClientSecret == "" || a.checkSecret(s.cfg.AdminClientSecret)) {
		// No secret configured, or the same as before: the account's
		// tokens stay valid across the restart; a new secret ends them.
		return nil
	}
	secret := s.cfg.AdminClientSecret
	if !found {
		a = serviceAccountRecord{ServiceAccount: hubapi.ServiceAccount{ClientID: s.cfg.AdminClientID, UUID: uuid.NewString(), CreatedAt: s.now()}}
		if secret == "" {
			secret = rand.Text()
			fmt.Fprintf(s.cfg.Output, "hub: created the service account %s with the client secret %s (printed once; keep it)\n", s.cfg.AdminClientID, secret)
		}
	}
	a.setSecret(secret)
	return tx.Put(kindServiceAccount, a.ClientID, "", a)
}

// tokenError answers the token endpoint's errors in the shape of RFC 6749.
func tokenError(status int, code, description string) *httpx.Error {
	e := &httpx.Error{Status: status, Body: hubapi.TokenError{Error: code, ErrorDescription: description}, Message: code + ": " + description}
	if status == http.StatusUnauthorized {
		return e.WithHeader("WWW-Authenticate", `Basic realm="hub"`)
	}
	return e
}

// token is POST /oauth2/token: the client-credentials grant.
func (s *server) token(w http.ResponseWriter, r *http.Request) error {
	now := s.now()
	if err := r.ParseForm(); err != nil {
		return tokenError(http.StatusBadRequest, "invalid_request", "the body must be form-encoded")
	}
	if gt := r.PostForm.Get("grant_type"); gt != "client_credentials" {
		return tokenError(http.StatusBadRequest, "unsupported_grant_type", fmt.Sprintf("grant_type must be client_credentials, not %q", gt))
	}
	id, secret, basic := r.BasicAuth()
	if !basic {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	if id == "" {
		return tokenError(http.StatusUnauthorized, "invalid_client", "client authentication is required")
	}
	// Failed attempts are limited per client ID and per address before
	// the secret is checked; the request limit applies per address until
	// the client is known.
	addr := httpx.ClientAddr(r)
	if wait := max(s.logins.Blocked(id, addr), s.limiter.Wait("ip:"+addr)); wait > 0 {
		e := tokenError(http.StatusTooManyRequests, "slow_down", "too many token requests or failed client authentications; retry later")
		e.RetryAfter = wait
		return e
	}
	var a serviceAccountRecord
	var found bool
	err := s.st.Tx(r.Context(), func(tx *store.Tx) (err error) {
		found, err = tx.Get(kindServiceAccount, id, &a)
		return err
	})
	if err != nil {
		return err
	}
	// Hash even for an unknown client, so that timing does not tell them
	// apart.
	ok := found && a.checkSecret(secret)
	if !found {
		httpx.HashForUnknownAccount(secret)
	}
	if !ok {
		s.logins.Failed(id, addr)
		s.limiter.Take("ip:" + addr)
		return tokenError(http.StatusUnauthorized, "invalid_client", "unknown client or wrong client secret")
	}
	s.logins.Succeeded(id, addr)
	if ok, wait := s.limiter.Allow("token:" + id); !ok {
		e := tokenError(http.StatusTooManyRequests, "slow_down", "too many token requests")
		e.RetryAfter = wait
		return e
	}
	tok := rand.Text() + rand.Text()
	rec := tokenRecord{Hash: tokenHash(tok), ClientID: id, ExpiresAt: now.Add(s.cfg.TokenTTL), Epoch: a.TokenEpoch}
	err = s.st.Tx(r.Context(), func(tx *store.Tx) error {
		// The secret was checked outside this transaction: a token is
		// issued only if the account is still the one checked.
		var cur serviceAccountRecord
		if found, err := tx.Get(kindServiceAccount, id, &cur); err != nil {
			return err
		} else if !found || cur.TokenEpoch != a.TokenEpoch || cur.Hash != a.Hash {
			return tokenError(http.StatusUnauthorized, "invalid_client", "unknown client or wrong client secret")
		}
		// Forget this client's expired tokens while here.
		old, err := store.List[tokenRecord](tx, kindToken, id)
		if err != nil {
			return err
		}
		for _, t := range old {
			if !now.Before(t.ExpiresAt) {
				if _, err := tx.Delete(kindToken, t.Hash); err != nil {
					return err
				}
			}
		}
		return tx.Put(kindToken, rec.Hash, id, rec)
	})
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Pragma", "no-cache")
	httpx.WriteJSON(w, http.StatusOK, hubapi.TokenResponse{AccessToken: tok, TokenType: "Bearer", ExpiresIn: int64(s.cfg.TokenTTL / time.Second)})
	return nil
}

// caller is the authenticated identity of a request, with its access as it
// stands at the start of the request.
type caller struct {
	clientID string
	object   string // serviceaccount-<id>
	owner    string // <id>@serviceaccount, the owner of its models
	uuid     string
	subjects map[string]bool
	admin    bool
}

// authenticate returns the caller of a valid, unexpired token, with its
// subjects and administrator access read now.
func (s *server) authenticate(ctx context.Context, tok string, now time.Time) (*caller, error) {
	if tok == "" {
		return nil, unauthorized("missing bearer token: obtain one with OAuth 2.0 client credentials at POST %s and send Authorization: Bearer <token>", hubapi.TokenPath)
	}
	var who *caller
	err := s.st.Tx(ctx, func(tx *store.Tx) error {
		var rec tokenRecord
		found, err := tx.Get(kindToken, tokenHash(tok), &rec)
		if err != nil {
			return err
		}
		if !found {
			return unauthorized("invalid bearer token; obtain a new one")
		}
		if !now.Before(rec.ExpiresAt) {
			return unauthorized("bearer token expired at %s; obtain a new one", rec.ExpiresAt.Format(time.RFC3339))
		}
		var a serviceAccountRecord
		if found, err := tx.Get(kindServiceAccount, rec.ClientID, &a); err != nil {
			return err
		} else if !found {
			return unauthorized("the service account of this token no longer exists")
		} else if a.TokenEpoch != rec.Epoch {
			return unauthorized("this token ended when the service account's secret changed; obtain a new one")
		}
		who = &caller{clientID: a.ClientID, object: hubapi.ServiceAccountObject(a.ClientID), owner: a.ClientID + "@serviceaccount", uuid: a.UUID}
		if who.subjects, err = subjects(tx, who.object); err != nil {
			return err
		}
		who.admin, err = holds(tx, who.subjects, hubapi.AccessAdministrator, hubapi.HubTarget)
		return err
	})
	return who, err
}

func (s *server) whoami(w http.ResponseWriter, r *http.Request) error {
	httpx.WriteJSON(w, http.StatusOK, hubapi.Identity{Kind: "serviceaccount", Name: callerOf(r).clientID, UUID: callerOf(r).uuid, Administrator: callerOf(r).admin})
	return nil
}

func (s *server) createServiceAccount(w http.ResponseWriter, r *http.Request) error {
	var req hubapi.CreateServiceAccountRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.ClientID == "" {
		return badRequest("clientId", "required")
	}
	if err := hubapi.CheckServiceAccount(req.ClientID); err != nil {
		return badRequest("clientId", "%v", err)
	}
	secret := req.ClientSecret
	if secret == "" {
		secret = rand.Text()
	} else if len(secret) < minSecretLen {
		return badRequest("clientSecret", "must have at least %d characters", minSecretLen)
	}
	a := serviceAccountRecord{ServiceAccount: hubapi.ServiceAccount{ClientID: req.ClientID, UUID: uuid.NewString(), CreatedAt: requestTime(r)}}
	a.setSecret(secret)
	err := s.st.Tx(r.Context(), func(tx *store.Tx) error {
		var old serviceAccountRecord
		if found, err := tx.Get(kindServiceAccount, req.ClientID, &old); err != nil {
			return err
		} else if found {
			return alreadyExists("clientId", "service account %q already exists", req.ClientID)
		}
		return tx.Put(kindServiceAccount, a.ClientID, "", a)
	})
	if err != nil {
		return err
	}
	out := a.ServiceAccount
	out.ClientSecret = secret
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

func (s *server) getServiceAccount(w http.ResponseWriter, r *http.Request) error {
	var a serviceAccountRecord
	err := s.st.Tx(r.Context(), func(tx *store.Tx) error {
		found, err := tx.Get(kindServiceAccount, r.PathValue("id"), &a)
		if err == nil && !found {
			return notFound("service account %q not found", r.PathValue("id"))
		}
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, a.ServiceAccount)
	return nil
}

func (s *server) deleteServiceAccount(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if id == s.cfg.AdminClientID {
		return removalBlocked("the service account %s is the hub's own administrator and cannot be removed", id)
	}
	err := s.st.Tx(r.Context(), func(tx *store.Tx) error {
		found, err := tx.Delete(kindServiceAccount, id)
		if err != nil {
			return err
		}
		if !found {
			return notFound("service account %q not found", id)
		}
		tokens, err := store.List[tokenRecord](tx, kindToken, id)
		if err != nil {
			return err
		}
		for _, t := range tokens {
			if _, err := tx.Delete(kindToken, t.Hash); err != nil {
				return err
			}
		}
		return deleteTuplesNaming(tx, hubapi.ServiceAccountObject(id))
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
