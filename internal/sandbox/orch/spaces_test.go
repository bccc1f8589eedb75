package orch_test

import (
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

func TestSpacesAndSubnets(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("net", "")
	spaces, subnets := "/v1/models/"+uuid+"/spaces", "/v1/models/"+uuid+"/subnets"

	// A new model has alpha, with every subnet its cloud reports.
	all := items(e.must(http.StatusOK, http.MethodGet, subnets, ""))
	require.Len(t, all, 6)
	for _, sn := range all {
		assert.Equal(t, "alpha", str(sn, "spaceName"))
		assert.Equal(t, "alive", str(sn, "life"))
		assert.NotEmpty(t, str(sn, "providerId"))
		assert.NotEmpty(t, strs(sn, "zones"))
	}
	alpha := e.must(http.StatusOK, http.MethodGet, spaces+"/alpha", "")
	assert.Len(t, strs(alpha, "subnets"), 6)
	assert.Equal(t, true, alpha["builtin"])

	// Names and the reserved alpha.
	for _, bad := range []string{`{"name": "Public"}`, `{"name": "-x"}`, `{"name": "a--b"}`, `{"name": "a_b"}`, `{}`} {
		e.fails(http.StatusBadRequest, "bad-request", "name", http.MethodPost, spaces, bad)
	}
	e.fails(http.StatusConflict, "already-exists", "name", http.MethodPost, spaces, `{"name": "alpha"}`)
	sp := e.must(http.StatusCreated, http.MethodPost, spaces, `{"name": "public"}`)
	assert.Equal(t, uuid, str(sp, "modelUuid"))
	assert.Empty(t, strs(sp, "subnets"))
	e.fails(http.StatusConflict, "already-exists", "name", http.MethodPost, spaces, `{"name": "public"}`)
	e.must(http.StatusCreated, http.MethodPost, spaces, `{"name": "management"}`)

	// Subnets move whole, by CIDR.
	moved := e.must(http.StatusOK, http.MethodPost, spaces+"/public/subnets", `{"cidrs": ["10.150.1.0/24", "fd42:150::/64"]}`)
	assert.Equal(t, []string{"10.150.1.0/24", "fd42:150::/64"}, strs(moved, "subnets"))
	e.fails(http.StatusBadRequest, "bad-request", "cidrs[0]", http.MethodPost, spaces+"/public/subnets", `{"cidrs": ["10.150.1.0/33"]}`, "not a CIDR")
	e.fails(http.StatusBadRequest, "bad-request", "cidrs[0]", http.MethodPost, spaces+"/public/subnets", `{"cidrs": ["10.150.1.7/24"]}`, "host bits", "10.150.1.0/24")
	e.fails(http.StatusBadRequest, "bad-request", "cidrs[0]", http.MethodPost, spaces+"/public/subnets", `{"cidrs": ["10.150.0.0/16"]}`, "overlaps the model's subnet 10.150.0.0/24")
	e.fails(http.StatusBadRequest, "bad-request", "cidrs[0]", http.MethodPost, spaces+"/public/subnets", `{"cidrs": ["10.150.2.128/25"]}`, "overlaps the model's subnet 10.150.2.0/24")
	e.fails(http.StatusNotFound, "not-found", "cidrs[0]", http.MethodPost, spaces+"/public/subnets", `{"cidrs": ["172.16.0.0/24"]}`, "10.150.0.0/24")
	e.fails(http.StatusBadRequest, "bad-request", "cidrs[1]", http.MethodPost, spaces+"/public/subnets", `{"cidrs": ["10.150.2.0/24", "10.150.2.0/24"]}`, "twice")
	e.fails(http.StatusBadRequest, "bad-request", "cidrs", http.MethodPost, spaces+"/public/subnets", `{"cidrs": []}`)
	e.fails(http.StatusNotFound, "not-found", "", http.MethodPost, spaces+"/nowhere/subnets", `{"cidrs": ["10.150.2.0/24"]}`)
	// A refused request moves nothing.
	assert.Equal(t, []string{"10.150.1.0/24", "fd42:150::/64"}, strs(e.must(http.StatusOK, http.MethodGet, spaces+"/public", ""), "subnets"))

	// From one space to another.
	e.must(http.StatusOK, http.MethodPost, spaces+"/management/subnets", `{"cidrs": ["fd42:150::/64", "192.168.100.0/24"]}`)
	assert.Equal(t, []string{"10.150.1.0/24"}, strs(e.must(http.StatusOK, http.MethodGet, spaces+"/public", ""), "subnets"))

	// Filters of the subnets.
	cidrsOf := func(q url.Values) []string {
		var out []string
		for _, sn := range items(e.must(http.StatusOK, http.MethodGet, subnets+"?"+q.Encode(), "")) {
			out = append(out, str(sn, "cidr"))
		}
		return out
	}
	assert.Equal(t, []string{"192.168.100.0/24", "fd42:150::/64"}, cidrsOf(url.Values{"space": {"management"}}))
	assert.Equal(t, []string{"10.150.1.0/24"}, cidrsOf(url.Values{"cidr": {"10.150.1.0/24"}}))
	assert.Len(t, cidrsOf(url.Values{"zone": {"localhost"}}), 6)
	assert.Empty(t, cidrsOf(url.Values{"zone": {"elsewhere"}}))
	e.fails(http.StatusNotFound, "not-found", "space", http.MethodGet, subnets+"?space=nowhere", "")
	e.fails(http.StatusBadRequest, "bad-request", "cidr", http.MethodGet, subnets+"?cidr=nope", "")
	assert.Equal(t, [][]string{{"10.150.0.0/24", "10.150.1.0/24"}, {"10.150.2.0/24", "10.150.3.0/24"}, {"192.168.100.0/24", "fd42:150::/64"}, nil},
		pagesOf(e, subnets, url.Values{"pageSize": {"2"}}, "cidr"))
	assert.Equal(t, [][]string{{"alpha", "public"}, {"management"}}, pagesOf(e, spaces, url.Values{"pageSize": {"2"}}, "name"))
	assert.Equal(t, [][]string{{"public"}, nil}, pagesOf(e, spaces, url.Values{"pageSize": {"1"}, "name": {"public"}}, "name"))

	// Removing a space gives its subnets back to alpha; alpha stays.
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, spaces+"/alpha", "")
	e.must(http.StatusNoContent, http.MethodDelete, spaces+"/management", "")
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, spaces+"/management", "")
	e.fails(http.StatusNotFound, "not-found", "", http.MethodDelete, spaces+"/management", "")
	assert.Len(t, strs(e.must(http.StatusOK, http.MethodGet, spaces+"/alpha", ""), "subnets"), 5)

	// Each model has its own spaces and subnet placement.
	other := e.model("net-2", "")
	assert.Len(t, strs(e.must(http.StatusOK, http.MethodGet, "/v1/models/"+other+"/spaces/alpha", ""), "subnets"), 6)
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, "/v1/models/"+other+"/spaces/public", "")
}

