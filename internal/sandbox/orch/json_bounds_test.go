package orch_test

import (
	"net/http"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch"
	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// TestBodyBounds is issue 34 on orch: a body of 100,000 nested arrays sent
// to POST /v1/login before any login cost gigabytes; it is a 400 naming the
// depth limit now, and a body above 1 MiB a 413 naming the size limit (it
// was cut and refused as "unexpected EOF").
func TestBodyBounds(t *testing.T) {
	e := start(t, orchtest.Options{})
	deep := sandboxtest.NestedJSON("username", 100_000)
	status, out := e.raw("", http.MethodPost, "/v1/login", deep)
	require.Equal(t, http.StatusBadRequest, status, "%v", out)
	require.Equal(t, "bad-request", out["code"])
	require.Equal(t, "request body nests objects and arrays deeper than the limit of 64 levels", out["message"])

	status, out = e.raw("", http.MethodPost, "/v1/login", sandboxtest.OversizedJSON("username"))
	require.Equal(t, http.StatusRequestEntityTooLarge, status, "%v", out)
	require.Equal(t, "request body is larger than 1 MiB", out["message"])

	// Authenticated operations decode the same way.
	e.fails(http.StatusBadRequest, "bad-request", "", http.MethodPost, "/v1/models", sandboxtest.NestedJSON("name", 100_000), "deeper than the limit of 64 levels")
	e.fails(http.StatusRequestEntityTooLarge, "bad-request", "", http.MethodPost, "/v1/models", sandboxtest.OversizedJSON("name"), "larger than 1 MiB")
	e.login("admin", orchtest.AdminPassword) // the controller still answers
}

// FuzzDecodeOrchLogin fuzzes the body of POST /v1/login, the decode any
// client reaches before a login: no panic, allocation within
// sandboxtest.FuzzAllocBound.
func FuzzDecodeOrchLogin(f *testing.F) {
	f.Add([]byte(sandboxtest.NestedJSON("username", 100_000)))
	st, err := store.Open(filepath.Join(f.TempDir(), "orch.db"))
	require.NoError(f, err)
	f.Cleanup(func() { st.Close() })
	h, err := orch.New(orch.Config{Store: st, AdminPassword: orchtest.AdminPassword})
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, body []byte) {
		sandboxtest.ServeFuzz(t, h, http.MethodPost, "/v1/login", body, nil)
	})
}
