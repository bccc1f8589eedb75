package fwmgr_test

// The YAML example program run with the real Pulumi CLI (bin/pulumi, file
// backend) and the bridged provider plugin (pulumi-resource-fwmgr) against
// a device sandbox served in this process.

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	sandbox "github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

func TestMain(m *testing.M) { pulumitest.Main(m) }

// startDevice serves a fresh device sandbox and returns its address.
func startDevice(t *testing.T) *url.URL {
	t.Helper()
	return pulumitest.ServeSandbox(t, "fwmgr", func(st *store.Store) (http.Handler, error) {
		return sandbox.New(sandbox.Config{Store: st})
	})
}

// The example reads BGP peers two pages at a time and an interface: the
// pages follow each other, and every value is the seeded device's.
func TestYAMLProgram(t *testing.T) {
	device := startDevice(t)
	cli := pulumitest.New(t, "fwmgr")
	dir := cli.Example("fwmgr")
	cli.InitStack(dir, "dev", pulumitest.Config{
		{Key: "fwmgr:server", Value: device.Hostname()},
		{Key: "fwmgr:port", Value: device.Port()},
		{Key: "fwmgr:username", Value: sandbox.DefaultUser},
		{Key: "fwmgr:password", Value: sandbox.DefaultPassword, Secret: true},
		{Key: "pageSize", Value: "7"},
	})

	cli.Up(dir)
	var out struct {
		PeerTotal           float64 `json:"peerTotal"`
		FirstPageTo         float64 `json:"firstPageTo"`
		NextPageFrom        float64 `json:"nextPageFrom"`
		FirstPage, NextPage []struct {
			Peer  string `json:"peer"`
			State string `json:"state"`
		}
		InterfaceAddress    string `json:"interfaceAddress"`
		InterfaceMaskLength string `json:"interfaceMaskLength"`
		InterfaceType       string `json:"interfaceType"`
	}
	cli.RunJSON(dir, &out, "stack", "output", "--json", "--show-secrets")

	node := sandbox.Seed().Node("1")
	peers := node.BgpPeers
	assert.EqualValues(t, len(peers), out.PeerTotal)
	assert.EqualValues(t, 7, out.FirstPageTo)
	assert.EqualValues(t, 8, out.NextPageFrom)
	require.Len(t, out.FirstPage, 7)
	require.Len(t, out.NextPage, 7)
	for i, p := range append(out.FirstPage, out.NextPage...) {
		assert.Equal(t, peers[i].Peer, p.Peer, "peer %d", i)
		assert.Equal(t, peers[i].State, p.State, "state of peer %d", i)
	}
	var eth1 *struct{ addr, mask, typ string }
	for _, i := range node.Interfaces[0].All {
		if i.Name == "eth1" {
			eth1 = &struct{ addr, mask, typ string }{i.IPv4Address, i.IPv4MaskLength, i.Type}
		}
	}
	require.NotNil(t, eth1, "the device has eth1")
	assert.Equal(t, eth1.addr, out.InterfaceAddress)
	assert.Equal(t, eth1.mask, out.InterfaceMaskLength)
	assert.Equal(t, eth1.typ, out.InterfaceType)

	// The password is a secret: never in the state in plaintext.
	cli.ExpectNotInState(dir, sandbox.DefaultPassword, "the password")

	// Reading again changes nothing.
	preview := cli.Run(dir, "preview", "--non-interactive", "--diff")
	assert.False(t, strings.Contains(preview, "+ ") || strings.Contains(preview, "~ "), fmt.Sprintf("second preview:\n%s", preview))
	cli.Destroy(dir)
}
