package bridgeinfo

import (
	"context"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/defaults"
	"github.com/pulumi/pulumi-terraform-bridge/v3/pkg/tfbridge"
	pschema "github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// The bridge reads a framework provider through its wire schema, which does
// not carry plan modifiers or defaults: without help, a Pulumi package says
// nothing of which inputs replace a resource (willReplaceOnChanges) or of
// their defaults. Facts reads them from the Terraform schema itself, so that
// the package states what Terraform does.

// Facts is what the Terraform schema of one resource says about its
// top-level inputs that the bridge does not see.
type Facts struct {
	// Replaces lists the inputs that have a RequiresReplace plan modifier
	// (RequiresReplace, RequiresReplaceIf or RequiresReplaceIfConfigured),
	// by Terraform name, sorted.
	Replaces []string
	// Defaults holds the static defaults (schema Default) of inputs, by
	// Terraform name: the value Terraform plans whenever the input is not
	// configured, which is what a Pulumi default means. A default that
	// applies only at create (a plan modifier) is not one.
	Defaults map[string]any
	// NestedReplaces lists nested attributes (path with dots) that replace
	// the resource; Apply cannot state them (the bridge's diff still
	// replaces on them), so each package's tests list the expected ones.
	NestedReplaces []string
	// Deprecation is the resource's deprecation message.
	Deprecation string
}

// ResourceFacts reads the Facts of every resource of p, by Terraform type
// name.
func ResourceFacts(ctx context.Context, p provider.Provider) (map[string]Facts, error) {
	var meta provider.MetadataResponse
	p.Metadata(ctx, provider.MetadataRequest{}, &meta)
	out := map[string]Facts{}
	for _, newResource := range p.Resources(ctx) {
		r := newResource()
		var m resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: meta.TypeName}, &m)
		var s resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &s)
		if s.Diagnostics.HasError() {
			return nil, fmt.Errorf("%s schema: %v", m.TypeName, s.Diagnostics)
		}
		f := Facts{Defaults: map[string]any{}, Deprecation: s.Schema.DeprecationMessage}
		for name, a := range s.Schema.Attributes {
			if !a.IsOptional() && !a.IsRequired() {
				continue
			}
			if replaces(a) {
				f.Replaces = append(f.Replaces, name)
			}
			v, ok, err := staticDefault(ctx, a)
			if err != nil {
				return nil, fmt.Errorf("%s.%s: %w", m.TypeName, name, err)
			}
			if ok {
				f.Defaults[name] = v
			}
			f.NestedReplaces = append(f.NestedReplaces, nestedReplaces(name, nestedAttributes(a), nil)...)
		}
		for name, b := range s.Schema.Blocks {
			f.NestedReplaces = append(f.NestedReplaces, blockReplaces(name, b)...)
		}
		sort.Strings(f.Replaces)
		sort.Strings(f.NestedReplaces)
		out[m.TypeName] = f
	}
	return out, nil
}

func nestedReplaces(prefix string, attrs map[string]rschema.Attribute, blocks map[string]rschema.Block) []string {
	var out []string
	for name, a := range attrs {
		if replaces(a) {
			out = append(out, prefix+"."+name)
		}
		out = append(out, nestedReplaces(prefix+"."+name, nestedAttributes(a), nil)...)
	}
	for name, b := range blocks {
		out = append(out, blockReplaces(prefix+"."+name, b)...)
	}
	return out
}

// nestedAttributes are the attributes of a nested attribute's object; nil
// for other attributes.
func nestedAttributes(a rschema.Attribute) map[string]rschema.Attribute {
	switch a := a.(type) {
	case rschema.ListNestedAttribute:
		return a.NestedObject.Attributes
	case rschema.SetNestedAttribute:
		return a.NestedObject.Attributes
	case rschema.MapNestedAttribute:
		return a.NestedObject.Attributes
	case rschema.SingleNestedAttribute:
		return a.Attributes
	}
	return nil
}

func blockReplaces(prefix string, b rschema.Block) []string {
	var out []string
	if modifiedBy(b, "planmodifier.requiresReplaceIfModifier") {
		out = append(out, prefix)
	}
	switch b := b.(type) {
	case rschema.ListNestedBlock:
		out = append(out, nestedReplaces(prefix, b.NestedObject.Attributes, b.NestedObject.Blocks)...)
	case rschema.SetNestedBlock:
		out = append(out, nestedReplaces(prefix, b.NestedObject.Attributes, b.NestedObject.Blocks)...)
	case rschema.SingleNestedBlock:
		out = append(out, nestedReplaces(prefix, b.Attributes, b.Blocks)...)
	}
	return out
}

// replaces reports whether a has one of the framework's RequiresReplace
// plan modifiers. They are all built by the RequiresReplaceIf of their
// type's planmodifier package, whose modifier type is unexported; its name
// is the only mark they share.
func replaces(a rschema.Attribute) bool {
	return modifiedBy(a, "planmodifier.requiresReplaceIfModifier")
}

// modifiedBy reports whether the PlanModifiers field of an attribute or
// block (whatever its type) holds a modifier whose type name ends in name.
func modifiedBy(a any, name string) bool {
	v := reflect.ValueOf(a)
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return false
	}
	mods := v.FieldByName("PlanModifiers")
	if !mods.IsValid() || mods.Kind() != reflect.Slice {
		return false
	}
	for i := 0; i < mods.Len(); i++ {
		m := mods.Index(i)
		if m.IsNil() {
			continue
		}
		if strings.HasSuffix(reflect.TypeOf(m.Interface()).String(), name) {
			return true
		}
	}
	return false
}

