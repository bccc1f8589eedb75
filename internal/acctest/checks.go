package acctest

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
)

// ErrorMatching matches an error message however Terraform wraps it: the
// text is literal, and every space also matches a line break with the "│ "
// gutter of Terraform's diagnostics.
func ErrorMatching(msg string) *regexp.Regexp {
	words := strings.Fields(msg)
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	return regexp.MustCompile(strings.Join(words, `[\s│]+`))
}

// StringOrNull expects s, or null when s is empty.
func StringOrNull(s string) knownvalue.Check {
	if s == "" {
		return knownvalue.Null()
	}
	return knownvalue.StringExact(s)
}

// Int64OrNull expects n, or null when n is zero.
func Int64OrNull(n int64) knownvalue.Check {
	if n == 0 {
		return knownvalue.Null()
	}
	return knownvalue.Int64Exact(n)
}

// Int64List expects exactly the numbers, in order.
func Int64List(ns []int64) knownvalue.Check {
	checks := make([]knownvalue.Check, 0, len(ns))
	for _, n := range ns {
		checks = append(checks, knownvalue.Int64Exact(n))
	}
	return knownvalue.ListExact(checks)
}

// StringList expects exactly the strings, in order.
func StringList(ss []string) knownvalue.Check {
	checks := make([]knownvalue.Check, 0, len(ss))
	for _, s := range ss {
		checks = append(checks, knownvalue.StringExact(s))
	}
	return knownvalue.ListExact(checks)
}

// StringMap expects exactly the map.
func StringMap(m map[string]string) knownvalue.Check {
	checks := map[string]knownvalue.Check{}
	for k, v := range m {
		checks[k] = knownvalue.StringExact(v)
	}
	return knownvalue.MapExact(checks)
}

// ListElement expects a list of objects with an element whose key attribute
// has the value, and that element to pass check. Other elements are
// ignored, so that what other tests left in a shared sandbox does not
// matter.
func ListElement(key, value string, check knownvalue.Check) knownvalue.Check {
	return listElement{key: key, value: value, check: check}
}

// NoListElement expects a list of objects without an element whose key
// attribute has the value.
func NoListElement(key, value string) knownvalue.Check {
	return listElement{key: key, value: value, absent: true}
}

type listElement struct {
	key, value string
	check      knownvalue.Check
	absent     bool
}

func (c listElement) CheckValue(v any) error {
	list, ok := v.([]any)
	if !ok {
		return fmt.Errorf("expected a list, got %T", v)
	}
	for i, e := range list {
		obj, ok := e.(map[string]any)
		if !ok || obj[c.key] != c.value {
			continue
		}
		if c.absent {
			return fmt.Errorf("element %d has %s = %q, which should not be listed", i, c.key, c.value)
		}
		if err := c.check.CheckValue(obj); err != nil {
			return fmt.Errorf("element %d (%s = %q): %w", i, c.key, c.value, err)
		}
		return nil
	}
	if c.absent {
		return nil
	}
	return fmt.Errorf("none of the %d elements has %s = %q", len(list), c.key, c.value)
}

func (c listElement) String() string {
	if c.absent {
		return fmt.Sprintf("no element with %s = %q", c.key, c.value)
	}
	return fmt.Sprintf("an element with %s = %q: %s", c.key, c.value, c.check)
}
