package orch

import (
	"context"
	"fmt"
	"net/netip"
	"regexp"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// Plan-time checks of the seed's rules; every message names the attribute.

var modelNamePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// annotationKeysValidator refuses annotation keys that contain dots.
type annotationKeysValidator struct{}

func (annotationKeysValidator) Description(context.Context) string {
	return "keys must not contain dots"
}
func (v annotationKeysValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}
func (annotationKeysValidator) ValidateMap(_ context.Context, req validator.MapRequest, resp *validator.MapResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	var bad []string
	for k := range req.ConfigValue.Elements() {
		if strings.Contains(k, ".") || k == "" {
			bad = append(bad, fmt.Sprintf("%q", k))
		}
	}
	if len(bad) > 0 {
		sort.Strings(bad)
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid annotation key",
			fmt.Sprintf("%s keys must be non-empty and must not contain dots (.); got %s.", req.Path, strings.Join(bad, ", ")))
	}
}

var basePattern = regexp.MustCompile(`^[a-z]+@[0-9]+(\.[0-9]+)?(/[a-z]+)?$`)

// baseValidator requires `<os>@<channel>`, such as ubuntu@22.04.
type baseValidator struct{}

func (baseValidator) Description(context.Context) string {
	return "must be <os>@<channel>, such as ubuntu@22.04"
}
func (v baseValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }
func (baseValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if !basePattern.MatchString(req.ConfigValue.ValueString()) {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid base",
			fmt.Sprintf("%s must be <os>@<channel>, such as ubuntu@22.04; got %q.", req.Path, req.ConfigValue.ValueString()))
	}
}

// storageDirectiveValidator requires `[<pool>,][<count>,][<size>]` with at
// least one element.
type storageDirectiveValidator struct{}

func (storageDirectiveValidator) Description(context.Context) string {
	return "must be a storage directive [<pool>,][<count>,][<size>] with at least one element"
}
func (v storageDirectiveValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}
func (storageDirectiveValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := checkStorageDirective(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid storage directive",
			fmt.Sprintf("%s must be [<pool>,][<count>,][<size>] with at least one element, such as \"ebs,2,10G\", "+
				"\"3\" or \"rootfs,1G\": %s.", req.Path, err))
	}
}

// ValidateMap checks every value of a map of storage directives.
func (v storageDirectiveValidator) ValidateMap(ctx context.Context, req validator.MapRequest, resp *validator.MapResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	keys := make([]string, 0, len(req.ConfigValue.Elements()))
	for k := range req.ConfigValue.Elements() {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		s, ok := req.ConfigValue.Elements()[k].(types.String)
		if !ok || s.IsNull() || s.IsUnknown() {
			continue
		}
		if err := checkStorageDirective(s.ValueString()); err != nil {
			resp.Diagnostics.AddAttributeError(req.Path.AtMapKey(k), "Invalid storage directive",
				fmt.Sprintf("%s must be [<pool>,][<count>,][<size>] with at least one element, such as \"ebs,2,10G\", "+
					"\"3\" or \"rootfs,1G\": %s.", req.Path.AtMapKey(k), err))
		}
	}
}

// checkStorageDirective is the contract's storage directive grammar.
func checkStorageDirective(s string) error {
	_, err := api.ParseStorageDirective(s)
	return err
}

var applicationNamePattern = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]*[a-z][a-z0-9]*)*$`)

// applicationNameValidator requires the controller's application names:
// lower-case letters, digits and hyphens, starting with a letter, and no
// part after a hyphen made of digits only.
type applicationNameValidator struct{}

func (applicationNameValidator) Description(context.Context) string {
	return "must be lower-case letters, digits and hyphens, starting with a letter"
}
func (v applicationNameValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}
func (applicationNameValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if !applicationNamePattern.MatchString(req.ConfigValue.ValueString()) {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid application name",
			fmt.Sprintf("%s must be lower-case letters, digits and hyphens, start with a letter, and have no part "+
				"after a hyphen made of digits only, such as postgresql or my-app-2b; got %q.", req.Path, req.ConfigValue.ValueString()))
	}
}

var channelPattern = regexp.MustCompile(`^([a-z0-9][a-z0-9.\-]*/)?(stable|candidate|beta|edge)(/[a-z0-9][a-z0-9.\-]*)?$`)

// channelValidator requires `[<track>/]<risk>[/<branch>]`.
type channelValidator struct{}

func (channelValidator) Description(context.Context) string {
	return "must be a channel <track>/<risk>, such as latest/stable"
}
func (v channelValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }
func (channelValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if !channelPattern.MatchString(req.ConfigValue.ValueString()) {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid channel",
			fmt.Sprintf("%s must be a channel <track>/<risk> with risk stable, candidate, beta or edge, such as "+
				"latest/stable or 3.6/edge; got %q.", req.Path, req.ConfigValue.ValueString()))
	}
}

// nonNegativeInt64 refuses negative numbers.
type nonNegativeInt64 struct{}

func (nonNegativeInt64) Description(context.Context) string { return "must be 0 or more" }
func (v nonNegativeInt64) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}
func (nonNegativeInt64) ValidateInt64(_ context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if req.ConfigValue.ValueInt64() < 0 {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid number",
			fmt.Sprintf("%s must be 0 or more; got %d.", req.Path, req.ConfigValue.ValueInt64()))
	}
}

// cidrListValidator requires comma-separated CIDRs.
type cidrListValidator struct{}

func (cidrListValidator) Description(context.Context) string {
	return "must be CIDRs separated by commas"
}
func (v cidrListValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }
func (cidrListValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	for _, c := range strings.Split(req.ConfigValue.ValueString(), ",") {
		if _, err := netip.ParsePrefix(strings.TrimSpace(c)); err != nil {
			resp.Diagnostics.AddAttributeError(req.Path, "Invalid CIDR list",
				fmt.Sprintf("%s must be CIDRs separated by commas, such as 10.0.0.0/8,192.168.0.0/16; %q is not a CIDR.", req.Path, c))
			return
		}
	}
}

var offerURLPattern = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9.+-]*/[a-z0-9][a-z0-9-]*\.[a-z][a-z0-9-]*$`)

// offerURLValidator requires `<owner>/<model>.<offer>`.
type offerURLValidator struct{}

func (offerURLValidator) Description(context.Context) string {
	return "must be an offer URL <owner>/<model>.<offer>"
}
func (v offerURLValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }
func (offerURLValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if !offerURLPattern.MatchString(req.ConfigValue.ValueString()) {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid offer URL",
			fmt.Sprintf("%s must be an offer URL <owner>/<model>.<offer>, such as admin/production.mysql; got %q.", req.Path, req.ConfigValue.ValueString()))
	}
}

// uniqueStringsValidator refuses a list that repeats a value, naming the
// attribute and the value (listvalidator.UniqueValues names neither
// attribute nor rule in its message).
type uniqueStringsValidator struct{}

func (uniqueStringsValidator) Description(context.Context) string {
	return "must not repeat a value"
}
func (v uniqueStringsValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}
func (uniqueStringsValidator) ValidateList(ctx context.Context, req validator.ListRequest, resp *validator.ListResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	seen := map[string]bool{}
	for _, e := range req.ConfigValue.Elements() {
		s, ok := e.(types.String)
		if !ok || s.IsNull() || s.IsUnknown() {
			continue
		}
		if seen[s.ValueString()] {
			resp.Diagnostics.AddAttributeError(req.Path, "Duplicate value",
				fmt.Sprintf("%s must not repeat a value; %q is listed more than once.", req.Path, s.ValueString()))
			return
		}
		seen[s.ValueString()] = true
	}
}
