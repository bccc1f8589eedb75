// Package orch is the typed client of the orchestration controller's API
// (docs/api/orch.md): login with username and password, fail-over across the
// controller's addresses, trust of a self-signed controller certificate,
// retries of transient errors, and waits for machines and removals.
package orch

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
}

// Client calls one controller. It is safe for concurrent use.
type Client struct {
	addresses   []string
	username    string
	password    string
	userAgent   string
	http        *http.Client
	pollBackoff wait.Backoff

	mu           sync.Mutex
	current      int       // index in addresses of the address that last answered
	token        string    // session token of the last login
	tokenExpires time.Time // when token expires
}

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
	if cfg.Username == "" || cfg.Password == "" {
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
	return &Client{
		addresses:   cfg.Addresses,
		username:    cfg.Username,
		password:    cfg.Password,
		userAgent:   cfg.UserAgent,
		http:        hc,
		pollBackoff: backoff,
	}, nil
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
	pool, err := x509.SystemCertPool()
	if err != nil || pool == nil {
		pool = x509.NewCertPool()
	}
	if !pool.AppendCertsFromPEM([]byte(caPEM)) {
		return errors.New("ca_certificate holds no PEM certificate")
	}
	tr.TLSClientConfig = &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
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
	if e.Field != "" {
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

// failoverRounds is how many times send goes through the whole address
// list, with backoff in between, before it gives up.
const failoverRounds = 4

// send makes one request, trying each address from the one that answered
// last. An address that cannot be reached, refuses TLS or answers 503 makes
// it move to the next; when none answered, it waits and goes round again.
func (c *Client) send(ctx context.Context, method, path string, body []byte, token string) (*http.Response, error) {
	var errs []error
	delay := c.pollBackoff.Initial
	for round := 0; round < failoverRounds; round++ {
		if round > 0 {
			t := time.NewTimer(delay)
			select {
			case <-ctx.Done():
				t.Stop()
				return nil, ctx.Err()
			case <-t.C:
			}
			delay = min(2*delay, c.pollBackoff.Max)
		}
		resp, roundErrs := c.sendRound(ctx, method, path, body, token)
		if resp != nil || ctx.Err() != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return resp, nil
		}
		errs = roundErrs
	}
	return nil, fmt.Errorf("%w (%s): %w", ErrUnreachable, strings.Join(c.addresses, ","), errors.Join(errs...))
}

// sendRound tries each address once.
func (c *Client) sendRound(ctx context.Context, method, path string, body []byte, token string) (*http.Response, []error) {
	c.mu.Lock()
	start := c.current
	c.mu.Unlock()
	var errs []error
	for i := range c.addresses {
		idx := (start + i) % len(c.addresses)
		addr := c.addresses[idx]
		// path is already escaped and may carry a query.
		u := "https://" + addr + path
		var rd io.Reader
		if body != nil {
			rd = bytes.NewReader(body)
		}
		req, err := http.NewRequestWithContext(ctx, method, u, rd)
		if err != nil {
			return nil, []error{err}
		}
		req.Header.Set("Accept", "application/json")
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		if c.userAgent != "" {
			req.Header.Set("User-Agent", c.userAgent)
		}
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := c.http.Do(req)
		if err == nil && resp.StatusCode == http.StatusServiceUnavailable {
			resp.Body.Close()
			err = errors.New("503 unavailable")
		}
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil
			}
			tflog.Debug(ctx, "controller address did not answer, trying the next", map[string]any{"address": addr, "error": err.Error()})
			errs = append(errs, fmt.Errorf("%s: %w", addr, err))
			continue
		}
		c.mu.Lock()
		c.current = idx
		c.mu.Unlock()
		return resp, nil
	}
	return nil, errs
}

// do sends a JSON request with the session token, logging in first and
// again when the token is refused, and decodes a JSON answer into out.
func (c *Client) do(ctx context.Context, method, path string, in, out any) error {
	var body []byte
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = b
	}
	for attempt := 0; ; attempt++ {
		token, err := c.session(ctx, attempt > 0)
		if err != nil {
			return err
		}
		resp, err := c.send(ctx, method, path, body, token)
		if err != nil {
			return fmt.Errorf("%s %s: %w", method, path, err)
		}
		raw, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
		resp.Body.Close()
		if err != nil {
			return fmt.Errorf("%s %s: reading answer: %w", method, path, err)
		}
		tflog.Debug(ctx, "controller API call", map[string]any{"method": method, "path": path, "status": resp.StatusCode})
		if resp.StatusCode == http.StatusUnauthorized && attempt == 0 {
			// The session expired or the controller restarted: log in again once.
			continue
		}
		if resp.StatusCode >= 300 {
			return decodeError(resp.StatusCode, raw)
		}
		if out == nil || len(raw) == 0 {
			return nil
		}
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("%s %s: decoding answer: %w", method, path, err)
		}
		return nil
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