// A space an application uses cannot be removed, as upstream's controller
// refuses it; bindings name spaces of the model and endpoints of the charm.
func TestSpaceBindings(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("bound", "")
	spaces, apps := "/v1/models/"+uuid+"/spaces", "/v1/models/"+uuid+"/applications"
	for _, name := range []string{"public", "management"} {
		e.must(http.StatusCreated, http.MethodPost, spaces, sprintf(`{"name": %q}`, name))
	}
	e.fails(http.StatusNotFound, "not-found", "endpointBindings[1].space", http.MethodPost, apps,
		`{"name": "app", "charm": {"name": "ubuntu-lite"}, "endpointBindings": [{"space": "public"}, {"endpoint": "ubuntu", "space": "dmz"}]}`, "public", "management")
	e.fails(http.StatusBadRequest, "bad-request", "endpointBindings[0].endpoint", http.MethodPost, apps,
		`{"name": "app", "charm": {"name": "ubuntu-lite"}, "endpointBindings": [{"endpoint": "nope", "space": "public"}]}`, "ubuntu")
	e.fails(http.StatusNotFound, "not-found", "expose.spaces[0]", http.MethodPost, apps, `{"name": "app", "charm": {"name": "ubuntu-lite"}, "expose": {"spaces": ["dmz"]}}`)

	a := e.must(http.StatusCreated, http.MethodPost, apps,
		`{"name": "app", "charm": {"name": "ubuntu-lite"}, "endpointBindings": [{"space": "management"}, {"endpoint": "ubuntu", "space": "public"}]}`)
	bindings := map[string]string{}
	for _, b := range get(a, "endpointBindings").([]any) {
		bindings[str(b, "endpoint")] = str(b, "space")
	}
	// An endpoint without a binding of its own follows the default binding.
	assert.Equal(t, map[string]string{"": "management", "ubuntu": "public", "another": "management", "juju-info": "management"}, bindings)

	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, spaces+"/public", "", `endpoint "ubuntu" of the application "app"`)
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, spaces+"/management", "", `default binding of the application "app"`)

	// Rebinding frees the space.
	e.must(http.StatusOK, http.MethodPut, apps+"/app", `{"charm": {"name": "ubuntu-lite"}, "endpointBindings": [{"space": "management"}]}`)
	e.must(http.StatusNoContent, http.MethodDelete, spaces+"/public", "")
	// So does the application's removal.
	e.must(http.StatusAccepted, http.MethodDelete, apps+"/app", "")
	e.must(http.StatusNoContent, http.MethodDelete, spaces+"/management", "")
}

