package orch_test

import (
	"slices"
	"testing"

	pschema "github.com/pulumi/pulumi/pkg/v3/codegen/schema"

	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	"github.com/iacsuite/providers/bridge/orch"
	"github.com/iacsuite/providers/internal/seedspec"
)

// The seed (the orch service description) pins the package's tokens, field
// names, required inputs and replacements, for the resources and data
// sources of direct mode: internal/seedspec/orch.json, which the Terraform
// schema test reads too. Outputs, secrets and nested types are checked here.
var seed = seedspec.MustLoad("orch")

// Outputs the seed says always hold a value.
var seedOutputs = map[string][]string{
	"orch:index/application:Application":   {"constraints", "machines", "modelType", "modelUuid", "name", "storages", "trust", "units"},
	"orch:index/cloud:Cloud":               {"authTypes", "name", "regions", "type"},
	"orch:index/credential:Credential":     {"authType", "clientCredential", "controllerCredential", "name"},
	"orch:index/clusterCloud:ClusterCloud": {"credential", "name"},
	"orch:index/machine:Machine":           {"base", "constraints", "machineId", "modelUuid", "name"},
	"orch:index/model:Model":               {"credential", "name", "type", "uuid"},
	// password is absent when the write-only passwordWo is given instead.
	"orch:index/hubController:HubController": {"name", "publicAddress", "status", "username", "uuid"},
	"orch:index/hubGroup:HubGroup":           {"name", "uuid"},
	"orch:index/hubRole:HubRole":             {"name", "uuid"},
}

var seedSecretInputs = map[string][]string{
	"orch:index/cloud:Cloud":                 {"caCertificates"},
	"orch:index/credential:Credential":       {"attributes"},
	"orch:index/clusterCloud:ClusterCloud":   {"clusterConfig"},
	"orch:index/hubController:HubController": {"password", "username"},
}

// Nested types the seed names, with the element fields it shows.
var seedTypes = map[string][]string{
	"orch:index/ApplicationCharm:ApplicationCharm":                             {"name", "channel", "revision", "base"},
	"orch:index/ApplicationExpose:ApplicationExpose":                           {"endpoints", "spaces", "cidrs"},
	"orch:index/ApplicationStorage:ApplicationStorage":                         {"label", "pool", "count", "size"},
	"orch:index/ApplicationEndpointBinding:ApplicationEndpointBinding":         {"endpoint", "space"},
	"orch:index/ApplicationRegistryCredentials:ApplicationRegistryCredentials": {"username", "password"},
	"orch:index/CloudRegion:CloudRegion":                                       {"name"},
	"orch:index/CredentialCloud:CredentialCloud":                               {"name"},
	"orch:index/IntegrationApplication:IntegrationApplication":                 {"name", "endpoint", "offerUrl"},
	"orch:index/ModelCloud:ModelCloud":                                         {"name", "region"},
	"orch:index/MachineTimeouts:MachineTimeouts":                               {"create"},
}

func loadSchema(t *testing.T) pschema.PackageSpec {
	t.Helper()
	return pulumitest.PackageSchema(t, orch.Schema())
}

func TestSeedTokens(t *testing.T) {
	pulumitest.CheckSeedTokens(t, loadSchema(t), seed, orch.Provider())
}

func TestSeedFields(t *testing.T) {
	spec := loadSchema(t)
	for tok, r := range pulumitest.CheckSeedResources(t, spec, seed) {
		for _, f := range seedOutputs[tok] {
			if !slices.Contains(r.Required, f) {
				t.Errorf("%s: output %s is not always present (required outputs: %v)", tok, f, r.Required)
			}
		}
		for _, f := range seedSecretInputs[tok] {
			if !r.InputProperties[f].Secret {
				t.Errorf("%s: input %s is not secret", tok, f)
			}
		}
	}
	for tok, fields := range seedTypes {
		typ, ok := spec.Types[tok]
		if !ok {
			t.Errorf("type %s is not in schema.json; types: %v", tok, pulumitest.SortedKeys(spec.Types))
			continue
		}
		for _, f := range fields {
			if _, ok := typ.Properties[f]; !ok {
				t.Errorf("type %s has no field %s; fields %v", tok, f, pulumitest.SortedKeys(typ.Properties))
			}
		}
	}
	if !spec.Types["orch:index/ApplicationRegistryCredentials:ApplicationRegistryCredentials"].Properties["password"].Secret {
		t.Errorf("registry credential passwords are not secret")
	}
	pulumitest.CheckSeedFunctions(t, spec, seed)
}

func TestSeedProviderConfig(t *testing.T) {
	spec := loadSchema(t)
	pulumitest.CheckSeedConfig(t, spec, seed)
	if _, ok := spec.Types["orch:config/offeringControllers:offeringControllers"]; !ok {
		t.Errorf("the config type offeringControllers is missing; types %v", pulumitest.SortedKeys(spec.Types))
	}
	tok := spec.Provider.Methods["terraformConfig"]
	fn, ok := spec.Functions[tok]
	if tok == "" || !ok || fn.Inputs == nil || fn.Inputs.Properties["__self__"].Ref != "#/provider" {
		t.Errorf("the provider has no terraformConfig method taking __self__: %v", spec.Provider.Methods)
	}
}
