package orchacc

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// QueryTest runs the list blocks (acctest.ListBlock) with their checks.
func QueryTest(t *testing.T, blocks string, checks ...[]querycheck.QueryResultCheck) {
	t.Helper()
	var all []querycheck.QueryResultCheck
	for _, c := range checks {
		all = append(all, c...)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: ProviderFactories,
		Steps: []resource.TestStep{
			{Config: `provider "orch" {}`},
			{Query: true, Config: blocks, QueryResultChecks: all},
		},
	})
}

// known checks attributes of the result of block addr with the identity.
func Known(addr string, identity map[string]knownvalue.Check, values map[string]knownvalue.Check) []querycheck.QueryResultCheck {
	var kv []querycheck.KnownValueCheck
	for k, v := range values {
		kv = append(kv, querycheck.KnownValueCheck{Path: tfjsonpath.New(k), KnownValue: v})
	}
	return []querycheck.QueryResultCheck{querycheck.ExpectResourceKnownValues(addr, queryfilter.ByResourceIdentity(identity), kv)}
}

func IDs(kv ...string) map[string]knownvalue.Check {
	out := map[string]knownvalue.Check{}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i]] = knownvalue.StringExact(kv[i+1])
	}
	return out
}
