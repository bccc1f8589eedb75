package orch

import (
	"context"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/httpclient"
)

// session returns the bearer token to send. refused is the token the
// server has just refused ("" when none): it expired early, or the
// controller forgot it. A login happens when there is no token, when it is
// about to expire, or when it is the refused one.
//
// Callers that need a login at the same time share one (docs/performance.md):
// Terraform's concurrent first operations cost one login, not one each, and
// operations refused together log in again once. A failed login is every
// waiting caller's error and is not kept: the next call tries again.
func (c *Client) session(ctx context.Context, refused string) (string, error) {
	if c.tokenFunc != nil {
		// The hub's tokens are shared between callers already (hub.Tokens).
		return c.tokenFunc(ctx, refused)
	}
	if token, ok := c.validToken(refused); ok {
		return token, nil
	}
	return c.logins.Do(ctx, func(ctx context.Context) (string, error) {
		// A login may have ended since the check above.
		if token, ok := c.validToken(refused); ok {
			return token, nil
		}
		got, err := c.Login(ctx)
		return got.Token, err
	})
}

// validToken returns the token of the last login, and whether it can be
// sent: there is one, it is not the refused one, and it does not expire
// within the next minute.
func (c *Client) validToken(refused string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.token, c.token != "" && c.token != refused && time.Until(c.tokenExpires) > time.Minute
}

// Login logs in with the client's username and password and keeps the
// token for the following calls.
func (c *Client) Login(ctx context.Context) (api.LoginResponse, error) {
	var out api.LoginResponse
	err := c.core.Do(ctx, httpclient.Request{Method: http.MethodPost, Path: api.APIPrefix + "/login",
		Body: api.LoginRequest{Username: c.username, Password: c.password}}, &out)
	if err != nil {
		return out, &loginError{username: c.username, caSet: c.caSet, err: err}
	}
	c.mu.Lock()
	c.token, c.tokenExpires = out.Token, out.ExpiresAt
	c.mu.Unlock()
	return out, nil
}

// Controller describes the controller the client is connected to.
func (c *Client) Controller(ctx context.Context) (api.ControllerInfo, error) {
	return get[api.ControllerInfo](ctx, c, api.APIPrefix+"/controller")
}

// decodeError turns a non-2xx answer into an *APIError.
func decodeError(status int, raw []byte) error {
	var body api.ErrorBody
	_ = json.Unmarshal(raw, &body)
	return &APIError{StatusCode: status, Code: body.Code, Message: body.Message, Field: body.Field}
}

// loginError is a failed login. Its message keeps the key phrases of
// upstream's provider for the three ways a configuration goes wrong (the
// address, the user or password, the certificate), which users search for,
// and names the provider setting to check.
type loginError struct {
	username string
	caSet    bool
	err      error
}

func (e *loginError) Error() string {
	var apiErr *APIError
	var unknownCA x509.UnknownAuthorityError
	var badHost x509.HostnameError
	var invalid x509.CertificateInvalidError
	var opErr *net.OpError
	hint := ""
	switch {
	case errors.As(e.err, &apiErr) && apiErr.StatusCode == http.StatusUnauthorized:
		return fmt.Sprintf("login as %q: invalid entity name or password (unauthorized access): %v\n\n"+
			"Check the username and password set on the provider.", e.username, e.err)
	case errors.As(e.err, &unknownCA), errors.As(e.err, &badHost), errors.As(e.err, &invalid):
		hint = "Verify the ca_certificate property set on the provider."
		if !e.caSet {
			hint = "The ca_certificate provider property is not set and the controller's certificate authority is not trusted by your system."
		}
	case errors.As(e.err, &opErr):
		hint = "Connection error, please check the controller_addresses property set on the provider."
	}
	msg := fmt.Sprintf("login as %q: %v", e.username, e.err)
	if hint != "" {
		msg += "\n\n" + hint
	}
	return msg
}

func (e *loginError) Unwrap() error { return e.err }
