package orch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
	"github.com/iacsuite/providers/internal/wait"
)

var (
	_ resource.ResourceWithImportState = (*machineResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*machineResource)(nil)
)

// DefaultMachineCreateTimeout bounds the create's wait for the machine's
// instance ID (and, with wait_for_hostname, its hostname) when
// timeouts.create is not set.
const DefaultMachineCreateTimeout = 30 * time.Minute

// NewMachineResource is the orch_machine resource.
func NewMachineResource() resource.Resource { return &machineResource{resourceBase{Name: "machine"}} }

type machineResource struct{ resourceBase }

type machineModel struct {
	ID              types.String     `tfsdk:"id"`
	ModelUUID       types.String     `tfsdk:"model_uuid"`
	Name            types.String     `tfsdk:"name"`
	MachineID       types.String     `tfsdk:"machine_id"`
	Annotations     types.Map        `tfsdk:"annotations"`
	Base            types.String     `tfsdk:"base"`
	Constraints     constraintsValue `tfsdk:"constraints"`
	Disks           types.String     `tfsdk:"disks"`
	Placement       types.String     `tfsdk:"placement"`
	PrivateKeyFile  types.String     `tfsdk:"private_key_file"`
	PublicKeyFile   types.String     `tfsdk:"public_key_file"`
	SSHAddress      types.String     `tfsdk:"ssh_address"`
	WaitForHostname types.Bool       `tfsdk:"wait_for_hostname"`
	Hostname        types.String     `tfsdk:"hostname"`
	InstanceID      types.String     `tfsdk:"instance_id"`
	Timeouts        timeouts.Value   `tfsdk:"timeouts"`
}

