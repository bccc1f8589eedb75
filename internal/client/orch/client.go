// Package orch is the typed client of the orchestration controller's API
// (docs/api/orch.md): login with username and password, fail-over across the
// controller's addresses, trust of a self-signed controller certificate,
// retries of transient errors, and waits for machines and removals.
package orch

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-retryablehttp"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/iacsuite/providers/internal/httpclient"
	"github.com/iacsuite/providers/internal/wait"
)

// Config configures a Client.
type Config struct {
	// Addresses are the controller's API addresses, host:port, tried in
	// order: when one does not answer, the next is used.
	Addresses []string
	Username  string
	Password  string
	// CACertificate is a PEM certificate trusted besides the system's, for a
	// controller with a self-signed certificate.
	CACertificate string
	UserAgent     string
	// HTTP tunes retries; zero values take httpclient's defaults.
	HTTP httpclient.Options
	// PollBackoff shapes waits; zero takes wait.DefaultBackoff.
	PollBackoff wait.Backoff
	// Token, when set, gives the bearer token instead of a login with
	// Username and Password: the hub's OAuth 2.0 tokens (docs/api/hub.md).
	// refused is the token the server has just refused, "" when none.
	Token func(ctx context.Context, refused string) (string, error)
}

// Client calls one controller. It is safe for concurrent use.
type Client struct {
	// caSet: the client trusts only Config.CACertificate (for the hints
	// of a failed login).
	caSet       bool
	username    string
	password    string
	tokenFunc   func(ctx context.Context, refused string) (string, error)
	core        *httpclient.Core
	pollBackoff wait.Backoff

	logins       httpclient.SharedLogin
	mu           sync.Mutex
	token        string    // session token of the last login
	tokenExpires time.Time // when token expires
}

// controllerBase is the address requests are built with; the fail-over
// transport sends each to one of the controller's real addresses.
var controllerBase = &url.URL{Scheme: "https", Host: "controller"}

// ParseAddresses splits "<host>:<port>,<host>:<port>,..." and checks each.
func ParseAddresses(s string) ([]string, error) {
	var out []string
	for _, a := range strings.Split(s, ",") {
		a = strings.TrimSpace(a)
		host, port, err := net.SplitHostPort(a)
		if err != nil || host == "" {
			return nil, fmt.Errorf("must be <host>:<port> addresses separated by commas, such as localhost:17070; %q is not", a)
		}
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return nil, fmt.Errorf("must be <host>:<port> addresses separated by commas; %q has no port between 1 and 65535", a)
		}
		out = append(out, a)
	}
	return out, nil
}

// New returns a client; it logs in on the first call.
func New(cfg Config) (*Client, error) {
	if len(cfg.Addresses) == 0 {
		return nil, errors.New("no controller address")
	}
	if cfg.Token == nil && (cfg.Username == "" || cfg.Password == "") {
		return nil, errors.New("username and password are both required")
	}
	hc := httpclient.New(cfg.HTTP)
	if err := trust(hc, cfg.CACertificate); err != nil {
		return nil, err
	}
	backoff := cfg.PollBackoff
	if backoff.Initial == 0 {
		backoff = wait.DefaultBackoff
	}
	hc.Transport = &failover{addresses: cfg.Addresses, next: hc.Transport, backoff: backoff}
	c := &Client{
		caSet:       cfg.CACertificate != "",
		username:    cfg.Username,
		password:    cfg.Password,
		tokenFunc:   cfg.Token,
		pollBackoff: backoff,
	}
	c.core = &httpclient.Core{
		Service:     "orch controller",
		Base:        controllerBase,
		HTTP:        hc,
		UserAgent:   cfg.UserAgent,
		DecodeError: decodeError,
		// Machines, integrations and secrets get IDs from the controller;
		// a retried create must not make a second one.
		IdempotentPOST: true,
	}
	return c, nil
}

// trust adds the PEM certificate to the pool that the client's transport
// verifies the controller with. Connection errors are not retried by the
// retrying transport: fail-over to the next address handles them.
func trust(hc *http.Client, caPEM string) error {
	rt, ok := hc.Transport.(*retryablehttp.RoundTripper)
	if !ok {
		return fmt.Errorf("unexpected transport %T", hc.Transport)
	}
	tr, ok := rt.Client.HTTPClient.Transport.(*http.Transport)
	if !ok {
		return fmt.Errorf("unexpected transport %T", rt.Client.HTTPClient.Transport)
	}
	tr = tr.Clone()
	rt.Client.HTTPClient.Transport = tr
	retryPolicy := rt.Client.CheckRetry
	rt.Client.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if err != nil && resp == nil {
			// The address is down or refused TLS; the caller tries the next one.
			return false, err
		}
		if resp != nil && resp.StatusCode == http.StatusServiceUnavailable {
			// The controller is starting or stopping: fail over.
			return false, nil
		}
		return retryPolicy(ctx, resp, err)
	}
	if caPEM == "" {
		return nil
	}
	tc, err := httpclient.TrustOnly(caPEM)
	if err != nil {
		return err
	}
	tr.TLSClientConfig = tc
	return nil
}

