package fwmgr

import (
	"fmt"
	"math/big"
	"reflect"
	"sort"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// The outputs of every show data source are typed from the wire types of
// the OS API (internal/api/fwmgr) by reflection: a JSON field "peer-as" of
// a response struct is the attribute peer_as, a slice of structs is a list
// of nested objects, a struct is a nested object. So the schema cannot
// drift from what the client decodes, and 60 data sources need no
// hand-written attribute lists.

// wireField is one JSON field of a wire struct and its attribute name.
type wireField struct {
	index []int
	json  string
	attr  string
	doc   string
	// set: a list whose order means nothing (tag unordered:"true"), a set
	// attribute as in the upstream provider.
	set bool
}

var wireFieldsCache sync.Map // reflect.Type -> []wireField

// wireFields lists the JSON fields of a struct type (embedded structs
// flattened, as encoding/json does), sorted by attribute name.
func wireFields(t reflect.Type) []wireField {
	if v, ok := wireFieldsCache.Load(t); ok {
		if fields, ok := v.([]wireField); ok {
			return fields
		}
	}
	var out []wireField
	var walk func(t reflect.Type, prefix []int)
	walk = func(t reflect.Type, prefix []int) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			idx := append(append([]int{}, prefix...), i)
			tag := f.Tag.Get("json")
			name, _, _ := strings.Cut(tag, ",")
			if f.Anonymous && name == "" {
				ft := f.Type
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if ft.Kind() == reflect.Struct {
					walk(ft, idx)
					continue
				}
			}
			if !f.IsExported() || name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			out = append(out, wireField{index: idx, json: name, attr: attrName(name), doc: f.Tag.Get("doc"),
				set: f.Tag.Get("unordered") == "true"})
		}
	}
	walk(t, nil)
	sort.Slice(out, func(i, j int) bool { return out[i].attr < out[j].attr })
	wireFieldsCache.Store(t, out)
	return out
}

// attrName is the Terraform attribute name of a JSON field name: the OS
// API's kebab-case with underscores, which is what users of the upstream
// provider write.
func attrName(jsonName string) string {
	return strings.ToLower(strings.ReplaceAll(jsonName, "-", "_"))
}

// wireAttrType is the framework type of a wire Go type.
func wireAttrType(t reflect.Type) attr.Type {
	switch t.Kind() {
	case reflect.Pointer:
		return wireAttrType(t.Elem())
	case reflect.String:
		return types.StringType
	case reflect.Bool:
		return types.BoolType
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return types.Int64Type
	case reflect.Float32, reflect.Float64:
		return types.Float64Type
	case reflect.Slice, reflect.Array:
		elem := t.Elem()
		if elem.Kind() == reflect.Pointer {
			elem = elem.Elem()
		}
		if elem.Kind() == reflect.Struct {
			return types.ListType{ElemType: objectType(elem)}
		}
		return types.ListType{ElemType: wireAttrType(elem)}
	case reflect.Map:
		return types.MapType{ElemType: wireAttrType(t.Elem())}
	case reflect.Struct:
		// A nested object is a list of one, as in the upstream provider,
		// whose users index it ([0]) and whose Pulumi names are plural.
		return types.ListType{ElemType: objectType(t)}
	}
	panic(fmt.Sprintf("fwmgr: wire type %s has no attribute type", t))
}

// objectType is the object type of a wire struct.
func objectType(t reflect.Type) types.ObjectType {
	attrs := map[string]attr.Type{}
	for _, f := range wireFields(t) {
		attrs[f.attr] = fieldAttrType(f, t.FieldByIndex(f.index).Type)
	}
	return types.ObjectType{AttrTypes: attrs}
}

// fieldAttrType is the framework type of a wire field: a set for an
// unordered list, else the type of its Go type.
func fieldAttrType(f wireField, t reflect.Type) attr.Type {
	if f.set {
		return types.SetType{ElemType: wireAttrType(setElem(t))}
	}
	return wireAttrType(t)
}

// setElem is the element type of an unordered list field; the tag on
// anything but a slice of scalars is a programming error.
func setElem(t reflect.Type) reflect.Type {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Slice || t.Elem().Kind() == reflect.Struct {
		panic(fmt.Sprintf("fwmgr: unordered:\"true\" on %s, which is not a list of scalars", t))
	}
	return t.Elem()
}

