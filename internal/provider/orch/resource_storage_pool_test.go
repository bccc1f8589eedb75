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
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

func storagePoolConfig(modelUUID, name, provider, attrs string) string {
	a := ""
	if attrs != "" {
		a = "attributes = " + attrs
	}
	return fmt.Sprintf(`
resource "orch_storage_pool" "test" {
  model_uuid       = %q
  name             = %q
  storage_provider = %q
  %s
}
`, modelUUID, name, provider, a)
}

func poolAttrs(modelUUID, name string, want map[string]string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		p, err := orchAPI.StoragePool(context.Background(), modelUUID, name)
		if err != nil {
			return err
		}
		if fmt.Sprint(p.Attributes) != fmt.Sprint(want) {
			return fmt.Errorf("attributes of %s: got %v, want %v", name, p.Attributes, want)
		}
		return nil
	}
}

func TestAccStoragePool_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	addr := "orch_storage_pool.test"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		CheckDestroy: func(*terraform.State) error {
			if _, err := orchAPI.StoragePool(context.Background(), model.UUID, "fast-2"); !client.IsNotFound(err) {
				return fmt.Errorf("pool still exists: %v", err)
			}
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config: storagePoolConfig(model.UUID, "fast", "lxd", `{ "zfs.pool_name" = "fast" }`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringExact(model.UUID+":fast")),
				},
				Check: poolAttrs(model.UUID, "fast", map[string]string{"zfs.pool_name": "fast"}),
			},
			{ResourceName: addr, ImportState: true, ImportStateVerify: true, ImportStateId: model.UUID + ":fast"},
			{
				// Attributes change in place.
				Config: storagePoolConfig(model.UUID, "fast", "lxd", ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				Check: poolAttrs(model.UUID, "fast", map[string]string{}),
			},
			{
				// The provider type and the name replace it.
				Config: storagePoolConfig(model.UUID, "fast-2", "tmpfs", ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionReplace),
				}},
			},
			{
				Config:      storagePoolConfig(model.UUID, "fast-2", "ebs", ""),
				ExpectError: regexp.MustCompile(`(?s)"ebs" is not a storage provider of iaas models`),
			},
		},
	})
}

func TestAccStoragePool_validation(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	const uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: storagePoolConfig(uuid, "1bad", "loop", ""), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)name.*must start with a letter`)},
			{Config: storagePoolConfig("nope", "ok", "loop", ""), PlanOnly: true, ExpectError: regexp.MustCompile(`Invalid UUID`)},
			{Config: storagePoolConfig(uuid, "ok", "", ""), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)storage_provider.*at least 1`)},
		},
	})
}
