package orch

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNormalizeConstraints(t *testing.T) {
	for in, want := range map[string]string{
		"":                                 "",
		"mem=4G":                           "mem=4096M",
		"mem=4096M cores=1 arch=amd64":     "arch=amd64 cores=1 mem=4096M",
		"arch=amd64 cores=1 mem=4096M":     "arch=amd64 cores=1 mem=4096M",
		"root-disk=1.5G":                   "root-disk=1536M",
		"mem=512":                          "mem=512M",
		"mem=1T":                           "mem=1048576M",
		"  tags=a,b   zones=z1  cores=02 ": "cores=2 tags=a,b zones=z1",
		"allocate-public-ip=true virt-type=virtual-machine": "virt-type=virtual-machine allocate-public-ip=true",
	} {
		got, err := NormalizeConstraints(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for in, msg := range map[string]string{
		"mem":                    `expected key=value`,
		"memory=4G":              `unknown constraint "memory"`,
		"mem=4G mem=8G":          `given more than once`,
		"mem=":                   `must not be empty`,
		"mem=lots":               `not a size`,
		"arch=i386":              `not a known architecture`,
		"cores=-1":               `non-negative integer`,
		"tags=a,,b":              `empty list element`,
		"container=lxc":          `not a container type`,
		"allocate-public-ip=yes": `not true or false`,
	} {
		_, err := NormalizeConstraints(in)
		require.Error(t, err, in)
		assert.Contains(t, err.Error(), msg, in)
	}
}

func TestParseStorageDirective(t *testing.T) {
	for in, want := range map[string]StorageDirective{
		"lxd":           {Pool: "lxd"},
		"3":             {Count: 3},
		"10G":           {Size: 10240},
		"lxd,2":         {Pool: "lxd", Count: 2},
		"lxd,1G":        {Pool: "lxd", Size: 1024},
		"2,512M":        {Count: 2, Size: 512},
		"rootfs,1,1.5G": {Pool: "rootfs", Count: 1, Size: 1536},
	} {
		got, err := ParseStorageDirective(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	assert.Equal(t, "rootfs,1,1536M", StorageDirective{Pool: "rootfs", Count: 1, Size: 1536}.String())
	for in, msg := range map[string]string{
		"":          "at least one of pool, count, size",
		"lxd,":      "empty element",
		"a,1,1G,x":  "4 elements",
		"1G,lxd":    "must come first",
		"1G,2":      "before the size",
		"2,3":       "more than one count",
		"0":         "at least 1",
		"lxd,1G,2G": "more than one size",
		"-pool":     "neither a pool name",
		"lxd,lxd":   "must come first",
	} {
		_, err := ParseStorageDirective(in)
		require.Error(t, err, in)
		assert.Contains(t, err.Error(), msg, in)
	}
}

func TestParseImageRef(t *testing.T) {
	r, err := ParseImageRef("ghcr.io/canonical/test:6a873fb35b0170dfe49ed27ba8ee6feb8e475131")
	require.NoError(t, err)
	assert.Equal(t, ImageRef{Registry: "ghcr.io", Repository: "canonical/test", Tag: "6a873fb35b0170dfe49ed27ba8ee6feb8e475131"}, r)
	assert.Equal(t, "ghcr.io/canonical/test", r.Name())

	r, err = ParseImageRef("registry.local:5000/team/app@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef")
	require.NoError(t, err)
	assert.Equal(t, "registry.local:5000", r.Registry)
	assert.Equal(t, "team/app", r.Repository)
	assert.Empty(t, r.Tag)

	r, err = ParseImageRef("coredns/coredns:1.11")
	require.NoError(t, err)
	assert.Equal(t, "docker.io", r.Registry)

	r, err = ParseImageRef("localhost/app")
	require.NoError(t, err)
	assert.Equal(t, "localhost", r.Registry)

	for _, bad := range []string{"", "Upper/Case", "host:99999/app", "app:bad tag", "ghcr.io/", "a@sha256:xyz"} {
		_, err := ParseImageRef(bad)
		assert.Error(t, err, bad)
	}
}

func TestMatchRegistryCredential(t *testing.T) {
	img := func(s string) ImageRef {
		r, err := ParseImageRef(s)
		require.NoError(t, err)
		return r
	}
	creds := func(keys ...string) map[string]int {
		m := map[string]int{}
		for _, k := range keys {
			m[k] = 1
		}
		return m
	}
	// The upstream provider's own example: an organisation path on the host.
	assert.Equal(t, "ghcr.io/canonical", MatchRegistryCredential(img("ghcr.io/canonical/test:tag"), creds("ghcr.io/canonical")))
	// The exact image minus its tag, and the bare registry, match.
	assert.Equal(t, "ghcr.io/canonical/test", MatchRegistryCredential(img("ghcr.io/canonical/test:tag"), creds("ghcr.io/canonical/test")))
	assert.Equal(t, "ghcr.io", MatchRegistryCredential(img("ghcr.io/canonical/test:tag"), creds("ghcr.io")))
	// The longest match wins.
	assert.Equal(t, "ghcr.io/canonical", MatchRegistryCredential(img("ghcr.io/canonical/test:tag"), creds("ghcr.io", "ghcr.io/canonical")))
	// Only a prefix of the host, of a path element, or a host without the
	// image's port: no match.
	assert.Empty(t, MatchRegistryCredential(img("ghcr.io/canonical/test:tag"), creds("ghcr", "ghcr.i", "ghcr.io/canon", "ghcr.io/canonical/test:tag")))
	assert.Empty(t, MatchRegistryCredential(img("registry.local:5000/team/app:1"), creds("registry.local", "registry.local:500")))
	assert.Equal(t, "registry.local:5000", MatchRegistryCredential(img("registry.local:5000/team/app:1"), creds("registry.local", "registry.local:5000")))
	// A scheme and a trailing slash on the key are tolerated.
	assert.Equal(t, "https://ghcr.io/canonical/", MatchRegistryCredential(img("ghcr.io/canonical/test"), creds("https://ghcr.io/canonical/")))
	// Another registry does not match.
	assert.Empty(t, MatchRegistryCredential(img("quay.io/canonical/test"), creds("ghcr.io/canonical")))
}

func TestIsRevision(t *testing.T) {
	n, ok := IsRevision("42")
	assert.True(t, ok)
	assert.Equal(t, 42, n)
	for _, s := range []string{"", "-1", "4.2", "ghcr.io/a:1", " 1"} {
		_, ok := IsRevision(s)
		assert.False(t, ok, s)
	}
}

func TestModelTypeOf(t *testing.T) {
	assert.Equal(t, ModelTypeCAAS, ModelTypeOf(CloudTypeKubernetes))
	assert.Equal(t, ModelTypeIAAS, ModelTypeOf(CloudTypeLXD))
	for typ := range AuthTypes {
		for _, at := range AuthTypes[typ] {
			_, ok := CredentialAttributes[at]
			assert.True(t, ok, "auth type %s of %s has attribute rules", at, typ)
		}
	}
}
