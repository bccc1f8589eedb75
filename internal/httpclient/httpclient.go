// Package httpclient builds the HTTP client every service client uses: retries
// of connection errors, 429 and 5xx answers with exponential backoff that
// honours Retry-After, and request contexts that cancel waits.
package httpclient

import (
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

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
	// DefaultBackoff uses Retry-After on 429 and 503, exponential otherwise.
	c.Backoff = retryablehttp.DefaultBackoff
	// Hand the last answer back instead of a generic "giving up" error, so the
	// caller can decode the service's error body.
	c.ErrorHandler = retryablehttp.PassthroughErrorHandler
	return c.StandardClient()
}
