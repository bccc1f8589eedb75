package netfab

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"golang.org/x/oauth2"
)

// NewAccessToken obtains a token of its own, apart from the one the
// client's calls use and renew: for a caller that hands it to another tool
// and revokes it (RevokeToken) when done.
func (c *Client) NewAccessToken(ctx context.Context) (*oauth2.Token, error) {
	tok, err := c.cc.Token(context.WithValue(ctx, oauth2.HTTPClient, c.plain))
	if err != nil {
		return nil, fmt.Errorf("netfab API: access token: %w", err)
	}
	return tok, nil
}

// RevokeToken revokes an access token (RFC 7009, POST /oauth2/revoke): the
// service refuses it from then on.
func (c *Client) RevokeToken(ctx context.Context, token string) error {
	form := url.Values{"token": {token}, "token_type_hint": {"access_token"}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimSuffix(c.cc.TokenURL, "/token")+"/revoke", strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	// RFC 6749 section 2.3.1: the credentials are form-encoded first.
	req.SetBasicAuth(url.QueryEscape(c.cc.ClientID), url.QueryEscape(c.cc.ClientSecret))
	resp, err := c.plain.Do(req)
	if err != nil {
		return fmt.Errorf("netfab API: revoke token: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode != http.StatusOK {
		return decodeError(resp.StatusCode, body)
	}
	return nil
}
