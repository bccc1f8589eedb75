package reliability

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// R6, orch grants (issue 26): access given with orch_access_model is a real
// permission, checked both ways. The owner (admin) gives a second user read
// access to a model with Terraform; that user then finds the model but
// cannot deploy into it, a third user (orchUser, no grant) finds nothing,
// and once the owner destroys the grant the second user finds nothing
// either.

const orchGrantee, orchGranteePassword = "r6-bob", "r6-bob-password"

const orchGrantsOwner = `
resource "orch_model" "shared" {
  name = "r6-shared"
}

resource "orch_user" "bob" {
  name     = "r6-bob"
  password = "r6-bob-password"
}

resource "orch_access_model" "bob_reads" {
  model_uuid = orch_model.shared.uuid
  access     = "read"
  users      = [orch_user.bob.name]
}
`

// orchGrantsOwnerRevoked is orchGrantsOwner without the grant.
const orchGrantsOwnerRevoked = `
resource "orch_model" "shared" {
  name = "r6-shared"
}

resource "orch_user" "bob" {
  name     = "r6-bob"
  password = "r6-bob-password"
}
`

func (s *services) checkOrchGrants(t *testing.T) int {
	ctx := context.Background()
	owner := s.workdir(t, map[string]string{"main.tf": orchGrantsOwner})
	res := s.terraform(ctx, owner, nil, "apply", "-auto-approve", "-input=false", "-no-color")
	require.NoError(t, res.err, "apply as admin:\n%s", outputTail(res.out))
	t.Cleanup(func() {
		res := s.terraform(ctx, owner, nil, "destroy", "-auto-approve", "-input=false", "-no-color")
		if res.err != nil {
			t.Errorf("destroy as admin:\n%s", outputTail(res.out))
		}
	})
	model := s.stateIDs(t, owner)["orch_model.shared"]
	require.NotEmpty(t, model)
	bob := []string{"ORCH_USERNAME=" + orchGrantee, "ORCH_PASSWORD=" + orchGranteePassword}
	alice := []string{"ORCH_USERNAME=" + orchUser, "ORCH_PASSWORD=" + orchUserPassword}
	lookup := fmt.Sprintf(`
data "orch_model" "shared" {
  uuid = %q
}
`, model)
	deploy := fmt.Sprintf(`
resource "orch_application" "bobs" {
  model_uuid = %q
  name       = "r6-bobs"
  charm {
    name = "ubuntu"
  }
}
`, model)
	checked := 0
	// run applies config as env and requires success (want nil) or an
	// error matching want.
	run := func(what string, env []string, config string, want *regexp.Regexp) {
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
	}
	notFound := regexp.MustCompile(`(?s)not found`)
	run("the grantee reads the model", bob, lookup, nil)
	run("the grantee deploys into a model it may only read", bob, deploy, regexp.MustCompile(`(?s)has read access to model.*needs\s+write access`))
	run("another user reads the model", alice, lookup, notFound)
	run("another user deploys into the model", alice, deploy, notFound)

	// The grant destroyed, the grantee has nothing.
	require.NoError(t, os.WriteFile(filepath.Join(owner, "main.tf"), []byte(orchGrantsOwnerRevoked), 0o644))
	res = s.terraform(ctx, owner, nil, "apply", "-auto-approve", "-input=false", "-no-color")
	require.NoError(t, res.err, "revoke as admin:\n%s", outputTail(res.out))
	run("the former grantee reads the model", bob, lookup, notFound)
	return checked
}
