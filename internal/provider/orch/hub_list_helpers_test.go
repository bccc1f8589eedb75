package orch

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"

	"github.com/iacsuite/providers/internal/acctest"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/workflowtest"
)

// What the tests of the hub's list resources share (one test file per list
// resource, list_resource_hub_<type>_test.go).

// hubQueryCases are the query cases of the hub's list resources that
// TestAccQueryGeneratedConfig runs, each added by the test file of its list
// resource in an init function. A case is made with the test's t, before
// the cases run, so that it can serve a hub of its own (newQueryHub) and
// name it in its ProviderConfig: a listing of the whole hub then finds only
// the objects the case made.
var hubQueryCases = map[string]func(t *testing.T) workflowtest.QueryCase{}

// newQueryHub serves a hub of the test's own, without controllers, and
// returns the provider block of its administrator and an administrator's
// client, to make objects out of band.
func newQueryHub(t *testing.T) (string, *hubclient.Client) {
	t.Helper()
	addr, c := serveHub(sandboxtest.TB(t), nil)
	return hubProvider(addr, "", hubapi.DefaultAdminClientID, hubAdminSecret), c
}

// hubQueryTest is queryTest in hub mode: the list blocks with their checks,
// with the provider block provider (such as adminProvider()).
func hubQueryTest(t *testing.T, provider, blocks string, checks ...[]querycheck.QueryResultCheck) {
	t.Helper()
	var all []querycheck.QueryResultCheck
	for _, c := range checks {
		all = append(all, c...)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: provider},
			{Query: true, Config: blocks, QueryResultChecks: all},
		},
	})
}

// hubListRefusals checks that a list block of typ with each filter config
// of invalid is refused at plan with its message, and that one without
// filters in direct mode says that typ needs hub mode.
func hubListRefusals(t *testing.T, typ, provider string, invalid map[string]string) {
	t.Helper()
	cases := map[string]struct{ provider, config, want string }{
		"direct mode": {`provider "orch" {}`, "", `(?s)Cannot list the .*` + typ + ` needs hub mode`},
	}
	for config, want := range invalid {
		cases[config] = struct{ provider, config, want string }{provider, config, want}
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{
					{Config: tc.provider},
					{Query: true, Config: acctest.ListBlock(typ, "bad", false, tc.config), ExpectError: regexp.MustCompile(tc.want)},
				},
			})
		})
	}
}