func (r *machineResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	replace := []planmodifier.String{stringplanmodifier.RequiresReplaceIfConfigured()}
	resp.Schema = schema.Schema{
		Description: "A machine in a model. \"Created\" means the controller has added the machine and assigned " +
			"its ID; the machine then starts on its own (pending, started, active). The create waits, up to " +
			"`timeouts.create`, until the machine is started and has its `instance_id`, as upstream's does; only with " +
			"`wait_for_hostname` does it wait for the hostname and for `active` too. A create that outlives the timeout " +
			"stays in state with a warning: a later refresh records the instance ID, and the next apply resumes a wait " +
			"for the hostname. Import it with " +
			"`<model_uuid>:<machine_id>` or `<model_uuid>:<machine_id>:<machine_name>`; the import records the machine's " +
			"`placement` and `disks`, so that a configuration giving them plans no replacement.",
		Attributes: map[string]schema.Attribute{
			"id":         idAttribute("<model_uuid>:<machine_id>:<machine_name>"),
			"model_uuid": modelUUIDAttribute("machine"),
			"name": schema.StringAttribute{
				Optional: true,
				Computed: true,
				Description: "Name of the machine in Terraform; the controller does not know it. Defaults to " +
					"`machine-<machine_id>`. Changing it changes only the state.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"machine_id": schema.StringAttribute{
				Computed:      true,
				Description:   "ID the controller assigned to the machine, such as `0` or `0/lxd/1`.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"annotations": schema.MapAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Description: "Annotations of the machine, key/value pairs for other tools. Keys must not contain dots.",
				Validators:  []validator.Map{annotationKeysValidator},
			},
			"base": schema.StringAttribute{
				Optional: true,
				Computed: true,
				Description: "Operating system of the machine, `<os>@<channel>`, such as `ubuntu@22.04`. Defaults to " +
					"the model's default base. Changing it replaces the machine.",
				Validators: []validator.String{baseValidator,
					stringvalidator.ConflictsWith(path.MatchRoot("ssh_address"))},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplaceIfConfigured(), stringplanmodifier.UseStateForUnknown()},
			},
			"constraints": schema.StringAttribute{
				CustomType:  constraintsType{},
				Optional:    true,
				Computed:    true,
				Description: "Constraints of the machine; defaults to the model's. " + constraintsDescription + " Constraints that mean something else replace the machine; another spelling of the same ones plans nothing.",
				Validators: []validator.String{constraintsValidator,
					stringvalidator.ConflictsWith(path.MatchRoot("ssh_address"))},
				PlanModifiers: []planmodifier.String{keepEquivalentConstraints{},
					stringplanmodifier.RequiresReplaceIf(constraintsChanged, "Constraints that mean something else replace the machine.",
						"Constraints that mean something else replace the machine."),
					stringplanmodifier.UseStateForUnknown(),
				},
			},
			"disks": schema.StringAttribute{
				Optional:      true,
				Description:   "Storage directives of disks to attach, `[<pool>,][<count>,][<size>]`, such as `ebs,2,10G`. Changing them replaces the machine.",
				Validators:    []validator.String{storageDirectiveValidator, stringvalidator.ConflictsWith(path.MatchRoot("ssh_address"))},
				PlanModifiers: replace,
			},
			"placement": schema.StringAttribute{
				Optional: true,
				Description: "Where to allocate the machine, such as `zone=us-east-1a` or `lxd:0` (a container on " +
					"machine 0). Changing it replaces the machine.",
				Validators:    []validator.String{stringvalidator.ConflictsWith(path.MatchRoot("ssh_address"))},
				PlanModifiers: replace,
			},
			"private_key_file": schema.StringAttribute{
				Optional:      true,
				Description:   "Path of the private key file used to provision the machine at `ssh_address`.",
				Validators:    []validator.String{stringvalidator.AlsoRequires(path.MatchRoot("ssh_address"), path.MatchRoot("public_key_file"))},
				PlanModifiers: replace,
			},
			"public_key_file": schema.StringAttribute{
				Optional:      true,
				Description:   "Path of the public key file installed on the machine at `ssh_address`.",
				Validators:    []validator.String{stringvalidator.AlsoRequires(path.MatchRoot("ssh_address"), path.MatchRoot("private_key_file"))},
				PlanModifiers: replace,
			},
			"ssh_address": schema.StringAttribute{
				Optional: true,
				Description: "`user@host` of an existing machine to provision over SSH (manual provisioning) instead " +
					"of allocating a new one. Needs `public_key_file` and `private_key_file`. Changing it replaces the machine.",
				Validators:    []validator.String{stringvalidator.AlsoRequires(path.MatchRoot("public_key_file"), path.MatchRoot("private_key_file"))},
				PlanModifiers: replace,
			},
			"wait_for_hostname": schema.BoolAttribute{
				Optional: true,
				Computed: true,
				Description: "When true, the create waits (up to `timeouts.create`) for the machine's hostname, and " +
					"so also for the machine to reach `active`. Default false. An import sets it to true when the " +
					"machine is already active with a hostname, so that a configuration asking for it plans no change.",
				PlanModifiers: []planmodifier.Bool{waitForHostnameDefault{}},
			},
			"hostname": schema.StringAttribute{
				Computed:      true,
				Description:   "Hostname of the machine; set only when `wait_for_hostname` is true.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"instance_id": schema.StringAttribute{
				Computed:    true,
				Description: "Cloud-specific ID of the machine's instance; the create waits for it (up to `timeouts.create`).",
			},
		},
		Blocks: map[string]schema.Block{
			"timeouts": framework.Waits{
				Create: "the machine's instance ID, and also for the hostname and for `active` when `wait_for_hostname` is true", CreateDefault: framework.ShortDuration(DefaultMachineCreateTimeout),
				Delete: "the machine to be gone", Default: framework.ShortDuration(client.DefaultRemovalTimeout),
			}.Block(ctx),
		},
	}
}

// waitForHostnameDefault plans false for a new machine whose configuration
// leaves wait_for_hostname out, and keeps the state's value for an existing
// one (an import may have set it).
type waitForHostnameDefault struct{}

func (waitForHostnameDefault) Description(context.Context) string {
	return "Default false; an existing machine keeps its value."
}

func (d waitForHostnameDefault) MarkdownDescription(ctx context.Context) string {
	return d.Description(ctx)
}

