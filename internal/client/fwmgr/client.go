// Package fwmgr is the typed client of the firewall OS API
// (docs/api/fwmgr.md): a login with a password or an API key opens a
// server-side session whose ID is sent with every later command; the session
// can be kept in a file that later runs and parallel processes reuse; a
// session the server rejects is renewed once, transparently.
package fwmgr

import (
	"context"
	"crypto/sha256"
	"crypto/tls"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-cleanhttp"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/httpclient"
)

// Config configures a Client. Server and one credential (Username with
// Password, or APIKey) are required.
type Config struct {
	// Server is the API server's host name or IP address.
	Server string
	// Port of the API server; 443 when zero.
	Port int
	// Context is ContextOS (the default) or ContextWeb.
	Context string
	// APIVersion, when set, pins the API version in every path (v<version>).
	APIVersion string
	// CloudMgmtID is the path prefix of a cloud-managed server.
	CloudMgmtID string

	Username string
	Password string
	APIKey   string
	// Domain logs in to one domain, by name or UID.
	Domain string

	SessionName        string
	SessionDescription string
	// SessionTimeout in seconds (10–3600); the server's default when zero.
	SessionTimeout int
	// SessionFileName, when set, stores the session ID so that later runs
	// and other processes reuse it (see sessionFile).
	SessionFileName string

	// ProxyHost and ProxyPort select an HTTP proxy; ProxyHost has no scheme.
	ProxyHost string
	ProxyPort int
	// IgnoreServerCertificate skips the check of the server's certificate.
	IgnoreServerCertificate bool
	// Timeout bounds one transaction, retries included; DefaultTimeout
	// when zero, so that a server that accepts the connection and never
	// answers does not hang the run.
	Timeout time.Duration

	UserAgent string
	// HTTP tunes retries; zero values take httpclient's defaults.
	HTTP httpclient.Options
}

// Client runs commands of the firewall OS API inside one session. It is safe
// for concurrent use; the session is opened on the first command.
type Client struct {
	cfg     Config
	base    string // scheme://host:port[/cloudMgmtId]/<context>[/v<version>]
	core    *httpclient.Core
	file    *sessionFile
	secrets []string

	logins httpclient.SharedLogin
	mu     sync.Mutex
	sid    string
}

// New checks the configuration and returns a client; nothing is sent yet.
func New(cfg Config) (*Client, error) {
	if cfg.Server == "" {
		return nil, errors.New("the API server address (server) is required")
	}
	if cfg.APIKey == "" && (cfg.Username == "" || cfg.Password == "") {
		return nil, errors.New("either api_key, or username and password, identify the administrator; none is set")
	}
	if cfg.APIKey != "" && cfg.Username != "" {
		return nil, errors.New("api_key and username are mutually exclusive: set one kind of credential")
	}
	if cfg.Context == "" {
		cfg.Context = ContextOS
	}
	if cfg.Context != ContextOS && cfg.Context != ContextWeb {
		return nil, fmt.Errorf("context must be %s or %s, not %q", ContextOS, ContextWeb, cfg.Context)
	}
	if cfg.Port == 0 {
		cfg.Port = DefaultPort
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if err := CheckServer(cfg.Server); err != nil {
		return nil, fmt.Errorf("server %w; got %q", err, cfg.Server)
	}
	if cfg.Port < 1 || cfg.Port > 65535 {
		return nil, fmt.Errorf("port must be between 1 and 65535, not %d", cfg.Port)
	}
	if cfg.SessionTimeout != 0 && (cfg.SessionTimeout < MinSessionTimeout || cfg.SessionTimeout > MaxSessionTimeout) {
		return nil, fmt.Errorf("session timeout must be between %d and %d seconds, not %d", MinSessionTimeout, MaxSessionTimeout, cfg.SessionTimeout)
	}

	transport := cleanhttp.DefaultPooledTransport()
	if cfg.IgnoreServerCertificate {
		transport.TLSClientConfig = &tls.Config{InsecureSkipVerify: true} //nolint:gosec // the user asked for it (ignore_server_certificate)
	}
	if cfg.ProxyHost != "" {
		if strings.Contains(cfg.ProxyHost, "://") {
			return nil, fmt.Errorf("proxy host %q must not carry a scheme: give the host name or address only", cfg.ProxyHost)
		}
		if cfg.ProxyPort < 1 || cfg.ProxyPort > 65535 {
			return nil, fmt.Errorf("proxy port must be between 1 and 65535 when proxy host is set, not %d", cfg.ProxyPort)
		}
		proxy := &url.URL{Scheme: "http", Host: net.JoinHostPort(cfg.ProxyHost, strconv.Itoa(cfg.ProxyPort))}
		transport.Proxy = http.ProxyURL(proxy)
	}
	opts := cfg.HTTP
	opts.Transport = transport

	base := "https://" + net.JoinHostPort(cfg.Server, strconv.Itoa(cfg.Port))
	if cfg.CloudMgmtID != "" {
		base += "/" + url.PathEscape(cfg.CloudMgmtID)
	}
	base += "/" + cfg.Context
	if cfg.APIVersion != "" {
		base += "/v" + strings.TrimPrefix(cfg.APIVersion, "v")
	}
	baseURL, err := url.Parse(base)
	if err != nil {
		return nil, fmt.Errorf("API server address %q: %w", base, err)
	}
	// The service as logs and errors name it: the API of the context.
	service := "fwmgr OS API"
	if cfg.Context == ContextWeb {
		service = "fwmgr management API"
	}
	c := &Client{cfg: cfg, base: base, core: &httpclient.Core{
		Service:   service,
		Base:      baseURL,
		HTTP:      httpclient.New(opts),
		UserAgent: cfg.UserAgent,
		DecodeError: func(status int, body []byte) error {
			apiErr := &APIError{StatusCode: status}
			_ = json.Unmarshal(body, &apiErr.ErrorBody)
			return apiErr
		},
		// Big lists (thousands of routes) stay well under this.
		MaxAnswer: 64 << 20,
	}}
	if cfg.SessionFileName != "" {
		c.file = &sessionFile{path: cfg.SessionFileName}
	}
	for _, s := range []string{cfg.Password, cfg.APIKey} {
		if s != "" {
			c.secrets = append(c.secrets, s)
		}
	}
	return c, nil
}

// Context is the access context the client was configured with.
func (c *Client) Context() string { return c.cfg.Context }

// APIError is an answer of the API that reports a failure.
type APIError struct {
	StatusCode int
	Command    string
	ErrorBody
}

func (e *APIError) Error() string {
	msg := e.Message
	if msg == "" {
		msg = http.StatusText(e.StatusCode)
	}
	if e.Code != "" {
		return fmt.Sprintf("%s: %s (HTTP %d, %s)", e.Command, msg, e.StatusCode, e.Code)
	}
	return fmt.Sprintf("%s: %s (HTTP %d)", e.Command, msg, e.StatusCode)
}

// IsSessionRejected reports whether err means that the session ID is not
// (or no longer) valid: expired, logged out, or unknown to the server.
func IsSessionRejected(err error) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && sessionRejected(apiErr)
}

