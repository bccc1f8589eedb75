package acctest

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
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
//
// With Together, every case runs in one configuration (see Together).
func TestIdentity(t *testing.T, factories map[string]func() (tfprotov6.ProviderServer, error), cases map[string]IdentityCase, opts ...IdentityOption) {
	RequireTerraform(t, TerraformIdentity, "resource identity")
	var o identityOptions
	for _, opt := range opts {
		opt(&o)
	}
	if o.together {
		testIdentityTogether(t, factories, o.provider, cases)
		return
	}
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

// IdentityOption changes how TestIdentity runs its cases.
type IdentityOption func(*identityOptions)

type identityOptions struct {
	together bool
	provider string
}

// Together makes TestIdentity run every case in one configuration, whose
// provider block is provider (see testIdentityTogether).
func Together(provider string) IdentityOption {
	return func(o *identityOptions) { o.together, o.provider = true, provider }
}

// testIdentityTogether asserts what TestIdentity asserts, for every case at
// once, so that a table of many types costs one working directory, one
// apply and one destroy (and a plan per refused identity) instead of a
// test case of its own per type: one configuration holds the objects of
// every case (provider is the provider block, written once: each case's
// Config then holds none, and its labels other than "<type>.test" are its
// own). The import of the good identities is one plan, of the configuration with each "<type>.test" forgotten
// (a removed block) and its block renamed "<type>.imported": the plan
// holds, for every type, the import of that address alone, with no change
// (an update with Records) and the identity of the state.
func testIdentityTogether(t *testing.T, factories map[string]func() (tfprotov6.ProviderServer, error), provider string, cases map[string]IdentityCase) {
	types := make([]string, 0, len(cases))
	for typ := range cases {
		types = append(types, typ)
	}
	sort.Strings(types)
	var config strings.Builder
	config.WriteString(provider)
	checks := []statecheck.StateCheck{}
	maxAttributes := 0
	for _, typ := range types {
		c := cases[typ]
		config.WriteString("\n" + c.Config(t))
		addr := typ + ".test"
		identity := map[string]knownvalue.Check{}
		for _, a := range c.Attributes {
			if _, ok := c.Malformed[a]; !ok {
				t.Fatalf("%s: no malformed value of %s", typ, a)
			}
			identity[a] = knownvalue.NotNull()
			if p, ok := c.StatePaths[a]; ok {
				checks = append(checks, statecheck.ExpectIdentityValueMatchesStateAtPath(addr, tfjsonpath.New(a), p))
				continue
			}
			checks = append(checks, statecheck.ExpectIdentityValueMatchesState(addr, tfjsonpath.New(a)))
		}
		checks = append(checks, statecheck.ExpectIdentity(addr, identity))
		maxAttributes = max(maxAttributes, len(c.Attributes))
	}
	base := config.String()

	// Each refusal is a plan of its own: a plan with a refused block of
	// every type reported one refusal, with no address, so that it cannot
	// tell which blocks were refused. The plans share the test's one
	// working directory and make no object.
	type refusal struct {
		values  map[string]string
		message *regexp.Regexp
	}
	var steps []resource.TestStep
	refused := func(want func(c IdentityCase) (refusal, bool)) {
		for _, typ := range types {
			c := cases[typ]
			if r, ok := want(c); ok {
				steps = append(steps, resource.TestStep{
					Config:      base + importBlock(typ+".test", c.Attributes, r.values),
					PlanOnly:    true,
					ExpectError: r.message,
				})
			}
		}
	}
	for i := 0; i < maxAttributes; i++ {
		refused(func(c IdentityCase) (refusal, bool) {
			if i >= len(c.Attributes) {
				return refusal{}, false
			}
			a := c.Attributes[i]
			bad := c.Malformed[a]
			values := copyMap(c.Absent)
			values[a] = bad[0]
			return refusal{values, regexp.MustCompile(`(?s)identity\s+attribute\s+` + a + `\s+is\s.*` + spaced(bad[1]))}, true
		})
		refused(func(c IdentityCase) (refusal, bool) {
			if i >= len(c.Attributes) {
				return refusal{}, false
			}
			a := c.Attributes[i]
			values := copyMap(c.Absent)
			delete(values, a)
			return refusal{values, regexp.MustCompile(`(?s)identity\s+has\s+no\s+` + a + `:\s+set\s+` + a + `\s+to\s.*` + spaced(c.Malformed[a][1]))}, true
		})
	}
	refused(func(c IdentityCase) (refusal, bool) {
		return refusal{c.Absent, regexp.MustCompile(`Cannot import non-existent remote object`)}, c.NeverAbsent == ""
	})
	// The good identities: the create step's state gives them to the
	// import step's configuration (the steps run in order, each read from
	// the slice when it starts).
	importStep := len(steps) + 1
	identities := map[string]map[string]any{}
	capture := stateCheckFunc(func(state *tfjson.State) error {
		if state == nil || state.Values == nil {
			return fmt.Errorf("no state")
		}
		for _, r := range allResources(state.Values.RootModule) {
			if r.Name == "test" && cases[r.Type].Config != nil {
				identities[r.Type] = r.IdentityValues
			}
		}
		var b strings.Builder
		b.WriteString(base)
		for _, typ := range types {
			values := map[string]string{}
			for k, v := range identities[typ] {
				j, err := json.Marshal(v)
				if err != nil {
					return fmt.Errorf("%s.test identity %s: %w", typ, k, err)
				}
				values[k] = string(j)
			}
			if len(values) == 0 {
				return fmt.Errorf("%s.test has no identity in the state", typ)
			}
			fmt.Fprintf(&b, "removed {\n  from = %s.test\n  lifecycle {\n    destroy = false\n  }\n}\n", typ)
			b.WriteString(importBlock(typ+".imported", slices.Sorted(maps.Keys(values)), values))
		}
		config := b.String()
		for _, typ := range types {
			own := fmt.Sprintf("resource %q \"test\" {", typ)
			if strings.Count(config, own) != 1 {
				return fmt.Errorf("the configuration does not hold %s once", own)
			}
			config = strings.Replace(config, own, fmt.Sprintf("resource %q \"imported\" {", typ), 1)
		}
		steps[importStep].Config = config
		return nil
	})
	imported := planCheckFunc(func(plan *tfjson.Plan) error {
		var errs []string
		for _, typ := range types {
			addr := typ + ".imported"
			i := slices.IndexFunc(plan.ResourceChanges, func(rc *tfjson.ResourceChange) bool { return rc.Address == addr })
			if i < 0 || plan.ResourceChanges[i].Change == nil {
				errs = append(errs, addr+": not in the plan")
				continue
			}
			change := plan.ResourceChanges[i].Change
			want := tfjson.Actions{tfjson.ActionNoop}
			if cases[typ].Records != "" {
				want = tfjson.Actions{tfjson.ActionUpdate}
			}
			if change.Importing == nil || !slices.Equal(change.Actions, want) {
				errs = append(errs, fmt.Sprintf("%s: %v (importing %v), want the import with %v", addr, change.Actions, change.Importing != nil, want))
			}
		}
		if plan.PlannedValues != nil {
			for _, r := range allResources(plan.PlannedValues.RootModule) {
				if r.Name == "imported" && !reflect.DeepEqual(r.IdentityValues, identities[r.Type]) {
					errs = append(errs, fmt.Sprintf("%s: identity %v, the state's %v", r.Address, r.IdentityValues, identities[r.Type]))
				}
			}
		}
		if len(errs) > 0 {
			return fmt.Errorf("the import of the good identities:\n%s", strings.Join(errs, "\n"))
		}
		return nil
	})
	steps = append(steps,
		resource.TestStep{Config: base, ConfigStateChecks: append(checks, capture)},
		// Forgetting every <type>.test makes the plan not empty.
		resource.TestStep{Config: base, PlanOnly: true, ExpectNonEmptyPlan: true,
			ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPreRefresh: []plancheck.PlanCheck{imported}}},
	)
	resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: factories, Steps: steps})
}

// importBlock is an import block to addr with identity values (HCL) of the
// attributes that values has.
func importBlock(addr string, attributes []string, values map[string]string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "import {\n  to = %s\n  identity = {\n", addr)
	for _, a := range attributes {
		if v, ok := values[a]; ok {
			fmt.Fprintf(&b, "    %s = %s\n", a, v)
		}
	}
	b.WriteString("  }\n}\n")
	return b.String()
}

func allResources(m *tfjson.StateModule) []*tfjson.StateResource {
	if m == nil {
		return nil
	}
	out := append([]*tfjson.StateResource{}, m.Resources...)
	for _, c := range m.ChildModules {
		out = append(out, allResources(c)...)
	}
	return out
}

type stateCheckFunc func(*tfjson.State) error

func (f stateCheckFunc) CheckState(_ context.Context, req statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	resp.Error = f(req.State)
}

type planCheckFunc func(*tfjson.Plan) error

func (f planCheckFunc) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	resp.Error = f(req.Plan)
}
