package acctest

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// IdentityCase is the identity test of one resource type (see
// TestIdentity).
type IdentityCase struct {
	// Config creates the object as the resource "<type>.test", and what it
	// needs, provider block included.
	Config func(t *testing.T) string
	// Attributes are the identity's attributes.
	Attributes []string
	// Absent is an identity (HCL values by attribute) of an object that does
	// not exist but whose attributes are well formed.
	Absent map[string]string
	// NeverAbsent, when set, says why no identity of the type names an
	// object that does not exist (the grants of a hub's administrator level
	// always hold its administrator): Absent is then only well formed, and
	// the case of an absent object is left out.
	NeverAbsent string
	// StatePaths are, by identity attribute, the state attribute it equals
	// when that is not the top-level attribute of its name (a part of the
	// import ID held in a nested block).
	StatePaths map[string]tfjsonpath.Path
	// Records, when set, names the input that the service never returns and
	// that the plan of an import records in place (as
	// workflowtest.ImportCase.Records): the import plans an update of that
	// resource alone.
	Records string
	// Malformed are, by attribute, an HCL value of the right type that is
	// not of the attribute's shape, and a regular expression of the shape
	// the refusal must name.
	Malformed map[string][2]string
}

// TestIdentity tests the identity of every resource type of cases (Terraform
// 1.12+): create sets an identity whose attributes are those of the state;
// an import block with that identity imports the object with no change; an
// identity with a malformed or missing attribute is refused at plan naming
// the attribute (and the shape); an identity of an object that does not
// exist says so.
func TestIdentity(t *testing.T, factories map[string]func() (tfprotov6.ProviderServer, error), cases map[string]IdentityCase) {
	RequireTerraform(t, TerraformIdentity, "resource identity")
	types := make([]string, 0, len(cases))
	for typ := range cases {
		types = append(types, typ)
	}
	sort.Strings(types)
	for _, typ := range types {
		c := cases[typ]
		t.Run(typ, func(t *testing.T) {
			t.Parallel()
			addr := typ + ".test"
			config := c.Config(t)
			identity := map[string]knownvalue.Check{}
			checks := []statecheck.StateCheck{}
			for _, a := range c.Attributes {
				identity[a] = knownvalue.NotNull()
				if p, ok := c.StatePaths[a]; ok {
					checks = append(checks, statecheck.ExpectIdentityValueMatchesStateAtPath(addr, tfjsonpath.New(a), p))
					continue
				}
				checks = append(checks, statecheck.ExpectIdentityValueMatchesState(addr, tfjsonpath.New(a)))
			}
			checks = append(checks, statecheck.ExpectIdentity(addr, identity))
			// An import block with identity, beside the configuration, to a
			// fresh state: only its plan is made.
			importing := func(values map[string]string) string {
				var b strings.Builder
				fmt.Fprintf(&b, "%s\nimport {\n  to = %s\n  identity = {\n", config, addr)
				for _, a := range c.Attributes {
					if v, ok := values[a]; ok {
						fmt.Fprintf(&b, "    %s = %s\n", a, v)
					}
				}
				b.WriteString("  }\n}\n")
				return b.String()
			}
			steps := []resource.TestStep{}
			for _, a := range c.Attributes {
				bad, ok := c.Malformed[a]
				if !ok {
					t.Fatalf("no malformed value of %s", a)
				}
				values := copyMap(c.Absent)
				values[a] = bad[0]
				steps = append(steps, resource.TestStep{
					Config:      importing(values),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(`(?s)identity\s+attribute\s+` + a + `\s+is\s.*` + spaced(bad[1])),
				})
				values = copyMap(c.Absent)
				delete(values, a)
				steps = append(steps, resource.TestStep{
					Config:      importing(values),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(`(?s)identity\s+has\s+no\s+` + a + `:\s+set\s+` + a + `\s+to\s.*` + spaced(bad[1])),
				})
			}
			if c.NeverAbsent == "" {
				steps = append(steps, resource.TestStep{
					Config:      importing(c.Absent),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(`Cannot import non-existent remote object`),
				})
			}
			imported := resource.TestStep{
				Config:          config,
				ResourceName:    addr,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithResourceIdentity,
			}
			if c.Records != "" {
				imported.ExpectNonEmptyPlan = true
				imported.ImportPlanChecks.PreApply = []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate)}
			}
			steps = append(steps, resource.TestStep{Config: config, ConfigStateChecks: checks}, imported)
			resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: factories, Steps: steps})
		})
	}
}

// spaced lets the spaces of a pattern match the line breaks Terraform
// wraps messages with.
func spaced(pattern string) string { return strings.ReplaceAll(pattern, " ", `\s+`) }

func copyMap(m map[string]string) map[string]string {
	c := make(map[string]string, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}
