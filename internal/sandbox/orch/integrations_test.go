package orch_test

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

func TestIntegrations(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("rel", "")
	base := "/v1/models/" + uuid
	for _, spec := range []string{
		`{"name": "source", "charm": {"name": "juju-qa-dummy-source"}}`,
		`{"name": "sink", "charm": {"name": "juju-qa-dummy-sink"}}`,
		`{"name": "db", "charm": {"name": "postgresql"}}`,
		`{"name": "mysql", "charm": {"name": "mysql"}}`,
		`{"name": "wp", "charm": {"name": "wordpress"}}`,
		`{"name": "web", "charm": {"name": "apache2"}}`,
		`{"name": "proxy", "charm": {"name": "haproxy"}}`,
	} {
		e.must(http.StatusCreated, http.MethodPost, base+"/applications", spec)
	}

	// Endpoints are inferred when one pairing fits; the requirer comes
	// first.
	r := e.must(http.StatusCreated, http.MethodPost, base+"/integrations", `{"endpoints": [{"application": "source"}, {"application": "sink"}]}`)
	assert.Equal(t, "sink:source source:sink", r["key"])
	assert.Equal(t, "requirer", str(r, "endpoints.0.role"))
	assert.Equal(t, "dummy-token", str(r, "endpoints.0.interface"))
	assert.Equal(t, "provider", str(r, "endpoints.1.role"))
	assert.Equal(t, "joined", r["status"])
	id := strconv.Itoa(num(r, "id"))
	assert.Equal(t, r["key"], str(e.must(http.StatusOK, http.MethodGet, base+"/integrations/"+id, ""), "key"))
	e.fails(http.StatusConflict, "already-exists", "endpoints", http.MethodPost, base+"/integrations", `{"endpoints": [{"application": "sink", "endpoint": "source"}, {"application": "source", "endpoint": "sink"}]}`)

	e.must(http.StatusCreated, http.MethodPost, base+"/integrations", `{"endpoints": [{"application": "wp", "endpoint": "db"}, {"application": "mysql", "endpoint": "mysql"}]}`)
	assert.Len(t, items(e.must(http.StatusOK, http.MethodGet, base+"/integrations?endpoint=wp", "")), 1)
	assert.Len(t, items(e.must(http.StatusOK, http.MethodGet, base+"/integrations?endpoint=wp:website", "")), 0)

	// Rules.
	e.fails(http.StatusBadRequest, "bad-request", "endpoints", http.MethodPost, base+"/integrations", `{"endpoints": [{"application": "source"}]}`, "exactly two")
	e.fails(http.StatusBadRequest, "bad-request", "endpoints", http.MethodPost, base+"/integrations", `{"endpoints": [{"application": "source"}, {"application": "db"}]}`, "no endpoints of source and db fit")
	e.fails(http.StatusBadRequest, "bad-request", "endpoints", http.MethodPost, base+"/integrations", `{"endpoints": [{"application": "source", "endpoint": "sink"}, {"application": "wp", "endpoint": "db"}]}`, "same interface")
	e.fails(http.StatusBadRequest, "bad-request", "endpoints", http.MethodPost, base+"/integrations", `{"endpoints": [{"application": "web", "endpoint": "website"}, {"application": "proxy", "endpoint": "website"}]}`, "provides and a requires")
	e.fails(http.StatusBadRequest, "bad-request", "endpoints", http.MethodPost, base+"/integrations", `{"endpoints": [{"application": "web"}, {"application": "proxy"}]}`, "ambiguous")
	e.fails(http.StatusBadRequest, "bad-request", "endpoints[0].endpoint", http.MethodPost, base+"/integrations", `{"endpoints": [{"application": "db", "endpoint": "database-peers"}, {"application": "mysql"}]}`, "peer")
	e.fails(http.StatusBadRequest, "bad-request", "endpoints[1].endpoint", http.MethodPost, base+"/integrations", `{"endpoints": [{"application": "db"}, {"application": "mysql", "endpoint": "nope"}]}`)
	e.fails(http.StatusBadRequest, "bad-request", "endpoints", http.MethodPost, base+"/integrations", `{"endpoints": [{"application": "db"}, {"application": "db"}]}`, "itself")
	e.fails(http.StatusNotFound, "not-found", "endpoints[1].application", http.MethodPost, base+"/integrations", `{"endpoints": [{"application": "db"}, {"application": "ghost"}]}`)
	e.fails(http.StatusBadRequest, "bad-request", "endpoints[0].offerUrl", http.MethodPost, base+"/integrations", `{"endpoints": [{"application": "db", "offerUrl": "admin/x.y"}, {"application": "wp"}]}`, "not both")
	e.fails(http.StatusBadRequest, "bad-request", "via", http.MethodPost, base+"/integrations", `{"endpoints": [{"application": "web", "endpoint": "reverseproxy"}, {"application": "proxy", "endpoint": "website"}], "via": "10.0.0.0/8"}`, "cross-model")
	e.fails(http.StatusBadRequest, "bad-request", "endpoints[0]", http.MethodPost, base+"/integrations", `{"endpoints": [{"application": "db", "role": "provider"}, {"application": "wp"}]}`, "answered")

	// Removal: dying, then gone (delay 0).
	d := e.must(http.StatusAccepted, http.MethodDelete, base+"/integrations/"+id, "")
	assert.Equal(t, "dying", d["life"])
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, base+"/integrations/"+id, "")
	e.fails(http.StatusBadRequest, "bad-request", "id", http.MethodGet, base+"/integrations/x", "")

	// Removing an application removes its integrations.
	e.must(http.StatusAccepted, http.MethodDelete, base+"/applications/wp", "")
	assert.Empty(t, items(e.must(http.StatusOK, http.MethodGet, base+"/integrations", "")))
}

