package fwmgr

import (
	"context"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// A session of its own, apart from the one the client's commands share (and
// keep in the session file): for a caller that hands it to another tool for
// a while and ends it when done (the fwmgr_session ephemeral resource).

// OpenSession logs in with the client's credentials and returns the new
// session (its sid and its session-timeout among the answer's fields).
func (c *Client) OpenSession(ctx context.Context) (api.LoginResponse, error) {
	var resp api.LoginResponse
	err := c.post(ctx, api.CommandLogin, "", c.loginRequest(), &resp)
	return resp, err
}

// KeepSession renews a session of OpenSession (keepalive).
func (c *Client) KeepSession(ctx context.Context, sid string) error {
	return c.post(ctx, api.CommandKeepalive, sid, struct{}{}, nil)
}

// CloseSession ends a session of OpenSession (logout); its sid is refused
// from then on.
func (c *Client) CloseSession(ctx context.Context, sid string) error {
	return c.post(ctx, api.CommandLogout, sid, struct{}{}, nil)
}

// BaseURL is the address the commands are posted under,
// scheme://host:port[/cloudMgmtId]/<context>[/v<version>]: a command is
// POST <BaseURL>/<command> with the session's ID in the X-chkp-sid header.
func (c *Client) BaseURL() string { return c.base }
