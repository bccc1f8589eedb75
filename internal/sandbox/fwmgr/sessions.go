package fwmgr

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Administrator is an account that may log in, with a password, an API key or
// both, into the domains it belongs to (the first is its default).
type Administrator struct {
	Name     string
	Password string
	APIKey   string
	Domains  []string // domain names
	// ReadOnly: the administrator's management sessions cannot change
	// objects, publish or discard.
	ReadOnly bool
}

// The seeded administrators (DefaultAdministrators).
const (
	// DefaultUser logs in with DefaultPassword into "SMC User" (default) or
	// "Branch-East".
	DefaultUser     = "admin"
	DefaultPassword = "Sandbox-Admin-Pass-1"
	// DefaultAPIKey belongs to the administrator "automation" of "SMC User".
	DefaultAPIKey = "sbx-api-key-3f9c2d7e41a8b6d0"
	// EastUser logs in to "Branch-East" only, with EastPassword or EastAPIKey.
	EastUser     = "east-ops"
	EastPassword = "East-Ops-Pass-1"
	EastAPIKey   = "sbx-api-key-east-51b09e77c2d4"
	// AuditorUser logs in read-only to "SMC User" (default), "Global" and
	// "Branch-West" with AuditorPassword.
	AuditorUser     = "auditor"
	AuditorPassword = "Auditor-Read-Only-1"
)

// Domains of the server.
var Domains = []api.Domain{
	{Name: "SMC User", UID: "41e821a0-3720-11e3-aa6e-0800200c9fde", DomainType: "domain"},
	{Name: "Branch-East", UID: "8f2a61c4-5d3e-4b7a-9c1f-2e6d8b0a4c11", DomainType: "domain"},
	{Name: "Global", UID: "a0bbbc99-adef-4ef8-bb6d-defdefdefdef", DomainType: "global domain"},
	{Name: "Branch-West", UID: "3c7d92e5-1b4f-4a86-8e20-7f5a9d1c6b02", DomainType: "domain"},
}

// DefaultAdministrators returns the seeded administrators.
func DefaultAdministrators() []Administrator {
	return []Administrator{
		{Name: DefaultUser, Password: DefaultPassword, Domains: []string{"SMC User", "Branch-East", "Global", "Branch-West"}},
		{Name: "automation", APIKey: DefaultAPIKey, Domains: []string{"SMC User"}},
		{Name: EastUser, Password: EastPassword, APIKey: EastAPIKey, Domains: []string{"Branch-East"}},
		{Name: AuditorUser, Password: AuditorPassword, Domains: []string{"SMC User", "Global", "Branch-West"}, ReadOnly: true},
	}
}

