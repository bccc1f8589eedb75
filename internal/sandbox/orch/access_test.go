package orch_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// addUser adds a login user and answers the controller as seen by it.
func (e *env) addUser(name string) *env {
	e.t.Helper()
	e.must(http.StatusCreated, http.MethodPost, "/v1/users", sprintf(`{"name": %q, "password": %q}`, name, name+"-password"))
	return e.as(name, name+"-password")
}

// TestModelAccessIsEnforcedBothWays: each level allows exactly what it
// names, a revocation takes it away on the next request, and another user
// gets nothing.
func TestModelAccessIsEnforcedBothWays(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("shared", "")
	base := "/v1/models/" + uuid
	e.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "db", "charm": {"name": "mysql"}}`)
	reader, writer, other := e.addUser("reader"), e.addUser("writer"), e.addUser("other")

	// Before any grant: the model does not exist for them.
	for _, u := range []*env{reader, writer, other} {
		u.fails(http.StatusNotFound, "not-found", "", http.MethodGet, base, "")
		u.fails(http.StatusNotFound, "not-found", "", http.MethodPost, base+"/applications", `{"name": "x", "charm": {"name": "ubuntu"}}`)
		assert.Empty(t, items(u.must(http.StatusOK, http.MethodGet, "/v1/models", "")))
	}

	g := e.must(http.StatusOK, http.MethodPut, base+"/access/reader", `{"access": "read"}`)
	assert.Equal(t, "reader", g["user"])
	assert.Equal(t, "read", g["access"])
	assert.Equal(t, "admin", g["grantedBy"])
	e.must(http.StatusOK, http.MethodPut, base+"/access/writer", `{"access": "write"}`)

	// read: sees the model and what is in it, changes nothing.
	assert.Equal(t, "shared", str(reader.must(http.StatusOK, http.MethodGet, base, ""), "name"))
	assert.Len(t, items(reader.must(http.StatusOK, http.MethodGet, "/v1/models", "")), 1)
	reader.must(http.StatusOK, http.MethodGet, base+"/applications/db", "")
	reader.fails(http.StatusForbidden, "forbidden", "", http.MethodPost, base+"/applications", `{"name": "x", "charm": {"name": "ubuntu"}}`, "read access", "needs write")
	reader.fails(http.StatusForbidden, "forbidden", "", http.MethodPost, base+"/machines", `{}`, "needs write")
	reader.fails(http.StatusForbidden, "forbidden", "", http.MethodDelete, base+"/applications/db", "", "needs write")
	reader.fails(http.StatusForbidden, "forbidden", "", http.MethodPut, base+"/access/other", `{"access": "read"}`, "needs admin")
	// A reader sees only its own grant.
	l := reader.must(http.StatusOK, http.MethodGet, base+"/access", "")
	require.Len(t, items(l), 1)
	assert.Equal(t, "reader", str(items(l)[0], "user"))
	reader.fails(http.StatusForbidden, "forbidden", "", http.MethodGet, base+"/access/writer", "")

	// write: deploys, but does not administer the model.
	writer.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "w", "charm": {"name": "ubuntu"}}`)
	writer.fails(http.StatusForbidden, "forbidden", "", http.MethodPatch, base, `{"constraints": "mem=1G"}`, "needs admin")
	writer.fails(http.StatusForbidden, "forbidden", "", http.MethodDelete, base, "", "needs admin")
	writer.fails(http.StatusForbidden, "forbidden", "", http.MethodPost, base+"/storage-pools", `{"name": "p", "provider": "loop"}`, "needs admin")
	writer.fails(http.StatusForbidden, "forbidden", "", http.MethodPost, base+"/ssh-keys", sprintf(`{"key": %q}`, testKey), "needs admin")

	// The other user still gets nothing.
	other.fails(http.StatusNotFound, "not-found", "", http.MethodGet, base+"/applications/db", "")
	other.fails(http.StatusNotFound, "not-found", "", http.MethodGet, base+"/access", "")

	// An upgrade to admin lets the reader administer; a downgrade takes it back.
	e.must(http.StatusOK, http.MethodPut, base+"/access/reader", `{"access": "admin"}`)
	reader.must(http.StatusOK, http.MethodPut, base+"/access/other", `{"access": "read"}`)
	assert.Len(t, items(reader.must(http.StatusOK, http.MethodGet, base+"/access", "")), 3)
	e.must(http.StatusOK, http.MethodPut, base+"/access/reader", `{"access": "read"}`)
	reader.fails(http.StatusForbidden, "forbidden", "", http.MethodDelete, base+"/access/other", "", "needs admin")

	// Revoking takes access away on the next request.
	e.must(http.StatusNoContent, http.MethodDelete, base+"/access/writer", "")
	writer.fails(http.StatusNotFound, "not-found", "", http.MethodGet, base, "")
	writer.fails(http.StatusNotFound, "not-found", "", http.MethodPost, base+"/applications", `{"name": "y", "charm": {"name": "ubuntu"}}`)
	e.fails(http.StatusNotFound, "not-found", "", http.MethodDelete, base+"/access/writer", "", "no access")
}

