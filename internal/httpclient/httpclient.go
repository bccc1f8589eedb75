// Package httpclient builds the HTTP client every service client uses: retries
// of connection errors, 429 and 5xx answers with exponential backoff that
// honours Retry-After, and request contexts that cancel waits.
package httpclient

import (
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// MaxIdleConnsPerHost is how many idle keep-alive connections to one service
// a client keeps: more than Terraform's default parallelism (10) and the
// concurrent per-item calls of a data source (ConcurrentCalls).
const MaxIdleConnsPerHost = 32

// ConcurrentCalls bounds the calls a client makes at once on behalf of one
// operation, such as reading the tags of every item of a list.
const ConcurrentCalls = 8

// Options tune the retries; zero values take the defaults.
type Options struct {
	// RetryMax is how many times a request is retried after the first try.
	RetryMax int
	// RetryWaitMin and RetryWaitMax bound the wait between tries when the
	// server does not say how long to wait.
	RetryWaitMin, RetryWaitMax time.Duration
	// Transport, when set, carries the requests (proxy, TLS settings);
	// a pooled transport of go-cleanhttp otherwise.
	Transport http.RoundTripper
}

// New returns an *http.Client that retries as described in the package
// documentation. Requests with bodies are replayed from memory on retry.
func New(opts Options) *http.Client {
	c := retryablehttp.NewClient()
	c.Logger = nil // callers log through tflog, with secrets masked
	c.RetryMax = 5
	c.RetryWaitMin = 200 * time.Millisecond
	c.RetryWaitMax = 10 * time.Second
	if opts.RetryMax > 0 {
		c.RetryMax = opts.RetryMax
	}
	if opts.RetryWaitMin > 0 {
		c.RetryWaitMin = opts.RetryWaitMin
	}
	if opts.RetryWaitMax > 0 {
		c.RetryWaitMax = opts.RetryWaitMax
	}
	if opts.Transport != nil {
		c.HTTPClient.Transport = opts.Transport
	}
	// DefaultBackoff uses Retry-After on 429 and 503, exponential otherwise;
	// boundedBackoff keeps a long Retry-After within RetryWaitMax.
	c.Backoff = boundedBackoff
	// Hand the last answer back instead of a generic "giving up" error, so the
	// caller can decode the service's error body.
	c.ErrorHandler = retryablehttp.PassthroughErrorHandler
	// Keep as many idle connections as calls run at once: the pooled
	// transport keeps GOMAXPROCS+1 per host, fewer than Terraform's 10
	// concurrent operations, and a service that speaks only HTTP/1.1 would
	// then see a new TLS handshake for most calls (docs/performance.md). A
	// transport the caller gives is left as it is.
	if t, ok := c.HTTPClient.Transport.(*http.Transport); ok && opts.Transport == nil {
		t.MaxIdleConnsPerHost = MaxIdleConnsPerHost
		t.MaxIdleConns = max(t.MaxIdleConns, MaxIdleConnsPerHost)
	}
	return c.StandardClient()
}

// boundedBackoff is retryablehttp.DefaultBackoff with every wait, a
// Retry-After included, at most max: a service that asks for an hour must
// not hold an apply for an hour, and the retries of one call stay within
// RetryMax times RetryWaitMax (and within the caller's context, which
// retryablehttp honours while it waits).
func boundedBackoff(min, max time.Duration, attempt int, resp *http.Response) time.Duration {
	return minDuration(retryablehttp.DefaultBackoff(min, max, attempt, resp), max)
}

func minDuration(a, b time.Duration) time.Duration {
	if a < b {
		return a
	}
	return b
}
