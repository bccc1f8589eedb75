package hub

import (
	"errors"
	"fmt"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	"github.com/iacsuite/providers/internal/framework/validate"
	"github.com/iacsuite/providers/internal/provider/orch/shared"
)

// What the hub's resources and data sources share: the hub-mode check,
// and the validators of the names they take.

// requireHub reports whether the provider is in hub mode; when it is
// configured in direct mode, it adds an error naming what needs hub mode.
func requireHub(pd Data, what string, diags *diag.Diagnostics) bool {
	if pd == nil || pd.HubClient() != nil {
		return true
	}
	diags.AddError(what+" needs hub mode",
		fmt.Sprintf("%s manages the hub, so the provider must connect to a hub in hub mode: set client_id and "+
			"client_secret (or %s and %s) and point controller_addresses at the hub. The provider is connected "+
			"directly to a controller with username and password.", what, shared.EnvClientID, shared.EnvClientSecret))
	return false
}

// hubList is the Objects of a list resource of the hub: what list streams
// from the hub's client in hub mode. In direct mode there is no hub to
// list, and the listing ends at once with requireHub's error (a list block
// has no plan at which to refuse it sooner).
func hubList[T any](pd Data, typeName string, list func(*hubclient.Client) iter.Seq2[T, error]) iter.Seq2[T, error] {
	if hub := pd.HubClient(); hub != nil {
		return list(hub)
	}
	return func(yield func(T, error) bool) {
		var diags diag.Diagnostics
		requireHub(pd, typeName, &diags)
		var zero T
		yield(zero, errors.New(diags[0].Summary()+": "+diags[0].Detail()))
	}
}

// hubModePlan refuses, at plan time, a hub resource in direct mode.
func hubModePlan(pd Data, typeName string, resp *resource.ModifyPlanResponse) {
	requireHub(pd, typeName, &resp.Diagnostics)
}

// deleteFailed reports a failed delete as the provider's
// skip_failed_deletion says (shared.DeleteFailed).
func deleteFailed(pd Data, what string, err error, diags *diag.Diagnostics) {
	shared.DeleteFailed(pd.SkipFailedDeletion(), what, err, diags)
}

// privateImported marks a state that ImportState just made, so that the
// Read after it tells an import (nobody holds the access: no object) from
// a refresh. The key is the one the orch package's resources use.
const privateImported = "imported"

var (
	// The wording is upstream's, which users search for.
	hubNameValidator = validate.StringFunc("must start with a letter, end with a letter or number, and contain only "+
		"letters, numbers, periods, underscores, and hyphens (at most 64 characters)", func(s string) error {
		if err := hubapi.CheckGroupName(s); err != nil {
			return fmt.Errorf("must start with a letter, end with a letter or number, and contain only letters, numbers, periods, underscores, and hyphens (at most 64 characters)")
		}
		return nil
	})
	hubUserValidator = validate.StringFunc("must be a user name or an e-mail address", func(s string) error {
		if hubapi.CheckUser(s) != nil {
			return fmt.Errorf("must be a user name or an e-mail address, such as alice or alice@example.com")
		}
		return nil
	})
	hubIdPGroupValidator = validate.StringFunc("must be a group name of the identity provider, without white space", func(s string) error {
		if hubapi.CheckIdPGroup(s) != nil {
			return fmt.Errorf("must be a group name of the identity provider: 1 to 255 characters without white space (the identity provider decides the rest)")
		}
		return nil
	})
	hubServiceAccountValidator = validate.StringFunc("must be a service account's client ID (no @)", func(s string) error {
		if hubapi.CheckServiceAccount(s) != nil {
			return fmt.Errorf("must be a service account's client ID: letters, digits, periods, underscores and hyphens, without @ (the hub adds @serviceaccount)")
		}
		return nil
	})
	hubUUIDValidator validator.String = shared.UUIDValidator
)
