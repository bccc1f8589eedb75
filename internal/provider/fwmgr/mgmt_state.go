package fwmgr

import (
	"encoding/json"
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// State from answers, and requests from plans, for the management types.
// Values are tftypes values built from the row's fields, as the show data
// sources build theirs from wire types: one code path for every row.

// mgmtObjectState is the state of an object of type t from the answer of
// show-T (or add-T, set-T): every field the type has, and id (and uid, for
// a data source, whose schema has it). prior is what the configuration
// says (the plan, or the state being refreshed; null after an import): it
// gives write-only fields, which are never answered, and the spelling of
// references.
func mgmtObjectState(t api.ManagementType, typ tftypes.Object, answer map[string]any, prior tftypes.Value) (tftypes.Value, error) {
	return objectValue(t.AllFields(), typ, answer, prior, true)
}

func objectValue(fields []api.Field, typ tftypes.Object, answer map[string]any, prior tftypes.Value, top bool) (tftypes.Value, error) {
	priorAttrs := map[string]tftypes.Value{}
	if prior.IsKnown() && !prior.IsNull() {
		if err := prior.As(&priorAttrs); err != nil {
			return tftypes.Value{}, err
		}
	}
	vals := make(map[string]tftypes.Value, len(typ.AttributeTypes))
	for _, f := range fields {
		name := f.Attribute()
		at, ok := typ.AttributeTypes[name]
		if !ok {
			continue // a write-only field of a data source
		}
		p, ok := priorAttrs[name]
		if !ok {
			p = tftypes.NewValue(at, nil)
		}
		v, err := fieldValue(f, at, answer[f.Name], p)
		if err != nil {
			return tftypes.Value{}, fmt.Errorf("%s: %w", name, err)
		}
		vals[name] = v
	}
	if top {
		uid, _ := answer["uid"].(string)
		for _, a := range []string{mgmtAttrID, mgmtAttrUID} {
			if _, ok := typ.AttributeTypes[a]; ok {
				vals[a] = tftypes.NewValue(tftypes.String, uid)
			}
		}
	}
	for name, at := range typ.AttributeTypes {
		if _, ok := vals[name]; !ok {
			vals[name] = tftypes.NewValue(at, nil)
		}
	}
	return tftypes.NewValue(typ, vals), nil
}

// known is the value when it is known and not null.
func known(v tftypes.Value) bool { return v.IsKnown() && !v.IsNull() }

// fieldValue is the state of field f from its answer a (nil: not
// answered) and its prior value.
func fieldValue(f api.Field, typ tftypes.Type, a any, prior tftypes.Value) (tftypes.Value, error) {
	if f.Secret { // a write-only argument: never in the state
		return tftypes.NewValue(typ, nil), nil
	}
	if f.WriteOnly {
		if prior.IsKnown() {
			return prior, nil
		}
		return tftypes.NewValue(typ, nil), nil
	}
	if a == nil || isZero(a) && !mgmtComputed(f) {
		// Not answered, or answered empty for a field without default: the
		// configuration's value when it says the same (an empty set
		// written as []), else null, as a configuration that leaves the
		// field out has it.
		if known(prior) && isEmptyValue(prior) {
			return prior, nil
		}
		if a == nil || !known(prior) {
			return tftypes.NewValue(typ, nil), nil
		}
	}
	switch f.Kind {
	case api.KindString:
		s, err := answerString(f, a)
		if err != nil {
			return tftypes.Value{}, err
		}
		return tftypes.NewValue(tftypes.String, spelling(f, s, a, prior)), nil
	case api.KindInt:
		n, err := answerNumber(a)
		if err != nil {
			return tftypes.Value{}, err
		}
		return tftypes.NewValue(tftypes.Number, n), nil
	case api.KindBool:
		b, ok := a.(bool)
		if !ok {
			return tftypes.Value{}, fmt.Errorf("answered %T, not a boolean", a)
		}
		return tftypes.NewValue(tftypes.Bool, b), nil
	case api.KindStringList, api.KindStringSet:
		items, ok := a.([]any)
		if !ok {
			return tftypes.Value{}, fmt.Errorf("answered %T, not an array", a)
		}
		var priors []tftypes.Value
		if known(prior) {
			_ = prior.As(&priors)
		}
		elems := make([]tftypes.Value, 0, len(items))
		for i, it := range items {
			s, err := answerString(f, it)
			if err != nil {
				return tftypes.Value{}, err
			}
			if f.Kind == api.KindStringList {
				p := tftypes.NewValue(tftypes.String, nil)
				if i < len(priors) {
					p = priors[i]
				}
				s = spelling(f, s, it, p)
			} else {
				// A set: the configuration's element that names the same
				// object, whatever its place.
				for _, p := range priors {
					if c := spelling(f, s, it, p); c != s {
						s = c
						break
					}
				}
			}
			elems = append(elems, tftypes.NewValue(tftypes.String, s))
		}
		return tftypes.NewValue(typ, elems), nil
	case api.KindStringMap:
		m, ok := a.(map[string]any)
		if !ok {
			return tftypes.Value{}, fmt.Errorf("answered %T, not an object", a)
		}
		vals := make(map[string]tftypes.Value, len(m))
		for k, v := range m {
			vals[k] = tftypes.NewValue(tftypes.String, fmt.Sprint(v))
		}
		return tftypes.NewValue(typ, vals), nil
	case api.KindBlock, api.KindBlockList, api.KindBlockSet:
		var items []any
		if f.Kind == api.KindBlock {
			items = []any{a}
		} else {
			var ok bool
			if items, ok = a.([]any); !ok {
				return tftypes.Value{}, fmt.Errorf("answered %T, not an array", a)
			}
		}
		var elemType tftypes.Type
		switch c := typ.(type) {
		case tftypes.List:
			elemType = c.ElementType
		case tftypes.Set:
			elemType = c.ElementType
		}
		objType, ok := elemType.(tftypes.Object)
		if !ok {
			return tftypes.Value{}, fmt.Errorf("a block of %s, not of objects", elemType)
		}
		var priors []tftypes.Value
		if known(prior) && f.Kind != api.KindBlockSet {
			_ = prior.As(&priors)
		}
		elems := make([]tftypes.Value, 0, len(items))
		for i, it := range items {
			m, ok := it.(map[string]any)
			if !ok {
				return tftypes.Value{}, fmt.Errorf("answered %T, not an object", it)
			}
			p := tftypes.NewValue(objType, nil)
			if i < len(priors) {
				p = priors[i]
			}
			v, err := objectValue(f.Fields, objType, m, p, false)
			if err != nil {
				return tftypes.Value{}, err
			}
			elems = append(elems, v)
		}
		return tftypes.NewValue(typ, elems), nil
	}
	return tftypes.Value{}, fmt.Errorf("field kind %d", f.Kind)
}

// answerString is a string or a reference ({uid, name, type}: its name).
func answerString(f api.Field, a any) (string, error) {
	switch v := a.(type) {
	case string:
		return v, nil
	case map[string]any:
		if name, ok := v["name"].(string); ok {
			return name, nil
		}
		if uid, ok := v["uid"].(string); ok {
			return uid, nil
		}
		// A date the API answers as a time ({posix, iso-8601}): the date
		// part, as it is written (a user's expiration-date, yyyy-MM-dd).
		if iso, ok := v["iso-8601"].(string); ok {
			date, _, _ := strings.Cut(iso, "T")
			return date, nil
		}
	case float64, json.Number, int, int64:
		return fmt.Sprint(v), nil
	}
	return "", fmt.Errorf("answered %T for the string field %s", a, f.Name)
}

// spelling is the configuration's spelling of a value that the server
// answered as s: a reference named by its UID, or by a name in other case
// (names resolve case-insensitively), and an address whose case the server
// normalizes, stay as written, so that the plan after apply is empty.
func spelling(f api.Field, s string, answer any, prior tftypes.Value) string {
	var p string
	if !known(prior) || prior.As(&p) != nil {
		return s
	}
	if len(f.RefTypes) > 0 {
		if ref, ok := answer.(map[string]any); ok {
			if uid, _ := ref["uid"].(string); uid != "" && uid == p {
				return p
			}
		}
		if strings.EqualFold(p, s) {
			return p
		}
		return s
	}
	if f.Rule != "" && strings.EqualFold(p, s) {
		return p
	}
	return s
}

func answerNumber(a any) (*big.Float, error) {
	switch v := a.(type) {
	case float64:
		return big.NewFloat(v), nil
	case int:
		return new(big.Float).SetInt64(int64(v)), nil
	case int64:
		return new(big.Float).SetInt64(v), nil
	case json.Number:
		f, _, err := big.ParseFloat(string(v), 10, 64, big.ToNearestEven)
		return f, err
	}
	return nil, fmt.Errorf("answered %T, not a number", a)
}

func isZero(a any) bool {
	switch v := a.(type) {
	case string:
		return v == ""
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	case bool:
		return !v
	}
	return false
}

func isEmptyValue(v tftypes.Value) bool {
	var elems []tftypes.Value
	if err := v.As(&elems); err == nil {
		return len(elems) == 0
	}
	var m map[string]tftypes.Value
	if err := v.As(&m); err == nil && v.Type().Is(tftypes.Map{}) {
		return len(m) == 0
	}
	var s string
	if err := v.As(&s); err == nil {
		return s == ""
	}
	var b bool
	if err := v.As(&b); err == nil {
		return !b
	}
	return false
}

// mgmtRequest is the body of add-T (every known field of the plan) or,
// with state, of set-T (the fields whose plan differs from the state, and
// the write-only ones, which apply to the change itself). A field the plan
// no longer sets is cleared with its empty value.
func mgmtRequest(fields []api.Field, plan, state map[string]tftypes.Value) (map[string]any, error) {
	body := map[string]any{}
	for _, f := range fields {
		if f.ReadOnly { // the server's to say (a network's subnet mask)
			continue
		}
		name := f.Attribute()
		v, ok := plan[name]
		if !ok || !v.IsKnown() {
			continue
		}
		if state != nil && !f.WriteOnly {
			old, had := state[name]
			if had && old.Equal(v) {
				continue
			}
			if v.IsNull() {
				if had && known(old) {
					if empty, ok := emptyOf(f); ok {
						body[f.Name] = empty
					}
				}
				continue
			}
		}
		if v.IsNull() {
			continue
		}
		w, err := wireValue(f, v)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		body[f.Name] = w
	}
	return body, nil
}

// emptyOf is what clears a field that the configuration no longer sets.
func emptyOf(f api.Field) (any, bool) {
	switch f.Kind {
	case api.KindString:
		return "", true
	case api.KindStringList, api.KindStringSet, api.KindBlockList, api.KindBlockSet:
		return []any{}, true
	case api.KindStringMap:
		return map[string]any{}, true
	}
	return nil, false
}

// wireValue is a known, non-null plan value of f as the API takes it.
func wireValue(f api.Field, v tftypes.Value) (any, error) {
	if !isBlock(f) {
		return goValue(v)
	}
	var elems []tftypes.Value
	if err := v.As(&elems); err != nil {
		return nil, err
	}
	out := make([]any, 0, len(elems))
	for _, e := range elems {
		var attrs map[string]tftypes.Value
		if err := e.As(&attrs); err != nil {
			return nil, err
		}
		obj, err := mgmtRequest(f.Fields, attrs, nil)
		if err != nil {
			return nil, err
		}
		out = append(out, obj)
	}
	if f.Kind == api.KindBlock {
		if len(out) == 0 {
			return map[string]any{}, nil
		}
		return out[0], nil
	}
	if f.Kind == api.KindBlockSet {
		// A set's order means nothing; a stable one keeps requests
		// comparable from run to run.
		sort.Slice(out, func(i, j int) bool { return jsonString(out[i]) < jsonString(out[j]) })
	}
	return out, nil
}

// objectAttrs are the attributes of an object value (none when it is null).
func objectAttrs(v tftypes.Value) (map[string]tftypes.Value, error) {
	m := map[string]tftypes.Value{}
	if v.IsNull() || !v.IsKnown() {
		return m, nil
	}
	err := v.As(&m)
	return m, err
}

// stringAttr is a string attribute's value, "" when null or unknown.
func stringAttr(attrs map[string]tftypes.Value, name string) string {
	var s string
	if v, ok := attrs[name]; ok && known(v) {
		_ = v.As(&s)
	}
	return s
}

// mgmtSecrets adds to body, the add-T or set-T request made from the plan
// (planAttrs), the Secret fields that the configuration sets. They are
// Terraform write-only arguments: null in the plan and the state, so that
// only the configuration has them, and each request that changes the
// object sends them again while the configuration sets them. A secret
// inside a block is sent inside that block: a block the request leaves
// out (unchanged) is added from the plan when the configuration sets a
// secret in it, so that the secret goes with it.
func mgmtSecrets(fields []api.Field, config tftypes.Value, planAttrs map[string]tftypes.Value, body map[string]any) error {
	_, err := addSecrets(fields, config, planAttrs, body)
	return err
}

// addSecrets is mgmtSecrets, reporting whether it added any.
func addSecrets(fields []api.Field, config tftypes.Value, planAttrs map[string]tftypes.Value, body map[string]any) (bool, error) {
	cfg, err := objectAttrs(config)
	if err != nil {
		return false, err
	}
	added := false
	for _, f := range fields {
		name := f.Attribute()
		v, ok := cfg[name]
		if !ok || !known(v) {
			continue
		}
		if f.Secret {
			var s string
			if err := v.As(&s); err != nil {
				return false, fmt.Errorf("%s: %w", name, err)
			}
			body[f.Name], added = s, true
			continue
		}
		if !isBlock(f) || !holdsSecret(f.Fields) {
			continue
		}
		var elems []tftypes.Value
		if err := v.As(&elems); err != nil {
			return false, fmt.Errorf("%s: %w", name, err)
		}
		w, sent := body[f.Name]
		if !sent {
			p, ok := planAttrs[name]
			if !ok || !known(p) {
				continue
			}
			if w, err = wireValue(f, p); err != nil {
				return false, fmt.Errorf("%s: %w", name, err)
			}
		}
		var objs []map[string]any
		switch x := w.(type) {
		case map[string]any:
			objs = []map[string]any{x}
		case []any:
			for _, e := range x {
				m, _ := e.(map[string]any)
				objs = append(objs, m)
			}
		}
		// The plan's elements are the configuration's, in its order (a
		// list block; a set block cannot hold a write-only argument).
		inBlock := false
		for i, e := range elems {
			if i >= len(objs) || objs[i] == nil {
				break
			}
			nested, err := objectAttrs(e)
			if err != nil {
				return false, fmt.Errorf("%s: %w", name, err)
			}
			got, err := addSecrets(f.Fields, e, nested, objs[i])
			if err != nil {
				return false, fmt.Errorf("%s: %w", name, err)
			}
			inBlock = inBlock || got
		}
		if inBlock {
			body[f.Name], added = w, true
		}
	}
	return added, nil
}

// holdsSecret: a Secret field is among fields or in their blocks.
func holdsSecret(fields []api.Field) bool {
	for _, f := range fields {
		if f.Secret || holdsSecret(f.Fields) {
			return true
		}
	}
	return false
}
