package acctest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
)

// Query-mode acceptance tests of list resources (Terraform 1.14+): a step
// with Query: true runs `terraform query` over the list blocks of its Config
// (a .tfquery.hcl file) beside the configuration of the steps before it
// (whose provider block the list blocks use), and checks the results with
// querycheck. The pattern of a list resource's test (docs/CONTRIBUTING.md,
// "List resources"):
//
//	acctest.RequireQuery(t)
//	resource.ParallelTest(t, resource.TestCase{Steps: []resource.TestStep{
//		{Config: objects},                       // makes what the query finds
//		{Query: true, Config: acctest.ListBlock("netfab_port", "by_name", true, `product_name = "x"`),
//			QueryResultChecks: acctest.ExpectIdentities("netfab_port.by_name",
//			acctest.Identity("product_uid", uid1), acctest.Identity("product_uid", uid2))},
//	}})
//
// The round trip of `terraform query -generate-config-out` is
// workflowtest.TestQueries.

// RequireQuery fails t unless the Terraform in use runs `terraform query`
// (1.14+), or skips it when TF_ACC_SKIP_NEWER_TERRAFORM is set.
func RequireQuery(t testing.TB) {
	t.Helper()
	RequireTerraform(t, TerraformQuery, "terraform query (list resources)")
}

// ListBlock is a list block of typ named name, with include_resource and the
// body of its config block (filters; empty for none).
func ListBlock(typ, name string, includeResource bool, config string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "list %q %q {\n  provider         = %s\n  include_resource = %t\n", typ, name, typ[:strings.Index(typ, "_")], includeResource)
	// The config block is written even empty: Terraform requires it when
	// the list resource has a required attribute, and then names it.
	b.WriteString("  config {\n")
	for _, line := range strings.Split(strings.Trim(config, "\n"), "\n") {
		if strings.TrimSpace(line) != "" {
			b.WriteString("    " + strings.TrimSpace(line) + "\n")
		}
	}
	b.WriteString("  }\n")
	b.WriteString("}\n")
	return b.String()
}

// ExpectIdentities checks that the list block addr (type.name) found
// exactly the objects of the identities, in any order.
func ExpectIdentities(addr string, identities ...map[string]knownvalue.Check) []querycheck.QueryResultCheck {
	checks := []querycheck.QueryResultCheck{querycheck.ExpectLength(addr, len(identities))}
	for _, id := range identities {
		checks = append(checks, querycheck.ExpectIdentity(addr, id))
	}
	return checks
}

// Identity is the identity of one string attribute, for ExpectIdentities.
func Identity(attr, value string) map[string]knownvalue.Check {
	return map[string]knownvalue.Check{attr: knownvalue.StringExact(value)}
}
