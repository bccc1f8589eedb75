package orch

import "fmt"

// Limits of what one request and one model hold (docs/api/orch.md,
// "Limits"), so that one user's request cannot make the controller slow for
// everyone: the controller refuses more with 400 bad-request naming the
// field and the limit, and the provider checks MaxUnitsPerRequest at plan.
// They are far above what deployments of the provider and upstream's
// examples use (a few units per application, tens of machines per model).
const (
	// MaxUnitsPerRequest bounds an application request's units: the value
	// of units, and the number of machines it places units on. Both give
	// the application's whole scale, so that an application has at most
	// this many units of its own.
	MaxUnitsPerRequest = 100
	// MaxModelUnits bounds the units a model holds, those of subordinate
	// applications included.
	MaxModelUnits = 1000
	// MaxModelMachines bounds the machines a model holds, containers and
	// the machines made for units included, until they are gone.
	MaxModelMachines = 1000
	// MaxControllerCount is the most controller machines enable-ha makes
	// a controller run, as upstream's controller.MaxPeers.
	MaxControllerCount = 7
)

// CheckUnits is the rule on an application's units of a request: from 0 to
// MaxUnitsPerRequest.
func CheckUnits(n int64) error {
	if n < 0 || n > MaxUnitsPerRequest {
		return fmt.Errorf("%d units: the number must be from 0 to %d (the most units one request gives an application)", n, MaxUnitsPerRequest)
	}
	return nil
}
