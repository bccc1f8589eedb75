package orch

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// spacesConfig is a space (replaced before it is destroyed, so that the
// application can move to its successor) holding one subnet, a second
// space, an application bound to both, and the data sources of them.
func spacesConfig(modelUUID, space, cidr string) string {
	return fmt.Sprintf(`
resource "orch_space" "a" {
  model_uuid = %[1]q
  name       = %[2]q
  lifecycle {
    create_before_destroy = true
  }
}

resource "orch_space" "b" {
  model_uuid = %[1]q
  name       = "management"
}

resource "orch_subnet" "s" {
  model_uuid = %[1]q
  cidr       = %[3]q
  space_name = orch_space.a.name
}

resource "orch_application" "app" {
  model_uuid = %[1]q
  name       = "bound"
  charm {
    name = "ubuntu-lite"
  }
  endpoint_bindings = [
    { space = orch_space.b.name },
    { endpoint = "ubuntu", space = orch_space.a.name },
  ]
}

data "orch_space" "a" {
  model_uuid = %[1]q
  name       = orch_space.a.name
}

data "orch_subnets" "a" {
  model_uuid = %[1]q
  space_name = orch_subnet.s.space_name
}
`, modelUUID, space, cidr)
}

// subnetIn checks the space the controller has a subnet in.
func subnetIn(modelUUID, cidr, space string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		sn, err := orchAPI.Subnet(context.Background(), modelUUID, cidr)
		if err != nil {
			return err
		}
		if sn.SpaceName != space {
			return fmt.Errorf("subnet %s is in %q, want %q", cidr, sn.SpaceName, space)
		}
		return nil
	}
}

// spacesOf checks the spaces the controller has in a model.
func spacesOf(modelUUID string, want ...string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		var got []string
		for sp, err := range orchAPI.EachSpace(context.Background(), modelUUID, "") {
			if err != nil {
				return err
			}
			got = append(got, sp.Name)
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			return fmt.Errorf("spaces of the model: got %q, want %q", got, want)
		}
		return nil
	}
}

// boundTo checks every endpoint's space of the application.
func boundTo(modelUUID string, want map[string]string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		app, err := orchAPI.Application(context.Background(), modelUUID, "bound")
		if err != nil {
			return err
		}
		got := map[string]string{}
		for _, b := range app.EndpointBindings {
			got[b.Endpoint] = b.Space
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			return fmt.Errorf("bindings: got %v, want %v", got, want)
		}
		return nil
	}
}

