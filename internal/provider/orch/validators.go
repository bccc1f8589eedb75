package orch

import (
	"context"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"net/netip"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/framework/validate"

	"github.com/iacsuite/providers/internal/provider/orch/shared"
)

// Plan-time checks of the seed's rules, each the check of one value wrapped
// in validate.StringFunc: the diagnostic reads "<attribute> <rule>; got
// "<value>".".

var modelNamePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// annotationKeysValidator refuses annotation keys that are empty or contain
// dots (they would be read as nesting).
var annotationKeysValidator = mapvalidator.KeysAre(validate.StringFunc("keys must not contain dots", func(k string) error {
	if k == "" || strings.Contains(k, ".") {
		return errors.New("keys must be non-empty and must not contain dots (.)")
	}
	return nil
}))

var basePattern = regexp.MustCompile(`^[a-z]+@[0-9]+(\.[0-9]+)?(/[a-z]+)?$`)

// baseValidator requires `<os>@<channel>`, such as ubuntu@22.04, refused
// with upstream's summary and phrase ("Invalid Base", "must conform to
// name@channel"), which users search for.
var baseValidator = summarized("Invalid Base", validate.StringFunc("must conform to name@channel, e.g. ubuntu@22.04", func(s string) error {
	if !basePattern.MatchString(s) {
		return errors.New("must conform to name@channel, e.g. ubuntu@22.04 (<os>@<channel>)")
	}
	return nil
}))

// charmBaseValidator requires a charm's base `<os>@<channel>`, refused with
// upstream's phrase for a charm's base ("must be in the form os@channel"),
// which users search for; a machine's base keeps baseValidator's.
var charmBaseValidator = summarized("Invalid Base", validate.StringFunc(api.BaseForm+", such as ubuntu@22.04", func(s string) error {
	if !basePattern.MatchString(s) {
		return errors.New(api.BaseForm + ", such as ubuntu@22.04 (<os>@<channel>)")
	}
	return nil
}))

// storageDirectiveValidator requires the contract's storage directive
// `[<pool>,][<count>,][<size>]` with at least one element.
var storageDirectiveValidator = summarized("Invalid storage directive", validate.StringFunc(
	"must be a storage directive [<pool>,][<count>,][<size>] with at least one element",
	func(s string) error {
		if _, err := api.ParseStorageDirective(s); err != nil {
			return fmt.Errorf("must be [<pool>,][<count>,][<size>] with at least one element, such as \"ebs,2,10G\", "+
				"\"3\" or \"rootfs,1G\" (%s)", err)
		}
		return nil
	}))

// storageDirectivesValidator checks every value of a map of storage
// directives.
var storageDirectivesValidator validator.Map = mapvalidator.ValueStringsAre(storageDirectiveValidator)

var applicationNamePattern = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]*[a-z][a-z0-9]*)*$`)

// applicationNameValidator requires the controller's application names:
// lower-case letters, digits and hyphens, starting with a letter, and no
// part after a hyphen made of digits only.
var applicationNameValidator = summarized("Invalid application name", validate.StringFunc(
	"must be lower-case letters, digits and hyphens, starting with a letter",
	func(s string) error {
		if !applicationNamePattern.MatchString(s) {
			return errors.New("must be lower-case letters, digits and hyphens, start with a letter, and have no part " +
				"after a hyphen made of digits only, such as postgresql or my-app-2b")
		}
		return nil
	}))

var channelPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9.\-]*/(stable|candidate|beta|edge)(/[a-z0-9][a-z0-9.\-]*)?$`)

// channelValidator requires `<track>/<risk>[/<branch>]`. A bare risk such
// as `beta` is refused at plan, as upstream does since its fix of #445: the
// controller answers `latest/beta`, which Terraform would report as an
// inconsistent result.
var channelValidator = summarized("Invalid Channel", validate.StringFunc("must conform to track/risk or track/risk/branch, e.g. latest/stable", func(s string) error {
	if !channelPattern.MatchString(s) {
		return errors.New("must conform to track/risk or track/risk/branch, e.g. latest/stable, with risk " +
			"stable, candidate, beta or edge")
	}
	return nil
}))

