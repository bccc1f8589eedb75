// Package hub is the typed client of the hub's own operations
// (docs/api/hub.md): groups, roles, relation tuples, registered controllers
// and service accounts, authenticated with an OAuth 2.0 client-credentials
// token (Tokens) that is obtained again when it expires or is refused. The
// hub's model operations are those of the controller API: the orch client
// (internal/client/orch) calls them, given the same Tokens.
package hub

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	orchapi "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/httpclient"
)

// Config configures a Client.
type Config struct {
	// Addresses are the hub's host:port addresses, tried in order.
	Addresses    []string
	ClientID     string
	ClientSecret string
	// CACertificate is a PEM certificate trusted besides the system's.
	CACertificate string
	UserAgent     string
	HTTP          httpclient.Options
	// Shared keeps one token per client ID in the process (SharedTokens);
	// the provider sets it.
	Shared bool
}

// Client calls the hub. It is safe for concurrent use.
type Client struct {
	core   *httpclient.Core
	tokens *Tokens
	http   *http.Client
}

// base is the address requests are built with; the transport sends each to
// one of the hub's real addresses.
const base = "https://hub"

// New returns a client; it obtains a token on the first call.
func New(cfg Config) (*Client, error) {
	if len(cfg.Addresses) == 0 {
		return nil, errors.New("no hub address")
	}
	if cfg.ClientID == "" || cfg.ClientSecret == "" {
		return nil, errors.New("client_id and client_secret are both required")
	}
	tc := &tls.Config{MinVersion: tls.VersionTLS12}
	if cfg.CACertificate != "" {
		var err error
		if tc, err = httpclient.TrustOnly(cfg.CACertificate); err != nil {
			return nil, err
		}
	}
	inner := &http.Transport{
		Proxy: http.ProxyFromEnvironment, TLSClientConfig: tc, ForceAttemptHTTP2: true,
		MaxIdleConnsPerHost: httpclient.MaxIdleConnsPerHost, IdleConnTimeout: 90 * time.Second,
		TLSHandshakeTimeout: 10 * time.Second,
	}
	opts := cfg.HTTP
	opts.Transport = &failover{addresses: cfg.Addresses, next: inner}
	hc := httpclient.New(opts)
	c := &Client{http: hc}
	if cfg.Shared {
		c.tokens = SharedTokens(SharedTokensKey(cfg.Addresses, cfg.CACertificate), base, cfg.ClientID, cfg.ClientSecret, hc)
	} else {
		c.tokens = NewTokens(base, cfg.ClientID, cfg.ClientSecret, hc)
	}
	c.core = &httpclient.Core{
		Service:     "hub",
		Base:        &url.URL{Scheme: "https", Host: "hub"},
		HTTP:        hc,
		UserAgent:   cfg.UserAgent,
		DecodeError: decodeError,
	}
	return c, nil
}

// Tokens are the client's tokens, for the orch client that calls the hub's
// model operations.
func (c *Client) Tokens() *Tokens { return c.tokens }

// HTTPClient is the client's HTTP client (the hub's certificate trusted,
// fail-over across its addresses).
func (c *Client) HTTPClient() *http.Client { return c.http }

// failover sends each request to the first hub address that answers.
type failover struct {
	addresses []string
	next      http.RoundTripper

	mu      sync.Mutex
	current int
}

func (f *failover) RoundTrip(req *http.Request) (*http.Response, error) {
	f.mu.Lock()
	start := f.current
	f.mu.Unlock()
	var errs []error
	for i := range f.addresses {
		idx := (start + i) % len(f.addresses)
		r := req.Clone(req.Context())
		r.URL.Host, r.Host = f.addresses[idx], ""
		if req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				return nil, err
			}
			r.Body = body
		}
		resp, err := f.next.RoundTrip(r)
		if err == nil {
			f.mu.Lock()
			f.current = idx
			f.mu.Unlock()
			return resp, nil
		}
		// Only an address that cannot be reached, or refuses TLS, sends
		// the request to the next one.
		var ne net.Error
		unreachable := errors.As(err, &ne) || strings.Contains(err.Error(), "tls")
		if req.Context().Err() != nil || !unreachable {
			return nil, err
		}
		errs = append(errs, fmt.Errorf("%s: %w", f.addresses[idx], err))
	}
	return nil, fmt.Errorf("no hub address answered: %w", errors.Join(errs...))
}

// APIError is a non-2xx answer of the hub.
type APIError struct {
	StatusCode int
	Code       string
	Message    string
	Field      string
}

func (e *APIError) Error() string {
	msg := e.Message
	if msg == "" {
		msg = http.StatusText(e.StatusCode)
	}
	if e.Code != "" {
		return fmt.Sprintf("hub: %s (HTTP %d, %s)", msg, e.StatusCode, e.Code)
	}
	return fmt.Sprintf("hub: %s (HTTP %d)", msg, e.StatusCode)
}

func decodeError(status int, raw []byte) error {
	var body orchapi.ErrorBody
	_ = json.Unmarshal(raw, &body)
	return &APIError{StatusCode: status, Code: body.Code, Message: body.Message, Field: body.Field}
}

// IsNotFound reports whether err is a 404 answer.
func IsNotFound(err error) bool {
	var e *APIError
	return errors.As(err, &e) && e.StatusCode == http.StatusNotFound
}

// IsConflict reports whether err is a 409 answer (a registered controller
// that is still available refuses removal without force).
func IsConflict(err error) bool { return IsStatus(err, http.StatusConflict) }

// IsStatus reports whether err is an answer with the given status.
func IsStatus(err error, status int) bool {
	var e *APIError
	return errors.As(err, &e) && e.StatusCode == status
}

// do sends a request with the current token, obtains a new token once when
// the hub refuses it, and decodes the answer into out.
func (c *Client) do(ctx context.Context, req httpclient.Request, out any) error {
	refused := ""
	for attempt := 0; ; attempt++ {
		tok, err := c.tokens.Token(ctx, refused)
		if err != nil {
			return err
		}
		req.Header = http.Header{"Authorization": {"Bearer " + tok}}
		err = c.core.Do(ctx, req, out)
		if attempt == 0 && IsStatus(err, http.StatusUnauthorized) {
			refused = tok
			continue
		}
		return err
	}
}

func get[T any](ctx context.Context, c *Client, path string, q url.Values) (T, error) {
	var v T
	err := c.do(ctx, httpclient.Request{Method: http.MethodGet, Path: path, Query: q}, &v)
	return v, err
}

func send[T any](ctx context.Context, c *Client, method, path string, in any) (T, error) {
	var v T
	err := c.do(ctx, httpclient.Request{Method: method, Path: path, Body: in}, &v)
	return v, err
}

func (c *Client) del(ctx context.Context, path string, q url.Values) error {
	return c.do(ctx, httpclient.Request{Method: http.MethodDelete, Path: path, Query: q}, nil)
}

func p(parts ...string) string {
	for i, s := range parts {
		parts[i] = url.PathEscape(s)
	}
	return hubapi.APIPrefix + "/" + strings.Join(parts, "/")
}

// WhoAmI describes the caller.
func (c *Client) WhoAmI(ctx context.Context) (hubapi.Identity, error) {
	return get[hubapi.Identity](ctx, c, p("whoami"), nil)
}

// SharedTokensKey is the key under which New shares the token source of a
// configuration with Shared set. It holds the trust too: the token source
// keeps the HTTP client it was made with, which must be the one of this
// configuration's ca_certificate.
func SharedTokensKey(addresses []string, caCertificate string) string {
	return strings.Join(addresses, ",") + "\x00" + caCertificate
}