// computedAttribute is the read-only schema attribute of a wire field.
func computedAttribute(t reflect.Type, description string) schema.Attribute {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return schema.StringAttribute{Computed: true, Description: description}
	case reflect.Bool:
		return schema.BoolAttribute{Computed: true, Description: description}
	case reflect.Float32, reflect.Float64:
		return schema.Float64Attribute{Computed: true, Description: description}
	case reflect.Slice, reflect.Array:
		elem := t.Elem()
		if elem.Kind() == reflect.Pointer {
			elem = elem.Elem()
		}
		if elem.Kind() == reflect.Struct {
			return schema.ListNestedAttribute{
				Computed:     true,
				Description:  description,
				NestedObject: schema.NestedAttributeObject{Attributes: computedAttributes(elem)},
			}
		}
		return schema.ListAttribute{Computed: true, Description: description, ElementType: wireAttrType(elem)}
	case reflect.Map:
		return schema.MapAttribute{Computed: true, Description: description, ElementType: wireAttrType(t.Elem())}
	case reflect.Struct:
		return schema.ListNestedAttribute{Computed: true, Description: description + " A list of one object.",
			NestedObject: schema.NestedAttributeObject{Attributes: computedAttributes(t)}}
	}
	if wireAttrType(t) == types.Int64Type {
		return schema.Int64Attribute{Computed: true, Description: description}
	}
	panic(fmt.Sprintf("fwmgr: wire type %s has no attribute", t))
}

// computedAttributes are the attributes of a wire struct's fields.
func computedAttributes(t reflect.Type) map[string]schema.Attribute {
	attrs := map[string]schema.Attribute{}
	for _, f := range wireFields(t) {
		ft := t.FieldByIndex(f.index).Type
		if f.set {
			attrs[f.attr] = schema.SetAttribute{Computed: true, Description: fieldDescription(f), ElementType: wireAttrType(setElem(ft))}
			continue
		}
		attrs[f.attr] = computedAttribute(ft, fieldDescription(f))
	}
	return attrs
}

// toTerraform converts a decoded wire value to a value of type typ. A nil
// pointer is null; a nil slice is an empty list, so that lists the seed says
// are always present are, and a second plan compares equal.
func toTerraform(v reflect.Value, typ tftypes.Type) (tftypes.Value, error) {
	if v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return tftypes.NewValue(typ, nil), nil
		}
		return toTerraform(v.Elem(), typ)
	}
	switch {
	case typ.Is(tftypes.String):
		if v.Kind() != reflect.String {
			return tftypes.Value{}, fmt.Errorf("%s is not a string", v.Type())
		}
		return tftypes.NewValue(typ, v.String()), nil
	case typ.Is(tftypes.Bool):
		if v.Kind() != reflect.Bool {
			return tftypes.Value{}, fmt.Errorf("%s is not a boolean", v.Type())
		}
		return tftypes.NewValue(typ, v.Bool()), nil
	case typ.Is(tftypes.Number):
		switch v.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			return tftypes.NewValue(typ, new(big.Float).SetInt64(v.Int())), nil
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			return tftypes.NewValue(typ, new(big.Float).SetUint64(v.Uint())), nil
		case reflect.Float32, reflect.Float64:
			return tftypes.NewValue(typ, big.NewFloat(v.Float())), nil
		}
		return tftypes.Value{}, fmt.Errorf("%s is not a number", v.Type())
	}
	switch tt := typ.(type) {
	case tftypes.Set:
		elems := make([]tftypes.Value, 0, v.Len())
		for i := 0; i < v.Len(); i++ {
			e, err := toTerraform(v.Index(i), tt.ElementType)
			if err != nil {
				return tftypes.Value{}, err
			}
			elems = append(elems, e)
		}
		return tftypes.NewValue(typ, elems), nil
	case tftypes.List:
		if v.Kind() == reflect.Struct {
			// A nested object: a list of one.
			e, err := toTerraform(v, tt.ElementType)
			if err != nil {
				return tftypes.Value{}, err
			}
			return tftypes.NewValue(typ, []tftypes.Value{e}), nil
		}
		elems := make([]tftypes.Value, 0, v.Len())
		for i := 0; i < v.Len(); i++ {
			e, err := toTerraform(v.Index(i), tt.ElementType)
			if err != nil {
				return tftypes.Value{}, err
			}
			elems = append(elems, e)
		}
		return tftypes.NewValue(typ, elems), nil
	case tftypes.Map:
		elems := map[string]tftypes.Value{}
		iter := v.MapRange()
		for iter.Next() {
			e, err := toTerraform(iter.Value(), tt.ElementType)
			if err != nil {
				return tftypes.Value{}, err
			}
			elems[iter.Key().String()] = e
		}
		return tftypes.NewValue(typ, elems), nil
	case tftypes.Object:
		vals := map[string]tftypes.Value{}
		for _, f := range wireFields(v.Type()) {
			at, ok := tt.AttributeTypes[f.attr]
			if !ok {
				continue
			}
			fv, err := toTerraform(v.FieldByIndex(f.index), at)
			if err != nil {
				return tftypes.Value{}, fmt.Errorf("%s: %w", f.attr, err)
			}
			vals[f.attr] = fv
		}
		for name, at := range tt.AttributeTypes {
			if _, ok := vals[name]; !ok {
				vals[name] = tftypes.NewValue(at, nil)
			}
		}
		return tftypes.NewValue(typ, vals), nil
	}
	return tftypes.Value{}, fmt.Errorf("no conversion of %s to %s", v.Type(), typ)
}
