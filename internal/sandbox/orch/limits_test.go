package orch_test

import (
	"fmt"
	"math"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// TestUnitsPerRequestAreBounded: one request gives an application at most
// api.MaxUnitsPerRequest units, by units or by machines (400 naming the
// field and the limit; issue 34: {"units": 2000} made every machine listing
// take 20 s), on create and on update.
func TestUnitsPerRequestAreBounded(t *testing.T) {
	e := start(t, orchtest.Options{})
	base := "/v1/models/" + e.model("bounded", "")
	limit := fmt.Sprint(api.MaxUnitsPerRequest)
	e.fails(http.StatusBadRequest, "bad-request", "units", http.MethodPost, base+"/applications",
		`{"name": "big", "charm": {"name": "ubuntu"}, "units": 2000}`, "from 0 to "+limit)
	e.fails(http.StatusBadRequest, "bad-request", "units", http.MethodPost, base+"/applications",
		sprintf(`{"name": "big", "charm": {"name": "ubuntu"}, "units": %d}`, api.MaxUnitsPerRequest+1), "from 0 to "+limit)
	machines := make([]string, api.MaxUnitsPerRequest+1)
	for i := range machines {
		machines[i] = quote(fmt.Sprint(i))
	}
	e.fails(http.StatusBadRequest, "bad-request", "machines", http.MethodPost, base+"/applications",
		`{"name": "big", "charm": {"name": "ubuntu"}, "machines": [`+strings.Join(machines, ", ")+`]}`, "at most "+limit)
	assert.Empty(t, items(e.must(http.StatusOK, http.MethodGet, base+"/machines", "")), "a refused request makes nothing")

	app := e.must(http.StatusCreated, http.MethodPost, base+"/applications",
		sprintf(`{"name": "big", "charm": {"name": "ubuntu"}, "units": %d}`, api.MaxUnitsPerRequest))
	assert.Equal(t, api.MaxUnitsPerRequest, num(app, "scale"))
	e.fails(http.StatusBadRequest, "bad-request", "units", http.MethodPut, base+"/applications/big",
		`{"charm": {"name": "ubuntu"}, "units": 2000}`, "from 0 to "+limit)
	assert.Equal(t, 3, num(e.must(http.StatusOK, http.MethodPut, base+"/applications/big",
		`{"charm": {"name": "ubuntu"}, "units": 3}`), "scale"))
}

// TestModelLimits: a model holds at most api.MaxModelUnits units and
// api.MaxModelMachines machines; a request past either is refused with 400
// naming the limit and changes nothing, and a model at the limit still
// shrinks.
func TestModelLimits(t *testing.T) {
	e := start(t, orchtest.Options{})
	base := "/v1/models/" + e.model("full", "")
	// Nine applications of 100 units, one of 99 and one of 1: 1,000.
	apps := api.MaxModelUnits / api.MaxUnitsPerRequest
	for i := range apps {
		n := api.MaxUnitsPerRequest
		if i == apps-1 {
			n--
		}
		e.must(http.StatusCreated, http.MethodPost, base+"/applications",
			sprintf(`{"name": "app-%c", "charm": {"name": "juju-qa-test"}, "units": %d}`, 'a'+i, n))
	}
	last := sprintf("app-%c", 'a'+apps-1)
	e.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "one", "charm": {"name": "ubuntu"}}`)
	perModel := fmt.Sprintf("limit of %d units per model", api.MaxModelUnits)
	e.fails(http.StatusBadRequest, "bad-request", "units", http.MethodPost, base+"/applications",
		`{"name": "one-more", "charm": {"name": "ubuntu"}}`, perModel)
	e.fails(http.StatusBadRequest, "bad-request", "units", http.MethodPut, base+"/applications/"+last,
		sprintf(`{"charm": {"name": "juju-qa-test"}, "units": %d}`, api.MaxUnitsPerRequest), perModel)
	machines := make([]string, api.MaxUnitsPerRequest)
	for i := range machines {
		machines[i] = quote(fmt.Sprint(i))
	}
	e.fails(http.StatusBadRequest, "bad-request", "machines", http.MethodPut, base+"/applications/"+last,
		`{"charm": {"name": "juju-qa-test"}, "machines": [`+strings.Join(machines, ", ")+`]}`, perModel)
	assert.Equal(t, api.MaxUnitsPerRequest-1, num(e.must(http.StatusOK, http.MethodGet, base+"/applications/"+last, ""), "scale"))
	// Subordinate units count too: a subordinate integrated with a
	// principal of 100 units would take the model past the limit.
	e.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "ntp", "charm": {"name": "ntp"}}`)
	e.fails(http.StatusBadRequest, "bad-request", "", http.MethodPost, base+"/integrations",
		`{"endpoints": [{"application": "app-a", "endpoint": "juju-info"}, {"application": "ntp", "endpoint": "juju-info"}]}`,
		"subordinate", fmt.Sprintf("limit is %d units per model", api.MaxModelUnits))
	assert.Empty(t, items(e.must(http.StatusOK, http.MethodGet, base+"/integrations", "")), "the refused integration was not made")

	// Machines: the units' machines fill the model.
	require.Len(t, items(e.must(http.StatusOK, http.MethodGet, base+"/machines", "")), api.MaxModelMachines)
	e.fails(http.StatusBadRequest, "bad-request", "", http.MethodPost, base+"/machines", `{}`,
		fmt.Sprintf("limit of %d machines per model", api.MaxModelMachines))

	// At the limit, a model still shrinks, and then grows again.
	assert.Equal(t, 1, num(e.must(http.StatusOK, http.MethodPut, base+"/applications/app-a", `{"charm": {"name": "juju-qa-test"}, "units": 1}`), "scale"))
	e.must(http.StatusCreated, http.MethodPost, base+"/machines", `{}`)
}

