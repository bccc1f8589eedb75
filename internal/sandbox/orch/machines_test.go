package orch_test

import (
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

func TestMachineLifecycle(t *testing.T) {
	clk := newClock()
	e := start(t, orchtest.Options{ProvisioningDelay: time.Minute, Now: clk.Now})
	uuid := e.model("machines", "")
	base := "/v1/models/" + uuid + "/machines"

	m := e.must(http.StatusCreated, http.MethodPost, base, `{"base": "ubuntu@22.04", "constraints": "mem=4G cores=2", "annotations": {"owner": "ops"}}`)
	assert.Equal(t, "0", m["id"])
	assert.Equal(t, "pending", m["status"])
	assert.Empty(t, m["hostname"])
	assert.Empty(t, m["instanceId"])
	assert.Equal(t, "cores=2 mem=4096M", m["constraints"])
	assert.Equal(t, "ubuntu@22.04", m["base"])
	assert.Equal(t, "alive", m["life"])

	clk.advance(time.Minute)
	m = e.must(http.StatusOK, http.MethodGet, base+"/0", "")
	assert.Equal(t, "started", m["status"])
	host := "juju-" + strings.ReplaceAll(uuid, "-", "")[:6] + "-0"
	assert.Equal(t, host, m["hostname"])
	assert.Equal(t, host, m["instanceId"])

	clk.advance(time.Minute)
	m = e.must(http.StatusOK, http.MethodGet, base+"/0", "")
	assert.Equal(t, "active", m["status"])

	// A container on it, a container on a new machine; the default base.
	c := e.must(http.StatusCreated, http.MethodPost, base, `{"placement": "lxd:0"}`)
	assert.Equal(t, "0/lxd/0", c["id"])
	assert.Equal(t, "ubuntu@24.04", c["base"])
	clk.advance(2 * time.Minute)
	c = e.must(http.StatusOK, http.MethodGet, base+"/0/lxd/0", "")
	assert.Equal(t, host+"-lxd-0", c["hostname"])
	assert.Equal(t, "0/lxd/0", str(e.must(http.StatusOK, http.MethodGet, base+"/0%2Flxd%2F0", ""), "id"), "escaped slashes too")
	c = e.must(http.StatusCreated, http.MethodPost, base, `{"placement": "lxd"}`)
	assert.Equal(t, "1/lxd/0", c["id"])
	assert.Len(t, items(e.must(http.StatusOK, http.MethodGet, base, "")), 4)

	// An existing machine over SSH.
	m = e.must(http.StatusCreated, http.MethodPost, base, `{"sshAddress": "ubuntu@10.1.2.3", "publicKey": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGb9 me@host"}`)
	id := str(m, "id")
	clk.advance(time.Minute)
	m = e.must(http.StatusOK, http.MethodGet, base+"/"+id, "")
	assert.Equal(t, "10.1.2.3", m["hostname"])
	assert.Equal(t, "manual:10.1.2.3", m["instanceId"])

	// Rules.
	e.fails(http.StatusBadRequest, "bad-request", "base", http.MethodPost, base, `{"base": "ubuntu@18.04"}`, "not a supported base")
	e.fails(http.StatusBadRequest, "bad-request", "base", http.MethodPost, base, `{"base": "bionic"}`, "os@channel")
	e.fails(http.StatusBadRequest, "bad-request", "constraints", http.MethodPost, base, `{"constraints": "mem=lots"}`)
	e.fails(http.StatusBadRequest, "bad-request", "annotations.team.name", http.MethodPost, base, `{"annotations": {"team.name": "x"}}`, "dots")
	e.fails(http.StatusBadRequest, "bad-request", "placement", http.MethodPost, base, `{"placement": "somewhere"}`)
	e.fails(http.StatusNotFound, "not-found", "placement", http.MethodPost, base, `{"placement": "lxd:42"}`)
	e.fails(http.StatusBadRequest, "bad-request", "disks", http.MethodPost, base, `{"disks": "lxd,"}`)
	e.fails(http.StatusNotFound, "not-found", "disks", http.MethodPost, base, `{"disks": "nopool,10G"}`)
	e.must(http.StatusCreated, http.MethodPost, base, `{"disks": "lxd,2,10G"}`)
	e.fails(http.StatusBadRequest, "bad-request", "sshAddress", http.MethodPost, base, `{"sshAddress": "a b"}`)
	e.fails(http.StatusBadRequest, "bad-request", "publicKey", http.MethodPost, base, `{"sshAddress": "10.0.0.9", "publicKey": "not a key"}`)
	e.fails(http.StatusBadRequest, "bad-request", "publicKey", http.MethodPost, base, `{"publicKey": "ssh-ed25519 AAAA"}`, "only accepted with sshAddress")
	e.fails(http.StatusBadRequest, "bad-request", "base", http.MethodPatch, base+"/0", `{"base": "ubuntu@24.04"}`, "not accepted")
	k8s := e.model("k8s", "microk8s")
	e.fails(http.StatusBadRequest, "bad-request", "", http.MethodPost, "/v1/models/"+k8s+"/machines", `{}`, "only in iaas models")

	// Annotations change in place.
	m = e.must(http.StatusOK, http.MethodPatch, base+"/0", `{"annotations": {"owner": "dev", "tier": "web"}}`)
	assert.Equal(t, map[string]any{"owner": "dev", "tier": "web"}, m["annotations"])

	// Removal: a machine with containers is blocked without force; a
	// removal takes the delay; force takes the containers with it.
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, base+"/0", "", "0/lxd/0")
	m = e.must(http.StatusAccepted, http.MethodDelete, base+"/0?force=true", "")
	assert.Equal(t, "dying", m["life"])
	assert.Equal(t, "dying", str(e.must(http.StatusOK, http.MethodGet, base+"/0/lxd/0", ""), "life"))
	e.fails(http.StatusConflict, "conflict", "", http.MethodPatch, base+"/0", `{"annotations": {}}`, "being removed")
	clk.advance(time.Minute)
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, base+"/0", "")
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, base+"/0/lxd/0", "")
	// Machine IDs are not reused.
	require.Equal(t, "4", str(e.must(http.StatusCreated, http.MethodPost, base, `{}`), "id"))
}