// TestAccSpace_lifecycle: spaces, a subnet in one, an application bound to
// both and the data sources; import of each; every input changed once (the
// framework checks each second plan is empty); the destroy gives the subnet
// back to alpha.
func TestAccSpace_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	other := newModel(t, orchAPI, orchacc.UniqueName(t, "2"))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		CheckDestroy: resource.ComposeTestCheckFunc(
			spacesOf(model.UUID, "alpha"), spacesOf(other.UUID, "alpha"),
			subnetIn(model.UUID, "10.150.1.0/24", "alpha"), subnetIn(other.UUID, "10.150.2.0/24", "alpha"),
		),
		Steps: []resource.TestStep{
			{
				Config: spacesConfig(model.UUID, "public", "10.150.1.0/24"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_space.a", tfjsonpath.New("id"), knownvalue.StringExact(model.UUID+":public")),
					statecheck.ExpectKnownValue("orch_subnet.s", tfjsonpath.New("id"), knownvalue.StringExact(model.UUID+":10.150.1.0/24")),
					statecheck.ExpectKnownValue("data.orch_space.a", tfjsonpath.New("id"), knownvalue.StringExact(model.UUID+":public")),
					statecheck.ExpectKnownValue("data.orch_subnets.a", tfjsonpath.New("subnets"), knownvalue.MapExact(map[string]knownvalue.Check{
						"10.150.1.0/24": knownvalue.ObjectExact(map[string]knownvalue.Check{
							"cidr": knownvalue.StringExact("10.150.1.0/24"), "space_name": knownvalue.StringExact("public"),
							"life": knownvalue.StringExact("alive"), "provider_id": knownvalue.StringExact("subnet-br1-10.150.1.0/24"),
							"provider_network_id": knownvalue.StringExact("net-br1"), "provider_space_id": knownvalue.StringExact(""),
							"vlan_tag": knownvalue.Int64Exact(0), "zones": knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("localhost")}),
						}),
					})),
				},
				Check: resource.ComposeTestCheckFunc(
					spacesOf(model.UUID, "alpha", "public", "management"),
					subnetIn(model.UUID, "10.150.1.0/24", "public"),
					boundTo(model.UUID, map[string]string{"": "management", "ubuntu": "public", "another": "management", "juju-info": "management"}),
				),
			},
			{ResourceName: "orch_space.a", ImportState: true, ImportStateVerify: true, ImportStateId: model.UUID + ":public"},
			{ResourceName: "orch_subnet.s", ImportState: true, ImportStateVerify: true, ImportStateId: model.UUID + ":10.150.1.0/24"},
			{
				// An import records the bindings that differ from the
				// defaults: here both configured ones.
				ResourceName: "orch_application.app", ImportState: true, ImportStateVerify: true, ImportStateId: model.UUID + ":bound",
			},
			{
				// A new name replaces the space; the subnet moves to the new
				// space in place, the application is rebound, and the old
				// space goes once nothing uses it.
				Config: spacesConfig(model.UUID, "dmz", "10.150.1.0/24"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_space.a", plancheck.ResourceActionCreateBeforeDestroy),
					plancheck.ExpectResourceAction("orch_subnet.s", plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction("orch_application.app", plancheck.ResourceActionUpdate),
				}},
				Check: resource.ComposeTestCheckFunc(
					spacesOf(model.UUID, "alpha", "dmz", "management"),
					subnetIn(model.UUID, "10.150.1.0/24", "dmz"),
					boundTo(model.UUID, map[string]string{"": "management", "ubuntu": "dmz", "another": "management", "juju-info": "management"}),
				),
			},
			{
				// Another CIDR replaces the subnet: the old one is back in alpha.
				Config: spacesConfig(model.UUID, "dmz", "fd42:150::/64"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_subnet.s", plancheck.ResourceActionReplace),
				}},
				Check: resource.ComposeTestCheckFunc(subnetIn(model.UUID, "10.150.1.0/24", "alpha"), subnetIn(model.UUID, "fd42:150::/64", "dmz")),
			},
			{
				// Another model replaces the space and the subnet.
				Config: fmt.Sprintf(`
resource "orch_space" "a" {
  model_uuid = %[1]q
  name       = "dmz"
  lifecycle {
    create_before_destroy = true
  }
}

resource "orch_subnet" "s" {
  model_uuid = %[1]q
  cidr       = "10.150.2.0/24"
  space_name = orch_space.a.name
}
`, other.UUID),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_space.a", plancheck.ResourceActionCreateBeforeDestroy),
					plancheck.ExpectResourceAction("orch_subnet.s", plancheck.ResourceActionReplace),
				}},
				Check: resource.ComposeTestCheckFunc(
					spacesOf(model.UUID, "alpha"), subnetIn(model.UUID, "fd42:150::/64", "alpha"),
					spacesOf(other.UUID, "alpha", "dmz"), subnetIn(other.UUID, "10.150.2.0/24", "dmz"),
				),
			},
		},
	})
}

