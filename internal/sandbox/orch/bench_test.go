package orch_test

import (
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

func send(b *testing.B, h http.Handler, token, method, path, body string, want int, out any) {
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