func TestSubordinatesFollowTheirPrincipals(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("subs", "")
	base := "/v1/models/" + uuid
	e.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "app", "charm": {"name": "juju-qa-test"}, "units": 2}`)
	ntp := e.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "ntp", "charm": {"name": "ntp"}}`)
	assert.Equal(t, true, ntp["subordinate"])
	assert.Equal(t, 0, num(ntp, "scale"))

	r := e.must(http.StatusCreated, http.MethodPost, base+"/integrations", `{"endpoints": [{"application": "app", "endpoint": "juju-info"}, {"application": "ntp", "endpoint": "juju-info"}]}`)
	id := strconv.Itoa(num(r, "id"))
	ntp = e.must(http.StatusOK, http.MethodGet, base+"/applications/ntp", "")
	assert.Equal(t, []string{"ntp/0", "ntp/1"}, unitNames(ntp))
	assert.Equal(t, "app/0", str(ntp, "units.0.principal"))
	assert.Equal(t, []string{"0", "1"}, strs(ntp, "machines"))

	e.must(http.StatusOK, http.MethodPut, base+"/applications/app", `{"charm": {"name": "juju-qa-test"}, "units": 3}`)
	assert.Equal(t, 3, num(e.must(http.StatusOK, http.MethodGet, base+"/applications/ntp", ""), "scale"))
	e.must(http.StatusOK, http.MethodPut, base+"/applications/app", `{"charm": {"name": "juju-qa-test"}, "units": 1}`)
	assert.Equal(t, []string{"ntp/0"}, unitNames(e.must(http.StatusOK, http.MethodGet, base+"/applications/ntp", "")))

	e.must(http.StatusAccepted, http.MethodDelete, base+"/integrations/"+id, "")
	assert.Equal(t, 0, num(e.must(http.StatusOK, http.MethodGet, base+"/applications/ntp", ""), "scale"))

	// A subordinate's endpoint of another name attaches it too, with the
	// principal's juju-info inferred.
	e.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "nrpe", "charm": {"name": "nrpe"}}`)
	r = e.must(http.StatusCreated, http.MethodPost, base+"/integrations", `{"endpoints": [{"application": "app"}, {"application": "nrpe", "endpoint": "general-info"}]}`)
	assert.Equal(t, "nrpe:general-info app:juju-info", r["key"])
	assert.Equal(t, []string{"nrpe/0"}, unitNames(e.must(http.StatusOK, http.MethodGet, base+"/applications/nrpe", "")))
}

func TestOffersAndCrossModelIntegrations(t *testing.T) {
	e := start(t, orchtest.Options{})
	offering := e.model("offering", "")
	consuming := e.model("consuming", "")
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/applications", `{"name": "db", "charm": {"name": "mysql"}}`)
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+consuming+"/applications", `{"name": "wp", "charm": {"name": "wordpress"}}`)

	o := e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/offers", `{"applicationName": "db", "endpoints": ["mysql"], "name": "shared-db"}`)
	assert.Equal(t, "admin/offering.shared-db", o["url"])
	assert.Equal(t, "mysql", str(o, "interfaces.mysql"))
	assert.Equal(t, 0, num(o, "consumers"))
	e.fails(http.StatusConflict, "already-exists", "name", http.MethodPost, "/v1/models/"+offering+"/offers", `{"applicationName": "db", "endpoints": ["mysql"], "name": "shared-db"}`)
	e.fails(http.StatusBadRequest, "bad-request", "endpoints[0]", http.MethodPost, "/v1/models/"+offering+"/offers", `{"applicationName": "db", "endpoints": ["database-peers"]}`, "peer")
	e.fails(http.StatusBadRequest, "bad-request", "endpoints", http.MethodPost, "/v1/models/"+offering+"/offers", `{"applicationName": "db", "endpoints": []}`)
	e.fails(http.StatusNotFound, "not-found", "applicationName", http.MethodPost, "/v1/models/"+offering+"/offers", `{"applicationName": "nope", "endpoints": ["x"]}`)
	assert.Equal(t, "db", str(e.must(http.StatusOK, http.MethodGet, "/v1/offers/admin/offering.shared-db", ""), "applicationName"))
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, "/v1/offers/admin/offering.nope", "")

	// A user reads an offer once granted access to it (access_test.go has
	// the rest); to others it does not exist.
	e.must(http.StatusCreated, http.MethodPost, "/v1/users", `{"name": "erin", "password": "erin-password"}`)
	erin := e.as("erin", "erin-password")
	erin.fails(http.StatusNotFound, "not-found", "", http.MethodGet, "/v1/offers/admin/offering.shared-db", "")
	e.must(http.StatusOK, http.MethodPut, "/v1/offers/admin/offering.shared-db/access/erin", `{"access": "read"}`)
	erin.must(http.StatusOK, http.MethodGet, "/v1/offers/admin/offering.shared-db", "")

	r := e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+consuming+"/integrations", `{"endpoints": [{"application": "wp"}, {"offerUrl": "admin/offering.shared-db"}], "via": "10.0.0.0/8,192.168.0.0/16"}`)
	assert.Equal(t, "wp:db shared-db:mysql", r["key"])
	assert.Equal(t, "admin/offering.shared-db", str(r, "endpoints.1.offerUrl"))
	assert.Equal(t, "10.0.0.0/8,192.168.0.0/16", r["via"])
	assert.Equal(t, 1, num(e.must(http.StatusOK, http.MethodGet, "/v1/offers/admin/offering.shared-db", ""), "consumers"))
	e.fails(http.StatusBadRequest, "bad-request", "via", http.MethodPost, "/v1/models/"+consuming+"/integrations", `{"endpoints": [{"application": "wp"}, {"offerUrl": "admin/offering.shared-db"}], "via": "not-a-cidr"}`)
	e.fails(http.StatusConflict, "already-exists", "name", http.MethodPost, "/v1/models/"+consuming+"/applications", `{"name": "shared-db", "charm": {"name": "mysql"}}`, "offer")
	e.fails(http.StatusNotFound, "not-found", "endpoints[1].offerUrl", http.MethodPost, "/v1/models/"+consuming+"/integrations", `{"endpoints": [{"application": "wp"}, {"offerUrl": "admin/offering.nope"}]}`)
	e.fails(http.StatusNotFound, "not-found", "endpoints[1].offerUrl", http.MethodPost, "/v1/models/"+consuming+"/integrations", `{"endpoints": [{"application": "wp"}, {"offerUrl": "elsewhere:admin/offering.shared-db"}]}`, "controller")
	e.fails(http.StatusBadRequest, "bad-request", "endpoints[1].offerUrl", http.MethodPost, "/v1/models/"+offering+"/integrations", `{"endpoints": [{"application": "db"}, {"offerUrl": "admin/offering.shared-db"}]}`, "this model")

	// An offered application, and an offer with consumers, are not removed
	// without force.
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, "/v1/models/"+offering+"/applications/db", "", "offered")
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, "/v1/offers/admin/offering.shared-db", "", "1 consumer")
	e.must(http.StatusNoContent, http.MethodDelete, "/v1/offers/admin/offering.shared-db?force=true", "")
	assert.Empty(t, items(e.must(http.StatusOK, http.MethodGet, "/v1/models/"+consuming+"/integrations", "")))
	// The consumed name is free again.
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+consuming+"/applications", `{"name": "shared-db", "charm": {"name": "mysql"}}`)
	e.must(http.StatusAccepted, http.MethodDelete, "/v1/models/"+offering+"/applications/db", "")
}

func TestSecrets(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("sec", "")
	base := "/v1/models/" + uuid
	e.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "app", "charm": {"name": "ubuntu"}}`)

	s := e.must(http.StatusCreated, http.MethodPost, base+"/secrets", `{"name": "db-password", "value": {"password": "s3cret", "user": "admin"}, "info": "for the app"}`)
	id := str(s, "id")
	require.Len(t, id, 20)
	assert.Equal(t, "secret:"+id, s["uri"])
	assert.Equal(t, 1, num(s, "revision"))
	assert.Nil(t, s["value"], "values only with reveal=true")
	assert.Equal(t, "s3cret", str(e.must(http.StatusOK, http.MethodGet, base+"/secrets/"+id+"?reveal=true", ""), "value.password"))
	assert.Nil(t, e.must(http.StatusOK, http.MethodGet, base+"/secrets/secret:"+id, "")["value"])
	found := items(e.must(http.StatusOK, http.MethodGet, base+"/secrets?name=db-password", ""))
	require.Len(t, found, 1)
	assert.Equal(t, id, str(found[0], "id"))

	e.fails(http.StatusConflict, "already-exists", "name", http.MethodPost, base+"/secrets", `{"name": "db-password", "value": {"abc": "x"}}`)
	e.fails(http.StatusBadRequest, "bad-request", "value.pw", http.MethodPost, base+"/secrets", `{"name": "other", "value": {"pw": "x"}}`, "at least 3 characters")
	e.fails(http.StatusBadRequest, "bad-request", "value.password", http.MethodPost, base+"/secrets", `{"name": "other", "value": {"password": ""}}`, "empty")
	e.fails(http.StatusBadRequest, "bad-request", "value", http.MethodPost, base+"/secrets", `{"name": "other", "value": {}}`)
	e.fails(http.StatusBadRequest, "bad-request", "name", http.MethodPost, base+"/secrets", `{"name": "Other", "value": {"abc": "x"}}`)

	// A new value makes a new revision; a name or info change does not.
	s = e.must(http.StatusOK, http.MethodPatch, base+"/secrets/"+id, `{"value": {"password": "n3w", "user": "admin"}}`)
	assert.Equal(t, 2, num(s, "revision"))
	s = e.must(http.StatusOK, http.MethodPatch, base+"/secrets/"+id, `{"name": "app-password", "info": "renamed"}`)
	assert.Equal(t, 2, num(s, "revision"))
	assert.Equal(t, "app-password", s["name"])

	// Grants.
	s = e.must(http.StatusOK, http.MethodPut, base+"/secrets/"+id+"/access", `{"applications": ["app"]}`)
	assert.Equal(t, []string{"app"}, strs(s, "applications"))
	e.fails(http.StatusNotFound, "not-found", "applications[0]", http.MethodPut, base+"/secrets/"+id+"/access", `{"applications": ["ghost"]}`)
	e.must(http.StatusAccepted, http.MethodDelete, base+"/applications/app", "")
	assert.Empty(t, strs(e.must(http.StatusOK, http.MethodGet, base+"/secrets/"+id, ""), "applications"), "a removed application loses its grants")

	e.must(http.StatusNoContent, http.MethodDelete, base+"/secrets/"+id, "")
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, base+"/secrets/"+id, "")
}

