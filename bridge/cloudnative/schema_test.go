package cloudnative

import (
	"encoding/json"
	"slices"
	"testing"

	pulumischema "github.com/pulumi/pulumi/pkg/v3/codegen/schema"

	"github.com/iacsuite/providers/internal/seedspec"
)

// The seed pins the package's tokens and field names:
// internal/seedspec/cloudnative.json, which the Terraform provider's schema
// test reads too.
func TestSeedSpecFields(t *testing.T) {
	seed := seedspec.MustLoad("cloudnative")
	var spec pulumischema.PackageSpec
	if err := json.Unmarshal(Schema(), &spec); err != nil {
		t.Fatalf("schema.json: %v", err)
	}
	for key, want := range seed.Resources {
		r, ok := spec.Resources[want.Token]
		if !ok {
			t.Errorf("%s: token %s is not in schema.json", key, want.Token)
			continue
		}
		for _, f := range want.Fields {
			_, in := r.InputProperties[f]
			_, out := r.Properties[f]
			if !in && !out {
				t.Errorf("%s has no field %s", want.Token, f)
			}
		}
		for _, f := range want.Required {
			if !slices.Contains(r.RequiredInputs, f) {
				t.Errorf("%s: %s is not a required input (required: %v)", want.Token, f, r.RequiredInputs)
			}
		}
		for _, f := range want.Replaces {
			if !r.InputProperties[f].WillReplaceOnChanges {
				t.Errorf("%s: a change of %s does not replace it", want.Token, f)
			}
		}
	}
	for _, name := range seed.Config.Fields {
		if _, ok := spec.Config.Variables[name]; !ok {
			t.Errorf("config variable %s missing", name)
		}
	}
	for _, name := range seed.Config.Secrets {
		if !spec.Config.Variables[name].Secret {
			t.Errorf("config variable %s is not secret", name)
		}
	}
	for name, env := range seed.Config.Env {
		d := spec.Config.Variables[name].DefaultInfo
		if d == nil || !slices.Contains(d.Environment, env) {
			t.Errorf("config variable %s does not default to $%s", name, env)
		}
	}
}
