package fwmgr

import (
	"encoding/json"
	"fmt"
	"math"
	"net/netip"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// LookupManagementType finds a row of ManagementTypes by its Name
// ("service-tcp").
func LookupManagementType(name string) (ManagementType, bool) {
	for _, t := range ManagementTypes {
		if t.Name == name {
			return t, true
		}
	}
	return ManagementType{}, false
}

// LookupManagementTypeByPlural finds a row of ManagementTypes by its Plural
// ("services-tcp"), as show-<Plural> names it.
func LookupManagementTypeByPlural(plural string) (ManagementType, bool) {
	for _, t := range ManagementTypes {
		if t.Plural == plural {
			return t, true
		}
	}
	return ManagementType{}, false
}

// AllFields are every field of the type, in the order the sandbox, the
// client and the provider present them: name, the common fields, groups
// (unless NoGroups), then the type's own. The slice is new on each call.
func (t ManagementType) AllFields() []Field {
	out := make([]Field, 0, 2+len(CommonFields)+len(t.Fields))
	out = append(out, Field{Name: "name", Kind: KindString, Required: true, Rule: t.NameRule,
		Doc: "Object name, unique among the domain's objects."})
	out = append(out, CommonFields...)
	if !t.NoGroups {
		out = append(out, GroupsField)
	}
	return append(out, t.Fields...)
}

// Field returns the type's field of that wire name, among AllFields.
func (t ManagementType) Field(name string) (Field, bool) {
	for _, f := range t.AllFields() {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}

// CheckRule says whether value has the shape rule names (a Rule* constant).
// The error quotes the value and names the shape; callers add the field.
func CheckRule(rule, value string) error {
	ok := false
	var shape string
	switch rule {
	case "":
		return nil
	case RuleIPv4:
		shape = "an IPv4 address"
		a, err := netip.ParseAddr(value)
		ok = err == nil && a.Is4()
	case RuleIPv6:
		shape = "an IPv6 address"
		a, err := netip.ParseAddr(value)
		ok = err == nil && a.Is6() && a.Zone() == ""
	case RulePort:
		shape = `a port, a range "a-b" or ">a" / "<a" within 1-65535`
		ok = isPort(value)
	case RuleDate:
		shape = "a date dd-Mmm-yyyy (01-Jan-1970)"
		_, err := time.Parse("02-Jan-2006", value)
		ok = err == nil && len(value) == len("02-Jan-2006")
	case RuleHourMinute:
		shape = "a time hh:mm (00:00 to 23:59)"
		_, err := time.Parse("15:04", value)
		ok = err == nil && len(value) == len("15:04")
	case RuleDNSDomain:
		shape = "a domain name with a leading dot (.www.example.com)"
		ok = isDotDomain(value)
	case RuleDayOfMonth:
		shape = `a day 1-31 or a range of days "a-b"`
		ok = isDayRange(value)
	default:
		return fmt.Errorf("unknown rule %q", rule)
	}
	if !ok {
		return fmt.Errorf("%q is not %s", value, shape)
	}
	return nil
}

// number parses a decimal number without sign or leading zero, within
// [lo, hi].
func number(s string, lo, hi int) (int, bool) {
	if s == "" || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= lo && n <= hi
}

func isPort(s string) bool {
	switch {
	case strings.HasPrefix(s, ">"):
		// Some port above it must exist.
		_, ok := number(s[1:], 1, 65534)
		return ok
	case strings.HasPrefix(s, "<"):
		_, ok := number(s[1:], 2, 65535)
		return ok
	}
	return isRange(s, 1, 65535)
}

func isDayRange(s string) bool { return isRange(s, 1, 31) }

// isRange: "n" or "a-b" with lo <= a <= b <= hi.
func isRange(s string, lo, hi int) bool {
	a, b, isPair := strings.Cut(s, "-")
	x, ok := number(a, lo, hi)
	if !ok || !isPair {
		return ok
	}
	y, ok := number(b, lo, hi)
	return ok && x <= y
}

func isDotDomain(s string) bool {
	rest, ok := strings.CutPrefix(s, ".")
	if !ok || rest == "" || len(rest) > 253 {
		return false
	}
	for _, label := range strings.Split(rest, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		if strings.ContainsFunc(label, notLabelChar) {
			return false
		}
	}
	return true
}

// notLabelChar: a character a domain label may not hold (letters, digits,
// "-" and "_" it may; "_" for service names such as _sip).
func notLabelChar(c rune) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_':
		return false
	}
	return true
}

// Check says whether v, a value decoded from JSON (or one written in Go
// with the same shapes: string, bool, an integer or float64, []any or
// []string, map[string]any), is a valid value of the field. nil is an absent
// value: valid unless the field is Required. The error names the field (with
// its path inside blocks) and the rule it breaks.
func (f Field) Check(v any) error {
	return f.check(f.Name, v)
}

