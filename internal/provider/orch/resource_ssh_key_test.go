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

	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// Public keys of the tests; testKeyMD5 is the MD5 fingerprint of testKey
// (ssh-keygen -l -E md5).
const (
	testKey    = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIM1yCaS3wPUrzKUUNDHOUJXKxOuwGoIKU9XAoAWhNvNY alice@example"
	testKeyMD5 = "f7:d6:fb:2a:16:99:8f:3c:bd:58:d7:0b:1e:24:d5:42"
	otherKey   = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJt9xTU2o6UwWVJqLtQYKovEmWCRinh5wjJJxLcmpdHE bob@example"
)

func sshKeyConfig(modelUUID, payload string) string {
	return fmt.Sprintf(`
resource "orch_ssh_key" "test" {
  model_uuid = %q
  payload    = %q
}
`, modelUUID, payload)
}

// keysOf checks the keys the controller has in a model.
func keysOf(modelUUID string, want ...string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		keys, err := orchAPI.SSHKeys(context.Background(), modelUUID)
		if err != nil {
			return err
		}
		var got []string
		for _, k := range keys {
			got = append(got, k.Key)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			return fmt.Errorf("keys of the model: got %q, want %q", got, want)
		}
		return nil
	}
}

func TestAccSSHKey_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	addr := "orch_ssh_key.test"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		CheckDestroy:             keysOf(model.UUID),
		Steps: []resource.TestStep{
			{
				Config: sshKeyConfig(model.UUID, testKey),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringExact("sshkey:"+model.UUID+":"+testKeyMD5)),
				},
				Check: keysOf(model.UUID, testKey),
			},
			{
				ResourceName:      addr,
				ImportState:       true,
				ImportStateVerify: true,
				ImportStateId:     "sshkey:" + model.UUID + ":" + testKeyMD5,
			},
			{
				// The same key with another comment and a trailing newline
				// (as file() reads it) is the same key: changed in place.
				Config: sshKeyConfig(model.UUID, testKey[:len(testKey)-len("alice@example")]+"alice@laptop\n"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				Check: keysOf(model.UUID, testKey),
			},
			{
				// Another key replaces it.
				Config: sshKeyConfig(model.UUID, otherKey),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionReplace),
				}},
				Check: keysOf(model.UUID, otherKey),
			},
			{
				// A key is unique per model.
				Config: sshKeyConfig(model.UUID, otherKey) + fmt.Sprintf(`
resource "orch_ssh_key" "again" {
  model_uuid = %q
  payload    = %q
}
`, model.UUID, otherKey[:len(otherKey)-len("bob@example")]+"bob@elsewhere"),
				ExpectError: regexp.MustCompile(`(?s)Could not add the SSH key.*already has the key`),
			},
		},
	})
}

func TestAccSSHKey_validation(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	const uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: sshKeyConfig(uuid, "ssh-ed25519 not-a-key"), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Malformed SSH Key.*payload.*authorized_keys`)},
			{Config: sshKeyConfig(uuid, `command="ls" `+testKey), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Malformed SSH Key.*without options`)},
			{Config: sshKeyConfig(uuid, testKey+"\n"+otherKey), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Malformed SSH Key.*one line`)},
			{Config: sshKeyConfig("nope", testKey), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Invalid UUID`)},
		},
	})
}
