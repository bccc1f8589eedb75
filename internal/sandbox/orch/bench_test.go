package orch_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
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
			st, err := store.Open(filepath.Join(b.TempDir(), "orch.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			h, err := orch.New(orch.Config{Store: st, AdminPassword: "bench-admin-password"})
			if err != nil {
				b.Fatal(err)
			}
			var login struct{ Token string }
			call(b, h, "", http.MethodPost, "/v1/login", `{"username": "admin", "password": "bench-admin-password"}`, http.StatusOK, &login)
			for i := 0; i < held; i++ {
				call(b, h, login.Token, http.MethodPost, "/v1/models", fmt.Sprintf(`{"name": "held-%d"}`, i), http.StatusCreated, nil)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				call(b, h, login.Token, http.MethodPost, "/v1/models", fmt.Sprintf(`{"name": "new-%d"}`, i), http.StatusCreated, nil)
			}
		})
	}
}

func call(b *testing.B, h http.Handler, token, method, path, body string, want int, out any) {
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
