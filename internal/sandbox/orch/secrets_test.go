package orch_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// TestSecretRevealIsForAdminsAndOwners: a secret's value is revealed to the
// controller's superusers, the model's admins (its owner among them) and the
// user who created the secret while that user may still write to the model;
// a reader is refused with 403 naming the rule (docs/api/orch.md, "Secrets").
// Without reveal, everyone with access sees the secret without its value.
func TestSecretRevealIsForAdminsAndOwners(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("vault", "")
	base := "/v1/models/" + uuid
	id := str(e.must(http.StatusCreated, http.MethodPost, base+"/secrets", `{"name": "db-password", "value": {"password": "s3cret-admin"}}`), "id")
	reader, writer, admin := e.addUser("reader"), e.addUser("writer"), e.addUser("modeladmin")
	e.must(http.StatusOK, http.MethodPut, base+"/access/reader", `{"access": "read"}`)
	e.must(http.StatusOK, http.MethodPut, base+"/access/writer", `{"access": "write"}`)
	e.must(http.StatusOK, http.MethodPut, base+"/access/modeladmin", `{"access": "admin"}`)

	// A reader sees the secret, never its value.
	assert.Nil(t, reader.must(http.StatusOK, http.MethodGet, base+"/secrets/"+id, "")["value"])
	l := reader.must(http.StatusOK, http.MethodGet, base+"/secrets", "")
	require.Len(t, items(l), 1)
	assert.Nil(t, get(l, "items.0.value"))
	reader.fails(http.StatusForbidden, "forbidden", "", http.MethodGet, base+"/secrets/"+id+"?reveal=true", "",
		`user "reader" has read access to model "vault"`, "admin access to the model", "owner")
	reader.fails(http.StatusForbidden, "forbidden", "", http.MethodGet, base+"/secrets?reveal=true", "", `user "reader" has read access`)
	reader.fails(http.StatusForbidden, "forbidden", "", http.MethodGet, base+"/secrets?name=db-password&reveal=true", "")

	// The superuser and an admin of the model reveal every secret.
	assert.Equal(t, "s3cret-admin", str(e.must(http.StatusOK, http.MethodGet, base+"/secrets/"+id+"?reveal=true", ""), "value.password"))
	assert.Equal(t, "s3cret-admin", str(admin.must(http.StatusOK, http.MethodGet, base+"/secrets/secret:"+id+"?reveal=true", ""), "value.password"))

	// A writer reveals the secrets it created, not the others'.
	mine := str(writer.must(http.StatusCreated, http.MethodPost, base+"/secrets", `{"name": "mine", "value": {"token": "s3cret-writer"}}`), "id")
	assert.Equal(t, "s3cret-writer", str(writer.must(http.StatusOK, http.MethodGet, base+"/secrets/"+mine+"?reveal=true", ""), "value.token"))
	writer.fails(http.StatusForbidden, "forbidden", "", http.MethodGet, base+"/secrets/"+id+"?reveal=true", "",
		`user "writer" does not own secret "db-password"`, "admin access")
	writer.fails(http.StatusForbidden, "forbidden", "", http.MethodGet, base+"/secrets?reveal=true", "", `secret "db-password"`)
	own := items(writer.must(http.StatusOK, http.MethodGet, base+"/secrets?name=mine&reveal=true", ""))
	require.Len(t, own, 1)
	assert.Equal(t, "s3cret-writer", str(own[0], "value.token"))
	assert.Nil(t, writer.must(http.StatusOK, http.MethodGet, base+"/secrets/"+id, "")["value"])

	// The admins reveal the writer's secret too; a whole listing reveals all.
	all := items(admin.must(http.StatusOK, http.MethodGet, base+"/secrets?reveal=true", ""))
	require.Len(t, all, 2)
	for _, s := range all {
		assert.NotEmpty(t, get(s, "value"), "admin sees %v", s)
	}

	// Down to read, the creator no longer reveals its own secret; a
	// readers' answer never holds a value.
	e.must(http.StatusOK, http.MethodPut, base+"/access/writer", `{"access": "read"}`)
	writer.fails(http.StatusForbidden, "forbidden", "", http.MethodGet, base+"/secrets/"+mine+"?reveal=true", "", `user "writer" has read access`)

	// A secret's grant to an application gives no user its value.
	e.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "app", "charm": {"name": "ubuntu"}}`)
	e.must(http.StatusOK, http.MethodPut, base+"/secrets/"+id+"/access", `{"applications": ["app"]}`)
	reader.fails(http.StatusForbidden, "forbidden", "", http.MethodGet, base+"/secrets/"+id+"?reveal=true", "")
}

// TestSecretRevealByTheModelOwner: a login user who owns a model is its
// admin and reveals its secrets, the superuser too; a reader of it does not.
func TestSecretRevealByTheModelOwner(t *testing.T) {
	e := start(t, orchtest.Options{})
	alice := e.addUser("alice")
	uuid := alice.model("alices", "")
	base := "/v1/models/" + uuid
	id := str(alice.must(http.StatusCreated, http.MethodPost, base+"/secrets", `{"value": {"api-key": "alice-key"}}`), "id")
	assert.Equal(t, "alice-key", str(alice.must(http.StatusOK, http.MethodGet, base+"/secrets/"+id+"?reveal=true", ""), "value.api-key"))
	assert.Equal(t, "alice-key", str(e.must(http.StatusOK, http.MethodGet, base+"/secrets/"+id+"?reveal=true", ""), "value.api-key"))

	bob := e.addUser("bob")
	alice.must(http.StatusOK, http.MethodPut, base+"/access/bob", `{"access": "read"}`)
	bob.fails(http.StatusForbidden, "forbidden", "", http.MethodGet, base+"/secrets/"+id+"?reveal=true", "")
	// A malformed flag is still 400, before access is looked at.
	bob.fails(http.StatusBadRequest, "bad-request", "reveal", http.MethodGet, base+"/secrets/"+id+"?reveal=yes", "")
}
