package hub

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	"github.com/iacsuite/providers/internal/framework/validate"
)

// NewAccessOfferResource is the orch_hub_access_offer resource
// (upstream's juju_jaas_access_offer): who reads (reader), integrates with
// (consumer) or administers (administrator) an offer of a model of the
// hub. The hub enforces the level on every request to the offer and on
// every integration with it.
func NewAccessOfferResource[P any, D ProviderData[P]]() resource.Resource {
	return &hubAccessResource[P, D]{
		resourceBase: named[P, D]("hub_access_offer"),
		what:         "an offer",
		targetAttr:   "offer_url",
		targetDescription: "URL of the offer (`orch_offer.<name>.url`), `<owner>/<model>.<offer>`, of a model the hub " +
			"placed (the owner of a service account's models is `<client-id>@serviceaccount`). A `reader` reads the " +
			"offer, a `consumer` also integrates a model it may write with it, an `administrator` also removes it.",
		targetValidator: validate.StringFunc("must be an offer URL <owner>/<model>.<offer>", func(s string) error {
			if hubapi.CheckOfferURL(s) != nil {
				return fmt.Errorf("must be an offer URL <owner>/<model>.<offer> without a controller prefix, such as ci@serviceaccount/dev.db")
			}
			return nil
		}),
		target:        hubapi.OfferTarget,
		levels:        hubapi.Relations["applicationoffer"],
		subjects:      []string{"users", "groups", "idp_groups", "roles", "service_accounts"},
		importShape:   "<offer_url>:<access_level>",
		importExample: "ci@serviceaccount/dev.db:consumer",
		hubsOwn: "The administrators of the offer's model hold `administrator` on it without a grant: they " +
			"are not among the holders the resource shows. ",
	}
}
