package main

import (
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestServeInjectsFaults: with --fault-error-rate 1 every service answers a
// 5xx; without the flags none does.
func TestServeInjectsFaults(t *testing.T) {
	dir := t.TempDir()
	urls, _, _ := serveServices(t, "--state-dir", dir, "--fault-error-rate", "1", "--fault-seed", "5")
	c := client(t, dir)
	for name, u := range urls {
		res, err := c.Get(u + "/healthz")
		require.NoError(t, err)
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		require.GreaterOrEqual(t, res.StatusCode, 500, name)
	}
}

func TestServeRefusesBadFaultRates(t *testing.T) {
	args := []string{"serve", "--state-dir", t.TempDir(), "--fault-error-rate", "0.8", "--fault-lost-rate", "0.5"}
	err := run(context.Background(), args, io.Discard, io.Discard)
	require.ErrorContains(t, err, "add up")
}
