package netfab

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/workflowtest"
)

func lockAction(name, uid string, locked bool) string {
	return fmt.Sprintf(`
action "netfab_product_lock" %q {
  config {
    product_uid = %s
    locked      = %t
  }
}
`, name, uid, locked)
}

func isLocked(t *testing.T, uid string) bool {
	t.Helper()
	p, err := api.Product(context.Background(), uid)
	require.NoError(t, err)
	return p.Locked
}

// TestAccProductLock_trigger: a port locked after its creation refuses a
// change through Terraform with the service's message; an unlock from
// another trigger lets the change, and the destroy, through.
func TestAccProductLock_trigger(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformActions, "actions")
	t.Parallel()
	loc := locationWith(t, offersPort(1000))
	name := uniqueName(t, "port")
	locked := lockAction("lock", "netfab_port.test.product_uid", true)
	trigger := `
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.netfab_product_lock.lock]
    }
  }`
	unlock := lockAction("unlock", "netfab_port.test.product_uid", false) + `
resource "terraform_data" "unlock" {
  input = netfab_port.test.product_uid
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.netfab_product_lock.unlock]
    }
  }
}
`
	var uid string
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_port"),
		Steps: []resource.TestStep{
			{
				Config: portConfig(loc, name, 1000, trigger) + locked,
				Check: func(s *terraform.State) error {
					uid = s.RootModule().Resources["netfab_port.test"].Primary.Attributes["product_uid"]
					assert.True(t, isLocked(t, uid), "locked after create")
					return nil
				},
			},
			{
				Config:      portConfig(loc, name+"-renamed", 1000, trigger) + locked,
				ExpectError: acctest.ErrorMatching("is locked against changes; unlock it first"),
			},
			{
				Config: portConfig(loc, name, 1000, trigger) + locked + unlock,
				Check: func(*terraform.State) error {
					assert.False(t, isLocked(t, uid), "unlocked")
					return nil
				},
			},
			{
				Config: portConfig(loc, name+"-renamed", 1000, trigger) + locked + unlock,
				Check:  resource.TestCheckResourceAttr("netfab_port.test", "product_name", name+"-renamed"),
			},
		},
	})
}

// TestAccProductLock_invoke: `terraform apply -invoke` locks and unlocks a
// port ordered outside Terraform; an unknown or cancelled product is
// refused at plan.
func TestAccProductLock_invoke(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformActions, "actions")
	t.Parallel()
	loc := locationWith(t, offersPort(1000))
	order := func(name string) string {
		ps, err := api.Order(context.Background(), "order-"+name, netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort,
			ProductName: name, LocationID: loc, PortSpeed: 1000, ContractTermMonths: 1})
		require.NoError(t, err)
		return ps[0].ProductUID
	}
	uid, gone := order(uniqueName(t, "a")), order(uniqueName(t, "b"))
	require.NoError(t, api.CancelProduct(context.Background(), gone))
	t.Cleanup(func() {
		_, _ = api.LockProduct(context.Background(), uid, false)
		_ = api.CancelProduct(context.Background(), uid)
	})
	w := workflowtest.NewWorkdir(t, workflowtest.Provider{Name: "netfab", New: New("test"), Config: providerConfig()},
		lockAction("lock", fmt.Sprintf("%q", uid), true)+lockAction("unlock", fmt.Sprintf("%q", uid), false)+
			lockAction("gone", fmt.Sprintf("%q", gone), true)+lockAction("absent", `"1b5c9f6e-0000-4000-8000-000000000000"`, true))

	costCentre := "X"
	r := w.MustRun("apply", "-auto-approve", "-no-color", "-invoke=action.netfab_product_lock.lock")
	assert.Contains(t, r.Stdout, "is locked against changes.")
	assert.True(t, isLocked(t, uid))
	_, err := api.UpdateProduct(context.Background(), uid, netfabapi.ProductUpdate{CostCentre: &costCentre})
	require.ErrorContains(t, err, "is locked against changes")

	w.MustRun("apply", "-auto-approve", "-no-color", "-invoke=action.netfab_product_lock.unlock")
	assert.False(t, isLocked(t, uid))

	r = w.Run("apply", "-auto-approve", "-no-color", "-invoke=action.netfab_product_lock.gone")
	require.Equal(t, 1, r.ExitCode, "%s", r)
	assert.Regexp(t, acctest.ErrorMatching("names a product that was cancelled"), r.Stderr)
	r = w.Run("apply", "-auto-approve", "-no-color", "-invoke=action.netfab_product_lock.absent")
	require.Equal(t, 1, r.ExitCode, "%s", r)
	assert.Regexp(t, acctest.ErrorMatching("names no product of this account"), r.Stderr)
}