func (waitForHostnameDefault) PlanModifyBool(_ context.Context, req planmodifier.BoolRequest, resp *planmodifier.BoolResponse) {
	if !req.ConfigValue.IsNull() {
		return
	}
	if req.StateValue.IsNull() {
		resp.PlanValue = types.BoolValue(false)
	} else {
		resp.PlanValue = req.StateValue
	}
}

func machineID(modelUUID, id, name string) string { return modelUUID + ":" + id + ":" + name }

// fromAPI sets what the controller knows. The hostname is recorded only
// when wait_for_hostname asks for it.
func (m *machineModel) fromAPI(ctx context.Context, got api.Machine) {
	m.MachineID = types.StringValue(got.ID)
	if m.Name.IsNull() || m.Name.IsUnknown() || m.Name.ValueString() == "" {
		m.Name = types.StringValue("machine-" + strings.ReplaceAll(got.ID, "/", "-"))
	}
	m.ID = types.StringValue(machineID(m.ModelUUID.ValueString(), got.ID, m.Name.ValueString()))
	m.Base = types.StringValue(got.Base)
	m.Constraints = machineConstraintsRead(m.Constraints, got.Constraints)
	m.InstanceID = types.StringValue(got.InstanceID)
	if m.WaitForHostname.ValueBool() && got.Hostname != "" && got.Status == api.MachineStatusActive {
		m.Hostname = types.StringValue(got.Hostname)
	} else if m.Hostname.IsUnknown() {
		m.Hostname = types.StringNull()
	}
	m.Annotations, _ = values.StringMap(ctx, got.Annotations, m.Annotations.IsNull())
}

