package orch

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// session returns a valid bearer token, logging in when there is none, when
// it is about to expire, or when fresh is set (the last token was refused).
func (c *Client) session(ctx context.Context, fresh bool) (string, error) {
	c.mu.Lock()
	token, expires := c.token, c.tokenExpires
	c.mu.Unlock()
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
	body, err := json.Marshal(api.LoginRequest{Username: c.username, Password: c.password})
	if err != nil {
		return out, err
	}
	resp, err := c.send(ctx, http.MethodPost, api.APIPrefix+"/login", body, "")
	if err != nil {
		return out, fmt.Errorf("login: %w", err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return out, fmt.Errorf("login: reading answer: %w", err)
	}
	if resp.StatusCode >= 300 {
		return out, fmt.Errorf("login as %q: %w", c.username, decodeError(resp.StatusCode, raw))
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return out, fmt.Errorf("login: decoding answer: %w", err)
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
