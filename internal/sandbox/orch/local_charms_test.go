package orch_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/charmarchive"
	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

const testMetadata = "name: my-charm\nsummary: test\nprovides:\n  website:\n    interface: http\n"

func TestLocalCharmUploadAndDeploy(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("local", "")
	charms, apps := "/v1/models/"+uuid+"/charms", "/v1/models/"+uuid+"/applications"

	v1 := string(orchtest.CharmArchive(t, map[string]string{"metadata.yaml": testMetadata,
		"manifest.yaml": "bases:\n  - name: ubuntu\n    channel: \"22.04\"\n",
		"config.yaml":   "options:\n  greeting:\n    type: string\n    default: hello\n"}))
	up := e.must(http.StatusCreated, http.MethodPost, charms, v1)
	assert.Equal(t, "local:my-charm-1", str(up, "url"))
	assert.Equal(t, 1, num(up, "revision"))
	assert.Len(t, str(up, "hash"), 64)
	assert.Equal(t, []string{"ubuntu@22.04"}, strs(up, "bases"))

	a := e.must(http.StatusCreated, http.MethodPost, apps, `{"name": "app", "charm": {"name": "my-charm", "source": "local", "revision": 1}, "units": 1}`)
	assert.Equal(t, "local", str(a, "charm.source"))
	assert.Equal(t, str(up, "hash"), str(a, "charm.hash"))
	assert.Equal(t, "ubuntu@22.04", str(a, "charm.base"))
	assert.Empty(t, str(a, "charm.channel"))
	// The archive's config options are the application's.
	e.must(http.StatusOK, http.MethodPut, apps+"/app", `{"charm": {"name": "my-charm", "source": "local", "revision": 1}, "config": {"greeting": "hi"}}`)

	// A new upload of the name is the next revision; the application is
	// upgraded to it in place.
	v2 := string(orchtest.CharmArchive(t, map[string]string{"metadata.yaml": testMetadata + "# v2\n"}))
	up2 := e.must(http.StatusCreated, http.MethodPost, charms, v2)
	assert.Equal(t, "local:my-charm-2", str(up2, "url"))
	assert.NotEqual(t, str(up, "hash"), str(up2, "hash"))
	a = e.must(http.StatusOK, http.MethodPut, apps+"/app", `{"charm": {"name": "my-charm", "source": "local", "revision": 2}}`)
	assert.Equal(t, 2, num(a, "charm.revision"))
	assert.Equal(t, str(up2, "hash"), str(a, "charm.hash"))
	assert.Equal(t, "ubuntu@22.04", str(a, "charm.base"))

	// The store has no charm of that name to switch to.
	e.fails(http.StatusNotFound, "not-found", "charm.name", http.MethodPut, apps+"/app", `{"charm": {"name": "my-charm"}}`)
	e.fails(http.StatusNotFound, "not-found", "charm.name", http.MethodPost, apps, `{"name": "b", "charm": {"name": "my-charm", "source": "local", "revision": 9}}`, "local:my-charm-9")
	e.fails(http.StatusBadRequest, "bad-request", "charm.revision", http.MethodPost, apps, `{"name": "b", "charm": {"name": "my-charm", "source": "local"}}`)
	e.fails(http.StatusBadRequest, "bad-request", "charm.base", http.MethodPost, apps, `{"name": "b", "charm": {"name": "my-charm", "source": "local", "revision": 1, "base": "ubuntu@20.04"}}`, "manifest.yaml")
	e.fails(http.StatusBadRequest, "bad-request", "charm.source", http.MethodPost, apps, `{"name": "b", "charm": {"name": "my-charm", "source": "elsewhere"}}`)
}

// TestLocalCharmSwitchWithTheStore: as `refresh --switch` does, an
// application switches in place between an uploaded charm and the store
// charm of the same name, keeping its units; the store's channel and
// revision are not carried over to the local charm, nor the reverse.
func TestLocalCharmSwitchWithTheStore(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("local-switch", "")
	charms, apps := "/v1/models/"+uuid+"/charms", "/v1/models/"+uuid+"/applications"
	archive := string(orchtest.CharmArchive(t, map[string]string{"metadata.yaml": "name: juju-qa-test\n",
		"manifest.yaml": "bases:\n  - name: ubuntu\n    channel: \"22.04\"\n"}))
	up := e.must(http.StatusCreated, http.MethodPost, charms, archive)

	a := e.must(http.StatusCreated, http.MethodPost, apps, `{"name": "app", "charm": {"name": "juju-qa-test", "source": "local", "revision": 1}, "units": 2}`)
	require.Equal(t, "local", str(a, "charm.source"))

	a = e.must(http.StatusOK, http.MethodPut, apps+"/app", `{"charm": {"name": "juju-qa-test"}}`)
	assert.Empty(t, str(a, "charm.source"))
	assert.Empty(t, str(a, "charm.hash"))
	assert.Equal(t, "latest/stable", str(a, "charm.channel"))
	assert.NotEqual(t, 1, num(a, "charm.revision"), "the local revision is not a store revision")
	assert.Equal(t, 2, num(a, "scale"))

	a = e.must(http.StatusOK, http.MethodPut, apps+"/app", `{"charm": {"name": "juju-qa-test", "source": "local", "revision": 1}}`)
	assert.Equal(t, "local", str(a, "charm.source"))
	assert.Equal(t, str(up, "hash"), str(a, "charm.hash"))
	assert.Empty(t, str(a, "charm.channel"), "the store's channel is not carried over")
	assert.Equal(t, 2, num(a, "scale"))

	// The name of the charm still cannot change.
	e.fails(http.StatusConflict, "conflict", "charm.name", http.MethodPut, apps+"/app", `{"charm": {"name": "ubuntu"}}`)
}