// TestMachineListingReadsLinearPages: listing the machines of a model of
// 1,000 units (each on its own machine) reads about ten times the store
// pages of a model of 100, not a hundred times: the listing reads the
// model's applications once, not once per machine (store.PagesRead counts
// the work in a unit that does not depend on the machine's load;
// BenchmarkListMachines times it).
func TestMachineListingReadsLinearPages(t *testing.T) {
	pages := func(units int) float64 {
		f := modelWithUnits(t, units)
		before := f.pagesRead(t)
		var out struct{ Items []api.Machine }
		send(t, f.h, f.token, http.MethodGet, "/v1/models/"+f.model+"/machines", "", http.StatusOK, &out)
		require.Len(t, out.Items, units)
		return float64(f.pagesRead(t) - before)
	}
	small, large := pages(100), pages(1000)
	t.Logf("one listing of machines: %.0f store pages at 100 units, %.0f at 1,000", small, large)
	// Linear is 10 times; the listing that read every application for
	// each machine read 59 times as many.
	assert.LessOrEqual(t, large, 15*small, "pages of a listing of 1,000 machines (%.0f) against 100 (%.0f)", large, small)
}

// TestEnableHABounds: numControllers is odd and from 1 to
// api.MaxControllerCount, as upstream's controller (MaxPeers); a count of
// 2^63-1 is a 400 naming the field and the range, not a loop adding
// machines until the request's transaction ends (issue 34: a 500
// "transaction has already been committed").
func TestEnableHABounds(t *testing.T) {
	e := start(t, orchtest.Options{})
	rangeText := fmt.Sprintf("from 1 to %d", api.MaxControllerCount)
	for _, n := range []string{fmt.Sprint(math.MaxInt64), fmt.Sprint(api.MaxControllerCount + 2), "-1", "-3"} {
		e.fails(http.StatusBadRequest, "bad-request", "numControllers", http.MethodPost, "/v1/controller/enable-ha",
			`{"numControllers": `+n+`}`, rangeText)
	}
	assert.Len(t, items(e.must(http.StatusOK, http.MethodGet, "/v1/controller/machines", "")), 1, "a refused enable-ha adds nothing")
	res := e.must(http.StatusOK, http.MethodPost, "/v1/controller/enable-ha", sprintf(`{"numControllers": %d}`, api.MaxControllerCount))
	assert.Len(t, strs(res, "added"), api.MaxControllerCount-1)
}