func (r *machineResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan machineModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	spec := api.CreateMachineRequest{
		Base:       plan.Base.ValueString(),
		Disks:      plan.Disks.ValueString(),
		Placement:  plan.Placement.ValueString(),
		SSHAddress: plan.SSHAddress.ValueString(),
	}
	if !plan.Constraints.IsUnknown() {
		spec.Constraints = plan.Constraints.ValueString()
	}
	if !plan.PublicKeyFile.IsNull() {
		pub, err := os.ReadFile(plan.PublicKeyFile.ValueString())
		if err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("public_key_file"), "Could not read public_key_file",
				fmt.Sprintf("public_key_file is the path of a readable SSH public key: %v.", err))
			return
		}
		spec.PublicKey = string(pub)
		if _, err := os.Stat(plan.PrivateKeyFile.ValueString()); err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("private_key_file"), "Could not read private_key_file",
				fmt.Sprintf("private_key_file is the path of the readable SSH private key of public_key_file: %v.", err))
			return
		}
	}
	ann, d := values.GoStringMap(ctx, plan.Annotations)
	resp.Diagnostics.Append(d...)
	spec.Annotations = ann
	got, err := r.PD.client.AddMachine(ctx, plan.ModelUUID.ValueString(), spec)
	if err != nil {
		resp.Diagnostics.AddError("Could not add the machine", framework.ErrorDetail(err))
		return
	}
	plan.fromAPI(ctx, got)
	// Keep the machine in state before waiting, so that an interrupted or
	// timed-out wait does not orphan it.
	plan.Hostname = types.StringNull()
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
	timeout, d := plan.Timeouts.Create(ctx, DefaultMachineCreateTimeout)
	resp.Diagnostics.Append(d...)
	switch {
	case plan.WaitForHostname.ValueBool():
		// Active with a hostname is started, with an instance.
		r.awaitHostname(ctx, &plan, timeout, &resp.Diagnostics)
	case got.InstanceID == "":
		r.awaitInstance(ctx, &plan, timeout, &resp.Diagnostics)
	default:
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// awaitInstance waits for the machine's instance ID, as upstream's create
// does (#1325). A timeout is a warning: the machine stays in state, and a
// later refresh records the instance ID once the machine has one.
func (r *machineResource) awaitInstance(ctx context.Context, m *machineModel, timeout time.Duration, diags interface {
	AddWarning(string, string)
	AddError(string, string)
}) {
	got, err := r.PD.client.WaitMachineInstance(ctx, m.ModelUUID.ValueString(), m.MachineID.ValueString(), timeout)
	switch {
	case err == nil:
		m.fromAPI(ctx, got)
	case errors.Is(err, wait.ErrTimeout):
		diags.AddWarning(fmt.Sprintf("Machine %s has no instance yet", m.MachineID.ValueString()),
			fmt.Sprintf("The machine had no instance ID after %s (timeouts.create). It is kept in state, with an "+
				"empty instance_id that a later refresh records once the machine has started.", timeout))
	default:
		diags.AddError(fmt.Sprintf("Could not wait for machine %s to get its instance", m.MachineID.ValueString()), framework.ErrorDetail(err))
	}
}

// awaitHostname waits for the machine to be active with a hostname. A
// timeout is a warning: the machine stays in state and the next plan
// resumes the wait (see ModifyPlan); an error would taint it.
func (r *machineResource) awaitHostname(ctx context.Context, m *machineModel, timeout time.Duration, diags interface {
	AddWarning(string, string)
	AddError(string, string)
}) {
	got, err := r.PD.client.WaitMachineActive(ctx, m.ModelUUID.ValueString(), m.MachineID.ValueString(), timeout)
	switch {
	case err == nil:
		m.fromAPI(ctx, got)
	case errors.Is(err, wait.ErrTimeout):
		diags.AddWarning(fmt.Sprintf("Machine %s is not active yet", m.MachineID.ValueString()),
			fmt.Sprintf("The machine had no hostname or was not active after %s (timeouts.create). It is kept in "+
				"state; the next apply waits for it again instead of adding another machine.", timeout))
	default:
		diags.AddError(fmt.Sprintf("Could not wait for machine %s to become active", m.MachineID.ValueString()), framework.ErrorDetail(err))
	}
}

func (r *machineResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	var plan, state machineModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	// A create that stopped waiting for the hostname left it null: plan it
	// unknown so that Update runs and resumes the wait.
	hostnameChanges := false
	if plan.WaitForHostname.ValueBool() && state.Hostname.IsNull() && !plan.MachineID.IsUnknown() {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("hostname"), types.StringUnknown())...)
		hostnameChanges = true
	}
	if !plan.WaitForHostname.ValueBool() && !state.Hostname.IsNull() {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("hostname"), types.StringNull())...)
		hostnameChanges = true
	}
	// An update keeps the machine, so an instance it has stays its
	// instance (a respelled constraints value then plans nothing). A
	// pending machine has none yet: it stays unknown only when something
	// is really updated (the machine may start meanwhile), so that a
	// respelling of a pending machine's constraints plans nothing at all.
	if plan.InstanceID.IsUnknown() && (state.InstanceID.ValueString() != "" || !hostnameChanges && sameMachine(plan, state)) {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("instance_id"), state.InstanceID)...)
	}
	// The ID carries the name, so renaming changes it.
	if !plan.Name.IsUnknown() && !plan.Name.Equal(state.Name) {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("id"),
			machineID(state.ModelUUID.ValueString(), state.MachineID.ValueString(), plan.Name.ValueString()))...)
	}
}

// sameMachine reports whether the plan changes nothing of the state but
// its computed instance_id (the plan is read before ModifyPlan plans the
// hostname, which the caller checks, and the id, which follows the name).
func sameMachine(plan, state machineModel) bool {
	return plan.ID.Equal(state.ID) && plan.ModelUUID.Equal(state.ModelUUID) && plan.Name.Equal(state.Name) &&
		plan.MachineID.Equal(state.MachineID) && plan.Annotations.Equal(state.Annotations) &&
		plan.Base.Equal(state.Base) && plan.Constraints.Equal(state.Constraints) && plan.Disks.Equal(state.Disks) &&
		plan.Placement.Equal(state.Placement) && plan.PrivateKeyFile.Equal(state.PrivateKeyFile) &&
		plan.PublicKeyFile.Equal(state.PublicKeyFile) && plan.SSHAddress.Equal(state.SSHAddress) &&
		plan.WaitForHostname.Equal(state.WaitForHostname) && plan.Hostname.Equal(state.Hostname) &&
		plan.Timeouts.Equal(state.Timeouts)
}

