package fwmgr_test

import (
	"net/http"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// TestBodyBounds is issue 34 on fwmgr: a body of 100,000 nested arrays sent
// to login (before any session) is a 400 naming the depth limit, a body
// above 1 MiB a 413 naming the size limit (it was cut and refused as not
// JSON); show commands read their bodies the same way.
func TestBodyBounds(t *testing.T) {
	sb := fwmgrtest.Start(t)
	a := post(t, sb, "/os_api/v1.8/login", "", sandboxtest.NestedJSON("user", 100_000))
	requireError(t, a, http.StatusBadRequest, api.CodeInvalidSyntax)
	require.Equal(t, "request body nests objects and arrays deeper than the limit of 64 levels", a.body["message"])
	a = post(t, sb, "/os_api/v1.8/login", "", sandboxtest.OversizedJSON("user"))
	requireError(t, a, http.StatusRequestEntityTooLarge, api.CodeInvalidSyntax)
	require.Equal(t, "request body is larger than 1 MiB", a.body["message"])

	sid := login(t, sb, "")
	a = post(t, sb, "/os_api/v1.8/show-interfaces", sid, sandboxtest.NestedJSON("names", 100_000))
	requireError(t, a, http.StatusBadRequest, api.CodeInvalidSyntax, "deeper than the limit of 64 levels")
	a = post(t, sb, "/os_api/v1.8/show-interfaces", sid, sandboxtest.OversizedJSON("names"))
	requireError(t, a, http.StatusRequestEntityTooLarge, api.CodeInvalidSyntax, "larger than 1 MiB")
}

// FuzzDecodeFwmgrLogin fuzzes the body of login, the decode any client
// reaches before a session: no panic, allocation within
// sandboxtest.FuzzAllocBound.
func FuzzDecodeFwmgrLogin(f *testing.F) {
	f.Add([]byte(sandboxtest.NestedJSON("user", 100_000)))
	st, err := store.Open(filepath.Join(f.TempDir(), "fwmgr.db"))
	require.NoError(f, err)
	f.Cleanup(func() { st.Close() })
	h, err := fwmgr.New(fwmgr.Config{Store: st})
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, body []byte) {
		sandboxtest.ServeFuzz(t, h, http.MethodPost, "/os_api/v1.8/login", body, nil)
	})
}
