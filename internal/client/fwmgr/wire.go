package fwmgr

import (
	"net/http"
	"time"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// The contract's constants the provider uses too, under the client's name.
const (
	ContextOS         = api.ContextOS
	ContextWeb        = api.ContextWeb
	MinSessionTimeout = api.MinSessionTimeout
	MaxSessionTimeout = api.MaxSessionTimeout
	// DefaultPort is the HTTPS port of the API server when port is not set.
	DefaultPort = 443
	// DefaultTimeout bounds a command (login and retries included) when the
	// configuration sets no timeout, as the upstream provider's 120 seconds.
	DefaultTimeout = 120 * time.Second
)

// ErrorBody is the body of a failed answer.
type ErrorBody = api.ErrorBody

func (c *Client) loginRequest() api.LoginRequest {
	req := api.LoginRequest{
		Domain:             c.cfg.Domain,
		SessionName:        c.cfg.SessionName,
		SessionDescription: c.cfg.SessionDescription,
	}
	if c.cfg.APIKey != "" {
		req.APIKey = c.cfg.APIKey
	} else {
		req.User, req.Password = c.cfg.Username, c.cfg.Password
	}
	if c.cfg.SessionTimeout != 0 {
		t := int64(c.cfg.SessionTimeout)
		req.SessionTimeout = &t
	}
	return req
}

// sessionRejected: the server no longer knows the session (expired, logged
// out, restarted without it); a new login fixes that.
func sessionRejected(e *APIError) bool {
	return e.StatusCode == http.StatusUnauthorized && e.Code == api.CodeWrongSessionID
}