// The spaces an application's constraints name, wanted or excluded, are
// spaces of the model, checked at deploy and at update, and in use: as
// upstream's controller, such a space cannot be removed while the
// constraints name it. The constraint does not bind endpoints.
func TestSpaceConstraints(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("constrained", "")
	spaces, apps := "/v1/models/"+uuid+"/spaces", "/v1/models/"+uuid+"/applications"
	for _, name := range []string{"public", "management", "storage"} {
		e.must(http.StatusCreated, http.MethodPost, spaces, sprintf(`{"name": %q}`, name))
	}
	deploy := func(cons string) string {
		return sprintf(`{"name": "app", "charm": {"name": "ubuntu-lite"}, "constraints": %q}`, cons)
	}
	// Unknown spaces, wanted or excluded, are refused naming the space and
	// listing the model's.
	e.fails(http.StatusNotFound, "not-found", "constraints", http.MethodPost, apps, deploy("cores=2 spaces=public,dmz"),
		`"dmz"`, "alpha, public, management, storage")
	e.fails(http.StatusNotFound, "not-found", "constraints", http.MethodPost, apps, deploy("spaces=public,^dmz"), `"dmz"`)
	// The grammar: space names, each once, not both wanted and excluded.
	for _, bad := range []string{"spaces=Public", "spaces=^", "spaces=public,^public", "spaces=public,public", "spaces=a--b"} {
		e.fails(http.StatusBadRequest, "bad-request", "constraints", http.MethodPost, apps, deploy(bad), `"spaces"`)
	}
	a := e.must(http.StatusCreated, http.MethodPost, apps, deploy("spaces=public,^management mem=1G"))
	assert.Equal(t, "mem=1024M spaces=public,^management", str(a, "constraints"))
	// No binding follows from the constraint.
	for _, b := range get(a, "endpointBindings").([]any) {
		assert.Equal(t, "alpha", str(b, "space"), "binding of %v", b)
	}
	// Both a wanted and an excluded space are in use.
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, spaces+"/public", "", `the constraints of the application "app"`)
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, spaces+"/management", "", `the constraints of the application "app"`)
	e.must(http.StatusOK, http.MethodGet, apps+"/app", "")
	// An update is checked as a deploy, and changing the constraints frees
	// the space they no longer name.
	e.fails(http.StatusNotFound, "not-found", "constraints", http.MethodPut, apps+"/app", `{"charm": {"name": "ubuntu-lite"}, "constraints": "spaces=^dmz"}`, `"dmz"`)
	e.must(http.StatusOK, http.MethodPut, apps+"/app", `{"charm": {"name": "ubuntu-lite"}, "constraints": "spaces=storage"}`)
	e.must(http.StatusNoContent, http.MethodDelete, spaces+"/public", "")
	e.must(http.StatusNoContent, http.MethodDelete, spaces+"/management", "")
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, spaces+"/storage", "", `the constraints of the application "app"`)
	// So does the application's removal.
	e.must(http.StatusAccepted, http.MethodDelete, apps+"/app", "")
	e.must(http.StatusNoContent, http.MethodDelete, spaces+"/storage", "")
}

