package sandboxtest

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"

	"github.com/iacsuite/providers/internal/sandbox/httpx"
)

// The bodies of issue 34, for the tests of every service's decode path.

// NestedJSON is {"<field>": [[[...]]]} with depth levels of arrays: 100,000
// levels are 200 KB, and cost gigabytes before the depth was bounded.
func NestedJSON(field string, depth int) string {
	return `{"` + field + `": ` + strings.Repeat("[", depth) + strings.Repeat("]", depth) + `}`
}

// OversizedJSON is the JSON object {"<field>": "aaa..."} of
// httpx.MaxBodyBytes+1 bytes: one byte above the limit.
func OversizedJSON(field string) string {
	head := `{"` + field + `": "`
	return head + strings.Repeat("a", httpx.MaxBodyBytes+1-len(head)-2) + `"}`
}

// FuzzAllocBound is the most one request of n body bytes may allocate in a
// service's handler: 2 MiB for the handler's own work (a store
// transaction, a login's hash) plus 128 bytes a body byte (json.Decoder's
// tokens cost up to about 120 bytes a byte on a body of small numbers). A
// body above httpx.MaxBodyBytes costs no more than the limit. The
// quadratic check of issue 34 cost 4,700 bytes a byte at 6,000 levels, and
// more the deeper.
func FuzzAllocBound(n int) uint64 {
	return 2<<20 + 128*uint64(min(n, httpx.MaxBodyBytes+1))
}

// ServeFuzz serves one request of body in process, as a fuzz target of a
// service's decode path does, and fails t when the handler panicked (the
// frame answers a panic 500) or allocated more than FuzzAllocBound. It
// returns the answer.
func ServeFuzz(t TB, h http.Handler, method, target string, body []byte, header http.Header) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(method, target, io.NopCloser(bytes.NewReader(body)))
	r.ContentLength = int64(len(body))
	r.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		r.Header[k] = v
	}
	w := httptest.NewRecorder()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	h.ServeHTTP(w, r)
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > FuzzAllocBound(len(body)) {
		t.Fatalf("%s %s with a body of %d bytes allocated %d bytes (bound %d)", method, target, len(body), n, FuzzAllocBound(len(body)))
	}
	if w.Code == http.StatusInternalServerError {
		t.Fatalf("%s %s with %q answered 500: %s", method, target, truncate(body), w.Body.String())
	}
	return w
}

func truncate(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "..."
	}
	return string(b)
}