// APIError is a non-2xx answer of the controller.
type APIError struct {
	StatusCode int
	Code       string
	Message    string
	// Field is the request field that broke a rule, when one did.
	Field string
}

func (e *APIError) Error() string {
	msg := e.Message
	if msg == "" {
		msg = http.StatusText(e.StatusCode)
	}
	// The controller's messages already begin with the field they name.
	if e.Field != "" && !strings.HasPrefix(msg, e.Field+": ") {
		msg = e.Field + ": " + msg
	}
	if e.Code != "" {
		return fmt.Sprintf("controller: %s (HTTP %d, %s)", msg, e.StatusCode, e.Code)
	}
	return fmt.Sprintf("controller: %s (HTTP %d)", msg, e.StatusCode)
}

// IsNotFound reports whether err is a 404 answer.
func IsNotFound(err error) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusNotFound
}

// IsConflict reports whether err is a 409 answer (the object exists, or is
// in a state that forbids the operation).
func IsConflict(err error) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusConflict
}

// ErrUnreachable wraps the errors of a call that no address answered.
var ErrUnreachable = errors.New("no controller address answered")

// failoverRounds is how many times the fail-over transport goes through
// the whole address list, with backoff in between, before it gives up.
const failoverRounds = 4

// failover sends each request to the controller address that answered
// last. An address that cannot be reached, refuses TLS or answers 503 makes
// it move to the next; when none answered, it waits and goes round again.
// Every other answer, errors included, is final.
type failover struct {
	addresses []string
	next      http.RoundTripper
	backoff   wait.Backoff

	mu      sync.Mutex
	current int // index in addresses of the address that last answered
}

func (f *failover) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	var errs []error
	delay := f.backoff.Initial
	for round := 0; round < failoverRounds; round++ {
		if round > 0 {
			t := time.NewTimer(delay)
			select {
			case <-ctx.Done():
				t.Stop()
				return nil, ctx.Err()
			case <-t.C:
			}
			delay = min(2*delay, f.backoff.Max)
		}
		f.mu.Lock()
		start := f.current
		f.mu.Unlock()
		errs = errs[:0]
		for i := range f.addresses {
			idx := (start + i) % len(f.addresses)
			resp, err := f.try(req, f.addresses[idx])
			if err == nil {
				f.mu.Lock()
				f.current = idx
				f.mu.Unlock()
				return resp, nil
			}
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			tflog.Debug(ctx, "controller address did not answer, trying the next", map[string]any{"address": f.addresses[idx], "error": err.Error()})
			errs = append(errs, fmt.Errorf("%s: %w", f.addresses[idx], err))
		}
	}
	return nil, fmt.Errorf("%w (%s): %w", ErrUnreachable, strings.Join(f.addresses, ","), errors.Join(errs...))
}

// try sends req to one address; a 503 answer counts as no answer.
func (f *failover) try(req *http.Request, addr string) (*http.Response, error) {
	r := req.Clone(req.Context())
	r.URL.Host = addr
	r.Host = ""
	if req.GetBody != nil {
		body, err := req.GetBody()
		if err != nil {
			return nil, err
		}
		r.Body = body
	}
	resp, err := f.next.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusServiceUnavailable {
		resp.Body.Close()
		return nil, errors.New("503 unavailable")
	}
	return resp, nil
}

// do sends a JSON request with the session token, logging in first and
// again once when the token is refused, and decodes a JSON answer into out.
func (c *Client) do(ctx context.Context, method, path string, in, out any) error {
	return c.doRequest(ctx, httpclient.Request{Method: method, Path: path, Body: in}, out)
}

// upload posts a file as the raw body of the request.
func (c *Client) upload(ctx context.Context, path, contentType string, data []byte, out any) error {
	return c.doRequest(ctx, httpclient.Request{Method: http.MethodPost, Path: path, RawBody: data, RawContentType: contentType}, out)
}

func (c *Client) doRequest(ctx context.Context, req httpclient.Request, out any) error {
	refused := ""
	for attempt := 0; ; attempt++ {
		token, err := c.session(ctx, refused)
		if err != nil {
			return err
		}
		req.Header = http.Header{"Authorization": {"Bearer " + token}}
		err = c.core.Do(ctx, req, out)
		var apiErr *APIError
		if attempt == 0 && errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusUnauthorized {
			// The session expired or the controller forgot it: log in again,
			// unless a caller refused with the same token already has.
			refused = token
			continue
		}
		return err
	}
}

func get[T any](ctx context.Context, c *Client, path string) (T, error) {
	var v T
	err := c.do(ctx, http.MethodGet, path, nil, &v)
	return v, err
}

func send[T any](ctx context.Context, c *Client, method, path string, in any) (T, error) {
	var v T
	err := c.do(ctx, method, path, in, &v)
	return v, err
}

func (c *Client) del(ctx context.Context, path string) error {
	return c.do(ctx, http.MethodDelete, path, nil, nil)
}

// pathEscape escapes one path segment.
func pathEscape(s string) string { return url.PathEscape(s) }

// pathEscapeSlashes escapes a value that may hold slashes which the path
// keeps, such as the machine ID 0/lxd/1.
func pathEscapeSlashes(s string) string {
	parts := strings.Split(s, "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return strings.Join(parts, "/")
}
