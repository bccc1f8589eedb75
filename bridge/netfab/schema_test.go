package netfab_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/pulumi/pulumi-terraform-bridge/v3/pkg/tfbridge"
	pschema "github.com/pulumi/pulumi/pkg/v3/codegen/schema"

	"github.com/iacsuite/providers/bridge/internal/bridgeinfo"
	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	"github.com/iacsuite/providers/bridge/netfab"
	tfnetfab "github.com/iacsuite/providers/internal/provider/netfab"
	"github.com/iacsuite/providers/internal/seedspec"
)

// The seed (the netfab service description) pins the package's tokens and
// field names: internal/seedspec/netfab.json, which the Terraform provider's
// schema test reads too. A field is found among the inputs or the outputs.
var seed = seedspec.MustLoad("netfab")

func loadSchema(t *testing.T) pschema.PackageSpec {
	t.Helper()
	return pulumitest.PackageSchema(t, netfab.Schema())
}

func TestSeedTokens(t *testing.T) {
	spec := loadSchema(t)
	info := netfab.Provider()
	pulumitest.CheckSeedTokens(t, spec, seed, info)
	if got := len(info.Resources); got != len(spec.Resources) {
		t.Errorf("%d resources mapped, %d in schema.json", got, len(spec.Resources))
	}
}

func TestSeedFields(t *testing.T) {
	spec := loadSchema(t)
	found := pulumitest.CheckSeedResources(t, spec, seed)
	for _, want := range seed.Resources {
		r, ok := found[want.Token]
		if !ok || len(want.Entries) == 0 {
			continue
		}
		typ := elementType(t, spec, r.InputProperties["entries"])
		for _, f := range want.Entries {
			if _, ok := typ.Properties[f]; !ok {
				t.Errorf("%s entries have no field %s; fields %v", want.Token, f, pulumitest.SortedKeys(typ.Properties))
			}
		}
	}
	// The deprecated inline prefix filter lists of an MCR.
	mcr := spec.Resources["netfab:index/mcr:Mcr"]
	if p := mcr.InputProperties["prefixFilterLists"]; p.DeprecationMessage == "" {
		t.Errorf("Mcr prefixFilterLists is not deprecated")
	} else {
		typ := elementType(t, spec, p)
		for _, f := range []string{"addressFamily", "description", "entries"} {
			if _, ok := typ.Properties[f]; !ok {
				t.Errorf("Mcr prefixFilterLists elements have no field %s", f)
			}
		}
	}
	pulumitest.CheckSeedFunctions(t, spec, seed)
}

func TestSeedProviderConfig(t *testing.T) {
	spec := loadSchema(t)
	pulumitest.CheckSeedConfig(t, spec, seed)
	// The terraformConfig method of the provider.
	tok := spec.Provider.Methods["terraformConfig"]
	if tok == "" {
		t.Fatalf("the provider has no terraformConfig method: %v", spec.Provider.Methods)
	}
	fn, ok := spec.Functions[tok]
	if !ok || fn.Inputs == nil || fn.Inputs.Properties["__self__"].Ref != "#/provider" {
		t.Errorf("terraformConfig function %s does not take the provider as __self__: %+v", tok, fn.Inputs)
	}
	if fn.ReturnType == nil || fn.ReturnType.ObjectTypeSpec == nil || fn.ReturnType.ObjectTypeSpec.Properties["result"].Type != "object" {
		t.Errorf("terraformConfig does not return a result map: %+v", fn.ReturnType)
	}
}

// Descriptions of the Terraform schema reach the package schema.
func TestDescriptions(t *testing.T) {
	spec := loadSchema(t)
	for tok, r := range spec.Resources {
		if strings.TrimSpace(r.Description) == "" {
			t.Errorf("resource %s has no description", tok)
		}
		for name, p := range r.InputProperties {
			if strings.TrimSpace(p.Description) == "" {
				t.Errorf("%s input %s has no description", tok, name)
			}
		}
	}
	for tok, f := range spec.Functions {
		if strings.TrimSpace(f.Description) == "" {
			t.Errorf("function %s has no description", tok)
		}
	}
	for name, v := range spec.Config.Variables {
		if strings.TrimSpace(v.Description) == "" {
			t.Errorf("config %s has no description", name)
		}
	}
}

