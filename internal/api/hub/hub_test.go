package hub

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const id = "6f1c5c6e-3a7e-4b53-9d62-7c1a8f0e2b11"

func TestObjects(t *testing.T) {
	for in, want := range map[string]Object{
		"user-alice":                 {"user", "alice"},
		"user-alice@example.com":     {"user", "alice@example.com"},
		"serviceaccount-ci-robot":    {"serviceaccount", "ci-robot"},
		GroupObject(id):              {"group", id},
		RoleObject(id):               {"role", id},
		ServiceAccountObject("ci.1"): {"serviceaccount", "ci.1"},
	} {
		got, err := ParseObject(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, bad := range []string{"", "alice", "user-", "user-not valid", "serviceaccount-ci@serviceaccount",
		"group-" + id, "group-devs#member", "role-" + id + "#member", "cloud-aws"} {
		_, err := ParseObject(bad)
		assert.Error(t, err, bad)
	}
}

func TestTargetsAndRelations(t *testing.T) {
	for in, want := range map[string]Target{
		HubTarget:                               {"controller", "hub"},
		CloudTarget("aws"):                      {"cloud", "aws"},
		GroupTarget(id):                         {"group", id},
		RoleTarget(id):                          {"role", id},
		ModelTarget(id):                         {"model", id},
		OfferTarget("ci@serviceaccount/dev.db"): {"applicationoffer", "ci@serviceaccount/dev.db"},
		OfferTarget("admin/prod.mysql"):         {"applicationoffer", "admin/prod.mysql"},
	} {
		got, err := ParseTarget(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, bad := range []string{"", "controller-other", "cloud-", "cloud-not valid", "group-devs", "model-dev",
		"applicationoffer-dev.db", "applicationoffer-admin/prod", "applicationoffer-east:admin/prod.db", "applicationoffer-a b/prod.db"} {
		_, err := ParseTarget(bad)
		assert.Error(t, err, bad)
	}
	assert.NoError(t, CheckRelation(Target{"cloud", "aws"}, AccessCanAddModel))
	assert.NoError(t, CheckRelation(Target{"controller", "hub"}, AccessAdministrator))
	assert.ErrorContains(t, CheckRelation(Target{"controller", "hub"}, AccessCanAddModel), "use one of administrator")
	assert.Error(t, CheckRelation(Target{"role", id}, AccessMember))
	assert.NoError(t, CheckRelation(Target{"model", id}, AccessWriter))
	assert.Error(t, CheckRelation(Target{"model", id}, AccessConsumer))
	assert.NoError(t, CheckRelation(Target{"applicationoffer", "a/b.c"}, AccessConsumer))
	assert.Error(t, CheckRelation(Target{"applicationoffer", "a/b.c"}, AccessWriter))
	// Each level includes the weaker ones of its target.
	assert.ElementsMatch(t, []string{AccessReader, AccessWriter, AccessConsumer, AccessAdministrator}, Includes(AccessReader))
	assert.ElementsMatch(t, []string{AccessWriter, AccessAdministrator}, Includes(AccessWriter))
	assert.ElementsMatch(t, []string{AccessAdministrator}, Includes(AccessAdministrator))
}

func TestNames(t *testing.T) {
	assert.NoError(t, CheckGroupName("devops-team"))
	assert.Error(t, CheckGroupName("_devs"))
	assert.Error(t, CheckGroupName("devs-"))
	assert.NoError(t, CheckUser("bob@example.com"))
	assert.Error(t, CheckUser("bob smith"))
	assert.NoError(t, CheckServiceAccount("ci-robot"))
	assert.Error(t, CheckServiceAccount("ci@serviceaccount"))
}