// LoginError is a failed login: wrong credentials, locked administrator,
// unknown domain. It says which credential kind was used, never its value.
type LoginError struct {
	Kind string // "username and password" or "API key"
	Err  error
}

func (e *LoginError) Error() string {
	return fmt.Sprintf("login with %s failed: %v", e.Kind, e.Err)
}

func (e *LoginError) Unwrap() error { return e.Err }

// Call runs a command in the session and decodes its answer into out (nil
// to discard it). A session that the server rejects is renewed once and the
// command sent again.
func (c *Client) Call(ctx context.Context, command string, in, out any) error {
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	err := c.call(c.MaskSecrets(ctx), command, in, out)
	if err != nil && errors.Is(err, context.DeadlineExceeded) && parent.Err() == nil {
		return &TimeoutError{Server: strings.TrimSuffix(c.base, "/"+c.cfg.Context), Command: command, Timeout: c.cfg.Timeout, Err: err}
	}
	return err
}

func (c *Client) call(ctx context.Context, command string, in, out any) error {
	sid, err := c.session(ctx, "")
	if err != nil {
		return err
	}
	err = c.post(ctx, command, sid, in, out)
	if !IsSessionRejected(err) {
		return err
	}
	tflog.Info(ctx, "fwmgr session rejected by the server; renewing it", map[string]any{"command": command})
	sid, err = c.session(ctx, sid)
	if err != nil {
		return err
	}
	return c.post(ctx, command, sid, in, out)
}

// TimeoutError is a command that the server did not complete within the
// client's Timeout (login and retries included).
type TimeoutError struct {
	Server, Command string
	Timeout         time.Duration
	Err             error
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("%s: the API server %s did not answer within %s (the provider's timeout setting, %d seconds; "+
		"raise timeout if the server is slow, or check that %s is the API server)",
		e.Command, e.Server, e.Timeout, int64(e.Timeout/time.Second), e.Server)
}

func (e *TimeoutError) Unwrap() error { return e.Err }

// CheckServer checks a server address: a host name or IP address, without
// the scheme, path or port that a URL would add (the client always speaks
// HTTPS, and the port is a setting of its own).
func CheckServer(server string) error {
	bad := strings.ContainsAny(server, "/?#@ []") ||
		(strings.Contains(server, ":") && net.ParseIP(server) == nil) // an IPv6 address has colons, a host:port too
	if bad {
		return fmt.Errorf("must be a host name or IP address without a scheme, path or port (%q, not %q; the port is the port setting)",
			hostOf(server), server)
	}
	return nil
}

