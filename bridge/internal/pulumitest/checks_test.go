package pulumitest

import (
	"fmt"
	"testing"

	pschema "github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/stretchr/testify/assert"

	"github.com/iacsuite/providers/internal/seedspec"
)

// recorder collects the errors a check reports, so that a test can show
// the check fails where it must.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func replacePreview(op string, reasons ...string) Preview {
	var p Preview
	p.Steps = append(p.Steps, struct {
		Op             string   `json:"op"`
		URN            string   `json:"urn"`
		DiffReasons    []string `json:"diffReasons"`
		ReplaceReasons []string `json:"replaceReasons"`
	}{Op: op, URN: "urn:pulumi:dev::p::netfab:index/ix:Ix::peering", ReplaceReasons: reasons})
	return p
}

func TestExpectReplacement(t *testing.T) {
	for name, c := range map[string]struct {
		p      Preview
		errors int
	}{
		"replaced for the input": {replacePreview("replace", "networkServiceType"), 0},
		"replaced for another":   {replacePreview("replace", "vlan"), 1},
		"updated, not replaced":  {replacePreview("update"), 2},
	} {
		r := &recorder{TB: t}
		c.p.ExpectReplacement(r, "peering", "networkServiceType", "edge")
		assert.Len(t, r.errors, c.errors, "%s: %v", name, r.errors)
	}
	p := replacePreview("replace", "networkServiceType")
	p.Steps = append(p.Steps, replacePreview("update").Steps[0])
	p.Steps[1].URN = "urn:pulumi:dev::p::netfab:index/port:Port::edge"
	r := &recorder{TB: t}
	p.ExpectReplacement(r, "peering", "networkServiceType", "edge")
	assert.Len(t, r.errors, 1, "an unchanged resource updated: %v", r.errors)
}

func TestIsSecret(t *testing.T) {
	assert.True(t, IsSecret(map[string]any{resource.SigKey: resource.SecretSig, "ciphertext": "x"}))
	assert.False(t, IsSecret("plain"))
	assert.False(t, IsSecret(map[string]any{"ciphertext": "x"}))
}

func TestExpectSecretValues(t *testing.T) {
	got := resource.PropertyMap{
		"a": resource.MakeSecret(resource.NewStringProperty("one")),
		"b": resource.NewStringProperty("two"),
	}
	r := &recorder{TB: t}
	ExpectSecretValues(r, got, map[string]any{"a": "one"})
	assert.Empty(t, r.errors)
	ExpectSecretValues(r, got, map[string]any{"a": "other", "b": "two", "c": true})
	assert.Len(t, r.errors, 3, "wrong value, not secret, missing: %v", r.errors)
}

func TestSeedChecksFail(t *testing.T) {
	spec := pschema.PackageSpec{
		Name: "p",
		Resources: map[string]pschema.ResourceSpec{"p:index/r:R": {
			ObjectTypeSpec:  pschema.ObjectTypeSpec{Properties: map[string]pschema.PropertySpec{"out": {}}},
			InputProperties: map[string]pschema.PropertySpec{"in": {}, "keep": {}},
			RequiredInputs:  []string{"in"},
		}},
		Functions: map[string]pschema.FunctionSpec{"p:index/getF:getF": {
			Inputs: &pschema.ObjectTypeSpec{Properties: map[string]pschema.PropertySpec{"q": {TypeSpec: pschema.TypeSpec{Type: "string"}}}},
		}},
		Config:   pschema.ConfigSpec{Variables: map[string]pschema.PropertySpec{"key": {Secret: true}}},
		Provider: &pschema.ResourceSpec{},
	}
	good := &seedspec.Spec{
		Provider:    "p",
		Resources:   map[string]seedspec.Resource{"r": {Token: "p:index/r:R", Fields: []string{"in", "out"}, Required: []string{"in"}}},
		DataSources: map[string]seedspec.DataSource{"f": {Token: "p:index/getF:getF", Inputs: []string{"q"}}},
	}
	r := &recorder{TB: t}
	CheckSeedResources(r, spec, good)
	CheckSeedFunctions(r, spec, good)
	assert.Empty(t, r.errors)

	bad := &seedspec.Spec{
		Provider: "p",
		Config:   seedspec.Config{Fields: []string{"key"}, Secrets: []string{"key"}, Env: map[string]string{"key": "P_KEY"}},
		Resources: map[string]seedspec.Resource{
			"r":       {Token: "p:index/r:R", Fields: []string{"gone"}, Required: []string{"keep"}, Replaces: []string{"keep"}},
			"missing": {Token: "p:index/missing:Missing"},
		},
		DataSources: map[string]seedspec.DataSource{"f": {Token: "p:index/getF:getF", Inputs: []string{"z"}, Required: []string{"q"}, Outputs: []string{"o"}}},
	}
	r = &recorder{TB: t}
	CheckSeedResources(r, spec, bad)
	assert.Len(t, r.errors, 4, "no field, not required, not replacing, no resource: %v", r.errors)
	r = &recorder{TB: t}
	CheckSeedFunctions(r, spec, bad)
	assert.Len(t, r.errors, 3, "no input, not required, no outputs: %v", r.errors)
	r = &recorder{TB: t}
	CheckSeedConfig(r, spec, bad)
	assert.Len(t, r.errors, 3, "no provider input, provider input not secret, no environment: %v", r.errors)
}
