package orch

// Upstream's wording of a few refusals, which users search for: the
// provider and the services say it first and their own detail after it
// (issue 39).
const (
	// UnknownControllerConfig starts the refusal of a controller
	// configuration key the controller does not know (at plan and by the
	// controller).
	UnknownControllerConfig = "failed to update controller config: unknown controller config"
	// BaseForm is the rule of a charm's base, <os>@<channel>.
	BaseForm = "must be in the form os@channel"
	// ParentCloudRequiredInHub starts the refusal of a cluster cloud added
	// through the hub without a parent cloud. Upstream calls its hub JAAS;
	// the phrase is kept whole so that a search for it finds ours, and the
	// message names our hub right after it.
	ParentCloudRequiredInHub = "Field `parent_cloud_name` must be specified when applying to a JAAS"
	// OfferStillConnected is why an offer whose consumers outlive the
	// delete timeout is not removed.
	OfferStillConnected = "still has connection(s) after timeout"
)