// cidrListValidator requires comma-separated CIDRs.
var cidrListValidator = summarized("Invalid CIDR list", validate.StringFunc("must be CIDRs separated by commas", func(s string) error {
	for _, c := range strings.Split(s, ",") {
		if _, err := netip.ParsePrefix(strings.TrimSpace(c)); err != nil {
			return fmt.Errorf("must be CIDRs separated by commas, such as 10.0.0.0/8,192.168.0.0/16 (%q is not a CIDR)", c)
		}
	}
	return nil
}))

// offerURLPattern: the owner is a user name, or an external user
// name@domain, such as the <client-id>@serviceaccount that owns a hub
// tenant's models (docs/api/hub.md).
var offerURLPattern = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9.+-]*(@[a-zA-Z0-9.-]+)?/[a-z0-9][a-z0-9-]*\.[a-z][a-z0-9-]*$`)

// offerURLValidator requires `<owner>/<model>.<offer>`; the controller of an
// offer of another controller goes in offering_controller, not in the URL.
var offerURLValidator = summarized("Invalid offer URL", validate.StringFunc("must be an offer URL <owner>/<model>.<offer>", func(s string) error {
	if ctrl, rest, ok := strings.Cut(s, ":"); ok && offerURLPattern.MatchString(rest) {
		return fmt.Errorf("must be an offer URL <owner>/<model>.<offer> without a controller prefix: write %q and "+
			"name the controller %q with offering_controller", rest, ctrl)
	}
	if !offerURLPattern.MatchString(s) {
		return errors.New("must be an offer URL <owner>/<model>.<offer>, such as admin/production.mysql")
	}
	return nil
}))

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

// summarized gives a rule's diagnostics a summary that says what is invalid
// ("Invalid base"), as the provider's messages always have, keeping the
// rule's detail ("<attribute> must be ...; got ...").
// (shared.Summarized: the hub's validators have them too.)
var summarized = shared.Summarized

// nonNegativeInt64 refuses negative numbers.
var nonNegativeInt64 validator.Int64 = summarizedInt64{Int64: int64validator.AtLeast(0), summary: "Invalid number"}

type summarizedInt64 struct {
	validator.Int64
	summary string
}

func (s summarizedInt64) ValidateInt64(ctx context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	var r validator.Int64Response
	s.Int64.ValidateInt64(ctx, req, &r)
	resp.Diagnostics.Append(shared.Resummarize(s.summary, req.Path, r.Diagnostics)...)
}

// caCertificatesValidator requires every element of a cloud's
// ca_certificates to hold PEM-encoded X.509 certificates, checked at plan
// (as upstream does, with its messages); the controller would refuse them
// only at apply.
var caCertificatesValidator validator.List = caCertificates{}

type caCertificates struct{}

func (caCertificates) Description(context.Context) string {
	return "each element must be a PEM-encoded X.509 certificate (BEGIN CERTIFICATE)"
}

func (v caCertificates) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (caCertificates) ValidateList(_ context.Context, req validator.ListRequest, resp *validator.ListResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	for i, e := range req.ConfigValue.Elements() {
		s, ok := e.(types.String)
		if !ok || s.IsNull() || s.IsUnknown() {
			continue
		}
		if err := checkPEMCertificates(s.ValueString()); err != nil {
			p := req.Path.AtListIndex(i)
			resp.Diagnostics.AddAttributeError(p, "Invalid CA certificate", fmt.Sprintf("%s: %v.", p, err))
		}
	}
}

func checkPEMCertificates(text string) error {
	text = strings.TrimSpace(text)
	if text == "" {
		return errors.New("empty certificate string")
	}
	if !strings.Contains(text, "-----BEGIN CERTIFICATE-----") {
		return errors.New("certificate must be PEM-encoded and include BEGIN CERTIFICATE")
	}
	rest, n := []byte(text), 0
	for {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			break
		}
		if block.Type != "CERTIFICATE" {
			continue
		}
		if _, err := x509.ParseCertificate(block.Bytes); err != nil {
			return fmt.Errorf("failed to parse certificate: %w", err)
		}
		n++
	}
	if n == 0 {
		return errors.New("no CERTIFICATE blocks found in PEM")
	}
	return nil
}
