package orch

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// StorageDirective is a parsed storage directive "[<pool>,][<count>,][<size>]".
// Zero values are unset: the controller fills them from the model's default
// pool and the charm's storage definition.
type StorageDirective struct {
	Pool  string
	Count int
	Size  int // MiB
}

var (
	poolNameRE = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9-]*$`)
	countRE    = regexp.MustCompile(`^[0-9]+$`)
	sizeRE     = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?[MGTPmgtp]$`)
)

// ParseStorageDirective parses "[<pool>,][<count>,][<size>]": at least one
// element, in that order, each at most once. A pool name starts with a letter;
// a count is a whole number of at least 1; a size is a number with a suffix M,
// G, T or P (a bare number is a count).
func ParseStorageDirective(s string) (StorageDirective, error) {
	var d StorageDirective
	if strings.TrimSpace(s) == "" {
		return d, errors.New("a storage directive needs at least one of pool, count, size: [<pool>,][<count>,][<size>]")
	}
	parts := strings.Split(s, ",")
	if len(parts) > 3 {
		return d, fmt.Errorf("%q has %d elements; the form is [<pool>,][<count>,][<size>]", s, len(parts))
	}
	stage := 0 // 0: pool allowed, 1: count allowed, 2: size allowed
	for _, p := range parts {
		p = strings.TrimSpace(p)
		switch {
		case p == "":
			return d, fmt.Errorf("%q has an empty element; the form is [<pool>,][<count>,][<size>]", s)
		case countRE.MatchString(p):
			if d.Count != 0 {
				return d, fmt.Errorf("%q: more than one count", s)
			}
			if stage > 2 {
				return d, fmt.Errorf("%q: count %q must come before the size", s, p)
			}
			n, err := strconv.Atoi(p)
			if err != nil || n < 1 {
				return d, fmt.Errorf("%q: count must be at least 1", s)
			}
			d.Count, stage = n, 2
		case sizeRE.MatchString(p):
			if d.Size != 0 {
				return d, fmt.Errorf("%q: more than one size", s)
			}
			mib, err := ParseSizeMiB(p)
			if err != nil {
				return d, err
			}
			if mib < 1 {
				return d, fmt.Errorf("%q: size must be positive", s)
			}
			d.Size, stage = mib, 3
		case poolNameRE.MatchString(p):
			if stage > 0 {
				return d, fmt.Errorf("%q: pool %q must come first", s, p)
			}
			d.Pool, stage = p, 1
		default:
			return d, fmt.Errorf("%q: %q is neither a pool name, a count nor a size (number with suffix M, G, T or P)", s, p)
		}
	}
	return d, nil
}

// String renders the directive in the form ParseStorageDirective reads, with
// the size in MiB.
func (d StorageDirective) String() string {
	var parts []string
	if d.Pool != "" {
		parts = append(parts, d.Pool)
	}
	if d.Count != 0 {
		parts = append(parts, strconv.Itoa(d.Count))
	}
	if d.Size != 0 {
		parts = append(parts, FormatSizeMiB(d.Size))
	}
	return strings.Join(parts, ",")
}