func TestModelAccessRules(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("rules", "")
	base := "/v1/models/" + uuid
	e.addUser("ann")
	e.fails(http.StatusBadRequest, "bad-request", "access", http.MethodPut, base+"/access/ann", `{"access": "superuser"}`, "read, write, admin")
	e.fails(http.StatusBadRequest, "bad-request", "access", http.MethodPut, base+"/access/ann", `{}`)
	e.fails(http.StatusNotFound, "not-found", "user", http.MethodPut, base+"/access/nobody", `{"access": "read"}`)
	e.fails(http.StatusBadRequest, "bad-request", "user", http.MethodPut, base+"/access/admin", `{"access": "read"}`, "owns")
	e.fails(http.StatusBadRequest, "bad-request", "user", http.MethodPut, base+"/access/-bad-@x", `{"access": "read"}`)
	// An external user (name@domain) is granted without a user record.
	e.must(http.StatusOK, http.MethodPut, base+"/access/bob@example.com", `{"access": "write"}`)
	e.fails(http.StatusNotFound, "not-found", "", http.MethodPut, "/v1/models/00000000-0000-4000-8000-000000000000/access/ann", `{"access": "read"}`)

	// A removed user's grants go with it: a new user of the same name
	// starts with none.
	e.must(http.StatusOK, http.MethodPut, base+"/access/ann", `{"access": "read"}`)
	e.must(http.StatusNoContent, http.MethodDelete, "/v1/users/ann", "")
	again := e.addUser("ann")
	again.fails(http.StatusNotFound, "not-found", "", http.MethodGet, base, "")
}

func TestOfferAccessIsEnforcedBothWays(t *testing.T) {
	e := start(t, orchtest.Options{})
	offering := e.model("offering", "")
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/applications", `{"name": "db", "charm": {"name": "mysql"}}`)
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/offers", `{"applicationName": "db", "endpoints": ["mysql"], "name": "db"}`)
	offer := "/v1/offers/admin/offering.db"

	consumer, other := e.addUser("consumer"), e.addUser("other")
	// The consumer has a model of its own to consume the offer from.
	consuming := consumer.model("consuming", "")
	consumer.must(http.StatusCreated, http.MethodPost, "/v1/models/"+consuming+"/applications", `{"name": "wp", "charm": {"name": "wordpress"}}`)
	integrate := `{"endpoints": [{"application": "wp"}, {"offerUrl": "admin/offering.db"}]}`

	consumer.fails(http.StatusNotFound, "not-found", "", http.MethodGet, offer, "")
	consumer.fails(http.StatusNotFound, "not-found", "endpoints[1].offerUrl", http.MethodPost, "/v1/models/"+consuming+"/integrations", integrate)
	consumer.fails(http.StatusNotFound, "not-found", "", http.MethodPost, offer+"/consume", "")

	// read: sees the offer, cannot consume it.
	e.must(http.StatusOK, http.MethodPut, offer+"/access/consumer", `{"access": "read"}`)
	consumer.must(http.StatusOK, http.MethodGet, offer, "")
	consumer.fails(http.StatusForbidden, "forbidden", "", http.MethodPost, "/v1/models/"+consuming+"/integrations", integrate, "needs consume")
	consumer.fails(http.StatusForbidden, "forbidden", "", http.MethodPost, offer+"/consume", "", "needs consume")
	consumer.fails(http.StatusForbidden, "forbidden", "", http.MethodPut, offer+"/access/other", `{"access": "read"}`, "needs admin")

	// consume: integrates; the offering model stays closed to it.
	e.must(http.StatusOK, http.MethodPut, offer+"/access/consumer", `{"access": "consume"}`)
	consumer.must(http.StatusCreated, http.MethodPost, "/v1/models/"+consuming+"/integrations", integrate)
	consumer.must(http.StatusOK, http.MethodPost, offer+"/consume", "")
	consumer.fails(http.StatusNotFound, "not-found", "", http.MethodGet, "/v1/models/"+offering, "")
	consumer.fails(http.StatusForbidden, "forbidden", "", http.MethodDelete, offer, "", "needs admin")

	// Another user gets nothing.
	other.fails(http.StatusNotFound, "not-found", "", http.MethodGet, offer, "")
	other.fails(http.StatusNotFound, "not-found", "", http.MethodGet, offer+"/access", "")

	l := e.must(http.StatusOK, http.MethodGet, offer+"/access", "")
	require.Len(t, items(l), 1)
	assert.Equal(t, "consume", str(items(l)[0], "access"))
	e.fails(http.StatusBadRequest, "bad-request", "access", http.MethodPut, offer+"/access/other", `{"access": "write"}`, "read, consume, admin")
	e.fails(http.StatusBadRequest, "bad-request", "user", http.MethodPut, offer+"/access/admin", `{"access": "read"}`, "owns")

	// Revoked: the offer is gone for it again.
	e.must(http.StatusNoContent, http.MethodDelete, offer+"/access/consumer", "")
	consumer.fails(http.StatusNotFound, "not-found", "", http.MethodGet, offer, "")
	consumer.fails(http.StatusNotFound, "not-found", "", http.MethodPost, offer+"/consume", "")

	// An offer's grants go with it.
	e.must(http.StatusOK, http.MethodPut, offer+"/access/other", `{"access": "read"}`)
	e.must(http.StatusNoContent, http.MethodDelete, offer+"?force=true", "")
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/offers", `{"applicationName": "db", "endpoints": ["mysql"], "name": "db"}`)
	other.fails(http.StatusNotFound, "not-found", "", http.MethodGet, offer, "")
}
