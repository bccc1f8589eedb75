// Package importid parses the composite identifiers that `terraform import`
// and `pulumi import` accept.
package importid

import (
	"fmt"
	"strconv"
	"strings"
)

// ParentAndPositiveInt splits "<parent>:<id>" where id is a positive
// integer, as in "<NAT_GATEWAY_PRODUCT_UID>:<PACKET_FILTER_ID>". shape is the
// identifier shape shown to the user when the input does not match.
func ParentAndPositiveInt(id, shape string) (string, int64, error) {
	parent, child, ok := strings.Cut(id, ":")
	if !ok || parent == "" || strings.Contains(child, ":") {
		return "", 0, fmt.Errorf("import identifier %q is not of the shape %s", id, shape)
	}
	n, err := strconv.ParseInt(child, 10, 64)
	if err != nil || n <= 0 {
		return "", 0, fmt.Errorf("import identifier %q is not of the shape %s: %q is not a positive integer", id, shape, child)
	}
	return parent, n, nil
}

// ParentAndChild splits "<parent>:<child>" with both parts non-empty.
func ParentAndChild(id, shape string) (string, string, error) {
	parent, child, ok := strings.Cut(id, ":")
	if !ok || parent == "" || child == "" || strings.Contains(child, ":") {
		return "", "", fmt.Errorf("import identifier %q is not of the shape %s", id, shape)
	}
	return parent, child, nil
}

// Parts splits "<a>:<b>[:<c>…]" into at least min and at most max parts, of
// which the first min are not empty (later ones are optional and may be).
func Parts(id, shape string, min, max int) ([]string, error) {
	parts := strings.Split(id, ":")
	if len(parts) < min || len(parts) > max {
		return nil, Mismatch(id, shape)
	}
	for _, p := range parts[:min] {
		if p == "" {
			return nil, Mismatch(id, shape)
		}
	}
	return parts, nil
}

// Mismatch is the error for an identifier that is not of the shape, for the
// checks a caller makes itself (a UUID, a known access level).
func Mismatch(id, shape string) error {
	return fmt.Errorf("import identifier %q is not of the shape %s", id, shape)
}