func TestBlockedRemoval(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("stuck", "")
	base := "/v1/models/" + uuid
	e.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "app", "charm": {"name": "ubuntu"}}`)
	e.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "flaky", "charm": {"name": "juju-qa-test"}, "config": {"fail-removal": "true"}}`)

	// The charm option puts its unit in error; removal is blocked.
	a := e.must(http.StatusOK, http.MethodGet, base+"/applications/flaky", "")
	assert.Equal(t, true, a["removalBlocked"])
	assert.Equal(t, "error", a["status"])
	assert.Equal(t, "error", str(a, "units.0.status"))
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, base+"/applications/flaky", "", "flaky/0", `hook failed: "stop"`)
	// So is the model's.
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, base, "", `application "flaky"`)
	assert.Equal(t, "alive", str(e.must(http.StatusOK, http.MethodGet, base, ""), "life"), "a refused removal changes nothing")

	// The test hook does the same to any application; only superusers use it.
	e.must(http.StatusOK, http.MethodPost, base+"/applications/app/block-removal", "")
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, base+"/applications/app", "")
	e.must(http.StatusOK, http.MethodDelete, base+"/applications/app/block-removal", "")
	e.must(http.StatusAccepted, http.MethodDelete, base+"/applications/app", "")
	e.must(http.StatusCreated, http.MethodPost, "/v1/users", `{"name": "frank", "password": "frank-password"}`)
	e.as("frank", "frank-password").fails(http.StatusForbidden, "forbidden", "", http.MethodPost, base+"/applications/flaky/block-removal", "")

	// Force overrides; the model then goes with everything in it.
	m := e.must(http.StatusAccepted, http.MethodDelete, base+"?force=true", "")
	assert.Equal(t, "dying", m["life"])
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, base, "")
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, base+"/applications/flaky", "")
}

