package httpclient

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// IdempotencyKeyHeader is the header of the key that makes a create safe to
// retry (Core.IdempotentPOST).
const IdempotencyKeyHeader = "Idempotency-Key"

// DefaultMaxAnswer bounds the answers Core reads when MaxAnswer is zero.
const DefaultMaxAnswer = 8 << 20

// DefaultReplayFor is how long Core sends a keyed request again whose
// outcome is unknown, when ReplayFor is zero.
const DefaultReplayFor = 5 * time.Minute

// replayPause is the pause between two rounds of a keyed request's tries
// while its outcome is unknown (the retries of New space the tries within a
// round).
const replayPause = time.Second

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
	// RequestIDParam, for services that deduplicate requests by a request ID
	// in the query (such as "requestId"), names that parameter: a request
	// that carries it is as safe to send again as one with an
	// Idempotency-Key.
	RequestIDParam string
	// ReplayFor bounds how long a keyed request (an Idempotency-Key, or a
	// RequestIDParam) whose outcome is unknown is sent again; see DoRaw.
	// DefaultReplayFor when zero.
	ReplayFor time.Duration

	// pause is replayPause unless a test sets it.
	pause time.Duration
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
//
// A keyed request (a create the service deduplicates by its Idempotency-Key
// or request ID) whose outcome is unknown is sent again, with the same key,
// until the service answers, for up to ReplayFor or until ctx ends. Its
// outcome is unknown when a try was written to a connection that then failed
// without an answer (the service went away, perhaps after making the
// object) and the retries of New ran out while it was still unreachable, as
// during a restart. Giving up then would lose the key, and the next apply's
// create, with a new key, would make the object twice. A request that never
// reached a connection (every try refused, a wrong address) fails at once:
// the service never saw it.
func (c *Core) DoRaw(ctx context.Context, req Request) ([]byte, http.Header, error) {
	var body []byte
	if req.Body != nil {
		b, err := json.Marshal(req.Body)
		if err != nil {
			return nil, nil, fmt.Errorf("%s %s %s: encoding the request: %w", c.Service, req.Method, req.Path, err)
		}
		body = b
	} else if req.RawBody != nil {
		body = req.RawBody
	}
	u := c.Base.String() + req.Path
	if len(req.Query) > 0 {
		u += "?" + req.Query.Encode()
	}
	key := req.Header.Get(IdempotencyKeyHeader)
	if key == "" && c.IdempotentPOST && req.Method == http.MethodPost {
		key = uuid.NewString()
	}
	keyed := key != "" || c.RequestIDParam != "" && req.Query.Get(c.RequestIDParam) != ""

	// Only a keyed request can be sent again, so only its tries are traced
	// (reads, the bulk of the calls, skip the trace's allocations).
	var written atomic.Bool
	traced := ctx
	if keyed {
		traced = httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
			WroteRequest: func(httptrace.WroteRequestInfo) { written.Store(true) },
		})
	}
	replayUntil := time.Now().Add(cmp.Or(c.ReplayFor, DefaultReplayFor))
	for round := 1; ; round++ {
		resp, err := c.send(traced, req, u, body, key)
		if err == nil {
			raw, rerr := c.read(resp)
			if rerr == nil {
				return c.answer(ctx, req, resp, raw)
			}
			err = fmt.Errorf("reading answer: %w", rerr)
		}
		err = fmt.Errorf("%s %s %s: %w", c.Service, req.Method, req.Path, err)
		if !keyed || !written.Load() || ctx.Err() != nil {
			return nil, nil, err
		}
		// At least one replay, however short ReplayFor or slow the first
		// round: a round that outlasts ReplayFor on a loaded machine must not
		// turn a recoverable restart into an unknown outcome.
		if round > 1 && time.Now().After(replayUntil) {
			return nil, nil, fmt.Errorf("%w; the service may have received the request before it stopped answering, so its outcome is unknown (sent again with the same key for %s)", err, cmp.Or(c.ReplayFor, DefaultReplayFor))
		}
		tflog.Warn(ctx, c.Service+" went away after a request that may have reached it; sending it again with the same key", map[string]any{"method": req.Method, "path": req.Path, "error": err.Error()})
		select {
		case <-ctx.Done():
			return nil, nil, err
		case <-time.After(cmp.Or(c.pause, replayPause)):
		}
	}
}

// send makes one round of tries of req (the retries of New) and returns the
// answer or the error of the last try.
func (c *Core) send(ctx context.Context, req Request, u string, body []byte, key string) (*http.Response, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	hr, err := http.NewRequestWithContext(ctx, req.Method, u, rd)
	if err != nil {
		return nil, err
	}
	for k, v := range req.Header {
		hr.Header[k] = v
	}
	if key != "" {
		hr.Header.Set(IdempotencyKeyHeader, key)
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
	return c.HTTP.Do(hr)
}

// read reads an answer's body, at most MaxAnswer bytes of it.
func (c *Core) read(resp *http.Response) ([]byte, error) {
	defer resp.Body.Close()
	limit := c.MaxAnswer
	if limit <= 0 {
		limit = DefaultMaxAnswer
	}
	return io.ReadAll(io.LimitReader(resp.Body, limit))
}

// answer returns a successful answer's body and headers, or decodes an
// error answer.
func (c *Core) answer(ctx context.Context, req Request, resp *http.Response, raw []byte) ([]byte, http.Header, error) {
	fields := map[string]any{"method": req.Method, "path": req.Path, "status": resp.StatusCode}
	if len(req.Query) > 0 {
		fields["query"] = req.Query.Encode()
	}
	tflog.Debug(ctx, c.Service+" call", fields)
	if resp.StatusCode >= 300 {
		return nil, nil, c.DecodeError(resp.StatusCode, raw)
	}
	return raw, resp.Header, nil
}
