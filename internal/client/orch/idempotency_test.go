package orch_test

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
)

// loseFirst loses the answer of the first POST whose path ends with suffix:
// the controller makes the object, the client never hears of it.
func loseFirst(suffix string) httpx.Faults {
	var hit atomic.Bool
	return httpx.Faults{LostRate: 1, Only: func(r *http.Request) bool {
		return r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, suffix) && hit.CompareAndSwap(false, true)
	}}
}

// TestLostCreateAnswersMakeOneObject: creates whose answer is lost after
// the controller made the object are retried under the same
// Idempotency-Key and answered with that object; no second one appears.
func TestLostCreateAnswersMakeOneObject(t *testing.T) {
	for _, tc := range []struct {
		suffix string
		create func(ctx context.Context, t *testing.T, c *client.Client, model string) string
		count  func(ctx context.Context, t *testing.T, c *client.Client, model string) int
	}{
		{"/machines", func(ctx context.Context, t *testing.T, c *client.Client, model string) string {
			m, err := c.AddMachine(ctx, model, api.CreateMachineRequest{Constraints: "mem=4G"})
			require.NoError(t, err)
			return m.ID
		}, func(ctx context.Context, t *testing.T, c *client.Client, model string) int {
			l, err := c.Machines(ctx, model)
			require.NoError(t, err)
			return len(l)
		}},
		{"/secrets", func(ctx context.Context, t *testing.T, c *client.Client, model string) string {
			s, err := c.AddSecret(ctx, model, api.CreateSecretRequest{Name: "s", Value: map[string]string{"key": "v"}})
			require.NoError(t, err)
			return s.ID
		}, func(ctx context.Context, t *testing.T, c *client.Client, model string) int {
			s, err := c.SecretByName(ctx, model, "s")
			require.NoError(t, err)
			require.NotEmpty(t, s.ID)
			return 1
		}},
		{"/models", func(ctx context.Context, t *testing.T, c *client.Client, _ string) string {
			m, err := c.CreateModel(ctx, api.CreateModelRequest{Name: "lost"})
			require.NoError(t, err, "the retry is answered with the model, not with a conflict")
			return m.UUID
		}, func(ctx context.Context, t *testing.T, c *client.Client, _ string) int {
			l, err := c.Models(ctx, "", "lost")
			require.NoError(t, err)
			return len(l)
		}},
	} {
		t.Run(strings.TrimPrefix(tc.suffix, "/"), func(t *testing.T) {
			ctrl := newController(t, 0)
			fi := httpx.NewFaultInjector("orch", loseFirst(tc.suffix))
			addr, ca := serveTLS(t, fi.Wrap(ctrl.handler))
			ctrl.address, ctrl.caPEM = addr, ca
			c := ctrl.client(t)
			ctx := context.Background()
			model := ""
			if tc.suffix != "/models" {
				m, err := c.CreateModel(ctx, api.CreateModelRequest{Name: "m"})
				require.NoError(t, err)
				model = m.UUID
			}
			id := tc.create(ctx, t, c, model)
			assert.NotEmpty(t, id)
			assert.EqualValues(t, 1, fi.Injected()[httpx.FaultLost], "the first answer was lost")
			assert.Equal(t, 1, tc.count(ctx, t, c, model), "one object")
		})
	}
}
