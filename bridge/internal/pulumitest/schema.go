package pulumitest

import (
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	pftfgen "github.com/pulumi/pulumi-terraform-bridge/v3/pkg/pf/tfgen"
	"github.com/pulumi/pulumi-terraform-bridge/v3/pkg/tfbridge"
	pschema "github.com/pulumi/pulumi/pkg/v3/codegen/schema"

	"github.com/iacsuite/providers/bridge/internal/bridgeinfo"
	"github.com/iacsuite/providers/internal/seedspec"
)

// The checks of a package's committed schema.json against its seed
// (internal/seedspec/<p>.json, which the Terraform provider's schema test
// reads too) and against its mapping.

// PackageSchema decodes a committed schema.json.
func PackageSchema(t testing.TB, raw []byte) pschema.PackageSpec {
	t.Helper()
	var spec pschema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		t.Fatalf("schema.json: %v", err)
	}
	return spec
}

// SortedKeys are the keys of m, sorted (for messages).
func SortedKeys[V any](m map[string]V) []string { return sortedKeys(m) }

// CheckSeedTokens: the package has the seed's name, and every token of the
// seed and every one the mapping info computes is in the schema.
func CheckSeedTokens(t testing.TB, spec pschema.PackageSpec, seed *seedspec.Spec, info tfbridge.ProviderInfo) {
	t.Helper()
	if spec.Name != seed.Provider {
		t.Errorf("package name %q", spec.Name)
	}
	for _, r := range seed.Resources {
		if _, ok := spec.Resources[r.Token]; !ok {
			t.Errorf("resource %s is not in schema.json; resources: %v", r.Token, SortedKeys(spec.Resources))
		}
	}
	for _, d := range seed.DataSources {
		if _, ok := spec.Functions[d.Token]; !ok {
			t.Errorf("function %s is not in schema.json; functions: %v", d.Token, SortedKeys(spec.Functions))
		}
	}
	// The tokens of the ProviderInfo are those of the committed schema:
	// every resource and data source of the Terraform provider is mapped.
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

// CheckSeedResources: every resource of the seed has the seed's fields
// (among its inputs or its outputs), required inputs and inputs whose
// change replaces it. It returns the resources of the seed the schema has,
// by token, for further checks.
func CheckSeedResources(t testing.TB, spec pschema.PackageSpec, seed *seedspec.Spec) map[string]pschema.ResourceSpec {
	t.Helper()
	found := map[string]pschema.ResourceSpec{}
	for key, want := range seed.Resources {
		tok := want.Token
		r, ok := spec.Resources[tok]
		if !ok {
			t.Errorf("%s: resource %s is not in schema.json", key, tok)
			continue
		}
		found[tok] = r
		for _, f := range want.Fields {
			_, in := r.InputProperties[f]
			_, out := r.Properties[f]
			if !in && !out {
				t.Errorf("%s has no field %s; inputs %v, outputs %v", tok, f, SortedKeys(r.InputProperties), SortedKeys(r.Properties))
			}
		}
		for _, f := range want.Required {
			// A write-only sibling (<f>Wo) may stand in for a required
			// secret: then exactly one of the two is required, which the
			// provider checks and a schema cannot say.
			_, writeOnly := r.InputProperties[f+"Wo"]
			if !slices.Contains(r.RequiredInputs, f) && !writeOnly {
				t.Errorf("%s: %s is not a required input (required: %v)", tok, f, r.RequiredInputs)
			}
		}
		for _, f := range want.Replaces {
			if !r.InputProperties[f].WillReplaceOnChanges {
				t.Errorf("%s: changing %s does not replace (willReplaceOnChanges)", tok, f)
			}
		}
	}
	return found
}

// CheckSeedFunctions: every data source of the seed is a function with
// the seed's inputs, required inputs and outputs.
func CheckSeedFunctions(t testing.TB, spec pschema.PackageSpec, seed *seedspec.Spec) {
	t.Helper()
	for key, want := range seed.DataSources {
		tok := want.Token
		f, ok := spec.Functions[tok]
		if !ok {
			t.Errorf("%s: function %s is not in schema.json", key, tok)
			continue
		}
		for _, name := range want.Inputs {
			if f.Inputs == nil || f.Inputs.Properties[name].Type == "" && f.Inputs.Properties[name].Ref == "" {
				t.Errorf("%s has no input %s", tok, name)
			}
		}
		for _, name := range want.Required {
			if f.Inputs == nil || !slices.Contains(f.Inputs.Required, name) {
				t.Errorf("%s: %s is not a required input", tok, name)
			}
		}
		outputs := f.Outputs
		if outputs == nil && f.ReturnType != nil {
			outputs = f.ReturnType.ObjectTypeSpec
		}
		for _, name := range want.Outputs {
			if outputs == nil {
				t.Errorf("%s has no outputs", tok)
				break
			}
			if _, ok := outputs.Properties[name]; !ok {
				t.Errorf("%s has no output %s; outputs %v", tok, name, SortedKeys(outputs.Properties))
			}
		}
	}
}

// CheckSeedConfig: every setting of the seed is a config variable and a
// provider input, secret where the seed says so, and defaults to the
// seed's environment variable.
func CheckSeedConfig(t testing.TB, spec pschema.PackageSpec, seed *seedspec.Spec) {
	t.Helper()
	for _, name := range seed.Config.Fields {
		if _, ok := spec.Config.Variables[name]; !ok {
			t.Errorf("config variable %s missing; have %v", name, SortedKeys(spec.Config.Variables))
		}
		if _, ok := spec.Provider.InputProperties[name]; !ok {
			t.Errorf("provider input %s missing", name)
		}
	}
	for _, name := range seed.Config.Secrets {
		if !spec.Config.Variables[name].Secret {
			t.Errorf("config variable %s is not secret", name)
		}
		if !spec.Provider.InputProperties[name].Secret {
			t.Errorf("provider input %s is not secret", name)
		}
	}
	for name, env := range seed.Config.Env {
		d := spec.Config.Variables[name].DefaultInfo
		if d == nil || !slices.Contains(d.Environment, env) {
			t.Errorf("config variable %s does not default to $%s: %+v", name, env, d)
		}
	}
}

// CheckCommittedSchema: committed (schema.json) is what tfgen makes of the
// mapping today (make pulumi-generate rewrites it; make
// pulumi-generated-check also compares the SDKs).
func CheckCommittedSchema(t *testing.T, mapping bridgeinfo.Spec, committed []byte) {
	t.Helper()
	info, err := mapping.GenInfo("0.0.0", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	res, err := pftfgen.GenerateSchema(context.Background(), pftfgen.GenerateSchemaOptions{ProviderInfo: info})
	if err != nil {
		t.Fatal(err)
	}
	var fresh, current map[string]any
	if err := json.Unmarshal(res.ProviderMetadata.PackageSchema, &fresh); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(committed, &current); err != nil {
		t.Fatal(err)
	}
	delete(fresh, "version") // stamped at build time; tfgen leaves it out of schema.json
	if !reflect.DeepEqual(fresh, current) {
		t.Fatalf("bridge/%s/schema.json is stale: run make pulumi-generate", mapping.Name)
	}
}