// staticDefault evaluates the Default of a primitive attribute. ok is false
// when it has none (or one that gives null or unknown).
func staticDefault(ctx context.Context, a rschema.Attribute) (v any, ok bool, err error) {
	switch a := a.(type) {
	case rschema.BoolAttribute:
		if a.Default == nil {
			return nil, false, nil
		}
		var r defaults.BoolResponse
		a.Default.DefaultBool(ctx, defaults.BoolRequest{}, &r)
		if r.Diagnostics.HasError() {
			return nil, false, fmt.Errorf("default: %v", r.Diagnostics)
		}
		if r.PlanValue.IsNull() || r.PlanValue.IsUnknown() {
			return nil, false, nil
		}
		return r.PlanValue.ValueBool(), true, nil
	case rschema.Int64Attribute:
		if a.Default == nil {
			return nil, false, nil
		}
		var r defaults.Int64Response
		a.Default.DefaultInt64(ctx, defaults.Int64Request{}, &r)
		if r.Diagnostics.HasError() {
			return nil, false, fmt.Errorf("default: %v", r.Diagnostics)
		}
		if r.PlanValue.IsNull() || r.PlanValue.IsUnknown() {
			return nil, false, nil
		}
		return int(r.PlanValue.ValueInt64()), true, nil
	case rschema.Float64Attribute:
		if a.Default == nil {
			return nil, false, nil
		}
		var r defaults.Float64Response
		a.Default.DefaultFloat64(ctx, defaults.Float64Request{}, &r)
		if r.Diagnostics.HasError() {
			return nil, false, fmt.Errorf("default: %v", r.Diagnostics)
		}
		if r.PlanValue.IsNull() || r.PlanValue.IsUnknown() {
			return nil, false, nil
		}
		return r.PlanValue.ValueFloat64(), true, nil
	case rschema.StringAttribute:
		if a.Default == nil {
			return nil, false, nil
		}
		var r defaults.StringResponse
		a.Default.DefaultString(ctx, defaults.StringRequest{}, &r)
		if r.Diagnostics.HasError() {
			return nil, false, fmt.Errorf("default: %v", r.Diagnostics)
		}
		if r.PlanValue.IsNull() || r.PlanValue.IsUnknown() {
			return nil, false, nil
		}
		return r.PlanValue.ValueString(), true, nil
	}
	// Defaults of other types (lists, maps, objects) are not stated.
	return nil, false, nil
}

// applyFacts states the Facts of every resource in info: replacing inputs
// are ForceNew (willReplaceOnChanges), static defaults are Pulumi defaults,
// and the deprecation notice carries over. A Customize function runs after
// it and may override any of it.
func applyFacts(info *tfbridge.ProviderInfo, p provider.Provider) error {
	facts, err := ResourceFacts(context.Background(), p)
	if err != nil {
		return err
	}
	for tf, f := range facts {
		ri := info.Resources[tf]
		if ri == nil {
			continue
		}
		if f.Deprecation != "" {
			ri.DeprecationMessage = f.Deprecation
		}
		field := func(name string) *tfbridge.SchemaInfo {
			if ri.Fields == nil {
				ri.Fields = map[string]*tfbridge.SchemaInfo{}
			}
			if ri.Fields[name] == nil {
				ri.Fields[name] = &tfbridge.SchemaInfo{}
			}
			return ri.Fields[name]
		}
		for _, name := range f.Replaces {
			field(name).ForceNew = tfbridge.True()
		}
		for name, v := range f.Defaults {
			field(name).Default = &tfbridge.DefaultInfo{Value: v}
		}
	}
	return nil
}

// RenameTypes gives object types of a package schema new tokens (old token
// to new) and rewrites every reference to them. The bridge names a nested
// type <module>/<Name>:<Name>; a package whose types must live in a
// versioned module, such as migration/v1alpha1, renames them here.
func RenameTypes(spec *pschema.PackageSpec, renames map[string]string) {
	for old, tok := range renames {
		if t, ok := spec.Types[old]; ok {
			delete(spec.Types, old)
			spec.Types[tok] = t
		}
	}
	var fixType func(t *pschema.TypeSpec)
	fixType = func(t *pschema.TypeSpec) {
		if t == nil {
			return
		}
		if ref, ok := strings.CutPrefix(t.Ref, "#/types/"); ok {
			if tok, ok := renames[ref]; ok {
				t.Ref = "#/types/" + tok
			}
		}
		fixType(t.Items)
		fixType(t.AdditionalProperties)
		for i := range t.OneOf {
			fixType(&t.OneOf[i])
		}
	}
	fixProps := func(props map[string]pschema.PropertySpec) {
		for name, p := range props {
			fixType(&p.TypeSpec)
			props[name] = p
		}
	}
	fixObject := func(o *pschema.ObjectTypeSpec) {
		if o != nil {
			fixProps(o.Properties)
		}
	}
	for tok, t := range spec.Types {
		fixObject(&t.ObjectTypeSpec)
		spec.Types[tok] = t
	}
	for tok, r := range spec.Resources {
		fixProps(r.InputProperties)
		fixProps(r.Properties)
		if r.StateInputs != nil {
			fixObject(r.StateInputs)
		}
		spec.Resources[tok] = r
	}
	fixProps(spec.Provider.InputProperties)
	fixProps(spec.Provider.Properties)
	fixProps(spec.Config.Variables)
	for tok, f := range spec.Functions {
		fixObject(f.Inputs)
		fixObject(f.Outputs)
		if f.ReturnType != nil {
			fixType(f.ReturnType.TypeSpec)
			fixObject(f.ReturnType.ObjectTypeSpec)
		}
		spec.Functions[tok] = f
	}
}
