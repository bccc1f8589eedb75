package orch_test

import (
	"encoding/json"
	"slices"
	"sort"
	"testing"

	pschema "github.com/pulumi/pulumi/pkg/v3/codegen/schema"

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
	"orch:index/application:Application":     {"constraints", "machines", "modelType", "modelUuid", "name", "storages", "trust", "units"},
	"orch:index/cloud:Cloud":                 {"authTypes", "name", "regions", "type"},
	"orch:index/credential:Credential":       {"authType", "clientCredential", "controllerCredential", "name"},
	"orch:index/clusterCloud:ClusterCloud":   {"credential", "name"},
	"orch:index/machine:Machine":             {"base", "constraints", "machineId", "modelUuid", "name"},
	"orch:index/model:Model":                 {"credential", "name", "type", "uuid"},
	"orch:index/hubController:HubController": {"name", "password", "publicAddress", "status", "username", "uuid"},
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
	var spec pschema.PackageSpec
	if err := json.Unmarshal(orch.Schema(), &spec); err != nil {
		t.Fatalf("schema.json: %v", err)
	}
	return spec
}

func TestSeedTokens(t *testing.T) {
	spec := loadSchema(t)
	if spec.Name != "orch" {
		t.Errorf("package name %q", spec.Name)
	}
	for _, r := range seed.Resources {
		if _, ok := spec.Resources[r.Token]; !ok {
			t.Errorf("resource %s is not in schema.json; resources: %v", r.Token, sortedKeys(spec.Resources))
		}
	}
	for _, f := range seed.DataSources {
		tok := f.Token
		if _, ok := spec.Functions[tok]; !ok {
			t.Errorf("function %s is not in schema.json; functions: %v", tok, sortedKeys(spec.Functions))
		}
	}
	info := orch.Provider()
	for tf, r := range info.Resources {
		if _, ok := spec.Resources[string(r.Tok)]; !ok {
			t.Errorf("%s maps to %s, which schema.json lacks (run make pulumi-generate)", tf, r.Tok)
		}
	}
	for tf, d := range info.DataSources {
		if _, ok := spec.Functions[string(d.Tok)]; !ok {
			t.Errorf("%s maps to %s, which schema.json lacks (run make pulumi-generate)", tf, d.Tok)
		}
	}
}

func TestSeedFields(t *testing.T) {
	spec := loadSchema(t)
	for _, sr := range seed.Resources {
		tok := sr.Token
		r, ok := spec.Resources[tok]
		if !ok {
			continue
		}
		for _, f := range sr.Fields {
			_, in := r.InputProperties[f]
			_, out := r.Properties[f]
			if !in && !out {
				t.Errorf("%s has no field %s; inputs %v, outputs %v", tok, f, sortedKeys(r.InputProperties), sortedKeys(r.Properties))
			}
		}
		for _, f := range sr.Required {
			if !slices.Contains(r.RequiredInputs, f) {
				t.Errorf("%s: %s is not a required input (required: %v)", tok, f, r.RequiredInputs)
			}
		}
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
		for _, f := range sr.Replaces {
			if !r.InputProperties[f].WillReplaceOnChanges {
				t.Errorf("%s: changing %s does not replace (willReplaceOnChanges)", tok, f)
			}
		}
	}
	for tok, fields := range seedTypes {
		typ, ok := spec.Types[tok]
		if !ok {
			t.Errorf("type %s is not in schema.json; types: %v", tok, sortedKeys(spec.Types))
			continue
		}
		for _, f := range fields {
			if _, ok := typ.Properties[f]; !ok {
				t.Errorf("type %s has no field %s; fields %v", tok, f, sortedKeys(typ.Properties))
			}
		}
	}
	if !spec.Types["orch:index/ApplicationRegistryCredentials:ApplicationRegistryCredentials"].Properties["password"].Secret {
		t.Errorf("registry credential passwords are not secret")
	}
	for _, sf := range seed.DataSources {
		tok := sf.Token
		f, ok := spec.Functions[tok]
		if !ok {
			continue
		}
		for _, name := range sf.Inputs {
			if f.Inputs == nil || f.Inputs.Properties[name].Type == "" && f.Inputs.Properties[name].Ref == "" {
				t.Errorf("%s has no input %s", tok, name)
			}
		}
		for _, name := range sf.Required {
			if f.Inputs == nil || !slices.Contains(f.Inputs.Required, name) {
				t.Errorf("%s: input %s is not required", tok, name)
			}
		}
		outputs := f.Outputs
		if outputs == nil && f.ReturnType != nil {
			outputs = f.ReturnType.ObjectTypeSpec
		}
		for _, name := range sf.Outputs {
			if outputs == nil {
				t.Errorf("%s has no outputs", tok)
				break
			}
			if _, ok := outputs.Properties[name]; !ok {
				t.Errorf("%s has no output %s; outputs %v", tok, name, sortedKeys(outputs.Properties))
			}
		}
	}
}

func TestSeedProviderConfig(t *testing.T) {
	spec := loadSchema(t)
	for _, name := range seed.Config.Fields {
		if _, ok := spec.Config.Variables[name]; !ok {
			t.Errorf("config variable %s missing; have %v", name, sortedKeys(spec.Config.Variables))
		}
		if _, ok := spec.Provider.InputProperties[name]; !ok {
			t.Errorf("provider input %s missing", name)
		}
	}
	for _, name := range seed.Config.Secrets {
		if !spec.Config.Variables[name].Secret || !spec.Provider.InputProperties[name].Secret {
			t.Errorf("%s is not secret", name)
		}
	}
	for name, env := range seed.Config.Env {
		d := spec.Config.Variables[name].DefaultInfo
		if d == nil || !slices.Contains(d.Environment, env) {
			t.Errorf("config variable %s does not default to $%s: %+v", name, env, d)
		}
	}
	if _, ok := spec.Types["orch:config/offeringControllers:offeringControllers"]; !ok {
		t.Errorf("the config type offeringControllers is missing; types %v", sortedKeys(spec.Types))
	}
	tok := spec.Provider.Methods["terraformConfig"]
	fn, ok := spec.Functions[tok]
	if tok == "" || !ok || fn.Inputs == nil || fn.Inputs.Properties["__self__"].Ref != "#/provider" {
		t.Errorf("the provider has no terraformConfig method taking __self__: %v", spec.Provider.Methods)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
