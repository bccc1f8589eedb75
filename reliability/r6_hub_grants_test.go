package reliability

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
)

// R6, hub grants (issue 26): access given with orch_hub_access_model and
// orch_hub_access_offer is a real permission of the hub, checked both ways.
// The hub's administrator makes a model with an offered application and
// grants a service account reader on the model and on the offer with
// Terraform; that account then reads both but cannot deploy into the model;
// another service account finds neither; as writer the grantee deploys; once
// the grants are destroyed the grantee finds nothing. It runs after the hub
// models case, which registers the suite's controller in the hub.

// hubGrantsOwner is the administrator's configuration; %[1]s is the model's
// access level, %[2]s the grants (empty once revoked).
const hubGrantsOwner = `
resource "orch_model" "shared" {
  name = "r6-hub-shared"
  cloud {
    name = "localhost"
  }
}

resource "orch_application" "db" {
  model_uuid = orch_model.shared.uuid
  name       = "db"
  charm {
    name = "mysql"
  }
}

resource "orch_offer" "db" {
  model_uuid       = orch_model.shared.uuid
  application_name = orch_application.db.name
  endpoints        = ["mysql"]
}
%[1]s`

const hubGrants = `
resource "orch_hub_access_model" "grantee" {
  model_uuid       = orch_model.shared.uuid
  access           = %[1]q
  service_accounts = [%[2]q]
}

resource "orch_hub_access_offer" "grantee" {
  offer_url        = orch_offer.db.url
  access           = "reader"
  service_accounts = [%[2]q]
}
`

func (s *services) checkHubGrants(t *testing.T) int {
	ctx := context.Background()
	const granteeID, granteeSecret = "r6-hub-grantee", "r6-hub-grantee-client-secret-4c1d"
	const otherID, otherSecret = "r6-hub-stranger", "r6-hub-stranger-client-secret-9a7e"
	createServiceAccount(t, s.hub, granteeID, granteeSecret, false)
	createServiceAccount(t, s.hub, otherID, otherSecret, false)
	admin := s.hub.env(hubapi.DefaultAdminClientID, hubAdminSecret)
	grantee, other := s.hub.env(granteeID, granteeSecret), s.hub.env(otherID, otherSecret)

	ownerConfig := func(level string) string {
		grants := ""
		if level != "" {
			grants = fmt.Sprintf(hubGrants, level, granteeID)
		}
		return fmt.Sprintf(hubGrantsOwner, grants)
	}
	owner := s.workdir(t, map[string]string{"main.tf": ownerConfig("reader")})
	apply := func(level string) {
		t.Helper()
		require.NoError(t, os.WriteFile(filepath.Join(owner, "main.tf"), []byte(ownerConfig(level)), 0o644))
		res := s.terraform(ctx, owner, admin, "apply", "-auto-approve", "-input=false", "-no-color")
		require.NoError(t, res.err, "apply as the hub's administrator (%q):\n%s", level, outputTail(res.out))
	}
	apply("reader")
	t.Cleanup(func() {
		res := s.terraform(ctx, owner, admin, "destroy", "-auto-approve", "-input=false", "-no-color")
		if res.err != nil {
			t.Errorf("destroy as the hub's administrator:\n%s", outputTail(res.out))
		}
	})
	ids := s.stateIDs(t, owner)
	model, offer := ids["orch_model.shared"], ids["orch_offer.db"]
	require.NotEmpty(t, model)
	require.NotEmpty(t, offer)
	lookup := fmt.Sprintf(`
data "orch_model" "shared" {
  uuid = %q
}
`, model)
	lookupOffer := fmt.Sprintf(`
data "orch_offer" "db" {
  url = %q
}
`, offer)
	deploy := fmt.Sprintf(`
resource "orch_application" "grantees" {
  model_uuid = %q
  name       = "r6-grantees"
  charm {
    name = "ubuntu"
  }
}
`, model)
	checked := 0
	// run applies config as env and requires success (want nil) or an
	// error matching want; keep leaves what it made for the caller to
	// destroy.
	run := func(what string, env []string, config string, want *regexp.Regexp) string {
		t.Helper()
		dir := s.workdir(t, map[string]string{"main.tf": config})
		res := s.terraform(ctx, dir, env, "apply", "-auto-approve", "-input=false", "-no-color")
		if want == nil {
			require.NoError(t, res.err, "%s:\n%s", what, outputTail(res.out))
		} else {
			require.Error(t, res.err, "%s must be refused", what)
			require.Regexp(t, want, res.out, "%s", what)
		}
		checked++
		return dir
	}
	notFound := regexp.MustCompile(`(?s)not\s+found`)
	run("the reader reads the model", grantee, lookup, nil)
	run("the reader reads the offer", grantee, lookupOffer, nil)
	run("the reader deploys into the model", grantee, deploy, regexp.MustCompile(`(?s)has\s+reader\s+access\s+to\s+the\s+model.*needs\s+writer\s+access`))
	run("another service account reads the model", other, lookup, notFound)
	run("another service account reads the offer", other, lookupOffer, notFound)
	run("another service account deploys into the model", other, deploy, notFound)

	// Writer: the grantee deploys, and removes what it deployed.
	apply("writer")
	dir := run("the writer deploys into the model", grantee, deploy, nil)
	res := s.terraform(ctx, dir, grantee, "destroy", "-auto-approve", "-input=false", "-no-color")
	require.NoError(t, res.err, "the writer removes its application:\n%s", outputTail(res.out))
	run("another service account deploys into the model", other, deploy, notFound)

	// The grants destroyed, the grantee has nothing.
	apply("")
	run("the former grantee reads the model", grantee, lookup, notFound)
	run("the former grantee reads the offer", grantee, lookupOffer, notFound)
	return checked
}