func (r *machineResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state machineModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	got, err := r.PD.client.Machine(ctx, state.ModelUUID.ValueString(), state.MachineID.ValueString())
	if client.IsNotFound(err) || (err == nil && got.Life == api.LifeDying) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read machine "+state.MachineID.ValueString(), framework.ErrorDetail(err))
		return
	}
	imported, d := req.Private.GetKey(ctx, privateImported)
	resp.Diagnostics.Append(d...)
	if len(imported) > 0 {
		// What the machine already satisfies: a configuration asking to
		// wait for the hostname of an active machine then plans nothing.
		state.WaitForHostname = types.BoolValue(got.Status == api.MachineStatusActive && got.Hostname != "")
		// The placement and disks the machine was added with (upstream
		// #1149: a configuration that gives them must not replace it).
		state.Placement = values.StringOrNull(got.Placement)
		state.Disks = values.StringOrNull(got.Disks)
		resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateImported, nil)...)
	}
	state.fromAPI(ctx, got)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *machineResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan, state machineModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	ann, d := values.GoStringMap(ctx, plan.Annotations)
	resp.Diagnostics.Append(d...)
	if ann == nil {
		ann = map[string]string{}
	}
	got, err := r.PD.client.SetMachineAnnotations(ctx, state.ModelUUID.ValueString(), state.MachineID.ValueString(), ann)
	if err != nil {
		resp.Diagnostics.AddError("Could not update machine "+state.MachineID.ValueString(), framework.ErrorDetail(err))
		return
	}
	plan.MachineID = state.MachineID
	plan.fromAPI(ctx, got)
	if plan.WaitForHostname.ValueBool() && plan.Hostname.IsUnknown() || plan.WaitForHostname.ValueBool() && plan.Hostname.IsNull() {
		plan.Hostname = types.StringNull()
		timeout, d := plan.Timeouts.Create(ctx, DefaultMachineCreateTimeout)
		resp.Diagnostics.Append(d...)
		r.awaitHostname(ctx, &plan, timeout, &resp.Diagnostics)
	}
	if plan.Hostname.IsUnknown() {
		plan.Hostname = types.StringNull()
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *machineResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state machineModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	ctx, cancel := removalContext(ctx, state.Timeouts, &resp.Diagnostics)
	defer cancel()
	// Terraform destroys a machine before it updates the application placed
	// on it, so the machine may still host that application's unit.
	err := r.PD.client.RemoveMachineWithUnits(ctx, state.ModelUUID.ValueString(), state.MachineID.ValueString())
	if err != nil && !client.IsNotFound(err) {
		deleteFailed(r.PD, "machine "+state.MachineID.ValueString(), err, &resp.Diagnostics)
	}
}

// ImportState accepts <model_uuid>:<machine_id>[:<machine_name>].
func (r *machineResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	const shape = "<model_uuid>:<machine_id>[:<machine_name>]"
	parts, ok := importParts(req.ID, shape, "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e:0:web-0", 2, 3, uuidFirst, &resp.Diagnostics)
	if !ok {
		return
	}
	name := ""
	if len(parts) == 3 {
		name = parts[2]
	}
	if name == "" {
		name = "machine-" + strings.ReplaceAll(parts[1], "/", "-")
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("model_uuid"), parts[0])...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("machine_id"), parts[1])...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("name"), name)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), machineID(parts[0], parts[1], name))...)
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateImported, []byte(`true`))...)
}

// machineIDPattern is the shape of the machine IDs the controller gives: a
// number, or a container of a machine (0/lxd/1).
var machineIDPattern = regexp.MustCompile(`^[0-9]+(/[a-z]+/[0-9]+)*$`)

// Identity is the model and the machine's ID. The name the import ID may
// end with is Terraform's alone and changes in place: it is not part of
// the identity, and an import by identity names the machine
// machine-<machine_id>, as an import by <model_uuid>:<machine_id> does.
func (r *machineResource) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{
		modelUUIDIdentity("machine"),
		{
			Name: "machine_id", Description: "ID the controller gave the machine.",
			Shape: "a machine ID (a number, or a container such as 0/lxd/1)", Valid: machineIDPattern.MatchString,
		},
	}}
}
