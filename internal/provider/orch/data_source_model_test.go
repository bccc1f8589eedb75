package orch

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// Every data source read against the seeded controller (the charm store and
// the built-in storage pools) and objects made for the test.

func TestAccDataSourceModelMachineApplicationSecretOfferPool(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	ctx := context.Background()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	mach, err := orchAPI.AddMachine(ctx, model.UUID, api.CreateMachineRequest{})
	require.NoError(t, err)
	_, err = orchAPI.Deploy(ctx, model.UUID, api.ApplicationSpec{Name: "mysql", Charm: api.CharmRef{Name: "mysql"}, Machines: []string{mach.ID}})
	require.NoError(t, err)
	offer, err := orchAPI.Offer(ctx, model.UUID, api.CreateOfferRequest{ApplicationName: "mysql", Endpoints: []string{"mysql"}})
	require.NoError(t, err)
	secret, err := orchAPI.AddSecret(ctx, model.UUID, api.CreateSecretRequest{Name: "token", Value: map[string]string{"token": "abc"}})
	require.NoError(t, err)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: fmt.Sprintf(`
data "orch_model" "by_uuid" {
  uuid = %[1]q
}
data "orch_model" "by_name" {
  name  = %[2]q
  owner = "admin"
}
data "orch_machine" "m" {
  model_uuid = %[1]q
  machine_id = %[3]q
}
data "orch_application" "a" {
  model_uuid = %[1]q
  name       = "mysql"
}
data "orch_offer" "o" {
  url = %[4]q
}
data "orch_secret" "s" {
  model_uuid = %[1]q
  name       = "token"
}
data "orch_storage_pool" "p" {
  model_uuid = %[1]q
  name       = "rootfs"
}
`, model.UUID, model.Name, mach.ID, offer.URL),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.orch_model.by_uuid", tfjsonpath.New("name"), knownvalue.StringExact(model.Name)),
				statecheck.ExpectKnownValue("data.orch_model.by_uuid", tfjsonpath.New("owner"), knownvalue.StringExact("admin")),
				statecheck.ExpectKnownValue("data.orch_model.by_name", tfjsonpath.New("uuid"), knownvalue.StringExact(model.UUID)),
				statecheck.ExpectKnownValue("data.orch_machine.m", tfjsonpath.New("id"), knownvalue.StringExact(model.UUID+":"+mach.ID)),
				statecheck.ExpectKnownValue("data.orch_application.a", tfjsonpath.New("machines"),
					knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact(mach.ID)})),
				statecheck.ExpectKnownValue("data.orch_offer.o", tfjsonpath.New("application_name"), knownvalue.StringExact("mysql")),
				statecheck.ExpectKnownValue("data.orch_offer.o", tfjsonpath.New("endpoints"),
					knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("mysql")})),
				statecheck.ExpectKnownValue("data.orch_secret.s", tfjsonpath.New("secret_id"), knownvalue.StringExact(secret.ID)),
				// Upstream's outputs: the model's type, the application's
				// unit numbers, the secret's URI.
				statecheck.ExpectKnownValue("data.orch_model.by_uuid", tfjsonpath.New("type"), knownvalue.StringExact("iaas")),
				statecheck.ExpectKnownValue("data.orch_application.a", tfjsonpath.New("unit_numbers"),
					knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact("0")})),
				statecheck.ExpectKnownValue("data.orch_secret.s", tfjsonpath.New("secret_uri"), knownvalue.StringExact("secret:"+secret.ID)),
				statecheck.ExpectKnownValue("data.orch_storage_pool.p", tfjsonpath.New("id"), knownvalue.StringExact(model.UUID+":rootfs")),
			},
		}},
	})
}

// nameOwnerPhrase is upstream's refusal of a lookup by name without an owner,
// as a pattern that survives terraform's line wrapping.
var nameOwnerPhrase = strings.Join(strings.Fields("When looking up a model by name, both the name and owner attributes must be set."), `\s+`)

func TestAccDataSourceModel_badInput(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	for name, tc := range map[string]struct{ config, want string }{
		"nothing": {`data "orch_model" "m" {}`, `Look a model up by uuid, or by name plus owner`},
		// upstream's phrase (its read refuses these; ours at plan), which
		// users search for
		"name only":       {`data "orch_model" "m" { name = "x" }`, `(?s)Invalid Attribute Combination.*` + nameOwnerPhrase},
		"owner only":      {`data "orch_model" "m" { owner = "admin" }`, `(?s)Invalid Attribute Combination.*` + nameOwnerPhrase},
		"uuid and name":   {"data \"orch_model\" \"m\" {\n uuid = \"0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e\"\n name = \"x\"\n owner = \"admin\"\n}", `(?s)cannot be specified when`},
		"empty owner":     {"data \"orch_model\" \"m\" {\n name = \"x\"\n owner = \"\"\n}", nameOwnerPhrase},
		"unknown model":   {"data \"orch_model\" \"m\" {\n name = \"no-such-model\"\n owner = \"admin\"\n}", `No model named "no-such-model" owned by "admin"`},
		"offer elsewhere": {"data \"orch_offer\" \"o\" {\n url = \"admin/m.o\"\n offering_controller = \"other\"\n}", `(?s)offering_controller: "other" is not a key of the provider's\s+offering_controllers \(the provider has none\)`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps:                    []resource.TestStep{{Config: tc.config, ExpectError: regexp.MustCompile(tc.want)}},
			})
		})
	}
}
