package orch

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/http"
	"regexp"
	"time"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

const (
	kindUser       = "user"
	kindToken      = "token"
	minPasswordLen = 8
)

var userNameRE = regexp.MustCompile(`^[a-zA-Z0-9]([a-zA-Z0-9.+-]*[a-zA-Z0-9])?$`)

// userRecord is a user; only a salted hash of the password is stored.
type userRecord struct {
	api.User
	httpx.PasswordHash
	// TokenEpoch is the generation of the user's tokens: a token is valid
	// only while it carries the user's current epoch. A new password and
	// disabling the user draw a new one, so that tokens issued before end
	// then, and enabling the user again does not bring them back (nor does
	// a user removed and added again under the same name inherit them).
	TokenEpoch string `json:"tokenEpoch,omitempty"`
}

// tokenRecord is an issued token, stored by the hash of the token.
type tokenRecord struct {
	Hash      string    `json:"hash"`
	User      string    `json:"user"`
	ExpiresAt time.Time `json:"expiresAt"`
	// Epoch is the user's TokenEpoch when the token was issued.
	Epoch string `json:"epoch,omitempty"`
}

// setPassword sets a new password, which ends the user's tokens.
func (u *userRecord) setPassword(password string) {
	u.PasswordHash = httpx.NewPasswordHash(password)
	u.endTokens()
}

// endTokens draws a new token epoch: every token issued before is refused
// from now on.
func (u *userRecord) endTokens() { u.TokenEpoch = rand.Text() }

func (u *userRecord) checkPassword(password string) bool { return u.Check(password) }

func tokenHash(tok string) string { return httpx.SecretTokenHash(tok) }

// seedAdmin creates the user admin at the first start, and sets its password
// when the configuration gives one.
func (s *server) seedAdmin(tx *store.Tx) error {
	var admin userRecord
	found, err := tx.Get(kindUser, AdminUser, &admin)
	if err != nil {
		return err
	}
	if found && (s.cfg.AdminPassword == "" || admin.checkPassword(s.cfg.AdminPassword)) {
		// No password configured, or the same as before: the admin's
		// tokens stay valid across the restart.
		return nil
	}
	password := s.cfg.AdminPassword
	if !found {
		admin = userRecord{User: api.User{Name: AdminUser, DisplayName: "admin", Access: api.AccessSuperuser, CreatedAt: s.now()}}
		if password == "" {
			password = rand.Text()
			fmt.Fprintf(s.cfg.Output, "orch: created the user %s with the password %s (printed once; keep it)\n", AdminUser, password)
		}
	}
	admin.setPassword(password)
	return tx.Put(kindUser, AdminUser, "", admin)
}

func (s *server) login(w http.ResponseWriter, r *http.Request) error {
	var req api.LoginRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.Username == "" {
		return badRequest("username", "required")
	}
	addr := httpx.ClientAddr(r)
	if wait := s.logins.Blocked(req.Username, addr); wait > 0 {
		e := newError(http.StatusTooManyRequests, "rate-limited", "", "too many failed logins for this user or from this address; retry after %s seconds", httpx.RetryAfterSeconds(wait))
		e.RetryAfter = wait
		return e
	}
	// The password is checked outside any transaction: hashing takes a
	// while, and other requests should not wait for it.
	var u userRecord
	var found bool
	err := s.tx(r, func(tx *store.Tx) (err error) {
		found, err = tx.Get(kindUser, req.Username, &u)
		return err
	})
	if err != nil {
		return err
	}
	// Hash even for an unknown user, so that timing does not tell users
	// from non-users.
	ok := found && u.checkPassword(req.Password)
	if !found {
		httpx.HashForUnknownAccount(req.Password)
	}
	if !ok || u.Disabled {
		s.logins.Failed(req.Username, addr)
		return unauthorized("invalid username or password")
	}
	s.logins.Succeeded(req.Username, addr)
	tok := rand.Text() + rand.Text()
	err = s.tx(r, func(tx *store.Tx) error {
		// The password was checked outside this transaction: a token is
		// issued only if the user is still the one checked (the password
		// not changed, the user not disabled or removed since).
		var now userRecord
		if found, err := tx.Get(kindUser, u.Name, &now); err != nil {
			return err
		} else if !found || now.Disabled || now.TokenEpoch != u.TokenEpoch || now.Hash != u.Hash {
			return unauthorized("invalid username or password")
		}
		// Forget expired tokens while here; there are few.
		all, err := store.List[tokenRecord](tx, kindToken, "")
		if err != nil {
			return err
		}
		for _, t := range all {
			if !requestTime(r).Before(t.ExpiresAt) {
				if _, err := tx.Delete(kindToken, t.Hash); err != nil {
					return err
				}
			}
		}
		rec := tokenRecord{Hash: tokenHash(tok), User: u.Name, ExpiresAt: requestTime(r).Add(s.cfg.TokenTTL), Epoch: u.TokenEpoch}
		return tx.Put(kindToken, rec.Hash, u.Name, rec)
	})
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, api.LoginResponse{Token: tok, ExpiresAt: requestTime(r).Add(s.cfg.TokenTTL), User: u.User, Controller: s.info})
	return nil
}

