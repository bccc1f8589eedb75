// Package netfab is the typed client of the netfab API (docs/api/netfab.md):
// client-credentials authentication with a cached, refreshed token, retries of
// 429 and 5xx answers honouring Retry-After, and waits for provisioning.
package netfab

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/httpclient"
	"github.com/iacsuite/providers/internal/wait"
)

// Config configures a Client.
type Config struct {
	// BaseURL is the API's https base address.
	BaseURL   string
	AccessKey string
	SecretKey string
	UserAgent string
	// HTTP tunes retries; zero values take httpclient's defaults.
	HTTP httpclient.Options
	// PollBackoff shapes provisioning waits; zero takes wait.DefaultBackoff.
	PollBackoff wait.Backoff
}

// Client calls the netfab API. It is safe for concurrent use.
type Client struct {
	core        httpclient.Core
	pollBackoff wait.Backoff
	// cc and plain obtain and revoke tokens of their own (tokens.go):
	// the client credentials, and the retrying HTTP client without a
	// bearer token.
	cc    clientcredentials.Config
	plain *http.Client
}

// New returns a client; the first token is requested on the first call.
func New(cfg Config) (*Client, error) {
	base, err := url.Parse(strings.TrimSuffix(cfg.BaseURL, "/"))
	if err != nil || base.Scheme == "" || base.Host == "" {
		return nil, fmt.Errorf("netfab API address %q is not an absolute URL", cfg.BaseURL)
	}
	if cfg.AccessKey == "" || cfg.SecretKey == "" {
		return nil, errors.New("netfab access key and secret key are both required")
	}
	retrying := httpclient.New(cfg.HTTP)
	cc := clientcredentials.Config{
		ClientID:     cfg.AccessKey,
		ClientSecret: cfg.SecretKey,
		TokenURL:     base.String() + "/oauth2/token",
		AuthStyle:    oauth2.AuthStyleInHeader,
	}
	// The token source lives as long as the client, so it gets a background
	// context; it caches the token and fetches a new one shortly before expiry.
	tokenCtx := context.WithValue(context.Background(), oauth2.HTTPClient, retrying)
	backoff := cfg.PollBackoff
	if backoff.Initial == 0 {
		backoff = wait.DefaultBackoff
	}
	return &Client{
		core: httpclient.Core{
			Service:     "netfab API",
			Base:        base,
			HTTP:        cc.Client(tokenCtx), // adds the bearer token
			UserAgent:   cfg.UserAgent,
			DecodeError: decodeError,
			// Sub-resource creates (prefix lists, add-ons, packet filters)
			// get IDs from the service; orders pass their own key.
			IdempotentPOST: true,
			Result: func(body []byte) (json.RawMessage, error) {
				var env api.Envelope[json.RawMessage]
				err := json.Unmarshal(body, &env)
				return env.Data, err
			},
		},
		pollBackoff: backoff,
		cc:          cc,
		plain:       retrying,
	}, nil
}

// APIError is a non-2xx answer of the API.
type APIError struct {
	StatusCode int
	api.ErrorBody
}

func (e *APIError) Error() string {
	msg := e.Message
	if msg == "" {
		msg = http.StatusText(e.StatusCode)
	}
	return fmt.Sprintf("netfab API: %s (HTTP %d %s)", msg, e.StatusCode, e.Code)
}

// IsNotFound reports whether err is a 404 answer.
func IsNotFound(err error) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusNotFound
}

// decodeError makes an APIError of an error answer.
func decodeError(status int, body []byte) error {
	apiErr := &APIError{StatusCode: status}
	_ = json.Unmarshal(body, &apiErr.ErrorBody)
	return apiErr
}

// do sends a JSON request and decodes the "data" of a JSON answer into out.
func (c *Client) do(ctx context.Context, method, path string, header http.Header, in, out any) error {
	return c.core.Do(ctx, httpclient.Request{Method: method, Path: path, Header: header, Body: in}, out)
}

func get[T any](ctx context.Context, c *Client, path string) (T, error) {
	var v T
	err := c.do(ctx, http.MethodGet, path, nil, nil, &v)
	return v, err
}

func send[T any](ctx context.Context, c *Client, method, path string, in any) (T, error) {
	var v T
	err := c.do(ctx, method, path, nil, in, &v)
	return v, err
}

func (c *Client) del(ctx context.Context, path string) error {
	return c.do(ctx, http.MethodDelete, path, nil, nil, nil)
}