// The Go SDK is a package of this module, where the schema says it is.
func TestLanguageSettings(t *testing.T) {
	spec := loadSchema(t)
	var golang struct{ ImportBasePath string }
	if err := json.Unmarshal(spec.Language["go"], &golang); err != nil {
		t.Fatal(err)
	}
	if golang.ImportBasePath != bridgeinfo.GoImportBasePath("netfab") {
		t.Errorf("go importBasePath %q", golang.ImportBasePath)
	}
	var nodejs struct{ PackageName string }
	if err := json.Unmarshal(spec.Language["nodejs"], &nodejs); err != nil || nodejs.PackageName != "@iacsuite/netfab" {
		t.Errorf("nodejs packageName %q (%v)", nodejs.PackageName, err)
	}
}

func elementType(t *testing.T, spec pschema.PackageSpec, p pschema.PropertySpec) pschema.ComplexTypeSpec {
	t.Helper()
	if p.Items == nil || !strings.HasPrefix(p.Items.Ref, "#/types/") {
		t.Fatalf("not a list of objects: %+v", p.TypeSpec)
	}
	typ, ok := spec.Types[strings.TrimPrefix(p.Items.Ref, "#/types/")]
	if !ok {
		t.Fatalf("type %s missing", p.Items.Ref)
	}
	return typ
}

// schema.json is what the mapping produces now (make pulumi-generate
// rewrites it; make pulumi-generated-check also compares the SDKs).
func TestCommittedSchemaIsCurrent(t *testing.T) {
	pulumitest.CheckCommittedSchema(t, netfab.Spec, netfab.Schema())
}

// nestedReplaces are the nested attributes that replace a resource, by
// Terraform type (see TestReplacementsAndDefaultsFollowTerraform).
var nestedReplaces = map[string][]string{
	"netfab_vxc": {"a_end.requested_product_uid", "a_end.vnic_index", "b_end.requested_product_uid", "b_end.vnic_index"},
}

// Where a change replaces a resource in Terraform (a RequiresReplace plan
// modifier), the package says so (willReplaceOnChanges), and nowhere else;
// every static default of the Terraform schema is the input's Pulumi
// default, and no input has another. The shape of list inputs (blocks or
// nested attributes) does not matter: the facts are top-level.
//
// A nested attribute that replaces (a VXC's end moving to another product)
// cannot be stated as willReplaceOnChanges of a top-level input without
// claiming every change of that input replaces. The bridge's diff still
// replaces on it, since it follows the provider's planned RequiresReplace
// paths; nestedReplaces lists them so that a new one is a decision, and
// bridge/README.md names them.
func TestReplacementsAndDefaultsFollowTerraform(t *testing.T) {
	spec := loadSchema(t)
	info := netfab.Provider()
	facts, err := bridgeinfo.ResourceFacts(context.Background(), tfnetfab.New("test")())
	if err != nil {
		t.Fatal(err)
	}
	for tf, f := range facts {
		ri := info.Resources[tf]
		r, ok := spec.Resources[string(ri.Tok)]
		if !ok {
			t.Errorf("%s (%s) is not in schema.json", tf, ri.Tok)
			continue
		}
		if got, want := strings.Join(f.NestedReplaces, " "), strings.Join(nestedReplaces[tf], " "); got != want {
			t.Errorf("%s: nested attributes that replace the resource are [%s], the package documents [%s]", tf, got, want)
		}
		schemaMap := info.P.ResourcesMap().Get(tf).Schema()
		pulumiName := func(name string) string { return tfbridge.TerraformToPulumiNameV2(name, schemaMap, ri.Fields) }
		replace := map[string]bool{}
		for _, name := range f.Replaces {
			replace[pulumiName(name)] = true
		}
		defaults := map[string]string{}
		for name, v := range f.Defaults {
			defaults[pulumiName(name)] = fmt.Sprint(v)
		}
		for name, p := range r.InputProperties {
			if p.WillReplaceOnChanges != replace[name] {
				t.Errorf("%s input %s: willReplaceOnChanges %v, but Terraform replaces on change: %v", ri.Tok, name, p.WillReplaceOnChanges, replace[name])
			}
			got := ""
			if p.Default != nil {
				got = fmt.Sprint(p.Default)
			}
			if got != defaults[name] {
				t.Errorf("%s input %s: default %q, the Terraform schema's %q", ri.Tok, name, got, defaults[name])
			}
		}
	}
}