// TestModelRemovalTakesItsOffersConsumers: a model goes with everything in it
// once its removal delay has passed, and the integrations other models made
// with its offers go with it; while dying it refuses changes.
func TestModelRemovalTakesItsOffersConsumers(t *testing.T) {
	clk := newClock()
	e := start(t, orchtest.Options{ProvisioningDelay: time.Minute, Now: clk.Now})
	offering := e.model("offering", "")
	consuming := e.model("consuming", "")
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/applications", `{"name": "db", "charm": {"name": "mysql"}}`)
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/offers", `{"applicationName": "db", "endpoints": ["mysql"]}`)
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/secrets", `{"name": "s", "value": {"key": "v"}}`)
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+consuming+"/applications", `{"name": "wp", "charm": {"name": "wordpress"}}`)
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+consuming+"/integrations", `{"endpoints": [{"application": "wp"}, {"offerUrl": "admin/offering.db"}]}`)

	e.must(http.StatusAccepted, http.MethodDelete, "/v1/models/"+offering, "")
	assert.Equal(t, "dying", str(e.must(http.StatusOK, http.MethodGet, "/v1/models/"+offering, ""), "life"))
	e.fails(http.StatusConflict, "conflict", "", http.MethodPost, "/v1/models/"+offering+"/machines", `{}`, "being destroyed")
	e.fails(http.StatusConflict, "conflict", "", http.MethodPatch, "/v1/models/"+offering, `{"constraints": "cores=1"}`, "being destroyed")
	e.must(http.StatusAccepted, http.MethodDelete, "/v1/models/"+offering, "")
	assert.Len(t, items(e.must(http.StatusOK, http.MethodGet, "/v1/models/"+consuming+"/integrations", "")), 1, "still there while the model is dying")

	clk.advance(time.Minute)
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, "/v1/models/"+offering, "")
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, "/v1/offers/admin/offering.db", "")
	assert.Empty(t, items(e.must(http.StatusOK, http.MethodGet, "/v1/models/"+consuming+"/integrations", "")))
	// The consumed name is free again, and nothing of the model is left.
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+consuming+"/applications", `{"name": "db", "charm": {"name": "mysql"}}`)
	again := e.model("offering", "")
	assert.Empty(t, items(e.must(http.StatusOK, http.MethodGet, "/v1/models/"+again+"/applications", "")))
	assert.Empty(t, items(e.must(http.StatusOK, http.MethodGet, "/v1/models/"+again+"/secrets", "")))
}

