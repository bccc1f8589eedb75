package hub

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	"github.com/iacsuite/providers/internal/framework/validate"
)

// NewAccessCloudResource is the orch_hub_access_cloud resource: who may
// add models on (can_addmodel) or administer (administrator) a cloud of
// the hub's controllers.
func NewAccessCloudResource[P any, D ProviderData[P]]() resource.Resource {
	return &hubAccessResource[P, D]{
		resourceBase:      named[P, D]("hub_access_cloud"),
		what:              "a cloud",
		targetAttr:        "cloud_name",
		targetDescription: "Name of the cloud, as the controllers registered in the hub name it.",
		targetValidator: validate.StringFunc("must be a cloud name", func(s string) error {
			if len(s) > 64 || !hubapi.CloudNameRE.MatchString(s) {
				return fmt.Errorf("must be a cloud name: letters, digits, periods, underscores and hyphens, starting with a letter or digit")
			}
			return nil
		}),
		target:        hubapi.CloudTarget,
		levels:        hubapi.Relations["cloud"],
		subjects:      []string{"users", "groups", "idp_groups", "roles", "service_accounts"},
		importShape:   "<cloud_name>:<access_level>",
		importExample: "localhost:can_addmodel",
		hubsOwn: "The hub makes grants of its own here, which a configuration that leaves them out plans to " +
			"revoke, as upstream's resource does: `everyone@external` (every caller) may add models on the clouds " +
			"the hub opens to everyone (on the sandbox's hub, `localhost`), and the identity that adds a cluster " +
			"cloud through the hub holds `administrator` on it. List them. ",
	}
}