func (s *server) logout(w http.ResponseWriter, r *http.Request) error {
	err := s.st.Tx(r.Context(), func(tx *store.Tx) error {
		_, err := tx.Delete(kindToken, tokenHash(httpx.BearerToken(r)))
		return err
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// authenticate returns the user of a valid, unexpired token.
func (s *server) authenticate(ctx context.Context, tok string, now time.Time) (*userRecord, error) {
	if tok == "" {
		return nil, unauthorized("missing bearer token: log in with POST %s/login and send Authorization: Bearer <token>", api.APIPrefix)
	}
	var rec tokenRecord
	var u userRecord
	var found, userFound bool
	err := s.st.Tx(ctx, func(tx *store.Tx) error {
		var err error
		if found, err = tx.Get(kindToken, tokenHash(tok), &rec); err != nil || !found {
			return err
		}
		userFound, err = tx.Get(kindUser, rec.User, &u)
		return err
	})
	switch {
	case err != nil:
		return nil, err
	case !found:
		return nil, unauthorized("invalid bearer token; log in again")
	case !now.Before(rec.ExpiresAt):
		return nil, unauthorized("bearer token expired at %s; log in again", rec.ExpiresAt.Format(time.RFC3339))
	case !userFound || u.Disabled:
		return nil, unauthorized("the user of this token no longer exists or is disabled")
	case rec.Epoch != u.TokenEpoch:
		return nil, unauthorized("this token ended when the user's password changed or the user was disabled; log in again")
	}
	return &u, nil
}

func (s *server) listUsers(w http.ResponseWriter, r *http.Request) error {
	var out api.List[api.User]
	err := s.tx(r, func(tx *store.Tx) error {
		var err error
		out, err = listPage(tx, r, kindUser, "", func(u *userRecord) (api.User, bool, error) {
			return u.User, superuser(r) || u.Name == userOf(r).Name, nil
		})
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *server) createUser(w http.ResponseWriter, r *http.Request) error {
	if !superuser(r) {
		return forbidden("only a superuser adds users")
	}
	var req api.CreateUserRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if err := checkUserName(req.Name); err != nil {
		return err
	}
	if len(req.Password) < minPasswordLen {
		return badRequest("password", "must have at least %d characters", minPasswordLen)
	}
	if req.Access == "" {
		req.Access = api.AccessLogin
	}
	if req.Access != api.AccessLogin && req.Access != api.AccessSuperuser {
		return badRequest("access", "must be %q or %q, not %q", api.AccessLogin, api.AccessSuperuser, req.Access)
	}
	u := userRecord{User: api.User{Name: req.Name, DisplayName: req.DisplayName, Access: req.Access, CreatedBy: userOf(r).Name, CreatedAt: requestTime(r)}}
	u.setPassword(req.Password) // a new epoch: no token of an earlier user of the name is valid
	err := s.tx(r, func(tx *store.Tx) error {
		var old userRecord
		if found, err := tx.Get(kindUser, req.Name, &old); err != nil {
			return err
		} else if found {
			return alreadyExists("name", "user %q already exists", req.Name)
		}
		if err := tx.Put(kindUser, u.Name, "", u); err != nil {
			return err
		}
		return rememberCreated(r, tx, u.User)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, u.User)
	return nil
}

func checkUserName(name string) error {
	if name == "" {
		return badRequest("name", "required")
	}
	if len(name) > 64 || !userNameRE.MatchString(name) {
		return badRequest("name", "%q is not a valid user name (letters, digits, and . + - inside, at most 64 characters)", name)
	}
	return nil
}

// visibleUser loads a user the caller may see: itself, or anyone for a
// superuser.
func (s *server) visibleUser(r *http.Request, tx *store.Tx, name string) (*userRecord, error) {
	// Only a superuser reads other users; to anyone else another user is
	// answered as a user that does not exist, as another user's model is,
	// so that a login user cannot learn which users exist.
	if !superuser(r) && name != userOf(r).Name {
		return nil, notFound("user %q not found", name)
	}
	var u userRecord
	found, err := tx.Get(kindUser, name, &u)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, notFound("user %q not found", name)
	}
	return &u, nil
}

func (s *server) getUser(w http.ResponseWriter, r *http.Request) error {
	var u *userRecord
	err := s.tx(r, func(tx *store.Tx) (err error) {
		u, err = s.visibleUser(r, tx, r.PathValue("name"))
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, u.User)
	return nil
}

func (s *server) updateUser(w http.ResponseWriter, r *http.Request) error {
	var req api.UpdateUserRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if (req.Access != nil || req.Disabled != nil) && !superuser(r) {
		return forbidden("only a superuser changes access or disables users")
	}
	var u *userRecord
	err := s.tx(r, func(tx *store.Tx) (err error) {
		if u, err = s.visibleUser(r, tx, r.PathValue("name")); err != nil {
			return err
		}
		if req.DisplayName != nil {
			u.DisplayName = *req.DisplayName
		}
		if req.Password != nil {
			if len(*req.Password) < minPasswordLen {
				return badRequest("password", "must have at least %d characters", minPasswordLen)
			}
			u.setPassword(*req.Password)
		}
		if req.Access != nil {
			if *req.Access != api.AccessLogin && *req.Access != api.AccessSuperuser {
				return badRequest("access", "must be %q or %q, not %q", api.AccessLogin, api.AccessSuperuser, *req.Access)
			}
			if u.Name == AdminUser && *req.Access != api.AccessSuperuser {
				return conflict("access", "the user %s stays a superuser", AdminUser)
			}
			u.Access = *req.Access
		}
		if req.Disabled != nil {
			if u.Name == AdminUser && *req.Disabled {
				return conflict("disabled", "the user %s cannot be disabled", AdminUser)
			}
			if *req.Disabled && !u.Disabled {
				// Disabling ends the user's tokens for good: enabling
				// the user again does not revive them.
				u.endTokens()
			}
			u.Disabled = *req.Disabled
		}
		// Tokens of an earlier epoch are refused anyway; remove them.
		epoch := u.TokenEpoch
		if err := forgetTokens(tx, u.Name, func(t tokenRecord) bool { return t.Epoch != epoch }); err != nil {
			return err
		}
		return tx.Put(kindUser, u.Name, "", u)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, u.User)
	return nil
}

func (s *server) deleteUser(w http.ResponseWriter, r *http.Request) error {
	if !superuser(r) {
		return forbidden("only a superuser removes users")
	}
	name := r.PathValue("name")
	err := s.tx(r, func(tx *store.Tx) error {
		if _, err := s.visibleUser(r, tx, name); err != nil {
			return err
		}
		if name == AdminUser {
			return removalBlocked("the user %s cannot be removed", AdminUser)
		}
		models, err := store.List[modelRecord](tx, kindModel, "")
		if err != nil {
			return err
		}
		for _, m := range models {
			if m.Owner == name {
				return removalBlocked("user %q owns the model %q; remove or hand over its models first", name, m.Name)
			}
		}
		if _, err := tx.Delete(kindUser, name); err != nil {
			return err
		}
		if err := forgetUserGrants(tx, name); err != nil {
			return err
		}
		return forgetTokens(tx, name, func(tokenRecord) bool { return true })
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// forgetTokens removes the stored tokens of user that gone says are.
func forgetTokens(tx *store.Tx, user string, gone func(tokenRecord) bool) error {
	tokens, err := store.List[tokenRecord](tx, kindToken, user)
	if err != nil {
		return err
	}
	for _, t := range tokens {
		if !gone(t) {
			continue
		}
		if _, err := tx.Delete(kindToken, t.Hash); err != nil {
			return err
		}
	}
	return nil
}

// nonNil answers empty lists as [] rather than null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
