package fwmgr

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
)

// Validation of an object's fields against its row of api.ManagementTypes.
// A value is normalized to what a JSON round trip through the store gives
// back (string, float64, bool, []any, map[string]any), so that a value
// read back from the store compares and answers like a fresh one.

// mgmtType is the row of a type named by its Name.
func mgmtType(name string) *api.ManagementType {
	if t, ok := api.LookupManagementType(name); ok {
		return &t
	}
	return nil
}

// mgmtTypeByPlural is the row whose show-<Plural> this is.
func mgmtTypeByPlural(plural string) *api.ManagementType {
	if t, ok := api.LookupManagementTypeByPlural(plural); ok {
		return &t
	}
	return nil
}

// apiTypeOf is the "type" an object of row t answers.
func apiTypeOf(t *api.ManagementType) string {
	if t.APIType != "" {
		return t.APIType
	}
	return t.Name
}

// typeFields are every field of a type after name (which the commands
// handle themselves: it is the object's identity).
func typeFields(t *api.ManagementType) []api.Field {
	return slices.DeleteFunc(t.AllFields(), func(f api.Field) bool { return f.Name == "name" })
}

func fieldNamed(fields []api.Field, name string) (api.Field, bool) {
	for _, f := range fields {
		if f.Name == name {
			return f, true
		}
	}
	return api.Field{}, false
}

// decodeObjectBody decodes a body of add-T or set-T into a map, keeping
// numbers exact.
func decodeObjectBody(body []byte) (map[string]any, error) {
	var fe *httpx.FieldError
	if errors.As(httpx.CheckJSON(body), &fe) {
		return nil, badSyntax("Invalid value for [%s]: %s", fe.Field, fe.Reason)
	}
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil || m == nil {
		return nil, badSyntax("the body must be a JSON object")
	}
	if dec.More() {
		return nil, badSyntax("the body must hold one JSON object")
	}
	return m, nil
}

// normalize checks value v of field f (path names it in errors) and
// returns it normalized.
func normalize(path string, f api.Field, v any) (any, error) {
	if err := f.Check(v); err != nil {
		// The table's rule, with the field's path; the message names it once.
		return nil, invalid(path, "%s", strings.TrimPrefix(err.Error(), f.Name+": "))
	}
	str := func(x any, where string) (string, error) {
		s, ok := x.(string)
		if !ok {
			return "", invalid(where, "must be a string, got %s", jsonKindOf(x))
		}
		if len(f.Values) > 0 && !slices.Contains(f.Values, s) {
			return "", invalid(where, "must be one of %s, got %q", strings.Join(f.Values, ", "), s)
		}
		if err := api.CheckRule(f.Rule, s); err != nil {
			return "", invalid(where, "%v", err)
		}
		return s, nil
	}
	switch f.Kind {
	case api.KindString:
		return str(v, path)
	case api.KindInt:
		n, ok := v.(json.Number)
		if !ok {
			return nil, invalid(path, "must be a number, got %s", jsonKindOf(v))
		}
		i, err := n.Int64()
		if err != nil {
			return nil, invalid(path, "must be a whole number, got %s", n)
		}
		if f.Max > f.Min && (i < f.Min || i > f.Max) {
			return nil, invalid(path, "must be between %d and %d, got %d", f.Min, f.Max, i)
		}
		return float64(i), nil
	case api.KindBool:
		b, ok := v.(bool)
		if !ok {
			return nil, invalid(path, "must be a boolean, got %s", jsonKindOf(v))
		}
		return b, nil
	case api.KindStringList, api.KindStringSet:
		if s, ok := v.(string); ok { // the API takes one value for a list of one
			v = []any{s}
		}
		list, ok := v.([]any)
		if !ok {
			return nil, invalid(path, "must be an array of strings, got %s", jsonKindOf(v))
		}
		out := make([]any, 0, len(list))
		for i, x := range list {
			s, err := str(x, fmt.Sprintf("%s[%d]", path, i))
			if err != nil {
				return nil, err
			}
			if f.Kind == api.KindStringSet && slices.Contains(out, any(s)) {
				continue
			}
			out = append(out, s)
		}
		return out, nil
	case api.KindStringMap:
		m, ok := v.(map[string]any)
		if !ok {
			return nil, invalid(path, "must be an object of strings, got %s", jsonKindOf(v))
		}
		out := map[string]any{}
		for k, x := range m {
			s, ok := x.(string)
			if !ok {
				return nil, invalid(path+"."+k, "must be a string, got %s", jsonKindOf(x))
			}
			out[k] = s
		}
		return out, nil
	case api.KindBlock:
		m, ok := v.(map[string]any)
		if !ok {
			return nil, invalid(path, "must be an object, got %s", jsonKindOf(v))
		}
		return normalizeBlock(path, f.Fields, m)
	case api.KindBlockList, api.KindBlockSet:
		list, ok := v.([]any)
		if !ok {
			return nil, invalid(path, "must be an array of objects, got %s", jsonKindOf(v))
		}
		out := make([]any, len(list))
		for i, x := range list {
			m, ok := x.(map[string]any)
			if !ok {
				return nil, invalid(fmt.Sprintf("%s[%d]", path, i), "must be an object, got %s", jsonKindOf(x))
			}
			b, err := normalizeBlock(fmt.Sprintf("%s[%d]", path, i), f.Fields, m)
			if err != nil {
				return nil, err
			}
			out[i] = b
		}
		return out, nil
	}
	return nil, invalid(path, "has an unknown kind %d", f.Kind)
}

func normalizeBlock(path string, fields []api.Field, m map[string]any) (map[string]any, error) {
	out := map[string]any{}
	for _, k := range sortedKeys(m) {
		f, ok := fieldNamed(fields, k)
		if !ok {
			return nil, unknownParameter(path + "." + k)
		}
		v, err := normalize(path+"."+k, f, m[k])
		if err != nil {
			return nil, err
		}
		out[k] = v
	}
	var absent []string
	for _, f := range fields {
		if _, ok := out[f.Name]; f.Required && !ok {
			absent = append(absent, path+"."+f.Name)
		}
	}
	if len(absent) > 0 {
		return nil, missing(absent...)
	}
	return out, nil
}

func unknownParameter(name string) error {
	return apiErr(http.StatusBadRequest, api.CodeInvalidParameterName, "Unrecognized parameter: ["+name+"]")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func jsonKindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case json.Number, float64:
		return "a number"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}
