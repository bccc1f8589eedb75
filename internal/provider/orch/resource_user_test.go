package orch

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	client "github.com/iacsuite/providers/internal/client/orch"
)

// userClient logs in to the shared controller as a user.
func userClient(t *testing.T, name, password string) *client.Client {
	t.Helper()
	c, err := client.New(client.Config{Addresses: []string{controllerAddress}, Username: name, Password: password})
	if err != nil {
		t.Fatalf("client of %s: %v", name, err)
	}
	return c
}

func userConfig(name, displayName, password string) string {
	dn := ""
	if displayName != "" {
		dn = fmt.Sprintf("display_name = %q", displayName)
	}
	return fmt.Sprintf(`
resource "orch_user" "u" {
  name     = %q
  password = %q
  %s
}
`, name, password, dn)
}

// loginAs checks that name logs in with password.
func loginAs(t *testing.T, name, password string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		_, err := userClient(t, name, password).Login(context.Background())
		return err
	}
}

func TestAccUser_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := uniqueName(t, "")
	addr := "orch_user.u"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy: func(*terraform.State) error {
			if _, err := orchAPI.User(context.Background(), name); !client.IsNotFound(err) {
				return fmt.Errorf("user %s still exists: %v", name, err)
			}
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config: userConfig(name, "Test User", "first-password"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringExact("user:"+name)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("display_name"), knownvalue.StringExact("Test User")),
				},
				Check: loginAs(t, name, "first-password"),
			},
			{
				ResourceName:            addr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateId:           "user:" + name,
				ImportStateVerifyIgnore: []string{"password"},
			},
			{
				// Password and display name change in place.
				Config: userConfig(name, "", "second-password"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("display_name"), knownvalue.Null()),
				},
				Check: resource.ComposeTestCheckFunc(loginAs(t, name, "second-password"), func(*terraform.State) error {
					if _, err := userClient(t, name, "first-password").Login(context.Background()); err == nil {
						return fmt.Errorf("the old password still logs in")
					}
					return nil
				}),
			},
			{
				// A new name is a new user.
				Config: userConfig(name+"-2", "", "second-password"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionReplace),
				}},
			},
		},
	})
}

func TestAccUser_validation(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: userConfig("-bad-", "", "long-enough"), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Invalid user name.*"-bad-" is not a valid user name`)},
			{Config: userConfig("short-pw", "", "short"), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)password.*at least 8`)},
			{Config: `
resource "orch_user" "u" {
  name         = "empty-dn"
  password     = "long-enough"
  display_name = ""
}`, PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)display_name.*at least 1`)},
			{
				Config:      userConfig("admin", "", "long-enough"),
				ExpectError: regexp.MustCompile(`(?s)Could not create user admin.*already exists`),
			},
		},
	})
}
