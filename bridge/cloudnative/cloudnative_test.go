package cloudnative

import (
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	pulumischema "github.com/pulumi/pulumi/pkg/v3/codegen/schema"

	"github.com/iacsuite/providers/bridge/internal/bridgeinfo"
	"github.com/iacsuite/providers/bridge/internal/pulumitest"
)

// The tokens are the seed's; changing them breaks every program that uses
// the package.
func TestTokensArePinned(t *testing.T) {
	info := Provider()
	want := map[string]string{
		"cloudnative_migration_import_data_file": "cloudnative:migration/v1alpha1:ImportDataFile",
		"cloudnative_migration_import_job":       "cloudnative:migration/v1alpha1:ImportJob",
	}
	resources, dataSources := bridgeinfo.TerraformNames(info)
	if len(resources) != len(want) || len(dataSources) != 0 {
		t.Fatalf("mapped resources %v and data sources %v; want exactly %v", resources, dataSources, want)
	}
	for tf, tok := range want {
		r := info.Resources[tf]
		if r == nil || string(r.Tok) != tok {
			t.Errorf("%s: token %v, want %s", tf, r, tok)
			continue
		}
		// No auto-naming: a replacement has the same name, so the old one
		// must go first.
		if !r.DeleteBeforeReplace {
			t.Errorf("%s does not delete before replacing", tf)
		}
	}
}

func committedSchema(t *testing.T) pulumischema.PackageSpec {
	t.Helper()
	return pulumitest.PackageSchema(t, Schema())
}

// The committed schema holds every field of the seed's ImportDataFile, with
// the seed's camelCase names, importDataFileId as its only required input
// (the job, project and location default to the provider's), requestId,
// timeouts (which override the provider's operationTimeout), and the
// replace-on-change fields.
func TestImportDataFileSchemaFollowsTheSeed(t *testing.T) {
	spec := committedSchema(t)
	r, ok := spec.Resources["cloudnative:migration/v1alpha1:ImportDataFile"]
	if !ok {
		t.Fatal("no cloudnative:migration/v1alpha1:ImportDataFile in schema.json")
	}
	inputs := []string{"displayName", "format", "importDataFileId", "importJobId", "location", "project", "requestId", "timeouts"}
	if got := pulumitest.SortedKeys(r.InputProperties); !reflect.DeepEqual(got, inputs) {
		t.Errorf("inputs %v, want %v", got, inputs)
	}
	// Outputs: every input, and createTime, name, state, uploadFileInfo (id
	// is Pulumi's own).
	outputs := append(slices.Clone(inputs), "createTime", "name", "state", "uploadFileInfo")
	sort.Strings(outputs)
	if got := pulumitest.SortedKeys(r.Properties); !reflect.DeepEqual(got, outputs) {
		t.Errorf("outputs %v, want %v", got, outputs)
	}
	if !reflect.DeepEqual(r.RequiredInputs, []string{"importDataFileId"}) {
		t.Errorf("required inputs %v, want only importDataFileId", r.RequiredInputs)
	}
	// The seed's replacing fields; the service has no update, so every other
	// input replaces too, but requestId, the key of the create call, which
	// never replaces anything, and timeouts, which are the provider's only.
	for _, name := range inputs {
		if got, want := r.InputProperties[name].WillReplaceOnChanges, name != "requestId" && name != "timeouts"; got != want {
			t.Errorf("input %s: willReplaceOnChanges %v, want %v", name, got, want)
		}
	}
	if r.DeprecationMessage == "" {
		t.Error("the preview resource carries no deprecation notice")
	}

	ref := r.Properties["uploadFileInfo"].Ref
	// The service description's type, in the resource's module.
	const typeToken = "cloudnative:migration/v1alpha1:UploadFileInfoResponse"
	if ref != "#/types/"+typeToken {
		t.Fatalf("uploadFileInfo is %q, want a reference to %s", ref, typeToken)
	}
	info := spec.Types[typeToken]
	if got := pulumitest.SortedKeys(info.Properties); !reflect.DeepEqual(got, []string{"headers", "signedUri", "uriExpirationTime"}) {
		t.Errorf("UploadFileInfoResponse fields %v", got)
	}
	if h := info.Properties["headers"]; h.Type != "object" || h.AdditionalProperties == nil || h.AdditionalProperties.Type != "string" {
		t.Errorf("headers is not a map of strings: %+v", h)
	}
	if !info.Properties["signedUri"].Secret {
		t.Error("signedUri is not secret")
	}

	if !spec.Config.Variables["accessToken"].Secret {
		t.Error("config accessToken is not secret")
	}
	for key, env := range map[string]string{
		"accessToken": "CLOUDNATIVE_ACCESS_TOKEN", "project": "CLOUDNATIVE_PROJECT", "location": "CLOUDNATIVE_LOCATION",
		"endpoint": "CLOUDNATIVE_ENDPOINT", "operationTimeout": "CLOUDNATIVE_OPERATION_TIMEOUT",
		"importJobId": "CLOUDNATIVE_IMPORT_JOB_ID",
	} {
		v := spec.Config.Variables[key]
		if v.DefaultInfo == nil || !slices.Contains(v.DefaultInfo.Environment, env) {
			t.Errorf("config %s does not read %s: %+v", key, env, v.DefaultInfo)
		}
	}
}

func TestImportJobSchema(t *testing.T) {
	spec := committedSchema(t)
	r, ok := spec.Resources["cloudnative:migration/v1alpha1:ImportJob"]
	if !ok {
		t.Fatal("no cloudnative:migration/v1alpha1:ImportJob in schema.json")
	}
	replace := map[string]bool{"importJobId": true, "project": true, "location": true, "assetSource": true}
	for name, p := range r.InputProperties {
		if p.WillReplaceOnChanges != replace[name] {
			t.Errorf("input %s: willReplaceOnChanges %v", name, p.WillReplaceOnChanges)
		}
	}
	for _, out := range []string{"name", "state", "createTime", "updateTime", "labels", "displayName"} {
		if _, ok := r.Properties[out]; !ok {
			t.Errorf("no output %s", out)
		}
	}
}

// Every object type lives in the module of the resources, migration/v1alpha1,
// so that no token of the package names another API version or none.
func TestTypesLiveInTheResourcesModule(t *testing.T) {
	spec := committedSchema(t)
	if len(spec.Types) == 0 {
		t.Fatal("no types in schema.json")
	}
	for tok := range spec.Types {
		if !strings.HasPrefix(tok, "cloudnative:migration/v1alpha1:") {
			t.Errorf("type %s is not in module migration/v1alpha1", tok)
		}
	}
	for tok := range spec.Resources {
		if !strings.HasPrefix(tok, "cloudnative:migration/v1alpha1:") {
			t.Errorf("resource %s is not in module migration/v1alpha1", tok)
		}
	}
}

// schema.json is what tfgen makes of the provider today (make
// pulumi-generate writes it).
func TestCommittedSchemaIsCurrent(t *testing.T) {
	pulumitest.CheckCommittedSchema(t, Spec, Schema())
}