// session is a stored session.
type session struct {
	SID         string    `json:"sid"`
	UID         string    `json:"uid"`
	Admin       string    `json:"admin"`
	Domain      string    `json:"domain"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Timeout     int64     `json:"timeout"`
	MemberID    string    `json:"member-id"`
	Cloud       string    `json:"cloud"`
	Context     string    `json:"context"`
	Created     time.Time `json:"created"`
	LastUsed    time.Time `json:"last-used"`
	PrevLogin   time.Time `json:"prev-login"`
}

const kindSession = "session"

// expired reports whether the session has been idle longer than its timeout.
func (s session) expired(now time.Time) bool {
	return now.Sub(s.LastUsed) > time.Duration(s.Timeout)*time.Second
}

func secretEqual(a, b string) bool {
	return b != "" && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

func randomToken(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func randomUID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	h := hex.EncodeToString(b)
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

func loginFailed(format string, args ...any) *httpx.Error {
	return apiErr(http.StatusUnauthorized, api.CodeLoginFailed, "Authentication to server failed: "+fmt.Sprintf(format, args...))
}

// guardedLogin is login within the limits of failed attempts per
// administrator (or API key) and per client address: 429 with Retry-After
// once they are spent, the right credentials included.
func (s *server) guardedLogin(r *http.Request, rt route, body []byte) (any, error) {
	var who struct {
		User string `json:"user"`
	}
	_ = json.Unmarshal(body, &who) // login itself answers a malformed body
	account := "user:" + who.User
	if who.User == "" {
		account = "api-key"
	}
	addr := httpx.ClientAddr(r)
	if wait := s.logins.Blocked(account, addr); wait > 0 {
		e := apiErr(http.StatusTooManyRequests, api.CodeLoginFailed, "Authentication to server failed: too many failed logins for this administrator or from this address; retry after "+httpx.RetryAfterSeconds(wait)+" seconds")
		e.RetryAfter = wait
		return nil, e
	}
	out, err := s.login(r.Context(), rt, r.Host, body)
	var e *httpx.Error
	switch {
	case errors.As(err, &e) && e.Status == http.StatusUnauthorized:
		s.logins.Failed(account, addr)
	case err == nil:
		s.logins.Succeeded(account, addr)
	}
	return out, err
}

func (s *server) login(ctx context.Context, rt route, host string, body []byte) (any, error) {
	var req api.LoginRequest
	if err := decodeStrict(body, &req); err != nil {
		return nil, err
	}
	byPassword := req.User != "" || req.Password != ""
	switch {
	case byPassword && req.APIKey != "":
		return nil, invalid("api-key", "give either user and password or api-key, not both")
	case !byPassword && req.APIKey == "":
		return nil, missing("user and password, or api-key")
	case req.User == "" && req.Password != "":
		return nil, missing("user")
	case req.User != "" && req.Password == "":
		return nil, missing("password")
	}
	timeout := int64(api.DefaultSessionTimeout)
	if req.SessionTimeout != nil {
		timeout = *req.SessionTimeout
		if timeout < api.MinSessionTimeout || timeout > api.MaxSessionTimeout {
			return nil, invalid("session-timeout", "must be between %d and %d seconds, got %d", api.MinSessionTimeout, api.MaxSessionTimeout, timeout)
		}
	}
	if req.MemberID != "" {
		if _, err := s.dev.node(req.MemberID); err != nil {
			return nil, err
		}
	}

	var admin *Administrator
	for i := range s.admins {
		a := &s.admins[i]
		if byPassword && a.Name == req.User && secretEqual(req.Password, a.Password) {
			admin = a
		}
		if !byPassword && secretEqual(req.APIKey, a.APIKey) {
			admin = a
		}
	}
	if admin == nil {
		s.logf("fwmgr: login refused: %s", map[bool]string{true: "wrong password for user " + strconvQuote(req.User), false: "unknown API key"}[byPassword])
		if byPassword {
			return nil, loginFailed("wrong user name or password")
		}
		return nil, loginFailed("wrong API key")
	}
	domain := admin.Domains[0]
	if req.Domain != "" {
		d, ok := lookupDomain(req.Domain)
		if !ok || !slices.Contains(admin.Domains, d.Name) {
			s.logf("fwmgr: login refused: administrator %q has no access to domain %q", admin.Name, req.Domain)
			return nil, loginFailed("administrator %q has no access to domain %q (domains: %s)", admin.Name, req.Domain, strings.Join(admin.Domains, ", "))
		}
		domain = d.Name
	}
	dom, _ := lookupDomain(domain)

	now := s.now()
	sess := session{
		SID: randomToken(32), UID: randomUID(), Admin: admin.Name, Domain: domain,
		Name: req.SessionName, Description: req.SessionDescription, Timeout: timeout,
		MemberID: req.MemberID, Cloud: rt.cloud, Context: rt.context, Created: now, LastUsed: now,
	}
	err := s.tx(ctx, func(tx *store.Tx) error {
		// The previous login of this administrator, as the API reports it.
		var last time.Time
		if _, err := tx.Get("last-login", admin.Name, &last); err != nil {
			return err
		}
		sess.PrevLogin = last
		if err := tx.Put("last-login", admin.Name, "", now); err != nil {
			return err
		}
		// Sessions nobody used again expire unseen; drop this
		// administrator's expired ones so that the store does not grow.
		old, err := store.List[session](tx, kindSession, admin.Name)
		if err != nil {
			return err
		}
		for _, o := range old {
			if o.expired(now) {
				if _, err := tx.Delete(kindSession, o.SID); err != nil {
					return err
				}
			}
		}
		if err := tx.Put(kindSession, sess.SID, admin.Name, sess); err != nil {
			return err
		}
		if rt.context == api.ContextWeb {
			return mgmtLogin(tx, sess, now)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	last := sess.PrevLogin
	if last.IsZero() {
		last = now
	}
	return api.LoginResponse{
		SID:              sess.SID,
		UID:              sess.UID,
		URL:              "https://" + host + strings.TrimSuffix(api.Path(rt.cloud, rt.context, "", ""), "/"),
		SessionTimeout:   timeout,
		APIServerVersion: api.CurrentVersion,
		Domain:           dom,
		LastLoginWasAt:   api.Timestamp{Posix: last.UnixMilli(), ISO8601: last.Format("2006-01-02T15:04-0700")},
		// Both the OS API (its set commands) and the management API write
		// for an administrator who may.
		ReadOnly: admin.ReadOnly,
		MemberID: req.MemberID,
	}, nil
}

func lookupDomain(nameOrUID string) (api.Domain, bool) {
	for _, d := range Domains {
		if d.Name == nameOrUID || d.UID == nameOrUID {
			return d, true
		}
	}
	return api.Domain{}, false
}

func wrongSession(sid, why string) *httpx.Error {
	return apiErr(http.StatusUnauthorized, api.CodeWrongSessionID, fmt.Sprintf("Wrong session id [%s]. Session may be expired. Please check session id and resend the request (%s)", abbreviate(sid), why))
}

// abbreviate shows the start of a session ID only: an error message is no
// place for a whole credential.
func abbreviate(sid string) string {
	if len(sid) > 6 {
		return sid[:6] + "..."
	}
	return sid
}

// authenticate finds the live session of sid and renews it: any command made
// with a session counts as activity.
func (s *server) authenticate(ctx context.Context, rt route, sid string) (*session, error) {
	if sid == "" {
		return nil, apiErr(http.StatusUnauthorized, api.CodeWrongSessionID, "Missing header "+api.SessionHeader+": log in first and send the sid of the login answer")
	}
	var sess session
	var aerr *httpx.Error
	err := s.tx(ctx, func(tx *store.Tx) error {
		ok, err := tx.Get(kindSession, sid, &sess)
		if err != nil {
			return err
		}
		now := s.now()
		switch {
		case !ok:
			aerr = wrongSession(sid, "no such session")
			return nil
		case sess.expired(now):
			aerr = wrongSession(sid, fmt.Sprintf("expired after %d idle seconds", sess.Timeout))
			s.logf("fwmgr: session %s of %s expired after %d idle seconds", abbreviate(sid), sess.Admin, sess.Timeout)
			_, err := tx.Delete(kindSession, sid)
			return err
		case sess.Cloud != rt.cloud || sess.Context != rt.context:
			aerr = wrongSession(sid, "the session belongs to another server or context")
			return nil
		}
		sess.LastUsed = now
		return tx.Put(kindSession, sid, sess.Admin, sess)
	})
	if err != nil {
		return nil, err
	}
	if aerr != nil {
		return nil, aerr
	}
	return &sess, nil
}

func (s *server) logout(ctx context.Context, sess *session) error {
	return s.tx(ctx, func(tx *store.Tx) error {
		_, err := tx.Delete(kindSession, sess.SID)
		return err
	})
}

func strconvQuote(s string) string { return fmt.Sprintf("%q", s) }
