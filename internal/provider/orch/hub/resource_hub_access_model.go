package hub

import (
	"github.com/hashicorp/terraform-plugin-framework/resource"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
)

// NewAccessModelResource is the orch_hub_access_model resource
// (upstream's juju_jaas_access_model): who reads (reader), changes what is
// in (writer) or administers (administrator) a model of the hub. The hub
// enforces the level on every request to the model.
func NewAccessModelResource[P any, D ProviderData[P]]() resource.Resource {
	return &hubAccessResource[P, D]{
		resourceBase: named[P, D]("hub_access_model"),
		what:         "a model",
		targetAttr:   "model_uuid",
		targetDescription: "UUID of the model (`orch_model.<name>.uuid`), one the hub placed. A `reader` reads the model " +
			"and everything in it, a `writer` also changes what is in it (applications, machines, integrations, " +
			"secrets), an `administrator` also changes or removes the model itself and manages its access, SSH keys, " +
			"storage pools and offers.",
		targetValidator: hubUUIDValidator,
		target:          hubapi.ModelTarget,
		levels:          hubapi.Relations["model"],
		subjects:        []string{"users", "groups", "idp_groups", "roles", "service_accounts"},
		importShape:     "<model_uuid>:<access_level>",
		importExample:   "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e:writer",
		hubsOwn: "The model's owner holds `administrator` without a grant: it is not one of the holders " +
			"the resource shows. ",
	}
}