// TestAccSpace_conflicts: a subnet another space holds is not taken over at
// create; a space an application binds is not removed.
func TestAccSpace_conflicts(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	ctx := context.Background()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	_, err := orchAPI.CreateSpace(ctx, model.UUID, "taken")
	if err == nil {
		_, err = orchAPI.MoveSubnets(ctx, model.UUID, "taken", "10.150.3.0/24")
	}
	if err == nil {
		_, err = orchAPI.Deploy(ctx, model.UUID, api.ApplicationSpec{Name: "app", Charm: api.CharmRef{Name: "ubuntu-lite"},
			EndpointBindings: []api.EndpointBinding{{Endpoint: "ubuntu", Space: "taken"}}})
	}
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: fmt.Sprintf(`
resource "orch_space" "mine" {
  model_uuid = %[1]q
  name       = "mine"
}
resource "orch_subnet" "s" {
  model_uuid = %[1]q
  cidr       = "10.150.3.0/24"
  space_name = orch_space.mine.name
}
`, model.UUID),
				ExpectError: regexp.MustCompile(`(?s)Subnet Not In Alpha Space.*10.150.3.0/24\s+is\s+in\s+space\s+"taken"`),
			},
			{
				// Taken over by import, then destroyed: back to alpha.
				Config: fmt.Sprintf(`
resource "orch_space" "taken" {
  model_uuid = %[1]q
  name       = "taken"
}
`, model.UUID),
				ResourceName: "orch_space.taken", ImportState: true, ImportStateId: model.UUID + ":taken", ImportStatePersist: true,
			},
			{
				Config:      `# nothing`,
				ExpectError: regexp.MustCompile(`(?s)Could not delete space taken.*used by the endpoint\s+"ubuntu"\s+of\s+the\s+application\s+"app"`),
			},
			{
				// Still there; once the application is gone it goes.
				PreConfig: func() {
					if _, err := orchAPI.Space(ctx, model.UUID, "taken"); err != nil {
						t.Fatalf("the bound space is gone: %v", err)
					}
					if err := orchAPI.RemoveApplication(ctx, model.UUID, "app"); err != nil {
						t.Fatal(err)
					}
				},
				Config: `# nothing`,
				Check:  spacesOf(model.UUID, "alpha"),
			},
		},
	})
}

// TestAccSpace_validation: names, CIDRs and the model are checked at plan,
// naming the attribute; a CIDR that overlaps a subnet of an existing model
// without being it, or that the model does not know, fails the plan.
func TestAccSpace_validation(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	const uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
	space := func(model, name string) string {
		return fmt.Sprintf("resource \"orch_space\" \"s\" {\n  model_uuid = %q\n  name = %q\n}\n", model, name)
	}
	subnet := func(model, cidr, space string) string {
		return fmt.Sprintf("resource \"orch_subnet\" \"s\" {\n  model_uuid = %q\n  cidr = %q\n  space_name = %q\n}\n", model, cidr, space)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: space(uuid, "Public"), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Invalid space name.*name must be lower-case letters and digits`)},
			{Config: space(uuid, "a--b"), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Invalid space name.*name`)},
			{Config: space(uuid, "alpha"), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)System Space Not Manageable.*name must not be alpha`)},
			{Config: space("nope", "public"), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Invalid UUID.*model_uuid`)},
			{Config: subnet(uuid, "10.150.1.0/33", "public"), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Invalid CIDR.*cidr must be a subnet in CIDR notation`)},
			{Config: subnet(uuid, "10.150.1.9/24", "public"), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Invalid CIDR.*cidr must be the network address of the subnet, 10.150.1.0/24`)},
			{Config: subnet(uuid, "10.150.1.0/24", "Public"), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Invalid space name.*space_name`)},
			{Config: subnet(model.UUID, "10.150.0.0/16", "public"), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Overlapping subnet.*cidr 10.150.0.0/16 overlaps the model's subnet\s+10.150.0.0/24`)},
			{Config: subnet(model.UUID, "172.16.0.0/24", "public"), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Unknown subnet.*cidr 172.16.0.0/24 is not a subnet of the model; its subnets are\s+10.150.0.0/24`)},
			{Config: subnet(model.UUID, "10.150.1.0/24", "nowhere"), ExpectError: regexp.MustCompile(`(?s)Could not move subnet 10.150.1.0/24 to space nowhere.*space\s+"nowhere"\s+not\s+found`)},
			{
				Config:      applicationConfig(model.UUID, "  name = \"a\"\n  charm {\n    name = \"ubuntu-lite\"\n  }\n  endpoint_bindings = [{ space = \"Bad_Space\" }]\n"),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Invalid space name.*endpoint_bindings`),
			},
			{
				Config:      applicationConfig(model.UUID, "  name = \"a\"\n  charm {\n    name = \"ubuntu-lite\"\n  }\n  endpoint_bindings = [{ endpoint = \"ubuntu\", space = \"nowhere\" }]\n"),
				ExpectError: regexp.MustCompile(`(?s)endpointBindings\[0\].space: space\s+"nowhere"\s+not\s+found\s+in\s+the\s+model\s+\(spaces:\s+alpha\)`),
			},
		},
	})
	if _, err := orchAPI.Space(context.Background(), model.UUID, "nowhere"); !client.IsNotFound(err) {
		t.Fatalf("space nowhere: %v", err)
	}
}