func (f Field) check(path string, v any) error {
	if v == nil {
		if f.Required {
			return fmt.Errorf("%s: is required", path)
		}
		return nil
	}
	switch f.Kind {
	case KindString:
		s, ok := v.(string)
		if !ok {
			return fmt.Errorf("%s: %s is not a string", path, describe(v))
		}
		return f.checkString(path, s)
	case KindInt:
		n, ok := integer(v)
		if !ok {
			return fmt.Errorf("%s: %s is not an integer", path, describe(v))
		}
		if f.Max > f.Min && (n < f.Min || n > f.Max) {
			return fmt.Errorf("%s: %d is not within %d-%d", path, n, f.Min, f.Max)
		}
		return nil
	case KindBool:
		if _, ok := v.(bool); !ok {
			return fmt.Errorf("%s: %s is not a boolean", path, describe(v))
		}
		return nil
	case KindStringList, KindStringSet:
		items, ok := list(v)
		if !ok {
			return fmt.Errorf("%s: %s is not an array of strings", path, describe(v))
		}
		for i, item := range items {
			s, ok := item.(string)
			if !ok {
				return fmt.Errorf("%s[%d]: %s is not a string", path, i, describe(item))
			}
			if err := f.checkString(fmt.Sprintf("%s[%d]", path, i), s); err != nil {
				return err
			}
		}
		return nil
	case KindStringMap:
		m, ok := object(v)
		if !ok {
			return fmt.Errorf("%s: %s is not an object of strings", path, describe(v))
		}
		for _, k := range sortedKeys(m) {
			if _, ok := m[k].(string); !ok {
				return fmt.Errorf("%s.%s: %s is not a string", path, k, describe(m[k]))
			}
		}
		return nil
	case KindBlock:
		m, ok := object(v)
		if !ok {
			return fmt.Errorf("%s: %s is not an object", path, describe(v))
		}
		return f.checkBlock(path, m)
	case KindBlockList, KindBlockSet:
		items, ok := list(v)
		if !ok {
			return fmt.Errorf("%s: %s is not an array of objects", path, describe(v))
		}
		for i, item := range items {
			p := fmt.Sprintf("%s[%d]", path, i)
			m, ok := object(item)
			if !ok {
				return fmt.Errorf("%s: %s is not an object", p, describe(item))
			}
			if err := f.checkBlock(p, m); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("%s: field of unknown kind %d", path, f.Kind)
}

func (f Field) checkString(path, s string) error {
	if len(f.Values) > 0 && !slices.Contains(f.Values, s) {
		return fmt.Errorf("%s: %q is not one of %s", path, s, strings.Join(f.Values, ", "))
	}
	if len(f.RefTypes) > 0 && strings.TrimSpace(s) == "" {
		return fmt.Errorf("%s: %q is not a name or UID", path, s)
	}
	if err := CheckRule(f.Rule, s); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// checkBlock checks a block's fields, refusing fields the block does not
// have (a misspelt nested field would otherwise be dropped unseen).
func (f Field) checkBlock(path string, m map[string]any) error {
	known := make(map[string]bool, len(f.Fields))
	for _, sub := range f.Fields {
		known[sub.Name] = true
		if err := sub.check(path+"."+sub.Name, m[sub.Name]); err != nil {
			return err
		}
	}
	for _, k := range sortedKeys(m) {
		if !known[k] {
			return fmt.Errorf("%s: unknown field %q", path, k)
		}
	}
	return nil
}

func integer(v any) (int64, bool) {
	switch n := v.(type) {
	case int:
		return int64(n), true
	case int32:
		return int64(n), true
	case int64:
		return n, true
	case float64:
		if n != math.Trunc(n) || math.Abs(n) > 1<<53 {
			return 0, false
		}
		return int64(n), true
	case json.Number:
		i, err := n.Int64()
		return i, err == nil
	}
	return 0, false
}

func list(v any) ([]any, bool) {
	switch l := v.(type) {
	case []any:
		return l, true
	case []string:
		out := make([]any, len(l))
		for i, s := range l {
			out[i] = s
		}
		return out, true
	case []map[string]any:
		out := make([]any, len(l))
		for i, m := range l {
			out[i] = m
		}
		return out, true
	}
	return nil, false
}

func object(v any) (map[string]any, bool) {
	switch m := v.(type) {
	case map[string]any:
		return m, true
	case map[string]string:
		out := make(map[string]any, len(m))
		for k, s := range m {
			out[k] = s
		}
		return out, true
	}
	return nil, false
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// describe shows a wrong value in an error: JSON-like, short.
func describe(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%v", v)
	}
	if len(b) > 60 {
		return string(b[:57]) + "..."
	}
	return string(b)
}
