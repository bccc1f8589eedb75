package orch

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/validate"
)

// enableHATypeName is served in controller_mode too: it connects with the
// connection details of its own configuration (see Admit).
const enableHATypeName = "orch_enable_ha"

var _ action.ActionWithConfigure = (*enableHAAction)(nil)

// enableHAAction is orch_enable_ha, upstream's juju_enable_ha: it makes a
// controller run more controller machines, connecting to it with the
// details an orch_controller resource exports.
type enableHAAction struct{ actionBase }

// NewEnableHAAction returns the orch_enable_ha action.
func NewEnableHAAction() action.Action {
	return &enableHAAction{actionBase{Name: "enable_ha"}}
}

type enableHAModel struct {
	APIAddresses types.List   `tfsdk:"api_addresses"`
	CACert       types.String `tfsdk:"ca_cert"`
	Username     types.String `tfsdk:"username"`
	Password     types.String `tfsdk:"password"`
	Units        types.Int64  `tfsdk:"units"`
	Constraints  types.String `tfsdk:"constraints"`
	To           types.List   `tfsdk:"to"`
}

// enableHAWait bounds the wait for the new controller machines to vote.
const enableHAWait = 30 * time.Minute

// controllerUnitsValidator is upstream's rule on units: odd and at least 3.
type controllerUnitsValidator struct{}

func (controllerUnitsValidator) Description(context.Context) string {
	return "must be an odd number and at least 3"
}

func (v controllerUnitsValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (controllerUnitsValidator) ValidateInt64(_ context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if n := req.ConfigValue.ValueInt64(); n < 3 || n%2 == 0 {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid number of controller units",
			fmt.Sprintf("units must be an odd number and at least 3, so that a majority of the controllers can always be reached; got %d.", n))
	}
}

var placementValidator = validate.StringFunc("must be lxd:<machine>, kvm:<machine>, <machine> or zone=<zone>", api.CheckControllerPlacement)

var controllerConstraintsValidator = validate.StringFunc("must be constraints such as \"mem=8G cores=4\"", func(s string) error {
	_, err := api.NormalizeConstraints(s)
	return err
})

func (a *enableHAAction) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Enables high availability (HA) on a controller by ensuring the desired number of controller machines " +
			"are running, and waits until each of them is active and votes. Needs Terraform 1.14 or later.",
		Attributes: map[string]schema.Attribute{
			"api_addresses": schema.ListAttribute{
				Description: "API addresses of the target controller. Reference from the controller resource: orch_controller.<name>.api_addresses.",
				ElementType: types.StringType,
				Required:    true,
				Validators:  []validator.List{listvalidator.SizeAtLeast(1)},
			},
			"ca_cert": schema.StringAttribute{
				Description: "CA certificate of the target controller. Reference from the controller resource: orch_controller.<name>.ca_cert.",
				Required:    true,
			},
			"username": schema.StringAttribute{
				Description: "Admin username for the target controller. Reference from the controller resource: orch_controller.<name>.username.",
				Required:    true,
			},
			"password": schema.StringAttribute{
				Description: "Admin password for the target controller. Reference from the controller resource: orch_controller.<name>.password.",
				Required:    true,
			},
			"units": schema.Int64Attribute{
				Description: "Desired number of controller units. Must be an odd number and at least 3. Increasing the number of units " +
					"is supported; decreasing is not possible via this action (the controller refuses it).",
				Required:   true,
				Validators: []validator.Int64{controllerUnitsValidator{}},
			},
			"constraints": schema.StringAttribute{
				Description: "Optional placement constraints for newly provisioned controller units (e.g. \"mem=8G cores=4\").",
				Optional:    true,
				Validators:  []validator.String{controllerConstraintsValidator},
			},
			"to": schema.ListAttribute{
				Description: "Optional list of placement directives for new controller units (e.g. [\"lxd:0\", \"lxd:1\"]), at most one per new unit.",
				ElementType: types.StringType,
				Optional:    true,
				Validators:  []validator.List{listvalidator.ValueStringsAre(placementValidator)},
			},
		},
	}
}

func (a *enableHAAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	var cfg enableHAModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var addresses, to []string
	resp.Diagnostics.Append(cfg.APIAddresses.ElementsAs(ctx, &addresses, false)...)
	if !cfg.To.IsNull() {
		resp.Diagnostics.Append(cfg.To.ElementsAs(ctx, &to, false)...)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	c, err := client.New(client.Config{Addresses: addresses, CACertificate: cfg.CACert.ValueString(),
		Username: cfg.Username.ValueString(), Password: cfg.Password.ValueString(), UserAgent: "terraform-provider-orch"})
	if err != nil {
		resp.Diagnostics.AddError("Could not connect to the controller", framework.ErrorDetail(err))
		return
	}
	n := cfg.Units.ValueInt64()
	resp.SendProgress(action.InvokeProgressEvent{Message: fmt.Sprintf("Enabling HA with %d units on controller %v ...", n, addresses)})
	res, err := c.EnableHA(ctx, api.EnableHARequest{NumControllers: int(n), Constraints: cfg.Constraints.ValueString(), Placement: to})
	if err != nil {
		resp.Diagnostics.AddError("Could not enable HA", fmt.Sprintf("Enabling HA on controller %v failed: %s", addresses, framework.ErrorDetail(err)))
		return
	}
	if len(res.Added) > 0 {
		resp.SendProgress(action.InvokeProgressEvent{Message: fmt.Sprintf("Added controller machines %s; waiting for them to vote.", strings.Join(res.Added, ", "))})
	}
	if _, err := c.WaitControllerMachinesVoting(ctx, enableHAWait); err != nil {
		resp.Diagnostics.AddError("Could not enable HA", fmt.Sprintf("The controller machines of %v did not all become voters: %s", addresses, framework.ErrorDetail(err)))
		return
	}
	resp.SendProgress(action.InvokeProgressEvent{Message: fmt.Sprintf("High availability enabled with %d units on controller %v.", n, addresses)})
}
