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
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
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
	name := orchacc.UniqueName(t, "")
	addr := "orch_user.u"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
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
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
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

func userWOConfig(name string, version int) string {
	return fmt.Sprintf(`
variable "password" {
  type      = string
  ephemeral = true
  sensitive = true
}

resource "orch_user" "u" {
  name                = %q
  password_wo         = var.password
  password_wo_version = %d
}
`, name, version)
}

// A write-only password reaches the controller (the user logs in with it)
// and is in neither the plan, the state nor the TRACE log; a new version
// changes it in place with no other diff, and a new password without a new
// version is not seen.
func TestAccUser_passwordWriteOnly(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformWriteOnly, "write-only arguments")
	t.Parallel()
	ctx := context.Background()
	name := orchacc.UniqueName(t, "")
	const one, two, unseen, three, four = "wo-user-pw-one-8c2d", "wo-user-pw-two-1f7e", "wo-user-pw-unseen-50ab", "wo-user-pw-three-c3d9", "wo-user-pw-four-e0a4"
	const addr = "orch_user.u"
	rejects := func(password string) resource.TestCheckFunc {
		return func(*terraform.State) error {
			if _, err := userClient(t, name, password).Login(ctx); err == nil {
				return fmt.Errorf("the password %s… still logs in", password[:10])
			}
			return nil
		}
	}
	nowhere := []statecheck.StateCheck{
		acctest.StateLacks(one, two, unseen),
		statecheck.ExpectKnownValue(addr, tfjsonpath.New("password"), knownvalue.Null()),
		statecheck.ExpectKnownValue(addr, tfjsonpath.New("password_wo"), knownvalue.Null()),
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:          userWOConfig(name, 1),
				ConfigVariables: passwordVariable(one),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate), acctest.PlanLacks(one),
				}},
				ConfigStateChecks: append(nowhere, statecheck.ExpectKnownValue(addr, tfjsonpath.New("password_wo_version"), knownvalue.Int64Exact(1))),
				Check:             loginAs(t, name, one),
			},
			{
				Config:           userWOConfig(name, 1),
				ConfigVariables:  passwordVariable(unseen),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check:            resource.ComposeTestCheckFunc(loginAs(t, name, one), rejects(unseen)),
			},
			{
				Config:          userWOConfig(name, 2),
				ConfigVariables: passwordVariable(two),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					acctest.ExpectOnlyChanged(addr, "password_wo_version"), acctest.PlanLacks(one, two),
				}},
				ConfigStateChecks: nowhere,
				Check:             resource.ComposeTestCheckFunc(loginAs(t, name, two), rejects(one)),
			},
			{
				Config: userWOConfig(name, 2), ConfigVariables: passwordVariable(two),
				ResourceName: addr, ImportState: true, ImportStateVerify: true, ImportStateId: "user:" + name,
				ImportStateVerifyIgnore: []string{"password_wo_version"},
			},
		},
	})

	// The TRACE logs of Terraform and of the provider (a process of its own)
	// have neither the password of the create nor that of a rotation.
	other := name + "-trace"
	if len(other) > 60 {
		other = other[len(other)-60:]
	}
	run := acctest.NewPluginRun(t, "orch", userWOConfig(other, 1))
	logs := run.MustRun(ctx, []string{"TF_LOG=TRACE", "TF_VAR_password=" + three}, "apply", "-auto-approve", "-input=false", "-no-color")
	run.SetConfig(userWOConfig(other, 2))
	logs += run.MustRun(ctx, []string{"TF_LOG=TRACE", "TF_VAR_password=" + four}, "apply", "-auto-approve", "-input=false", "-no-color")
	_, err := userClient(t, other, four).Login(ctx)
	require.NoError(t, err, "the rotated password logs in")
	require.Contains(t, logs, "password_wo", "the TRACE log shows the write-only argument's name, so it proves something")
	acctest.Lacks(t, "TRACE log", logs, three, four)
	acctest.Lacks(t, "state", run.MustRun(ctx, nil, "show", "-json"), three, four)
	run.MustRun(ctx, []string{"TF_VAR_password=" + four}, "destroy", "-auto-approve", "-input=false", "-no-color")
}

func TestAccUser_passwordOrPasswordWO(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformWriteOnly, "write-only arguments")
	t.Parallel()
	for name, tc := range map[string]struct{ body, want string }{
		"both":         {`password = "long-enough"` + "\n" + `password_wo = "long-enough"` + "\n" + `password_wo_version = 1`, `These attributes cannot be configured together: [password,password_wo]`},
		"neither":      {``, `Exactly one of these attributes must be configured: [password,password_wo]`},
		"no version":   {`password_wo = "long-enough"`, `These attributes must be configured together: [password_wo,password_wo_version]`},
		"version only": {`password = "long-enough"` + "\n" + `password_wo_version = 1`, `These attributes must be configured together: [password_wo,password_wo_version]`},
		"short wo":     {`password_wo = "short"` + "\n" + `password_wo_version = 1`, `string length must be at least 8`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      fmt.Sprintf("resource \"orch_user\" \"u\" {\n name = \"wo-check\"\n%s\n}", tc.body),
					PlanOnly:    true,
					ExpectError: acctest.ErrorMatching(tc.want),
				}},
			})
		})
	}
}
