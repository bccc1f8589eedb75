package httpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"github.com/google/uuid"
	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// IdempotencyKeyHeader is the header of the key that makes a create safe to
// retry (Core.IdempotentPOST).
const IdempotencyKeyHeader = "Idempotency-Key"

// DefaultMaxAnswer bounds the answers Core reads when MaxAnswer is zero.
const DefaultMaxAnswer = 8 << 20

// Core is what every service client does for each call: build the request
// (JSON body, query, headers, user agent, credentials), send it through the
// retrying *http.Client of New, read the answer, decode a JSON result, and
// turn an error answer into the service's typed error. A client holds one
// Core and keeps only what is its service's own: the hooks below and its
// typed methods.
type Core struct {
	// Service names the service in errors and logs, such as "netfab API".
	Service string
	// Base is the API's base address; request paths are appended to it.
	Base *url.URL
	// HTTP sends the requests; build it with New (possibly wrapped, for
	// example by an OAuth2 transport that adds the token).
	HTTP *http.Client
	// UserAgent, when set, is sent as User-Agent.
	UserAgent string
	// Authorize, when set, adds credentials to each request.
	Authorize func(*http.Request)
	// DecodeError turns an answer with a status of 300 or more into the
	// service's typed error, from its status and body. Required.
	DecodeError func(status int, body []byte) error
	// Result, when set, extracts the result from a successful answer's body
	// before it is decoded into out, for services that wrap results in an
	// envelope.
	Result func(body []byte) (json.RawMessage, error)
	// MaxAnswer bounds the bytes read of an answer; DefaultMaxAnswer when
	// zero.
	MaxAnswer int64
	// IdempotentPOST, for services that honour Idempotency-Key, gives every
	// POST without one a new key, made once per call and so sent again by
	// every retry of it: a create whose answer was lost is not made twice.
	IdempotentPOST bool
}

// Request is one call.
type Request struct {
	Method string
	// Path is appended to Core.Base, such as "/v3/products".
	Path   string
	Query  url.Values
	Header http.Header
	// Body, when not nil, is sent as JSON.
	Body any
	// RawBody, when not nil and Body is nil, is sent as it is with
	// RawContentType (uploads of files).
	RawBody        []byte
	RawContentType string
}

// Do sends req and decodes the JSON result into out (when out is not nil
// and the answer has a body). An answer with a status of 300 or more is
// returned as the error that Core.DecodeError makes of it.
func (c *Core) Do(ctx context.Context, req Request, out any) error {
	raw, _, err := c.DoRaw(ctx, req)
	if err != nil || out == nil || len(raw) == 0 {
		return err
	}
	result := json.RawMessage(raw)
	if c.Result != nil {
		if result, err = c.Result(raw); err != nil {
			return fmt.Errorf("%s %s %s: decoding answer: %w", c.Service, req.Method, req.Path, err)
		}
	}
	if err := json.Unmarshal(result, out); err != nil {
		return fmt.Errorf("%s %s %s: decoding answer: %w", c.Service, req.Method, req.Path, err)
	}
	return nil
}

// DoRaw sends req and returns the body and headers of a successful answer
// as they are, for answers that are not JSON (downloads). Error answers are
// decoded as in Do.
func (c *Core) DoRaw(ctx context.Context, req Request) ([]byte, http.Header, error) {
	var body io.Reader
	if req.Body != nil {
		b, err := json.Marshal(req.Body)
		if err != nil {
			return nil, nil, fmt.Errorf("%s %s %s: encoding the request: %w", c.Service, req.Method, req.Path, err)
		}
		body = bytes.NewReader(b)
	} else if req.RawBody != nil {
		body = bytes.NewReader(req.RawBody)
	}
	u := c.Base.String() + req.Path
	if len(req.Query) > 0 {
		u += "?" + req.Query.Encode()
	}
	hr, err := http.NewRequestWithContext(ctx, req.Method, u, body)
	if err != nil {
		return nil, nil, err
	}
	for k, v := range req.Header {
		hr.Header[k] = v
	}
	if c.IdempotentPOST && req.Method == http.MethodPost && hr.Header.Get(IdempotencyKeyHeader) == "" {
		hr.Header.Set(IdempotencyKeyHeader, uuid.NewString())
	}
	hr.Header.Set("Accept", "application/json")
	if req.Body != nil {
		hr.Header.Set("Content-Type", "application/json")
	} else if req.RawBody != nil && req.RawContentType != "" {
		hr.Header.Set("Content-Type", req.RawContentType)
	}
	if c.UserAgent != "" {
		hr.Header.Set("User-Agent", c.UserAgent)
	}
	if c.Authorize != nil {
		c.Authorize(hr)
	}
	resp, err := c.HTTP.Do(hr)
	if err != nil {
		return nil, nil, fmt.Errorf("%s %s %s: %w", c.Service, req.Method, req.Path, err)
	}
	defer resp.Body.Close()
	fields := map[string]any{"method": req.Method, "path": req.Path, "status": resp.StatusCode}
	if len(req.Query) > 0 {
		fields["query"] = req.Query.Encode()
	}
	tflog.Debug(ctx, c.Service+" call", fields)
	limit := c.MaxAnswer
	if limit <= 0 {
		limit = DefaultMaxAnswer
	}
	raw, err := io.ReadAll(io.LimitReader(resp.Body, limit))
	if err != nil {
		return nil, nil, fmt.Errorf("%s %s %s: reading answer: %w", c.Service, req.Method, req.Path, err)
	}
	if resp.StatusCode >= 300 {
		return nil, nil, c.DecodeError(resp.StatusCode, raw)
	}
	return raw, resp.Header, nil
}
