package orch

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// accessModelConfig has two users; those of users (HCL) get access to the
// model.
func accessModelConfig(prefix, modelUUID, access, users string) string {
	return fmt.Sprintf(`
resource "orch_user" "a" {
  name     = "%[1]s-a"
  password = "%[1]s-a-password"
}
resource "orch_user" "b" {
  name     = "%[1]s-b"
  password = "%[1]s-b-password"
}
resource "orch_access_model" "test" {
  model_uuid = %[2]q
  access     = %[3]q
  users      = %[4]s
}
`, prefix, modelUUID, access, users)
}

// modelAs checks what a user may do in a model: see it (or not) and deploy
// into it (or be refused).
func modelAs(t *testing.T, user, modelUUID string, sees, deploys bool) resource.TestCheckFunc {
	return func(*terraform.State) error {
		c := userClient(t, user, user+"-password")
		ctx := context.Background()
		_, err := c.Model(ctx, modelUUID)
		if sees != (err == nil) {
			return fmt.Errorf("%s sees model %s: want %v, got error %v", user, modelUUID, sees, err)
		}
		if !sees && !client.IsNotFound(err) {
			return fmt.Errorf("%s without access: want not found, got %v", user, err)
		}
		app := "probe-" + user
		_, err = c.Deploy(ctx, modelUUID, api.ApplicationSpec{Name: app, Charm: api.CharmRef{Name: "ubuntu-lite"}})
		if deploys != (err == nil) {
			return fmt.Errorf("%s deploys into model %s: want %v, got error %v", user, modelUUID, deploys, err)
		}
		if err == nil {
			return orchAPI.RemoveApplication(ctx, modelUUID, app)
		}
		var apiErr *client.APIError
		if sees && (!errors.As(err, &apiErr) || apiErr.Code != api.CodeForbidden) {
			return fmt.Errorf("%s with read access: want forbidden, got %v", user, err)
		}
		return nil
	}
}

// TestAccAccessModel_permissions: read lets a user see the model but not
// deploy into it, write lets it deploy, the other user gets nothing, and
// destroying the grant takes it away.
func TestAccAccessModel_permissions(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	p := orchacc.UniqueName(t, "")
	model := newModel(t, orchAPI, p)
	a, b := p+"-a", p+"-b"
	addr := "orch_access_model.test"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: accessModelConfig(p, model.UUID, "read", "[orch_user.a.name]"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringExact(model.UUID+":read:"+a)),
				},
				Check: resource.ComposeTestCheckFunc(modelAs(t, a, model.UUID, true, false), modelAs(t, b, model.UUID, false, false)),
			},
			{
				ResourceName:      addr,
				ImportState:       true,
				ImportStateVerify: true,
				ImportStateId:     model.UUID + ":read",
			},
			{
				ResourceName:      addr,
				ImportState:       true,
				ImportStateVerify: true,
				ImportStateId:     model.UUID + ":read:" + a,
			},
			{
				// Users change in place.
				Config: accessModelConfig(p, model.UUID, "read", "[orch_user.a.name, orch_user.b.name]"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				Check: modelAs(t, b, model.UUID, true, false),
			},
			{
				// Another level replaces the grant; now the user deploys.
				Config: accessModelConfig(p, model.UUID, "write", "[orch_user.a.name]"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionReplace),
				}},
				Check: resource.ComposeTestCheckFunc(modelAs(t, a, model.UUID, true, true), modelAs(t, b, model.UUID, false, false)),
			},
			{
				// Without the grant the model is gone for the user.
				Config: fmt.Sprintf(`
resource "orch_user" "a" {
  name     = "%[1]s"
  password = "%[1]s-password"
}
`, a),
				Check: modelAs(t, a, model.UUID, false, false),
			},
		},
	})
}

// TestAccAccessModel_terraformAsReader runs Terraform as a user with read
// access to a model: its deploy is refused, naming the levels; with write
// access it deploys. (One provider configuration per test case: the
// acceptance framework serves every configuration of a provider from one
// process, so an aliased provider as another user would not be separate.)
func TestAccAccessModel_terraformAsReader(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	ctx := context.Background()
	user := orchacc.UniqueName(t, "")
	model := newModel(t, orchAPI, user)
	if _, err := orchAPI.CreateUser(ctx, api.CreateUserRequest{Name: user, Password: user + "-password"}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = orchAPI.RemoveUser(ctx, user) })
	grant := func(level string) func() {
		return func() {
			if _, err := orchAPI.GrantModelAccess(ctx, model.UUID, user, level); err != nil {
				t.Fatal(err)
			}
		}
	}
	cfg := fmt.Sprintf(`
provider "orch" {
  username = %[1]q
  password = "%[1]s-password"
}
resource "orch_application" "app" {
  model_uuid = %[2]q
  name       = "by-reader"
  charm {
    name = "ubuntu-lite"
  }
}
`, user, model.UUID)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{PreConfig: grant("read"), Config: cfg, ExpectError: regexp.MustCompile(`(?s)has read access to model.*needs write access`)},
			{PreConfig: grant("write"), Config: cfg},
		},
	})
}

func TestAccAccessModel_validation(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	cfg := func(model, access, users string) string {
		return fmt.Sprintf(`
resource "orch_access_model" "test" {
  model_uuid = %q
  access     = %q
  users      = %s
}`, model, access, users)
	}
	const uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: cfg("not-a-uuid", "read", `["bob"]`), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Invalid UUID.*model_uuid`)},
			{Config: cfg(uuid, "superuser", `["bob"]`), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)access.*value must be one of.*"read" "write" "admin"`)},
			{Config: cfg(uuid, "read", `["-bob"]`), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Invalid user name.*"-bob"`)},
			{Config: cfg(uuid, "read", `[]`), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)users.*at least 1`)},
			{Config: cfg(uuid, "read", `["bob"]`), ExpectError: regexp.MustCompile(`(?s)Could not grant read access.*not found`)},
		},
	})
}
