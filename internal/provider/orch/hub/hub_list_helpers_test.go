package hub_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"

	"github.com/iacsuite/providers/internal/acctest"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// What the tests of the hub's list resources share (one test file per list
// resource, list_resource_hub_<type>_test.go).

// hubQueryTest is orchacc.QueryTest in hub mode: the list blocks with their checks,
// with the provider block provider (such as orchacc.AdminProvider()).
func hubQueryTest(t *testing.T, provider, blocks string, checks ...[]querycheck.QueryResultCheck) {
	t.Helper()
	var all []querycheck.QueryResultCheck
	for _, c := range checks {
		all = append(all, c...)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
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
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{
					{Config: tc.provider},
					{Query: true, Config: acctest.ListBlock(typ, "bad", false, tc.config), ExpectError: regexp.MustCompile(tc.want)},
				},
			})
		})
	}
}
