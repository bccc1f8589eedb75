package fwmgr

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// A login removes the administrator's expired sessions from the store.
func TestLoginDropsExpiredSessions(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "fwmgr.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	now := time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC)
	s := &server{st: st, now: func() time.Time { return now }, logf: t.Logf, dev: Seed(), admins: DefaultAdministrators()}
	rt := route{context: api.ContextOS, version: api.CurrentVersion, command: api.CommandLogin}
	body := []byte(`{"user": "` + DefaultUser + `", "password": "` + DefaultPassword + `", "session-timeout": 10}`)

	count := func() int {
		var n int
		require.NoError(t, st.Tx(context.Background(), func(tx *store.Tx) error {
			l, err := store.List[session](tx, kindSession, DefaultUser)
			n = len(l)
			return err
		}))
		return n
	}
	_, err = s.login(context.Background(), rt, "localhost", body)
	require.NoError(t, err)
	_, err = s.login(context.Background(), rt, "localhost", body)
	require.NoError(t, err)
	assert.Equal(t, 2, count())
	now = now.Add(11 * time.Second)
	_, err = s.login(context.Background(), rt, "localhost", body)
	require.NoError(t, err)
	assert.Equal(t, 1, count(), "the two expired sessions are gone, the new one stays")
}