// Reading needs read access to the model, changes need admin; another
// user's model does not exist.
func TestSpacesAccess(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("guarded", "")
	spaces, subnets := "/v1/models/"+uuid+"/spaces", "/v1/models/"+uuid+"/subnets"
	e.must(http.StatusCreated, http.MethodPost, spaces, `{"name": "public"}`)
	reader, writer := e.addUser("reader"), e.addUser("writer")
	e.must(http.StatusOK, http.MethodPut, "/v1/models/"+uuid+"/access/reader", `{"access": "read"}`)
	e.must(http.StatusOK, http.MethodPut, "/v1/models/"+uuid+"/access/writer", `{"access": "write"}`)
	for _, u := range []*env{reader, writer} {
		assert.Len(t, items(u.must(http.StatusOK, http.MethodGet, spaces, "")), 2)
		u.must(http.StatusOK, http.MethodGet, spaces+"/public", "")
		assert.Len(t, items(u.must(http.StatusOK, http.MethodGet, subnets, "")), 6)
		u.fails(http.StatusForbidden, "forbidden", "", http.MethodPost, spaces, `{"name": "mine"}`, "needs admin")
		u.fails(http.StatusForbidden, "forbidden", "", http.MethodPost, spaces+"/public/subnets", `{"cidrs": ["10.150.0.0/24"]}`, "needs admin")
		u.fails(http.StatusForbidden, "forbidden", "", http.MethodDelete, spaces+"/public", "", "needs admin")
	}
	stranger := e.addUser("stranger")
	stranger.fails(http.StatusNotFound, "not-found", "", http.MethodGet, spaces, "")
	stranger.fails(http.StatusNotFound, "not-found", "", http.MethodGet, subnets, "")
	stranger.fails(http.StatusNotFound, "not-found", "", http.MethodPost, spaces, `{"name": "mine"}`)

	// An admin grant allows changes; its revocation takes them away.
	e.must(http.StatusOK, http.MethodPut, "/v1/models/"+uuid+"/access/writer", `{"access": "admin"}`)
	writer.must(http.StatusCreated, http.MethodPost, spaces, `{"name": "mine"}`)
	e.must(http.StatusNoContent, http.MethodDelete, "/v1/models/"+uuid+"/access/writer", "")
	writer.fails(http.StatusNotFound, "not-found", "", http.MethodDelete, spaces+"/mine", "")
	assert.Len(t, items(e.must(http.StatusOK, http.MethodGet, spaces, "")), 3)
}

// Concurrent moves of the same subnets leave each subnet in exactly one
// space (run with -race).
func TestSubnetMovesConcurrently(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("busy", "")
	spaces := "/v1/models/" + uuid + "/spaces"
	var wg sync.WaitGroup
	for i := range 4 {
		name := fmt.Sprintf("s%d", i)
		e.must(http.StatusCreated, http.MethodPost, spaces, sprintf(`{"name": %q}`, name))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				status, out := e.do(http.MethodPost, spaces+"/"+name+"/subnets", `{"cidrs": ["10.150.0.0/24", "10.150.1.0/24"]}`)
				assert.Equal(t, http.StatusOK, status, "%v", out)
			}
		}()
	}
	wg.Wait()
	seen := map[string]int{}
	for _, sp := range items(e.must(http.StatusOK, http.MethodGet, spaces, "")) {
		for _, c := range strs(sp, "subnets") {
			seen[c]++
		}
	}
	assert.Len(t, seen, 6)
	for c, n := range seen {
		assert.Equal(t, 1, n, c)
	}
	// Both moved together each time: they are in the same space.
	var holder string
	for _, sp := range items(e.must(http.StatusOK, http.MethodGet, spaces, "")) {
		if cs := strs(sp, "subnets"); len(cs) == 2 {
			holder = str(sp, "name")
		}
	}
	assert.NotEmpty(t, holder)
}

// The models of a store written before models had spaces get alpha and
// their cloud's subnets at the first start.
func TestSpacesOfOlderModels(t *testing.T) {
	path := filepath.Join(t.TempDir(), "orch.db")
	st, err := store.Open(path)
	require.NoError(t, err)
	const uuid = "5a1f0c3e-0000-4000-8000-000000000002"
	require.NoError(t, st.Tx(t.Context(), func(tx *store.Tx) error {
		return tx.Put("model", uuid, "", map[string]any{"uuid": uuid, "name": "older", "owner": "admin", "life": "alive", "cloud": "localhost", "region": "localhost"})
	}))
	require.NoError(t, st.Close())
	e := start(t, orchtest.Options{StorePath: path})
	assert.Len(t, strs(e.must(http.StatusOK, http.MethodGet, "/v1/models/"+uuid+"/spaces/alpha", ""), "subnets"), 6)
}
