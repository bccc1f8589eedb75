package orch

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/httpclient"
)

// session returns a valid bearer token, logging in when there is none, when
// it is about to expire, or when fresh is set (the last token was refused).
func (c *Client) session(ctx context.Context, fresh bool) (string, error) {
	c.mu.Lock()
	token, expires := c.token, c.tokenExpires
	c.mu.Unlock()
	if c.tokenFunc != nil {
		refused := ""
		if fresh {
			refused = token
		}
		tok, err := c.tokenFunc(ctx, refused)
		if err != nil {
			return "", err
		}
		c.mu.Lock()
		c.token = tok
		c.mu.Unlock()
		return tok, nil
	}
	if !fresh && token != "" && time.Until(expires) > time.Minute {
		return token, nil
	}
	got, err := c.Login(ctx)
	if err != nil {
		return "", err
	}
	return got.Token, nil
}

// Login logs in with the client's username and password and keeps the
// token for the following calls.
func (c *Client) Login(ctx context.Context) (api.LoginResponse, error) {
	var out api.LoginResponse
	err := c.core.Do(ctx, httpclient.Request{Method: http.MethodPost, Path: api.APIPrefix + "/login",
		Body: api.LoginRequest{Username: c.username, Password: c.password}}, &out)
	if err != nil {
		return out, fmt.Errorf("login as %q: %w", c.username, err)
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