// The seed's replacements, defaults and in-place changes, pinned by name.
func TestSeedReplacementsAndDefaults(t *testing.T) {
	spec := loadSchema(t)
	for tok, want := range map[string]map[string]bool{
		// true: a change replaces; false: it changes in place.
		"netfab:index/natGateway:NatGateway":                         {"promoCode": true, "locationId": true, "diversityZone": true, "speed": false, "productName": false},
		"netfab:index/natGatewayPrefixList:NatGatewayPrefixList":     {"addressFamily": true, "natGatewayProductUid": true, "description": false, "entries": false},
		"netfab:index/natGatewayPacketFilter:NatGatewayPacketFilter": {"natGatewayProductUid": true, "entries": false},
		"netfab:index/mcr:Mcr":                                       {"portSpeed": true, "locationId": true, "asn": false, "productName": false},
		"netfab:index/mcrPrefixFilterList:McrPrefixFilterList":       {"mcrId": true, "addressFamily": true, "entries": false},
		"netfab:index/mcrIpsecAddon:McrIpsecAddon":                   {"mcrId": true, "tunnelCount": false},
		"netfab:index/ix:Ix":                                         {"networkServiceType": true, "requestedProductUid": true, "vlan": false, "rateLimit": false},
		"netfab:index/port:Port":                                     {"portSpeed": true, "locationId": true, "productName": false},
	} {
		r := spec.Resources[tok]
		for name, replaces := range want {
			p, ok := r.InputProperties[name]
			if !ok {
				t.Errorf("%s has no input %s", tok, name)
			} else if p.WillReplaceOnChanges != replaces {
				t.Errorf("%s input %s: willReplaceOnChanges %v, want %v", tok, name, p.WillReplaceOnChanges, replaces)
			}
		}
	}
	if d := spec.Resources["netfab:index/ix:Ix"].InputProperties["shutdown"].Default; d != false {
		t.Errorf("Ix shutdown default %v, want false", d)
	}
	if asn := spec.Resources["netfab:index/mcr:Mcr"].InputProperties["asn"]; !strings.Contains(asn.Description, "133937") {
		t.Errorf("Mcr asn does not state its default 133937: %q", asn.Description)
	}
	for _, p := range []pschema.PropertySpec{spec.Config.Variables["waitTime"], spec.Provider.InputProperties["waitTime"]} {
		if fmt.Sprint(p.Default) != "10" {
			t.Errorf("waitTime default %v, want 10", p.Default)
		}
	}
}

// The service refuses two IX connections or VXCs on one port and VLAN, and
// two IPsec add-ons on one MCR: Pulumi must delete the old one before it
// creates the replacement. Everything else keeps Pulumi's create-first order.
func TestDeleteBeforeReplace(t *testing.T) {
	info := netfab.Provider()
	want := map[string]bool{"netfab_ix": true, "netfab_mcr_ipsec_addon": true, "netfab_vxc": true}
	for tf, r := range info.Resources {
		if r.DeleteBeforeReplace != want[tf] {
			t.Errorf("%s: DeleteBeforeReplace %v", tf, r.DeleteBeforeReplace)
		}
	}
}