// TestLocalCharmResources: an archive's resources are the application's; as
// they have no store revisions and the controller takes no uploads, an
// oci-image resource takes an image reference and a file resource cannot be
// set.
func TestLocalCharmResources(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("local-resources", "")
	charms, apps := "/v1/models/"+uuid+"/charms", "/v1/models/"+uuid+"/applications"
	e.must(http.StatusCreated, http.MethodPost, charms, string(orchtest.CharmArchive(t, map[string]string{
		"metadata.yaml": "name: res-charm\nresources:\n  site:\n    type: file\n    filename: site.tgz\n  img:\n    type: oci-image\n"})))
	deploy := func(resources string) string {
		return `{"name": "app", "charm": {"name": "res-charm", "source": "local", "revision": 1}, "resources": ` + resources + `}`
	}
	e.fails(http.StatusBadRequest, "bad-request", "resources.site", http.MethodPost, apps, deploy(`{"site": "1"}`), "cannot be set")
	e.fails(http.StatusBadRequest, "bad-request", "resources.img", http.MethodPost, apps, deploy(`{"img": "2"}`), "no store revisions")
	e.fails(http.StatusBadRequest, "bad-request", "resources.nope", http.MethodPost, apps, deploy(`{"nope": "ghcr.io/x/y:1"}`), "img, site")
	a := e.must(http.StatusCreated, http.MethodPost, apps, deploy(`{"img": "ghcr.io/org/img:1"}`))
	assert.Equal(t, "ghcr.io/org/img:1", str(a, "resources.img.image"))
}

func TestLocalCharmUploadChecksTheArchive(t *testing.T) {
	e := start(t, orchtest.Options{})
	charms := "/v1/models/" + e.model("local-bad", "") + "/charms"
	for name, c := range map[string]struct {
		body, fragment string
	}{
		"empty":         {"", "required"},
		"not a zip":     {"name: my-charm\n", "not a zip archive"},
		"no metadata":   {string(orchtest.CharmArchive(t, map[string]string{"README.md": "x"})), "no metadata.yaml"},
		"no name":       {string(orchtest.CharmArchive(t, map[string]string{"metadata.yaml": "summary: x\n"})), "name is required"},
		"bad name":      {string(orchtest.CharmArchive(t, map[string]string{"metadata.yaml": "name: My_Charm\n"})), "not a valid charm name"},
		"bad yaml":      {string(orchtest.CharmArchive(t, map[string]string{"metadata.yaml": "name: [\n"})), "not valid YAML"},
		"bad manifest":  {string(orchtest.CharmArchive(t, map[string]string{"metadata.yaml": "name: x\n", "manifest.yaml": "bases:\n  - name: ubuntu\n"})), "manifest.yaml"},
		"cluster charm": {string(orchtest.CharmArchive(t, map[string]string{"metadata.yaml": "name: x\ncontainers:\n  app:\n    resource: img\n"})), "caas models"},
		"option type": {string(orchtest.CharmArchive(t, map[string]string{"metadata.yaml": "name: x\n",
			"config.yaml": "options:\n  ports:\n    type: list\n"})), `option "ports" has type "list"`},
		"resource type": {string(orchtest.CharmArchive(t, map[string]string{"metadata.yaml": "name: x\nresources:\n  r:\n    type: blob\n"})), `resource "r" has type "blob"`},
		"resource file": {string(orchtest.CharmArchive(t, map[string]string{"metadata.yaml": "name: x\nresources:\n  r:\n    type: file\n"})), "needs a filename"},
	} {
		t.Run(name, func(t *testing.T) {
			e.fails(http.StatusBadRequest, "bad-request", "archive", http.MethodPost, charms, c.body, c.fragment)
		})
	}
	big := strings.Repeat("x", charmarchive.MaxBytes+1)
	status, out := e.do(http.MethodPost, charms, big)
	require.Equal(t, http.StatusRequestEntityTooLarge, status, "%v", out)
	assert.Equal(t, "archive", out["field"])

	// Uploading needs write access to the model.
	reader := e.addUser("reader")
	uuid := strings.TrimSuffix(strings.TrimPrefix(charms, "/v1/models/"), "/charms")
	e.must(http.StatusOK, http.MethodPut, "/v1/models/"+uuid+"/access/reader", `{"access": "read"}`)
	reader.fails(http.StatusForbidden, "forbidden", "", http.MethodPost, charms, string(orchtest.CharmArchive(t, map[string]string{"metadata.yaml": "name: x\n"})))
}
