package orch_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iacsuite/providers/internal/sandbox/orch"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// BenchmarkCreateModel calls the controller's handler directly (no TLS, no
// network) to add a model to a controller that already holds 10 or 5,000:
// a create must not cost more because the controller holds more
// (docs/performance.md, finding 12).
func BenchmarkCreateModel(b *testing.B) {
	for _, held := range []int{10, 5000} {
		b.Run(fmt.Sprintf("models=%d", held), func(b *testing.B) {
			c := controllerHolding(b, held)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				c.created++
				send(b, c.h, c.token, http.MethodPost, "/v1/models", fmt.Sprintf(`{"name": "new-%d"}`, c.created), http.StatusCreated, nil)
			}
		})
	}
}

type benchController struct {
	h       http.Handler
	token   string
	created int // models added by the benchmark, for unique names
}

var benchControllers = map[int]*benchController{}

// controllerHolding is a controller with n models, built once per size and
// process: the benchmark function runs again for every b.N it tries.
func controllerHolding(b *testing.B, n int) *benchController {
	if c := benchControllers[n]; c != nil {
		return c
	}
	// Not b.TempDir: the controller outlives this run of the benchmark.
	dir, err := os.MkdirTemp("", "orch-bench-")
	if err != nil {
		b.Fatal(err)
	}
	st, err := store.Open(filepath.Join(dir, "orch.db"))
	if err != nil {
		b.Fatal(err)
	}
	h, err := orch.New(orch.Config{Store: st, AdminPassword: "bench-admin-password"})
	if err != nil {
		b.Fatal(err)
	}
	var login struct{ Token string }
	send(b, h, "", http.MethodPost, "/v1/login", `{"username": "admin", "password": "bench-admin-password"}`, http.StatusOK, &login)
	for i := 0; i < n; i++ {
		send(b, h, login.Token, http.MethodPost, "/v1/models", fmt.Sprintf(`{"name": "held-%d"}`, i), http.StatusCreated, nil)
	}
	c := &benchController{h: h, token: login.Token}
	benchControllers[n] = c
	return c
}

func send(b testing.TB, h http.Handler, token, method, path, body string, want int, out any) {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != want {
		b.Fatalf("%s %s: %d %s", method, path, rec.Code, rec.Body)
	}
	if out != nil {
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkListMachines lists the machines of a model whose units each got
// a machine of their own, at 100 and at 1,000 units (the most a model holds,
// api.MaxModelUnits): a listing costs in proportion to what it lists, so
// ten times the units is about ten times the time and the store pages
// (pages/op), not a hundred (docs/api/orch.md, Limits).
func BenchmarkListMachines(b *testing.B) {
	for _, units := range []int{100, 1000} {
		b.Run(fmt.Sprintf("units=%d", units), func(b *testing.B) {
			f := modelWithUnits(b, units)
			before := f.pagesRead(b)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				send(b, f.h, f.token, http.MethodGet, "/v1/models/"+f.model+"/machines", "", http.StatusOK, nil)
			}
			b.StopTimer()
			b.ReportMetric(float64(f.pagesRead(b)-before)/float64(b.N), "pages/op")
		})
	}
}

// unitsFixture is a controller with one iaas model holding units units,
// each on a machine of its own.
type unitsFixture struct {
	h     http.Handler
	st    *store.Store
	token string
	model string
}

var unitsFixtures = map[int]*unitsFixture{}

// modelWithUnits builds the fixture of units units once per size and
// process, in applications of at most 100 units (api.MaxUnitsPerRequest).
func modelWithUnits(tb testing.TB, units int) *unitsFixture {
	if f := unitsFixtures[units]; f != nil {
		return f
	}
	// Not TempDir: the fixture outlives the benchmark or test that made it.
	dir, err := os.MkdirTemp("", "orch-units-")
	if err != nil {
		tb.Fatal(err)
	}
	st, err := store.Open(filepath.Join(dir, "orch.db"))
	if err != nil {
		tb.Fatal(err)
	}
	h, err := orch.New(orch.Config{Store: st, AdminPassword: "bench-admin-password"})
	if err != nil {
		tb.Fatal(err)
	}
	var login struct{ Token string }
	send(tb, h, "", http.MethodPost, "/v1/login", `{"username": "admin", "password": "bench-admin-password"}`, http.StatusOK, &login)
	var model struct{ UUID string }
	send(tb, h, login.Token, http.MethodPost, "/v1/models", `{"name": "units"}`, http.StatusCreated, &model)
	for i, left := 0, units; left > 0; i++ {
		n := min(left, 100)
		left -= n
		send(tb, h, login.Token, http.MethodPost, "/v1/models/"+model.UUID+"/applications",
			fmt.Sprintf(`{"name": "app-%c", "charm": {"name": "ubuntu"}, "units": %d}`, 'a'+i, n), http.StatusCreated, nil)
	}
	f := &unitsFixture{h: h, st: st, token: login.Token, model: model.UUID}
	unitsFixtures[units] = f
	return f
}

// pagesRead is the store's pages read so far (store.PagesRead): work in a
// unit that does not depend on the machine's load.
func (f *unitsFixture) pagesRead(tb testing.TB) int {
	n, err := f.st.PagesRead(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	return n
}