// TestSecretWithoutName: a secret's name is optional, as upstream's; secrets
// without one do not collide, and a name can be given and taken away.
func TestSecretWithoutName(t *testing.T) {
	t.Parallel()
	e := start(t, orchtest.Options{})
	base := "/v1/models/" + e.model("unnamed", "")
	one := e.must(http.StatusCreated, http.MethodPost, base+"/secrets", `{"value": {"password": "s3cret"}}`)
	assert.Empty(t, one["name"])
	e.must(http.StatusCreated, http.MethodPost, base+"/secrets", `{"value": {"password": "other"}}`)
	id := str(one, "id")
	assert.Equal(t, "named", str(e.must(http.StatusOK, http.MethodPatch, base+"/secrets/"+id, `{"name": "named"}`), "name"))
	assert.Empty(t, e.must(http.StatusOK, http.MethodPatch, base+"/secrets/"+id, `{"name": ""}`)["name"])
	assert.Len(t, items(e.must(http.StatusOK, http.MethodGet, base+"/secrets", "")), 2)
}

// The catalogue's mysql `db` and percona-cluster `server` endpoints (which
// upstream's configurations integrate wordpress with) make an integration
// that names no endpoint ambiguous: as the upstream controller does, it is
// refused with the candidates listed, and naming the endpoint settles it.
func TestAmbiguousEndpointsAreRefusedWithTheCandidates(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("ambiguous", "")
	base := "/v1/models/" + uuid
	for _, spec := range []string{
		`{"name": "wp", "charm": {"name": "wordpress"}}`,
		`{"name": "mysql", "charm": {"name": "mysql"}}`,
		`{"name": "percona", "charm": {"name": "percona-cluster"}}`,
	} {
		e.must(http.StatusCreated, http.MethodPost, base+"/applications", spec)
	}
	e.fails(http.StatusBadRequest, "bad-request", "endpoints", http.MethodPost, base+"/integrations",
		`{"endpoints": [{"application": "wp"}, {"application": "percona"}]}`,
		`ambiguous relation: "wp percona" could refer to "wp:db percona:db"; "wp:db percona:server"`, "name the endpoints")
	e.fails(http.StatusBadRequest, "bad-request", "endpoints", http.MethodPost, base+"/integrations",
		`{"endpoints": [{"application": "mysql"}, {"application": "wp", "endpoint": "db"}]}`,
		`ambiguous relation: "mysql wp:db" could refer to "wp:db mysql:db"; "wp:db mysql:mysql"`)

	r := e.must(http.StatusCreated, http.MethodPost, base+"/integrations", `{"endpoints": [{"application": "wp", "endpoint": "db"}, {"application": "percona", "endpoint": "server"}]}`)
	assert.Equal(t, "wp:db percona:server", r["key"])
	r = e.must(http.StatusCreated, http.MethodPost, base+"/integrations", `{"endpoints": [{"application": "mysql", "endpoint": "db"}, {"application": "wp"}]}`)
	assert.Equal(t, "wp:db mysql:db", r["key"])
}
