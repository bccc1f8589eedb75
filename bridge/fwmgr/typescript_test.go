package fwmgr_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	sandbox "github.com/iacsuite/providers/internal/sandbox/fwmgr"
)

// An inline TypeScript program of the Node.js Automation API uses the
// generated TypeScript SDK (an explicit provider and a paged show data
// source): up reads the seeded device's BGP peers, destroy removes the
// stack's provider, with the pulumi CLI alone.
func TestTypeScriptProgram(t *testing.T) {
	t.Parallel()
	device := startDevice(t)
	prog := pulumitest.NewTSProgram(t, "fwmgr", fmt.Sprintf(`
    const provider = new fwmgr.Provider("device", {
        server: %q,
        port: %s,
        username: %q,
        password: %q,
    });
    const peers = await fwmgr.getOsShowBgpPeers({ limit: 3, offset: 0, order: "ASC" }, { provider });
    return { total: peers.total, first: peers.objects[0].peer };`,
		device.Hostname(), device.Port(), sandbox.DefaultUser, sandbox.DefaultPassword))

	out := prog.Up(t)
	peers := sandbox.Seed().Node("1").BgpPeers
	require.NotEmpty(t, peers)
	assert.EqualValues(t, len(peers), out["total"])
	assert.Equal(t, peers[0].Peer, out["first"])
	prog.Destroy(t)
}
