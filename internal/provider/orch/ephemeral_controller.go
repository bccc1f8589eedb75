package orch

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/iacsuite/providers/internal/client/orchcli"
	"github.com/iacsuite/providers/internal/framework"
)

// NewControllerEphemeralResource is the orch_controller ephemeral resource:
// the connection details the orch CLI keeps of a controller it bootstrapped
// (here or in another configuration), read for one run, so that a second
// orch provider block connects to that controller without its admin
// password being stored anywhere. Like the orch_controller resource it is
// served by a provider block with controller_mode = true, which needs no
// connection itself.
func NewControllerEphemeralResource() ephemeral.EphemeralResource {
	return &controllerEphemeralResource{ephemeralBase{Name: "controller"}}
}

type controllerEphemeralResource struct{ ephemeralBase }

type controllerEphemeralModel struct {
	Name                types.String `tfsdk:"name"`
	OrchBinary          types.String `tfsdk:"orch_binary"`
	ControllerUUID      types.String `tfsdk:"controller_uuid"`
	APIAddresses        types.List   `tfsdk:"api_addresses"`
	ControllerAddresses types.String `tfsdk:"controller_addresses"`
	CACertificate       types.String `tfsdk:"ca_certificate"`
	Username            types.String `tfsdk:"username"`
	Password            types.String `tfsdk:"password"`
	AgentVersion        types.String `tfsdk:"agent_version"`
}

func (e *controllerEphemeralResource) Schema(_ context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Connection details of a controller bootstrapped with the orch CLI, from the CLI's records " +
			"(`orch show-controller`), read for one Terraform run and never stored in the plan or the state " +
			"(Terraform 1.10 and newer). Give them to a second `orch` provider block (`controller_addresses`, " +
			"`ca_certificate`, `username`, `password`) to manage models on a controller that this or another " +
			"configuration bootstrapped, without the admin password in any state. Served, like the `orch_controller` " +
			"resource, by a provider block with `controller_mode = true`. The controller must be running. Nothing is " +
			"opened, so nothing is closed at the end of the run.",
		Attributes: map[string]schema.Attribute{
			"name": schema.StringAttribute{
				Required:    true,
				Description: "Name of the controller in the CLI's records.",
				Validators: []validator.String{stringvalidator.RegexMatches(bootstrappedNamePattern,
					"must be lowercase letters, digits and -, at most 40 characters, starting and ending with a letter or digit")},
			},
			"orch_binary": schema.StringAttribute{
				Required: true,
				Description: "Path to the orch command-line binary whose records are read; its data directory is " +
					"`$ORCH_DATA_DIR` (else `~/.local/share/orch`) of the environment Terraform runs in.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"controller_uuid": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "UUID of the controller. When given, the records must describe that controller: a name " +
					"can be bootstrapped again as another controller. Giving it from an `orch_controller` resource of the " +
					"same configuration also waits for its bootstrap (the value is known only then).",
				Validators: []validator.String{uuidValidator},
			},
			"api_addresses": schema.ListAttribute{
				Computed: true, ElementType: types.StringType, Description: "API addresses of the controller, `<host>:<port>`.",
			},
			"controller_addresses": schema.StringAttribute{
				Computed:    true,
				Description: "The API addresses joined with commas, as the provider's `controller_addresses` takes them.",
			},
			"ca_certificate": schema.StringAttribute{Computed: true, Description: "PEM CA certificate of the controller."},
			"username":       schema.StringAttribute{Computed: true, Description: "Admin user name of the controller."},
			"password":       schema.StringAttribute{Computed: true, Sensitive: true, Description: "Admin password of the controller."},
			"agent_version":  schema.StringAttribute{Computed: true, Description: "Agent version the controller runs."},
		},
	}
}

func (e *controllerEphemeralResource) Open(ctx context.Context, req ephemeral.OpenRequest, resp *ephemeral.OpenResponse) {
	if !framework.RequireConfigured(e.PD, &resp.Diagnostics) {
		return
	}
	var m controllerEphemeralModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	name := m.Name.ValueString()
	det, err := orchcli.New(m.OrchBinary.ValueString()).ShowController(ctx, name)
	if err != nil {
		resp.Diagnostics.AddError("Could not read controller "+name+" from the orch CLI's records", framework.ErrorDetail(err))
		return
	}
	if det.Status != "running" {
		resp.Diagnostics.AddError("Controller "+name+" is not running",
			"The orch CLI's records have controller "+name+" in status "+det.Status+": its connection details would "+
				"reach nothing. Bootstrap it again (orch_controller) or start it, then apply again.")
		return
	}
	if want := m.ControllerUUID.ValueString(); want != "" && want != det.UUID {
		resp.Diagnostics.AddAttributeError(path.Root("controller_uuid"), "Controller "+name+" is another controller",
			"The orch CLI's records have controller "+name+" with UUID "+det.UUID+", not "+want+": it was bootstrapped "+
				"again since. Give its new UUID, or leave controller_uuid out.")
		return
	}
	addrs, d := types.ListValueFrom(ctx, types.StringType, det.APIAddresses)
	resp.Diagnostics.Append(d...)
	m.ControllerUUID = types.StringValue(det.UUID)
	m.APIAddresses = addrs
	m.ControllerAddresses = types.StringValue(strings.Join(det.APIAddresses, ","))
	m.CACertificate = types.StringValue(det.CACert)
	m.Username = types.StringValue(det.Username)
	m.Password = types.StringValue(det.Password)
	m.AgentVersion = types.StringValue(det.AgentVersion)
	resp.Diagnostics.Append(resp.Result.Set(ctx, &m)...)
}