// TestMachineIPAddresses: a machine has IP addresses once started (none
// while pending): a private one, and a public one unless it is a
// container; a machine added over SSH has the address it was added with.
func TestMachineIPAddresses(t *testing.T) {
	t.Parallel()
	clk := newClock()
	e := start(t, orchtest.Options{ProvisioningDelay: time.Minute, Now: clk.Now})
	base := "/v1/models/" + e.model("addresses", "") + "/machines"
	m := e.must(http.StatusCreated, http.MethodPost, base, `{}`)
	assert.Equal(t, []any{}, m["ipAddresses"])
	clk.advance(time.Minute)
	addrs := strs(e.must(http.StatusOK, http.MethodGet, base+"/0", ""), "ipAddresses")
	require.Len(t, addrs, 2)
	private, public := net.ParseIP(addrs[0]), net.ParseIP(addrs[1])
	require.NotNil(t, private)
	require.NotNil(t, public)
	assert.True(t, private.IsPrivate(), addrs[0])
	assert.False(t, public.IsPrivate(), addrs[1])
	assert.Equal(t, addrs, strs(e.must(http.StatusOK, http.MethodGet, base+"/0", ""), "ipAddresses"), "stable")

	e.must(http.StatusCreated, http.MethodPost, base, `{"placement": "lxd:0"}`)
	clk.advance(time.Minute)
	c := strs(e.must(http.StatusOK, http.MethodGet, base+"/0/lxd/0", ""), "ipAddresses")
	require.Len(t, c, 1)
	assert.True(t, net.ParseIP(c[0]).IsPrivate(), c[0])
	assert.NotEqual(t, addrs[0], c[0])

	id := str(e.must(http.StatusCreated, http.MethodPost, base, `{"sshAddress": "ubuntu@10.1.2.3", "publicKey": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGb9 me@host"}`), "id")
	clk.advance(time.Minute)
	assert.Equal(t, []string{"10.1.2.3"}, strs(e.must(http.StatusOK, http.MethodGet, base+"/"+id, ""), "ipAddresses"))
}

// TestMachineInheritsModelConstraints: a machine reports the constraints it
// inherits from its model, as upstream's controller does, merged key by key
// with its own; a machine added over SSH has none.
func TestMachineInheritsModelConstraints(t *testing.T) {
	t.Parallel()
	e := start(t, orchtest.Options{})
	model := str(e.must(http.StatusCreated, http.MethodPost, "/v1/models", `{"name": "constrained", "constraints": "mem=4G cores=2"}`), "uuid")
	base := "/v1/models/" + model + "/machines"
	assert.Equal(t, "cores=2 mem=4096M", e.must(http.StatusCreated, http.MethodPost, base, `{}`)["constraints"])
	assert.Equal(t, "cores=4 mem=4096M virt-type=virtual-machine",
		e.must(http.StatusCreated, http.MethodPost, base, `{"constraints": "cores=4 virt-type=virtual-machine"}`)["constraints"])
	assert.Equal(t, "", e.must(http.StatusCreated, http.MethodPost, base, `{"sshAddress": "ubuntu@10.1.2.4"}`)["constraints"])
}