// TestAccSpace_permissions runs Terraform as a user with read access to a
// model: it reads the spaces and subnets (data sources, query) but cannot
// create a space; with admin access it can.
func TestAccSpace_permissions(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	ctx := context.Background()
	user := orchacc.UniqueName(t, "")
	model := newModel(t, orchAPI, user)
	if _, err := orchAPI.CreateUser(ctx, api.CreateUserRequest{Name: user, Password: user + "-password"}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = orchAPI.RemoveUser(ctx, user) })
	if _, err := orchAPI.CreateSpace(ctx, model.UUID, "existing"); err != nil {
		t.Fatal(err)
	}
	grant := func(level string) func() {
		return func() {
			if _, err := orchAPI.GrantModelAccess(ctx, model.UUID, user, level); err != nil {
				t.Fatal(err)
			}
		}
	}
	provider := fmt.Sprintf("provider \"orch\" {\n  username = %[1]q\n  password = \"%[1]s-password\"\n}\n", user)
	read := provider + fmt.Sprintf(`
data "orch_space" "existing" {
  model_uuid = %[1]q
  name       = "existing"
}
data "orch_subnets" "all" {
  model_uuid = %[1]q
}
`, model.UUID)
	create := read + fmt.Sprintf(`
resource "orch_space" "mine" {
  model_uuid = %q
  name       = "mine"
}
`, model.UUID)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				// Without access the model does not exist for the user.
				Config: read, ExpectError: regexp.MustCompile(`(?s)Could not read space existing.*not found`),
			},
			{
				PreConfig: grant("read"), Config: read,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.orch_space.existing", tfjsonpath.New("id"), knownvalue.StringExact(model.UUID+":existing")),
					statecheck.ExpectKnownValue("data.orch_subnets.all", tfjsonpath.New("subnets").AtMapKey("10.150.0.0/24").AtMapKey("space_name"), knownvalue.StringExact("alpha")),
				},
			},
			{Config: create, ExpectError: regexp.MustCompile(`(?s)Could not create space mine.*has\s+read\s+access\s+to\s+model.*needs\s+admin\s+access`)},
			{PreConfig: grant("write"), Config: create, ExpectError: regexp.MustCompile(`(?s)has\s+write\s+access\s+to\s+model.*needs\s+admin\s+access`)},
			{PreConfig: grant("admin"), Config: create, Check: spacesOf(model.UUID, "alpha", "existing", "mine")},
		},
	})
}