// hostOf is the host of a server written as a URL, for the message that
// refuses it.
func hostOf(server string) string {
	withScheme := server
	if !strings.Contains(server, "://") {
		withScheme = "//" + server
	}
	if u, err := url.Parse(withScheme); err == nil && u.Hostname() != "" {
		return u.Hostname()
	}
	return server
}

// MaskSecrets keeps the credentials and the session ID out of every log
// line written with ctx, wherever they would appear.
func (c *Client) MaskSecrets(ctx context.Context) context.Context {
	ctx = tflog.MaskFieldValuesWithFieldKeys(ctx, "password", "api_key", "api-key", "sid", api.SessionHeader)
	if len(c.secrets) > 0 {
		ctx = tflog.MaskMessageStrings(ctx, c.secrets...)
		ctx = tflog.MaskAllFieldValuesStrings(ctx, c.secrets...)
	}
	return ctx
}

// session returns the session ID, opening the session on first use, and
// replacing rejected, the ID the server has just rejected ("" when none).
// Commands that need a session at the same time (the first commands of a
// client, commands rejected together) wait for one login
// (httpclient.SharedLogin); a command that finds a newer ID than the one
// rejected uses it. A failed login is the error of every command that
// waited for it, not one failed login each.
func (c *Client) session(ctx context.Context, rejected string) (string, error) {
	if sid := c.usableSID(rejected); sid != "" {
		return sid, nil
	}
	return c.logins.Do(ctx, func(ctx context.Context) (string, error) {
		// A login may have ended since the check above.
		if sid := c.usableSID(rejected); sid != "" {
			return sid, nil
		}
		sid, err := c.establish(ctx, rejected)
		if err != nil {
			return "", err
		}
		c.mu.Lock()
		c.sid = sid
		c.mu.Unlock()
		return sid, nil
	})
}

// usableSID is the session ID in use unless it is the rejected one.
func (c *Client) usableSID(rejected string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sid == rejected {
		return ""
	}
	return c.sid
}

// establish finds a usable session: the one in the session file when it is
// still valid (and is not the one just rejected), else a new login, which is
// written back to the file. The file's lock is held throughout, so that
// processes starting together log in once and the others reuse that session.
func (c *Client) establish(ctx context.Context, rejected string) (string, error) {
	if c.file == nil {
		return c.login(ctx)
	}
	unlock, err := c.file.lock()
	if err != nil {
		return "", err
	}
	defer unlock()
	stored, err := c.file.read()
	if err != nil {
		return "", err
	}
	if stored.SID != "" && stored.SID != rejected && stored.Target == c.base && stored.Identity == c.identity() {
		err := c.post(ctx, api.CommandKeepalive, stored.SID, struct{}{}, nil)
		switch {
		case err == nil:
			tflog.Debug(ctx, "fwmgr session reused from the session file", map[string]any{"session_file": c.file.path})
			return stored.SID, nil
		case !IsSessionRejected(err):
			return "", err
		}
		tflog.Debug(ctx, "fwmgr session in the session file is no longer valid; logging in", map[string]any{"session_file": c.file.path})
	}
	sid, err := c.login(ctx)
	if err != nil {
		return "", err
	}
	if err := c.file.write(storedSession{SID: sid, Target: c.base, Identity: c.identity()}); err != nil {
		return "", err
	}
	return sid, nil
}

// identity names the administrator of the session without any secret: the
// user name, or a fingerprint of the API key.
func (c *Client) identity() string {
	who := "user:" + c.cfg.Username
	if c.cfg.APIKey != "" {
		sum := sha256.Sum256([]byte(c.cfg.APIKey))
		who = "api-key:" + hex.EncodeToString(sum[:8])
	}
	if c.cfg.Domain != "" {
		who += "@" + c.cfg.Domain
	}
	return who
}

// login opens a new session and returns its ID.
func (c *Client) login(ctx context.Context) (string, error) {
	req := c.loginRequest()
	kind := "username and password"
	if c.cfg.APIKey != "" {
		kind = "API key"
	}
	var resp api.LoginResponse
	if err := c.post(ctx, api.CommandLogin, "", req, &resp); err != nil {
		var apiErr *APIError
		if errors.As(err, &apiErr) {
			return "", &LoginError{Kind: kind, Err: err}
		}
		return "", err
	}
	if resp.SID == "" {
		return "", &LoginError{Kind: kind, Err: errors.New("the server returned no session ID")}
	}
	tflog.Info(ctx, "fwmgr login", map[string]any{"server": c.cfg.Server, "context": c.cfg.Context, "credential": kind})
	return resp.SID, nil
}

// post sends one command; sid is empty for login.
func (c *Client) post(ctx context.Context, command, sid string, in, out any) error {
	if in == nil {
		in = struct{}{}
	}
	req := httpclient.Request{Method: http.MethodPost, Path: "/" + command, Body: in}
	if sid != "" {
		req.Header = http.Header{api.SessionHeader: []string{sid}}
	}
	err := c.core.Do(ctx, req, out)
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		apiErr.Command = command
	}
	return err
}
