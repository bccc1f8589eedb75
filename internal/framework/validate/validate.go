// Package validate holds plan-time validators that more than one provider
// uses. Each error names the attribute and the rule.
//
// Use terraform-plugin-framework-validators where it has the rule
// (stringvalidator.OneOf, RegexMatches, UTF8LengthBetween, ...). For a rule
// it does not have, write the check of one value and wrap it in StringFunc:
//
//	validate.StringFunc("must be a positive duration such as 20m", func(s string) error {
//		if d, err := time.ParseDuration(s); err != nil || d <= 0 {
//			return errors.New("must be a positive Go duration such as 20m or 90s")
//		}
//		return nil
//	})
//
// The error says what the value must be; the diagnostic reads
// "<attribute> <error>; got "<value>".".
package validate

import (
	"context"
	"fmt"
	"net/netip"
	"regexp"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// StringFunc is the validator.String of a check of one known string value:
// null and unknown values pass (Required and the apply-time check handle
// them), and a check that fails is an error on the attribute, worded as
// "<attribute> <error>; got "<value>".". description is the rule as the
// documentation shows it.
func StringFunc(description string, check func(string) error) validator.String {
	return stringRule{description: description, check: check}
}

// stringRule adapts a check of one string value into a validator.String.
type stringRule struct {
	description string
	check       func(string) error
}

func (r stringRule) Description(context.Context) string         { return r.description }
func (r stringRule) MarkdownDescription(context.Context) string { return r.description }

func (r stringRule) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := r.check(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid attribute value",
			fmt.Sprintf("%s %s; got %q.", req.Path, err, req.ConfigValue.ValueString()))
	}
}

// CIDR requires an IPv4 or IPv6 prefix in CIDR notation, such as 10.0.0.0/8.
func CIDR() validator.String {
	return StringFunc("must be a prefix in CIDR notation", func(s string) error {
		if _, err := netip.ParsePrefix(s); err != nil {
			return fmt.Errorf("must be a prefix in CIDR notation, such as 10.0.0.0/8 or 2001:db8::/32")
		}
		return nil
	})
}

var macAddress = regexp.MustCompile(`^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$`)

// MACAddress requires six colon-separated hexadecimal octets.
func MACAddress() validator.String {
	return StringFunc("must be a MAC address such as 00:11:22:aa:bb:cc", func(s string) error {
		if !macAddress.MatchString(s) {
			return fmt.Errorf("must be a MAC address of six colon-separated hexadecimal octets, such as 00:11:22:aa:bb:cc")
		}
		return nil
	})
}

// PortRanges requires a comma-separated list of ports (1-65535) and
// ascending ranges, such as "80", "8000-8080" or "80,443,8000-8080".
func PortRanges() validator.String {
	return StringFunc("must be ports and port ranges such as 80,443,8000-8080", CheckPortRanges)
}

// CheckPortRanges is the rule of PortRanges: ports 1-65535 written without
// spaces or leading zeros, ranges strictly ascending.
func CheckPortRanges(s string) error {
	bad := fmt.Errorf("must be ports (1-65535) and ascending ranges separated by commas, without spaces, such as 80,443,8000-8080")
	port := func(p string) (int, bool) {
		n, err := strconv.Atoi(p)
		return n, err == nil && p == strconv.Itoa(n) && n >= 1 && n <= 65535
	}
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		from, ok := port(lo)
		if !ok {
			return bad
		}
		if isRange {
			if to, ok := port(hi); !ok || to <= from {
				return bad
			}
		}
	}
	return nil
}