// TestAccSpaceList_filters: the spaces of a model but alpha, one by name,
// with include_resource as a read after import.
func TestAccSpaceList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	m := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	for _, name := range []string{"public", "management"} {
		if _, err := orchAPI.CreateSpace(ctx, m.UUID, name); err != nil {
			t.Fatal(err)
		}
	}
	model := `model_uuid = "` + m.UUID + `"`
	id := func(name string) map[string]knownvalue.Check { return orchacc.IDs("id", m.UUID+":"+name) }
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_space", "all", false, model)+
			acctest.ListBlock("orch_space", "public", true, model+"\nname = \"public\"")+
			acctest.ListBlock("orch_space", "alpha", false, model+"\nname = \"alpha\""),
		acctest.ExpectIdentities("orch_space.all", id("public"), id("management")),
		acctest.ExpectIdentities("orch_space.public", id("public")),
		acctest.ExpectIdentities("orch_space.alpha"),
		orchacc.Known("orch_space.public", id("public"), map[string]knownvalue.Check{
			"name": knownvalue.StringExact("public"), "model_uuid": knownvalue.StringExact(m.UUID),
		}),
	)
}

// constrainedConfig is a space and an application whose constraints name
// spaces by their names (not references), so that the space can leave the
// configuration while the constraints still name it; dependsOn orders the
// destroy (the application first) where both are in the configuration.
func constrainedConfig(modelUUID, constraints string, withSpace bool) string {
	space, dependsOn := "", ""
	if withSpace {
		space = fmt.Sprintf(`
resource "orch_space" "public" {
  model_uuid = %q
  name       = "public"
}
`, modelUUID)
		dependsOn = "depends_on = [orch_space.public]"
	}
	return space + fmt.Sprintf(`
resource "orch_application" "app" {
  model_uuid  = %q
  name        = "app"
  constraints = %q
  charm {
    name = "ubuntu-lite"
  }
  %s
}
`, modelUUID, constraints, dependsOn)
}

// TestAccSpace_constraints: the spaces an application's constraints name,
// wanted or excluded (^), are spaces of the model: an unknown one fails the
// apply naming it, a malformed list fails the plan naming constraints; a
// space the constraints name cannot be removed, the apply says why, the
// application stays, and the plan after is empty.
func TestAccSpace_constraints(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	ctx := context.Background()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		CheckDestroy:             spacesOf(model.UUID, "alpha"),
		Steps: []resource.TestStep{
			{
				Config:      constrainedConfig(model.UUID, "spaces=Public", true),
				PlanOnly:    true,
				ExpectError: acctest.ErrorMatching(`constraint "spaces": "Public" is not a space name`),
			},
			{
				Config: constrainedConfig(model.UUID, "spaces=public,^dmz", true),
				ExpectError: acctest.ErrorMatching(`constraints: the spaces constraint names space "dmz", which the model does not have ` +
					`(spaces: alpha, public)`),
			},
			{
				Config: constrainedConfig(model.UUID, "spaces=public cores=2", true),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("constraints"), knownvalue.StringExact("spaces=public cores=2")),
				},
			},
			{
				// The space leaves the configuration; the controller keeps it.
				Config: constrainedConfig(model.UUID, "spaces=public cores=2", false),
				ExpectError: acctest.ErrorMatching(`space "public" cannot be removed while it is used by the constraints of the application "app" ` +
					`(cores=2 spaces=public)`),
			},
			{
				PreConfig: func() {
					if _, err := orchAPI.Application(ctx, model.UUID, "app"); err != nil {
						t.Fatalf("the application is gone: %v", err)
					}
				},
				Config:   constrainedConfig(model.UUID, "spaces=public cores=2", true),
				PlanOnly: true,
				Check:    spacesOf(model.UUID, "alpha", "public"),
			},
			{
				// Constraints that no longer name it free it (an apply
				// that changes them and removes the space at once would
				// race the two, as nothing orders them).
				Config: constrainedConfig(model.UUID, "cores=2", true),
			},
			{
				Config: constrainedConfig(model.UUID, "cores=2", false),
				Check:  spacesOf(model.UUID, "alpha"),
			},
		},
	})
}
