package orch

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// TestAccApplication_optionValuesAsTheController: the plan refuses a charm
// option's value exactly when the controller (the sandbox) refuses it, with
// the controller's words (api.CheckOptionValue), for every option type of
// the catalogue's charms; a value both take deploys. Before one rule, the
// provider had its own copy (no duration) and the controller another (all
// four types), and the CLI and controller configuration a third (no float).
func TestAccApplication_optionValuesAsTheController(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	n := 0
	// Application names: no part of only digits after a hyphen.
	appName := func() string { n++; return fmt.Sprintf("option-%c", 'a'+n) }
	none := 0
	for _, tc := range []struct {
		charm, option, typ string
		good, bad          []string
	}{
		{"apache2", "mpm_max_request_workers", api.OptionInt, []string{"-1"}, []string{"many", "1.5"}},
		{"apache2", "keepalive_timeout", api.OptionFloat, []string{"2.5", "1e1"}, []string{"1.5x"}},
		{"juju-qa-test", "foo-file", api.OptionBool, []string{"true"}, []string{"yes", "True"}},
		{"apache2", "servername", api.OptionString, []string{"5m"}, nil},
	} {
		for _, v := range tc.bad {
			t.Run(fmt.Sprintf("%s %s=%q refused", tc.typ, tc.option, v), func(t *testing.T) {
				rule := api.CheckOptionValue(tc.typ, v)
				require.Error(t, rule)
				// The controller refuses it, naming the option and the rule.
				_, err := orchAPI.Deploy(context.Background(), model.UUID, api.ApplicationSpec{
					Name: appName(), Charm: api.CharmRef{Name: tc.charm}, Units: &none, Config: map[string]string{tc.option: v},
				})
				require.Error(t, err)
				assert.Contains(t, err.Error(), "config."+tc.option)
				assert.Contains(t, err.Error(), rule.Error())
				// The plan refuses it first, with the same words.
				resource.Test(t, resource.TestCase{
					ProtoV6ProviderFactories: orchacc.ProviderFactories,
					Steps: []resource.TestStep{{
						Config: applicationConfig(model.UUID, fmt.Sprintf("  charm {\n    name = %q\n  }\n  units = 0\n  config = { %q = %q }\n",
							tc.charm, tc.option, v)),
						PlanOnly:    true,
						ExpectError: acctest.ErrorMatching(fmt.Sprintf(`config["%s"]: option of type %s: %s.`, tc.option, tc.typ, rule)),
					}},
				})
			})
		}
		for _, v := range tc.good {
			t.Run(fmt.Sprintf("%s %s=%q taken", tc.typ, tc.option, v), func(t *testing.T) {
				require.NoError(t, api.CheckOptionValue(tc.typ, v))
				name := appName()
				_, err := orchAPI.Deploy(context.Background(), model.UUID, api.ApplicationSpec{
					Name: name, Charm: api.CharmRef{Name: tc.charm}, Units: &none, Config: map[string]string{tc.option: v},
				})
				require.NoError(t, err, "the controller takes what the plan takes")
				require.NoError(t, orchAPI.RemoveApplication(context.Background(), model.UUID, name))
				resource.Test(t, resource.TestCase{
					ProtoV6ProviderFactories: orchacc.ProviderFactories,
					Steps: []resource.TestStep{{
						Config: applicationConfig(model.UUID, fmt.Sprintf("  charm {\n    name = %q\n  }\n  units = 0\n  config = { %q = %q }\n",
							tc.charm, tc.option, v)),
						PlanOnly:           true,
						ExpectNonEmptyPlan: true,
					}},
				})
			})
		}
	}
}
