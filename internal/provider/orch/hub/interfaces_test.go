package hub

import (
	"github.com/hashicorp/terraform-plugin-framework/resource"

	hubclient "github.com/iacsuite/providers/internal/client/hub"
	client "github.com/iacsuite/providers/internal/client/orch"
)

// someData stands for the orch provider's data type, which this package
// cannot name, in the compile-time checks below.
type someData struct{}

func (*someData) HubClient() *hubclient.Client { return nil }
func (*someData) OrchClient() *client.Client   { return nil }
func (*someData) SkipFailedDeletion() bool     { return false }

// The optional interfaces each resource implements: the framework finds
// them only by type assertion, so a signature that drifts would silently
// drop the behaviour.
var (
	_ resource.ResourceWithImportState      = (*hubGroupResource[someData, *someData])(nil)
	_ resource.ResourceWithModifyPlan       = (*hubGroupResource[someData, *someData])(nil)
	_ resource.ResourceWithImportState      = (*hubAccessResource[someData, *someData])(nil)
	_ resource.ResourceWithModifyPlan       = (*hubAccessResource[someData, *someData])(nil)
	_ resource.ResourceWithConfigValidators = (*hubAccessResource[someData, *someData])(nil)
	_ resource.ResourceWithImportState      = (*hubControllerResource[someData, *someData])(nil)
	_ resource.ResourceWithModifyPlan       = (*hubControllerResource[someData, *someData])(nil)
	_ resource.ResourceWithConfigValidators = (*hubControllerResource[someData, *someData])(nil)
)
