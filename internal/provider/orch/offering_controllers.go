package orch

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
)

// The provider's offering_controllers: other controllers whose offers
// integrations consume. Cross-controller consumption works as with a real
// controller: the provider reads the offer's consume details from the
// offering controller and hands them to the consuming controller with the
// integration (docs/api/orch.md, "Cross-controller offers").

type offeringControllerModel struct {
	ControllerAddresses types.String `tfsdk:"controller_addresses"`
	Username            types.String `tfsdk:"username"`
	Password            types.String `tfsdk:"password"`
	CACertificate       types.String `tfsdk:"ca_certificate"`
}

// controllerNamePattern is a controller name: it is the prefix of an offer
// URL of another controller, "<controller>:<owner>/<model>.<offer>".
var controllerNamePattern = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9._-]*$`)

// offeringControllersValidator checks each entry at plan time: a name that
// can prefix an offer URL, and username and password. An offering
// controller is reached directly, never through a hub: the hub's contract
// does not route the consume operation (docs/api/hub.md), so hub
// credentials (client_id, client_secret) are not attributes of an entry.
type offeringControllersValidator struct{}

func (offeringControllersValidator) Description(context.Context) string {
	return "keys must be controller names; each entry needs username and password"
}
func (v offeringControllersValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}
func (offeringControllersValidator) ValidateMap(ctx context.Context, req validator.MapRequest, resp *validator.MapResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	var entries map[string]offeringControllerModel
	if d := req.ConfigValue.ElementsAs(ctx, &entries, false); d.HasError() {
		return // unknown nested values are checked once known
	}
	for _, name := range slices.Sorted(maps.Keys(entries)) {
		e, p := entries[name], req.Path.AtMapKey(name)
		resp.Diagnostics.Append(checkOfferingController(p, name, e)...)
	}
}

func checkOfferingController(p path.Path, name string, e offeringControllerModel) diag.Diagnostics {
	var diags diag.Diagnostics
	if !controllerNamePattern.MatchString(name) {
		diags.AddAttributeError(p, "Invalid offering controller name",
			fmt.Sprintf("%s: the key %q must be a controller name (letters, digits, dots, hyphens and underscores, "+
				"starting with a letter or digit), such as db-controller.", p, name))
	}
	if e.Username.IsNull() || e.Password.IsNull() {
		diags.AddAttributeError(p, "Missing offering controller credentials",
			fmt.Sprintf("%s needs username and password of a user of the controller %q.", p, name))
	}
	return diags
}

// offeringControllers builds a client for each offering controller. Clients
// log in on their first call, so an offering controller that no integration
// uses is never contacted.
func offeringControllers(ctx context.Context, v types.Map, userAgent string) (map[string]*client.Client, diag.Diagnostics) {
	var diags diag.Diagnostics
	if v.IsNull() {
		return nil, diags
	}
	var entries map[string]offeringControllerModel
	diags.Append(v.ElementsAs(ctx, &entries, false)...)
	if diags.HasError() {
		return nil, diags
	}
	out := map[string]*client.Client{}
	for name, e := range entries {
		p := path.Root("offering_controllers").AtMapKey(name)
		diags.Append(checkOfferingController(p, name, e)...)
		addrs, err := client.ParseAddresses(e.ControllerAddresses.ValueString())
		if err != nil {
			diags.AddAttributeError(p.AtName("controller_addresses"), "Invalid controller addresses", fmt.Sprintf("%s %s.", p.AtName("controller_addresses"), err))
		}
		if diags.HasError() {
			continue
		}
		c, err := client.New(client.Config{Addresses: addrs, Username: e.Username.ValueString(), Password: e.Password.ValueString(),
			CACertificate: e.CACertificate.ValueString(), UserAgent: userAgent})
		if err != nil {
			diags.AddAttributeError(p, "Could not create the offering controller's client", framework.ErrorDetail(err))
			continue
		}
		out[name] = c
	}
	return out, diags
}

// offeringClient is the client of a named offering controller, or an error
// that says which names the provider has.
func (pd *providerData) offeringClient(name string) (*client.Client, error) {
	if c, ok := pd.offering[name]; ok {
		return c, nil
	}
	known := "the provider has none"
	if len(pd.offering) > 0 {
		known = "it has " + strings.Join(slices.Sorted(maps.Keys(pd.offering)), ", ")
	}
	return nil, fmt.Errorf("%q is not a key of the provider's offering_controllers (%s)", name, known)
}
