package orch

import (
	"context"
	"iter"
	"maps"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	cliapi "github.com/iacsuite/providers/internal/api/orchcli"
	"github.com/iacsuite/providers/internal/client/orchcli"
	"github.com/iacsuite/providers/internal/framework"
)

type controllerListFilter struct {
	OrchBinary types.String `tfsdk:"orch_binary"`
	Name       types.String `tfsdk:"name"`
	Status     types.String `tfsdk:"status"`
}

// cliController is a controller as the CLI's records describe it.
type cliController struct {
	binary, name string
	det          cliapi.Details
}

// NewControllerListResource is the orch_controller list resource: the
// controllers that the orch CLI's records hold.
var NewControllerListResource = framework.NewList(framework.ListResource[providerData, controllerListFilter, cliController, controllerModel]{
	Name:  "controller",
	Label: "controllers",
	Description: "The controllers that an orch CLI knows (the records of its data directory, `orch show-controller`), " +
		"for `terraform query` (Terraform 1.14+). A bootstrap that did not finish (status `incomplete`) is not listed. " +
		"Each result's identity is the CLI binary and the controller's name. With `include_resource` the resource is " +
		"what an import gives: the bootstrap as the CLI recorded it and, for a running controller, what it answers. " +
		"`cloud_credential` is sensitive: the generated configuration has `cloud_credential = null # sensitive`; replace " +
		"it with the credential the controller was bootstrapped with (the resource's Import section).",
	Filters: map[string]schema.Attribute{
		"orch_binary": schema.StringAttribute{
			Required:    true,
			Description: "Path to the orch command-line binary whose controllers to find (its data directory is `$ORCH_DATA_DIR`, else `~/.local/share/orch`).",
			Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"name": listName("controller", stringvalidator.RegexMatches(bootstrappedNamePattern,
			"must be lower-case letters, digits and hyphens, starting and ending with a letter or digit")),
		"status": listStatus("controllers", "running", "stopped"),
	},
	Identity: (&controllerResource{}).Identity(),
	Objects: func(ctx context.Context, _ *providerData, f controllerListFilter, _ bool) iter.Seq2[cliController, error] {
		binary := f.OrchBinary.ValueString()
		return func(yield func(cliController, error) bool) {
			// The CLI's records are local and few: one run of the CLI
			// describes them all.
			all, err := orchcli.New(binary).ShowControllers(ctx)
			if err != nil {
				yield(cliController{}, err)
				return
			}
			for _, name := range slices.Sorted(maps.Keys(all)) {
				det := all[name]
				if det.Bootstrap == nil || det.UUID == "" || !matches(f.Name, name) || !matches(f.Status, det.Status) {
					continue
				}
				if !yield(cliController{binary: binary, name: name, det: det}, nil) {
					return
				}
			}
		}
	},
	DisplayName: func(c cliController) string { return c.name },
	Model: func(ctx context.Context, _ *providerData, c cliController, full bool, m *controllerModel) diag.Diagnostics {
		if !full {
			m.ID, m.Name, m.OrchBinary = types.StringValue(c.name), types.StringValue(c.name), types.StringValue(c.binary)
			return nil
		}
		got, diags := controllerFromDetails(ctx, c.binary, c.name, c.det)
		if diags.HasError() {
			return diags
		}
		// As Read after the import: a running controller answers the rest.
		if c.det.Status == "running" {
			diags.Append(refreshController(ctx, &got, c.det)...)
		}
		*m = got
		return diags
	},
})
