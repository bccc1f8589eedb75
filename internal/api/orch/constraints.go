package orch

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// constraintKeys are the constraint keys in the order of their normal form.
var constraintKeys = []string{
	"arch", "container", "cores", "cpu-power", "mem", "root-disk", "root-disk-source",
	"tags", "instance-role", "instance-type", "spaces", "virt-type", "zones",
	"allocate-public-ip", "image-id",
}

// Architectures a controller knows.
var Architectures = []string{"amd64", "arm64", "ppc64el", "s390x", "riscv64"}

// NormalizeConstraints parses a constraints string ("key=value" pairs
// separated by spaces) and returns its normal form, the one the controller
// stores and answers: keys in a fixed order (arch, container, cores,
// cpu-power, mem, root-disk, root-disk-source, tags, instance-role,
// instance-type, spaces, virt-type, zones, allocate-public-ip, image-id),
// sizes in whole MiB with the suffix M ("mem=4G" becomes "mem=4096M"), lists
// without blanks. Two constraint strings mean the same when their normal forms
// are equal. The error names the offending constraint.
func NormalizeConstraints(s string) (string, error) {
	values := map[string]string{}
	for _, field := range strings.Fields(s) {
		key, value, ok := strings.Cut(field, "=")
		if !ok {
			return "", fmt.Errorf("constraint %q: expected key=value", field)
		}
		if !slices.Contains(constraintKeys, key) {
			return "", fmt.Errorf("unknown constraint %q (known: %s)", key, strings.Join(constraintKeys, ", "))
		}
		if _, dup := values[key]; dup {
			return "", fmt.Errorf("constraint %q given more than once", key)
		}
		if value == "" {
			return "", fmt.Errorf("constraint %q: value must not be empty", key)
		}
		norm, err := normalizeConstraint(key, value)
		if err != nil {
			return "", fmt.Errorf("constraint %q: %w", key, err)
		}
		values[key] = norm
	}
	var out []string
	for _, k := range constraintKeys {
		if v, ok := values[k]; ok {
			out = append(out, k+"="+v)
		}
	}
	return strings.Join(out, " "), nil
}

func normalizeConstraint(key, value string) (string, error) {
	switch key {
	case "arch":
		if !slices.Contains(Architectures, value) {
			return "", fmt.Errorf("%q is not a known architecture (%s)", value, strings.Join(Architectures, ", "))
		}
		return value, nil
	case "container":
		if value != "lxd" && value != "kvm" {
			return "", fmt.Errorf("%q is not a container type (lxd, kvm)", value)
		}
		return value, nil
	case "cores", "cpu-power":
		n, err := strconv.ParseUint(value, 10, 32)
		if err != nil {
			return "", fmt.Errorf("%q is not a non-negative integer", value)
		}
		return strconv.FormatUint(n, 10), nil
	case "mem", "root-disk":
		mib, err := ParseSizeMiB(value)
		if err != nil {
			return "", err
		}
		return strconv.Itoa(mib) + "M", nil
	case "allocate-public-ip":
		if value != "true" && value != "false" {
			return "", fmt.Errorf("%q is not true or false", value)
		}
		return value, nil
	case "tags", "spaces", "zones":
		var items []string
		for _, item := range strings.Split(value, ",") {
			item = strings.TrimSpace(item)
			if item == "" {
				return "", fmt.Errorf("%q has an empty list element", value)
			}
			items = append(items, item)
		}
		if key == "spaces" {
			if err := checkSpaceList(items); err != nil {
				return "", err
			}
		}
		return strings.Join(items, ","), nil
	}
	return value, nil
}

// checkSpaceList checks the elements of a spaces constraint: space names,
// each wanted as it is or excluded with a leading ^, each named once, as a
// space cannot be both wanted and excluded.
func checkSpaceList(items []string) error {
	seen := map[string]string{}
	for _, item := range items {
		name := strings.TrimPrefix(item, "^")
		if !spaceNameRE.MatchString(name) {
			return fmt.Errorf("%q is not a space name (lower-case letters and digits, in groups joined by single hyphens), wanted as it is or excluded with a leading ^", item)
		}
		if prev, dup := seen[name]; dup {
			if prev == item {
				return fmt.Errorf("space %q is named twice", name)
			}
			return fmt.Errorf("space %q is both wanted and excluded (^%s)", name, name)
		}
		seen[name] = item
	}
	return nil
}

var spaceNameRE = regexp.MustCompile(SpaceNamePattern)

// ConstraintSpaces are the spaces a spaces constraint of constraints in
// normal form names, wanted or excluded (without the ^), in its order.
func ConstraintSpaces(normal string) []string {
	var out []string
	for _, field := range strings.Fields(normal) {
		if v, ok := strings.CutPrefix(field, "spaces="); ok {
			for _, item := range strings.Split(v, ",") {
				out = append(out, strings.TrimPrefix(item, "^"))
			}
		}
	}
	return out
}

// ParseSizeMiB parses a size: a number with an optional suffix M, G, T or P
// (MiB when none), rounded up to whole MiB.
func ParseSizeMiB(s string) (int, error) {
	num, mult := s, 1.0
	if n := len(s); n > 0 {
		switch s[n-1] {
		case 'M', 'm':
			num = s[:n-1]
		case 'G', 'g':
			num, mult = s[:n-1], 1024
		case 'T', 't':
			num, mult = s[:n-1], 1024*1024
		case 'P', 'p':
			num, mult = s[:n-1], 1024*1024*1024
		}
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || f < 0 || math.IsInf(f, 0) || math.IsNaN(f) || strings.ContainsAny(num, "eE+-") {
		return 0, fmt.Errorf("%q is not a size (a number with an optional suffix M, G, T or P)", s)
	}
	v := math.Ceil(f * mult)
	if v > math.MaxInt32 {
		return 0, fmt.Errorf("%q is too large", s)
	}
	return int(v), nil
}

// FormatSizeMiB renders MiB as the controller answers sizes: "<n>M".
func FormatSizeMiB(mib int) string { return strconv.Itoa(mib) + "M" }

// MergeConstraints merges two constraint strings in normal form key by key,
// the keys of over replacing those of base, as a machine's constraints
// replace those it inherits from its model. The result is in normal form.
func MergeConstraints(base, over string) string {
	values := map[string]string{}
	for _, s := range []string{base, over} {
		for _, field := range strings.Fields(s) {
			if k, v, ok := strings.Cut(field, "="); ok {
				values[k] = v
			}
		}
	}
	var out []string
	for _, k := range constraintKeys {
		if v, ok := values[k]; ok {
			out = append(out, k+"="+v)
		}
	}
	return strings.Join(out, " ")
}
