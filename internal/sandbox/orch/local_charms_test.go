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

	// Switching to the store replaces the application.
	e.fails(http.StatusConflict, "conflict", "charm.source", http.MethodPut, apps+"/app", `{"charm": {"name": "my-charm"}}`, "replace")
	e.fails(http.StatusNotFound, "not-found", "charm.name", http.MethodPost, apps, `{"name": "b", "charm": {"name": "my-charm", "source": "local", "revision": 9}}`, "local:my-charm-9")
	e.fails(http.StatusBadRequest, "bad-request", "charm.revision", http.MethodPost, apps, `{"name": "b", "charm": {"name": "my-charm", "source": "local"}}`)
	e.fails(http.StatusBadRequest, "bad-request", "charm.base", http.MethodPost, apps, `{"name": "b", "charm": {"name": "my-charm", "source": "local", "revision": 1, "base": "ubuntu@20.04"}}`, "manifest.yaml")
	e.fails(http.StatusBadRequest, "bad-request", "charm.source", http.MethodPost, apps, `{"name": "b", "charm": {"name": "my-charm", "source": "elsewhere"}}`)
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
