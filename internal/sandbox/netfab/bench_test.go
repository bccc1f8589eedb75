package netfab

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// The benchmarks call the service's handler directly (no TLS, no network),
// so that they measure what the service itself costs per request: token
// check, store transaction, JSON. P2b of docs/performance.md compares a
// store of 10 products with one of 100,000.

type benchFixture struct {
	h     http.Handler
	st    *store.Store
	token string
	uids  []string
}

var (
	fixturesMu sync.Mutex
	fixtures   = map[int]*benchFixture{}
)

// fixture is a service whose store holds n ports, built once per size and
// process: filling 100,000 products takes seconds. Its directory is removed
// when the package's tests and benchmarks end (TestMain).
func fixture(b *testing.B, n int) *benchFixture {
	b.Helper()
	fixturesMu.Lock()
	defer fixturesMu.Unlock()
	if f := fixtures[n]; f != nil {
		return f
	}
	// Not b.TempDir: the fixture outlives this benchmark.
	dir, err := os.MkdirTemp("", "netfab-bench-")
	if err != nil {
		b.Fatal(err)
	}
	fixtureDirs = append(fixtureDirs, dir)
	f := newFixture(b, dir, n)
	fixtures[n] = f
	return f
}

var fixtureDirs []string

func TestMain(m *testing.M) {
	code := m.Run()
	for _, f := range fixtures {
		f.st.Close()
	}
	for _, dir := range fixtureDirs {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}

// newFixture is a service in dir whose store holds n ports, as the
// service's orders leave them, and a token for it.
func newFixture(tb testing.TB, dir string, n int) *benchFixture {
	tb.Helper()
	st, err := store.Open(filepath.Join(dir, "netfab.db"))
	if err != nil {
		tb.Fatal(err)
	}
	h, err := New(Config{Store: st})
	if err != nil {
		tb.Fatal(err)
	}
	f := &benchFixture{h: h, st: st}
	now := time.Now().UTC()
	zones := []string{"red", "blue"}
	err = st.Tx(context.Background(), func(tx *store.Tx) error {
		for i := 0; i < n; i++ {
			p := &productRecord{Product: api.Product{
				ProductUID: newProductUID(), ProductID: int64(i + 1), ProductName: fmt.Sprintf("port-%d", i),
				ProductType: api.ProductTypePort, LocationID: 1, PortSpeed: 10000, ContractTermMonths: 12,
				DiversityZone: zones[i%2], CompanyUID: companyUID, CompanyName: companyName,
			}, OrderedAt: now, UpdatedAt: now}
			if err := putProduct(tx, p); err != nil {
				return err
			}
			f.uids = append(f.uids, p.ProductUID)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, "/oauth2/token", strings.NewReader(url.Values{"grant_type": {"client_credentials"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(DefaultAccessKey, DefaultSecretKey)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var tok api.TokenResponse
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &tok) != nil {
		tb.Fatalf("token: %d %s", rec.Code, rec.Body)
	}
	f.token = tok.AccessToken
	return f
}

func (f *benchFixture) serve(tb testing.TB, method, path, body string, want int) *httptest.ResponseRecorder {
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, r)
	req.Header.Set("Authorization", "Bearer "+f.token)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	f.h.ServeHTTP(rec, req)
	if rec.Code != want {
		tb.Fatalf("%s %s: %d %s", method, path, rec.Code, rec.Body)
	}
	return rec
}

// pagesRead is the store's pages read so far (store.PagesRead): unlike
// time, it does not depend on the machine's load.
func (f *benchFixture) pagesRead(tb testing.TB) int {
	n, err := f.st.PagesRead(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	return n
}

var benchSizes = []int{10, 100000}

// BenchmarkProductRead reads one product, as a provider's Read does.
func BenchmarkProductRead(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("products=%d", n), func(b *testing.B) {
			f := fixture(b, n)
			before := f.pagesRead(b)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				f.serve(b, http.MethodGet, "/v3/products/"+f.uids[i%len(f.uids)], "", http.StatusOK)
			}
			b.StopTimer()
			b.ReportMetric(float64(f.pagesRead(b)-before)/float64(b.N), "pages/op")
		})
	}
}

// BenchmarkOrderPort orders one port with an automatically allocated
// diversity zone, as a netfab_port create does.
func BenchmarkOrderPort(b *testing.B) {
	const body = `{"items":[{"productType":"PORT","productName":"bench","locationId":1,"portSpeed":10000,"contractTermMonths":12}]}`
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("products=%d", n), func(b *testing.B) {
			f := fixture(b, n)
			before := f.pagesRead(b)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				f.serve(b, http.MethodPost, "/v3/orders", body, http.StatusCreated)
			}
			b.StopTimer()
			b.ReportMetric(float64(f.pagesRead(b)-before)/float64(b.N), "pages/op")
		})
	}
}

// BenchmarkTokenCheck is the cost every API call pays before its handler:
// the health check does not authenticate, the locations list does.
func BenchmarkTokenCheck(b *testing.B) {
	f := fixture(b, 10)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f.serve(b, http.MethodGet, "/v3/locations/1", "", http.StatusOK)
	}
}
