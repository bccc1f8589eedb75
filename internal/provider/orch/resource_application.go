package orch

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
)

var (
	_ resource.ResourceWithImportState    = (*applicationResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*applicationResource)(nil)
	_ resource.ResourceWithValidateConfig = (*applicationResource)(nil)
)

// NewApplicationResource is the orch_application resource.
func NewApplicationResource() resource.Resource {
	return &applicationResource{resourceBase{Name: "application"}}
}

type applicationResource struct{ resourceBase }

type applicationModel struct {
	Timeouts            timeouts.Value    `tfsdk:"timeouts"`
	ID                  types.String      `tfsdk:"id"`
	ModelUUID           types.String      `tfsdk:"model_uuid"`
	Name                types.String      `tfsdk:"name"`
	Charm               []charmModel      `tfsdk:"charm"`
	LocalCharm          []localCharmModel `tfsdk:"local_charm"`
	Units               types.Int64       `tfsdk:"units"`
	Machines            types.Set         `tfsdk:"machines"`
	Config              types.Map         `tfsdk:"config"`
	Constraints         constraintsValue  `tfsdk:"constraints"`
	Expose              []exposeModel     `tfsdk:"expose"`
	EndpointBindings    types.Set         `tfsdk:"endpoint_bindings"`
	Trust               types.Bool        `tfsdk:"trust"`
	Resources           types.Map         `tfsdk:"resources"`
	RegistryCredentials types.Map         `tfsdk:"registry_credentials"`
	StorageDirectives   types.Map         `tfsdk:"storage_directives"`
	Storage             types.Set         `tfsdk:"storage"`
	ModelType           types.String      `tfsdk:"model_type"`
	UnitNumbers         types.Set         `tfsdk:"unit_numbers"`
}

type charmModel struct {
	Name     types.String `tfsdk:"name"`
	Channel  types.String `tfsdk:"channel"`
	Revision types.Int64  `tfsdk:"revision"`
	Base     types.String `tfsdk:"base"`
}

type exposeModel struct {
	Endpoints types.String `tfsdk:"endpoints"`
	Spaces    types.String `tfsdk:"spaces"`
	CIDRs     types.String `tfsdk:"cidrs"`
}

type endpointBindingModel struct {
	Endpoint types.String `tfsdk:"endpoint"`
	Space    types.String `tfsdk:"space"`
}

type registryCredentialModel struct {
	Username types.String `tfsdk:"username"`
	Password types.String `tfsdk:"password"`
	// PasswordWO is write-only: null but in the configuration of an apply.
	// PasswordWOVersion says when to send it again.
	PasswordWO        types.String `tfsdk:"password_wo"`
	PasswordWOVersion types.Int64  `tfsdk:"password_wo_version"`
}

var (
	endpointBindingType = types.ObjectType{AttrTypes: map[string]attr.Type{
		"endpoint": types.StringType, "space": types.StringType,
	}}
	registryCredentialType = types.ObjectType{AttrTypes: map[string]attr.Type{
		"username": types.StringType, "password": types.StringType, "password_wo": types.StringType, "password_wo_version": types.Int64Type,
	}}
	storageType = types.ObjectType{AttrTypes: map[string]attr.Type{
		"label": types.StringType, "size": types.StringType, "pool": types.StringType, "count": types.Int64Type,
	}}
)

type storageModel struct {
	Label types.String `tfsdk:"label"`
	Size  types.String `tfsdk:"size"`
	Pool  types.String `tfsdk:"pool"`
	Count types.Int64  `tfsdk:"count"`
}

func (r *applicationResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "An application deployed from a charm. \"Created\" means the controller has accepted the " +
			"deployment: the application, its units and, where needed, their machines exist; the apply does not " +
			"wait for the units to become ready, so that many applications deploy side by side. Import it with " +
			"`<model_uuid>:<name>`.",
		Attributes: map[string]schema.Attribute{
			"id":         idAttribute("<model_uuid>:<name>"),
			"model_uuid": modelUUIDAttribute("application"),
			"name": schema.StringAttribute{
				Optional:    true,
				Computed:    true,
				Description: "Name of the application. Defaults to the charm's name. Changing it replaces the application.",
				Validators:  []validator.String{applicationNameValidator},
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.RequiresReplaceIfConfigured(),
					stringplanmodifier.UseStateForUnknown(),
				},
			},
			"units": schema.Int64Attribute{
				Optional: true,
				Computed: true,
				Description: "Number of units. Default 1. Mutually exclusive with `machines`; with `machines` it " +
					"is their number. A subordinate application has no units of its own (they follow the principal " +
					"units it is integrated with): it takes neither `units` nor `machines` and reports 1, as the " +
					"upstream provider does, whatever the number of its principals' units.",
				Validators: []validator.Int64{unitsValidator{}},
			},
			"machines": schema.SetAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Computed:    true,
				Description: "IDs of the machines to place one unit each on; their number is the unit count. " +
					"Removing a machine from the set removes the unit on it. Mutually exclusive with `units`.",
				Validators: []validator.Set{setvalidator.ConflictsWith(path.MatchRoot("units")), setvalidator.SizeAtMost(api.MaxUnitsPerRequest)},
			},
			"config": schema.MapAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Description: "Configuration of the application. Each value must be a string, an integer or a " +
					"boolean that the charm's option of that name accepts (checked at plan time). A `null` value, or a key " +
					"left out, resets the option to the charm's default.",
			},
			"constraints": schema.StringAttribute{
				CustomType: constraintsType{},
				Optional:   true,
				Computed:   true,
				Description: "Constraints of the application's machines; defaults to the model's. The spaces a `spaces` " +
					"constraint names, wanted or excluded with `^` (`spaces=db,^public`), must be spaces of the model (the apply " +
					"fails naming an unknown one), and a space they name cannot be removed while they name it; they do not " +
					"bind endpoints (see `endpoint_bindings`). " + constraintsDescription,
				Validators:    []validator.String{constraintsValidator},
				PlanModifiers: []planmodifier.String{keepEquivalentConstraints{}, stringplanmodifier.UseStateForUnknown()},
			},
			"endpoint_bindings": schema.SetNestedAttribute{
				Optional: true,
				Description: "Bindings of endpoints to spaces of the model (`orch_space`, or `alpha`). An element without " +
					"`endpoint` sets the application's default space, which the endpoints without a binding of their own " +
					"follow. Changed in place; removing an element moves its endpoint back to the default space.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"endpoint": schema.StringAttribute{Optional: true, Description: "Name of the endpoint to bind to a space, an endpoint of the charm; leave it out to set the default binding."},
					"space":    schema.StringAttribute{Required: true, Description: "Name of the space to bind the endpoint to.", Validators: []validator.String{spaceNameValidator}},
				}},
			},
			"trust": schema.BoolAttribute{
				Optional:    true,
				Computed:    true,
				Default:     booldefault.StaticBool(false),
				Description: "Whether the application may use the model's cloud credential. Default false.",
			},
			"resources": schema.MapAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Description: "Charm resources by name. A value is a revision number or, for a resource of type " +
					"`oci-image`, an OCI image URL; a resource of type `file` takes revision numbers only. A resource " +
					"left out uses the channel's default and follows the channel on refresh; a revision follows the " +
					"plan; a URL is never refreshed unless changed.",
			},
			"registry_credentials": schema.MapNestedAttribute{
				Optional: true,
				Description: "Credentials of OCI image registries, keyed by registry URL (such as " +
					"`ghcr.io/canonical`). A credential is used for an image only when its key is the image URL " +
					"without its tag, or the registry host (with port) or a leading path of it; a key that is only a " +
					"prefix of the host or host:port does not match. Each password is given either in `password`, kept " +
					"in the state (sensitive), or write-only in `password_wo` (Terraform 1.11 and newer) with " +
					"`password_wo_version`.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"username": schema.StringAttribute{Required: true, Description: "Registry user name."},
					"password": schema.StringAttribute{
						Optional: true, Sensitive: true,
						Description: "Registry password, kept in the state (sensitive). Exactly one of `password` and `password_wo`.",
					},
					"password_wo": schema.StringAttribute{
						Optional: true, Sensitive: true, WriteOnly: true,
						Description: "Write-only registry password (Terraform 1.11 and newer): sent to the controller with " +
							"every change of the application, never kept in the plan or the state. A change of it alone is " +
							"not seen: change `password_wo_version` to send a new one (in place). Requires `password_wo_version`.",
					},
					"password_wo_version": schema.Int64Attribute{
						Optional: true,
						Description: "Version of `password_wo`: change it (for example increment it) to send `password_wo` " +
							"again, which updates the application in place. Required with `password_wo`.",
					},
				}},
			},
			"storage_directives": schema.MapAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Description: "Storage by the charm's storage label, `[<pool>,][<count>,][<size>]` with at least one " +
					"element, such as `rootfs,2,1G`. Without a pool the model's default pool is used. Changing an " +
					"existing pair replaces the application; adding a pair adds storage in place.",
				Validators:    []validator.Map{storageDirectivesValidator},
				PlanModifiers: []planmodifier.Map{mapplanmodifier.RequiresReplaceIf(storageDirectiveChanged, "Changing an existing storage directive replaces the application.", "Changing an existing storage directive replaces the application.")},
			},
			"storage": schema.SetNestedAttribute{
				Computed:    true,
				Description: "Storage the application uses.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"label": schema.StringAttribute{Computed: true, Description: "Storage label of the charm."},
					"size":  schema.StringAttribute{Computed: true, Description: "Size of each storage instance, such as `1024M`."},
					"pool":  schema.StringAttribute{Computed: true, Description: "Storage pool."},
					"count": schema.Int64Attribute{Computed: true, Description: "Number of storage instances."},
				}},
			},
			"model_type": schema.StringAttribute{
				Computed:      true,
				Description:   "Type of the model, `iaas` or `caas`; a base change replaces the application on `iaas` and refreshes it on `caas`.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"unit_numbers": schema.SetAttribute{
				ElementType: types.StringType,
				Computed:    true,
				Description: "Numbers of the application's units, such as `[\"0\", \"1\"]`.",
			},
		},
		Blocks: map[string]schema.Block{
			"timeouts": removalWaits("application").Block(ctx),
			"charm": schema.ListNestedBlock{
				Description: "The charm from the charm store; at most one, and exactly one of `charm` and `local_charm`. " +
					"Changing the channel or revision refreshes the charm in place.",
				Validators: []validator.List{listvalidator.SizeAtMost(1)},
				PlanModifiers: []planmodifier.List{listplanmodifier.RequiresReplaceIf(charmNeedsReplace,
					"Switching between charm and local_charm, changing the charm name, or the base of an application on an iaas model, replaces the application.",
					"Switching between `charm` and `local_charm`, changing the charm name, or the base of an application on an iaas model, replaces the application.")},
				NestedObject: schema.NestedBlockObject{Attributes: map[string]schema.Attribute{
					"name": schema.StringAttribute{Required: true, Description: "Name of the charm. Changing it replaces the application."},
					"channel": schema.StringAttribute{
						Optional: true, Computed: true,
						Description: "Channel, `<track>/<risk>[/<branch>]` such as `latest/stable`; a risk without a track is refused (as upstream). Default the charm's default channel.",
						Validators:  []validator.String{channelValidator},
					},
					"revision": schema.Int64Attribute{
						Optional: true, Computed: true,
						Description: "Revision. Default the channel's current revision; a channel change moves it to that channel's revision. " +
							"A revision without `channel` is deployed from the charm's default channel, which later refreshes follow.",
						Validators: []validator.Int64{nonNegativeInt64},
					},
					"base": schema.StringAttribute{
						Optional: true, Computed: true,
						Description: "Base, `<os>@<channel>` such as `ubuntu@22.04`. Default the channel's preferred base. " +
							"Changing it replaces the application on an iaas model and refreshes it on a caas model.",
						Validators: []validator.String{charmBaseValidator},
					},
				}},
			},
			"local_charm": localCharmBlock(),
			"expose": schema.ListNestedBlock{
				Description: "Makes the application reachable from the network; at most one. An empty block exposes " +
					"every endpoint to 0.0.0.0/0 and ::/0.",
				Validators: []validator.List{listvalidator.SizeAtMost(1)},
				NestedObject: schema.NestedBlockObject{Attributes: map[string]schema.Attribute{
					"endpoints": schema.StringAttribute{Optional: true, Description: "Comma-separated endpoints to expose; default all."},
					"spaces":    schema.StringAttribute{Optional: true, Description: "Comma-separated spaces whose subnets may reach the endpoints."},
					"cidrs":     schema.StringAttribute{Optional: true, Description: "Comma-separated CIDRs that may reach the endpoints."},
				}},
			},
		},
	}
}

func applicationID(modelUUID, name string) string { return modelUUID + ":" + name }

// charmNeedsReplace: a new charm name replaces; a new base replaces on iaas
// models (on caas models the charm is refreshed to the base).
func charmNeedsReplace(ctx context.Context, req planmodifier.ListRequest, resp *listplanmodifier.RequiresReplaceIfFuncResponse) {
	if sourceSwitched(ctx, req.Plan.GetAttribute, req.State.GetAttribute, &resp.Diagnostics) {
		resp.RequiresReplace = true
		return
	}
	if req.StateValue.IsNull() || req.PlanValue.IsUnknown() {
		return
	}
	var planned, prior []charmModel
	resp.Diagnostics.Append(req.PlanValue.ElementsAs(ctx, &planned, false)...)
	resp.Diagnostics.Append(req.StateValue.ElementsAs(ctx, &prior, false)...)
	if resp.Diagnostics.HasError() || len(planned) != 1 || len(prior) != 1 {
		return
	}
	if !planned[0].Name.Equal(prior[0].Name) {
		resp.RequiresReplace = true
		return
	}
	var modelType types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("model_type"), &modelType)...)
	base := planned[0].Base
	if !base.IsNull() && !base.IsUnknown() && !base.Equal(prior[0].Base) && modelType.ValueString() != api.ModelTypeCAAS {
		resp.RequiresReplace = true
	}
}

// storageDirectiveChanged replaces when a label that had a directive gets
// another one or loses it; a new label is added in place.
func storageDirectiveChanged(ctx context.Context, req planmodifier.MapRequest, resp *mapplanmodifier.RequiresReplaceIfFuncResponse) {
	if req.StateValue.IsNull() || req.PlanValue.IsUnknown() {
		return
	}
	prior, d := values.GoStringMap(ctx, req.StateValue)
	resp.Diagnostics.Append(d...)
	planned, d := values.GoStringMap(ctx, req.PlanValue)
	resp.Diagnostics.Append(d...)
	for k, v := range prior {
		if w, ok := planned[k]; !ok || w != v {
			resp.RequiresReplace = true
			return
		}
	}
}

// spec is the whole desired state of the application.
func (m applicationModel) spec(ctx context.Context, prior *applicationModel) (api.ApplicationSpec, diag.Diagnostics) {
	var diags diag.Diagnostics
	s := api.ApplicationSpec{Name: m.Name.ValueString(), Trust: m.Trust.ValueBool()}
	if len(m.Charm) == 1 {
		ch := m.Charm[0]
		s.Charm = api.CharmRef{Name: ch.Name.ValueString()}
		if m.Name.IsUnknown() || m.Name.IsNull() {
			// The charm name was unknown at plan time.
			s.Name = s.Charm.Name
		}
		if !ch.Channel.IsUnknown() {
			s.Charm.Channel = ch.Channel.ValueString()
		}
		if !ch.Revision.IsUnknown() {
			s.Charm.Revision = int(ch.Revision.ValueInt64())
		}
		if !ch.Base.IsUnknown() {
			s.Charm.Base = ch.Base.ValueString()
		}
	}
	if len(m.LocalCharm) == 1 && (m.Name.IsUnknown() || m.Name.IsNull()) {
		s.Name = m.LocalCharm[0].Name.ValueString()
	}
	machines, d := goStrings(ctx, m.Machines)
	diags.Append(d...)
	switch {
	case len(machines) > 0 && (prior == nil || !m.Machines.Equal(prior.Machines) || prior.placed()):
		sort.Strings(machines)
		s.Machines = machines
	case !m.Units.IsUnknown() && !m.Units.IsNull():
		// Only a change of the count goes over: the controller deploys 1
		// unit when none is given (0 for a subordinate, which the provider
		// reports as 1, as upstream) and keeps the current units on an
		// update that gives none. A subordinate, whose units follow its
		// principals, is then never sent a count.
		n := int(m.Units.ValueInt64())
		if (prior == nil && n != 1) || (prior != nil && !m.Units.Equal(prior.Units)) {
			s.Units = &n
		}
	}
	// A null value unsets the key (upstream's rule): the controller takes
	// the whole configuration, so a key left out goes back to its default.
	cfg, _, d := values.GoStringMapUnset(ctx, m.Config)
	diags.Append(d...)
	s.Config = cfg
	if !m.Constraints.IsUnknown() {
		s.Constraints = m.Constraints.ValueString()
	}
	if len(m.Expose) == 1 {
		e := m.Expose[0]
		s.Expose = &api.Expose{Endpoints: splitCommas(e.Endpoints), Spaces: splitCommas(e.Spaces), CIDRs: splitCommas(e.CIDRs)}
	}
	if !m.EndpointBindings.IsNull() && !m.EndpointBindings.IsUnknown() {
		var bs []endpointBindingModel
		diags.Append(m.EndpointBindings.ElementsAs(ctx, &bs, false)...)
		for _, b := range bs {
			s.EndpointBindings = append(s.EndpointBindings, api.EndpointBinding{Endpoint: b.Endpoint.ValueString(), Space: b.Space.ValueString()})
		}
	}
	res, d := values.GoStringMap(ctx, m.Resources)
	diags.Append(d...)
	s.Resources = res
	if !m.RegistryCredentials.IsNull() && !m.RegistryCredentials.IsUnknown() {
		var creds map[string]registryCredentialModel
		diags.Append(m.RegistryCredentials.ElementsAs(ctx, &creds, false)...)
		s.RegistryCredentials = map[string]api.RegistryCredential{}
		for k, c := range creds {
			s.RegistryCredentials[k] = api.RegistryCredential{Username: c.Username.ValueString(), Password: c.Password.ValueString()}
		}
	}
	sd, d := values.GoStringMap(ctx, m.StorageDirectives)
	diags.Append(d...)
	s.StorageDirectives = sd
	return s, diags
}

// ValidateConfig checks each registry credential's password: exactly one
// of password and password_wo, and password_wo with its version.
func (r *applicationResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var m applicationModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	validateCharmSource(m, resp)
	var creds types.Map
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("registry_credentials"), &creds)...)
	if resp.Diagnostics.HasError() || creds.IsNull() || creds.IsUnknown() {
		return
	}
	var byKey map[string]registryCredentialModel
	resp.Diagnostics.Append(creds.ElementsAs(ctx, &byKey, false)...)
	for _, k := range slices.Sorted(maps.Keys(byKey)) {
		c, at := byKey[k], path.Root("registry_credentials").AtMapKey(k)
		if c.Password.IsUnknown() || c.PasswordWO.IsUnknown() || c.PasswordWOVersion.IsUnknown() {
			continue
		}
		if c.Password.IsNull() == c.PasswordWO.IsNull() {
			resp.Diagnostics.AddAttributeError(at, "Invalid registry credential",
				fmt.Sprintf("registry_credentials[%q]: give exactly one of password (kept in the state) and password_wo (write-only, with password_wo_version).", k))
		}
		if c.PasswordWO.IsNull() != c.PasswordWOVersion.IsNull() {
			resp.Diagnostics.AddAttributeError(at, "Invalid registry credential",
				fmt.Sprintf("registry_credentials[%q]: password_wo and password_wo_version go together (the version says when to send the write-only password).", k))
		}
	}
}

// writeOnlyRegistryPasswords puts the write-only registry passwords, which
// only the configuration of an apply holds, into the spec. The controller
// takes the whole spec on every change, so they go with every apply, as
// passwords kept in the state do.
func writeOnlyRegistryPasswords(ctx context.Context, config tfsdk.Config, spec *api.ApplicationSpec) diag.Diagnostics {
	var creds types.Map
	diags := config.GetAttribute(ctx, path.Root("registry_credentials"), &creds)
	if diags.HasError() || creds.IsNull() || creds.IsUnknown() {
		return diags
	}
	var byKey map[string]registryCredentialModel
	diags.Append(creds.ElementsAs(ctx, &byKey, false)...)
	for k, c := range byKey {
		if c.PasswordWO.IsNull() || c.PasswordWO.IsUnknown() {
			continue
		}
		cred := spec.RegistryCredentials[k]
		cred.Username = c.Username.ValueString()
		cred.Password = c.PasswordWO.ValueString()
		spec.RegistryCredentials[k] = cred
	}
	return diags
}

// placed reports whether the units were placed on machines by the
// configuration.
func (m applicationModel) placed() bool {
	return !m.Machines.IsNull() && len(m.Machines.Elements()) > 0 && m.Units.IsNull()
}

func splitCommas(v types.String) []string {
	if v.IsNull() || v.IsUnknown() || v.ValueString() == "" {
		return nil
	}
	var out []string
	for _, s := range strings.Split(v.ValueString(), ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// fromAPI sets the state from the controller's application. Optional
// inputs that the configuration left out stay null; the controller's
// normal forms of constraints and lists do not replace equal user spellings.
func (m *applicationModel) fromAPI(ctx context.Context, app api.Application, imported bool) diag.Diagnostics {
	var diags diag.Diagnostics
	m.ModelUUID = types.StringValue(app.ModelUUID)
	m.Name = types.StringValue(app.Name)
	m.ID = types.StringValue(applicationID(app.ModelUUID, app.Name))
	m.ModelType = types.StringValue(app.ModelType)
	// An application configured with a local charm keeps its local_charm
	// block when it was switched to the store outside Terraform, as
	// upstream: the plan then repairs the drift in place (origin_hash).
	if app.Charm.Source == api.CharmSourceLocal || (len(m.LocalCharm) == 1 && !imported) {
		m.Charm, m.LocalCharm = nil, localCharmFromAPI(m.LocalCharm, app)
	} else {
		m.LocalCharm = nil
		m.Charm = []charmModel{{
			Name:     types.StringValue(app.Charm.Name),
			Channel:  types.StringValue(app.Charm.Channel),
			Revision: types.Int64Value(int64(app.Charm.Revision)),
			Base:     types.StringValue(app.Charm.Base),
		}}
	}
	m.Units = types.Int64Value(int64(app.Scale))
	if app.Subordinate {
		// Upstream's rule: a subordinate has no units of its own (they
		// follow the principal units it is integrated with) and reports
		// 1, so that its count never plans a change as principals scale.
		m.Units = types.Int64Value(1)
	}
	m.Machines, m.UnitNumbers = applicationPlacement(ctx, app, &diags)
	var d diag.Diagnostics
	if !m.Config.IsNull() || imported {
		// Keys the configuration unsets with null stay null while the
		// controller has no value of its own for them.
		_, unset, d := values.GoStringMapUnset(ctx, m.Config)
		diags.Append(d...)
		unset = slices.DeleteFunc(unset, func(k string) bool { _, ok := app.Config[k]; return ok })
		if len(unset) > 0 {
			m.Config, d = values.StringMapUnset(ctx, app.Config, unset)
		} else {
			m.Config, d = values.StringMap(ctx, app.Config, m.Config.IsNull())
		}
		diags.Append(d...)
	}
	m.Constraints = constraintsOf(app.Constraints)
	m.Trust = types.BoolValue(app.Trust)
	if app.Expose == nil {
		m.Expose = nil
	} else {
		e := exposeModel{Endpoints: joinCommas(app.Expose.Endpoints), Spaces: joinCommas(app.Expose.Spaces), CIDRs: joinCommas(app.Expose.CIDRs)}
		if len(m.Expose) == 1 {
			e = keepSameList(m.Expose[0], e)
		}
		m.Expose = []exposeModel{e}
	}
	// Only the bindings the configuration names are tracked: the controller
	// answers every endpoint of the charm.
	if !m.EndpointBindings.IsNull() && !m.EndpointBindings.IsUnknown() {
		var want []endpointBindingModel
		diags.Append(m.EndpointBindings.ElementsAs(ctx, &want, false)...)
		var got []endpointBindingModel
		for _, w := range want {
			for _, b := range app.EndpointBindings {
				if b.Endpoint == w.Endpoint.ValueString() {
					got = append(got, endpointBindingModel{Endpoint: w.Endpoint, Space: types.StringValue(b.Space)})
				}
			}
		}
		m.EndpointBindings, d = types.SetValueFrom(ctx, endpointBindingType, got)
		diags.Append(d...)
	} else if imported {
		// An import records what differs from the defaults, as upstream
		// does: the default binding when it is not alpha, and the endpoints
		// bound elsewhere than the default binding.
		var got []endpointBindingModel
		def := api.AlphaSpace
		for _, b := range app.EndpointBindings {
			if b.Endpoint == "" {
				def = b.Space
			}
		}
		for _, b := range app.EndpointBindings {
			switch {
			case b.Endpoint == "" && b.Space != api.AlphaSpace:
				got = append(got, endpointBindingModel{Endpoint: types.StringNull(), Space: types.StringValue(b.Space)})
			case b.Endpoint != "" && b.Space != def:
				got = append(got, endpointBindingModel{Endpoint: types.StringValue(b.Endpoint), Space: types.StringValue(b.Space)})
			}
		}
		if len(got) > 0 {
			m.EndpointBindings, d = types.SetValueFrom(ctx, endpointBindingType, got)
			diags.Append(d...)
		}
	}
	// Resources the caller chose (pinned) are tracked; the others follow
	// the channel and are not part of the configuration.
	if !m.Resources.IsNull() || imported {
		pinned := map[string]string{}
		for name, r := range app.Resources {
			if !r.Pinned {
				continue
			}
			if r.Image != "" {
				pinned[name] = r.Image
			} else {
				pinned[name] = strconv.Itoa(r.Revision)
			}
		}
		m.Resources, d = values.StringMap(ctx, pinned, m.Resources.IsNull())
		diags.Append(d...)
	}
	// Passwords are never answered: keep the configured ones.
	if !m.RegistryCredentials.IsNull() || (imported && len(app.RegistryCredentials) > 0) {
		var prior map[string]registryCredentialModel
		if !m.RegistryCredentials.IsNull() && !m.RegistryCredentials.IsUnknown() {
			diags.Append(m.RegistryCredentials.ElementsAs(ctx, &prior, false)...)
		}
		creds := map[string]registryCredentialModel{}
		for k, c := range app.RegistryCredentials {
			pw := types.StringNull()
			if p, ok := prior[k]; ok {
				pw = p.Password
			}
			version := types.Int64Null()
			if p, ok := prior[k]; ok {
				version = p.PasswordWOVersion
			}
			creds[k] = registryCredentialModel{Username: types.StringValue(c.Username), Password: pw,
				PasswordWO: types.StringNull(), PasswordWOVersion: version}
		}
		m.RegistryCredentials, d = types.MapValueFrom(ctx, registryCredentialType, creds)
		diags.Append(d...)
	}
	if !m.StorageDirectives.IsNull() || (imported && len(app.StorageDirectives) > 0) {
		m.StorageDirectives, d = values.StringMap(ctx, app.StorageDirectives, m.StorageDirectives.IsNull())
		diags.Append(d...)
	}
	storage := make([]storageModel, 0, len(app.Storage))
	for _, s := range app.Storage {
		storage = append(storage, storageModel{Label: types.StringValue(s.Label), Size: types.StringValue(s.SizeText),
			Pool: types.StringValue(s.Pool), Count: types.Int64Value(int64(s.Count))})
	}
	m.Storage, d = types.SetValueFrom(ctx, storageType, storage)
	diags.Append(d...)
	return diags
}

func joinCommas(s []string) types.String {
	if len(s) == 0 {
		return types.StringNull()
	}
	return types.StringValue(strings.Join(s, ","))
}

// keepSameList keeps the configured spelling of comma-separated lists that
// hold the same items as the controller's.
func keepSameList(prior, got exposeModel) exposeModel {
	same := func(a, b types.String) bool {
		x, y := splitCommas(a), splitCommas(b)
		slices.Sort(x)
		slices.Sort(y)
		return slices.Equal(x, y)
	}
	if same(prior.Endpoints, got.Endpoints) {
		got.Endpoints = prior.Endpoints
	}
	if same(prior.Spaces, got.Spaces) {
		got.Spaces = prior.Spaces
	}
	if same(prior.CIDRs, got.CIDRs) {
		got.CIDRs = prior.CIDRs
	}
	return got
}

func (r *applicationResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	var plan, config applicationModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var state *applicationModel
	if !req.State.Raw.IsNull() {
		state = &applicationModel{}
		resp.Diagnostics.Append(req.State.Get(ctx, state)...)
		if resp.Diagnostics.HasError() {
			return
		}
	}
	// Without a name the application is named after its charm, as upstream
	// does; planning it keeps the id known.
	if state == nil && config.Name.IsNull() && len(plan.Charm) == 1 && !plan.Charm[0].Name.IsUnknown() {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("name"), plan.Charm[0].Name)...)
	}
	if state == nil && config.Name.IsNull() && len(plan.LocalCharm) == 1 && !plan.LocalCharm[0].Name.IsUnknown() {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("name"), plan.LocalCharm[0].Name)...)
	}
	archive := planLocalCharm(ctx, plan, config, state, resp)
	r.planScale(ctx, config, state, resp)
	r.planCharm(ctx, &plan, config, state, resp)
	if state != nil && !plan.StorageDirectives.Equal(state.StorageDirectives) {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("storage"), types.SetUnknown(storageType))...)
	} else if state != nil {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("storage"), state.Storage)...)
	}
	switch {
	case r.PD == nil:
	case len(plan.Charm) == 1 && (state != nil || !r.PD.lazyAPICheck):
		if charm, ok := r.storeCharm(ctx, plan.Charm[0], resp); ok {
			r.checkAgainstCharm(ctx, charm, "charm "+charm.Name, false, plan, config, resp)
		}
	case archive != nil:
		// A local charm is checked against its archive's declarations by
		// the same rules, without asking the controller; with
		// lazy_api_check a new application's model is not looked up either
		// (for the application settings among config keys).
		p := plan
		if state == nil && r.PD.lazyAPICheck {
			p.ModelUUID = types.StringUnknown()
		}
		r.checkAgainstCharm(ctx, archive.Declarations(), "local charm "+archive.Name, true, p, config, resp)
	}
}

// planScale plans units, machines and unit_numbers: machines decide the
// count when given; otherwise units (default 1, or what the state has).
func (r *applicationResource) planScale(ctx context.Context, config applicationModel, state *applicationModel, resp *resource.ModifyPlanResponse) {
	set := func(name string, v attr.Value) {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root(name), v)...)
	}
	switch {
	case !config.Machines.IsNull():
		if config.Machines.IsUnknown() {
			set("units", types.Int64Unknown())
		} else {
			set("units", types.Int64Value(int64(len(config.Machines.Elements()))))
		}
		if state != nil && config.Machines.Equal(state.Machines) {
			set("unit_numbers", state.UnitNumbers)
		} else {
			set("unit_numbers", types.SetUnknown(types.StringType))
		}
	case !config.Units.IsNull():
		if state != nil && config.Units.Equal(state.Units) && !state.placed() {
			set("machines", state.Machines)
			set("unit_numbers", state.UnitNumbers)
		} else {
			set("machines", types.SetUnknown(types.StringType))
			set("unit_numbers", types.SetUnknown(types.StringType))
		}
	default:
		if state != nil && !state.placed() {
			set("units", state.Units)
			set("machines", state.Machines)
			set("unit_numbers", state.UnitNumbers)
		} else {
			// A new application, or one that was placed on machines and is
			// no longer: the controller decides (1 unit, or 0 for a
			// subordinate).
			set("units", types.Int64Unknown())
			set("machines", types.SetUnknown(types.StringType))
			set("unit_numbers", types.SetUnknown(types.StringType))
		}
	}
}

// planCharm keeps the charm's computed channel, revision and base from the
// state unless the configuration changes them; a channel or base change
// moves the revision to the one the controller picks for them.
func (r *applicationResource) planCharm(ctx context.Context, plan *applicationModel, config applicationModel, state *applicationModel, resp *resource.ModifyPlanResponse) {
	if state == nil || len(state.Charm) != 1 || len(plan.Charm) != 1 || len(config.Charm) != 1 {
		return
	}
	prior, cfg := state.Charm[0], config.Charm[0]
	if !plan.Charm[0].Name.Equal(prior.Name) {
		return
	}
	ch := plan.Charm[0]
	if cfg.Channel.IsNull() {
		ch.Channel = prior.Channel
	}
	if cfg.Base.IsNull() {
		ch.Base = prior.Base
	}
	if cfg.Revision.IsNull() {
		// A new channel or base refreshes to the revision the controller
		// picks for them; otherwise the revision stays.
		if ch.Channel.Equal(prior.Channel) && (ch.Base.IsNull() || ch.Base.Equal(prior.Base)) {
			ch.Revision = prior.Revision
		} else {
			ch.Revision = types.Int64Unknown()
		}
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("charm"), []charmModel{ch})...)
}

// storeCharm looks up the planned store charm; ok is false when planning
// cannot go on with it (not known yet, or the controller did not answer).
func (r *applicationResource) storeCharm(ctx context.Context, ch charmModel, resp *resource.ModifyPlanResponse) (api.Charm, bool) {
	if ch.Name.IsUnknown() {
		return api.Charm{}, false
	}
	q := client.CharmQuery{Name: ch.Name.ValueString()}
	if !ch.Channel.IsUnknown() {
		q.Channel = ch.Channel.ValueString()
	}
	if !ch.Revision.IsUnknown() && !ch.Revision.IsNull() && !ch.Channel.IsUnknown() && !ch.Channel.IsNull() {
		q.Revision = int(ch.Revision.ValueInt64())
	}
	if !ch.Base.IsUnknown() {
		q.Base = ch.Base.ValueString()
	}
	charm, err := r.PD.client.Charm(ctx, q)
	if client.IsNotFound(err) {
		resp.Diagnostics.AddAttributeError(path.Root("charm"), "Charm not found", framework.ErrorDetail(err))
		return charm, false
	}
	// On another error the apply reports what the controller says;
	// planning goes on.
	return charm, err == nil
}

// checkAgainstCharm checks config, resources, endpoint bindings and storage
// labels against the charm (a store charm, or what a local charm's archive
// declares, local), by the rules the controller applies, so that a wrong
// value fails the plan and names the attribute. label names the charm in
// the messages.
func (r *applicationResource) checkAgainstCharm(ctx context.Context, charm api.Charm, label string, local bool, plan, config applicationModel, resp *resource.ModifyPlanResponse) {
	if charm.Subordinate {
		r.planSubordinateScale(ctx, charm.Name, plan, config, resp)
	}
	if !plan.Config.IsUnknown() {
		for k, v := range plan.Config.Elements() {
			s, ok := v.(types.String)
			if !ok || s.IsUnknown() || s.IsNull() {
				continue
			}
			p := path.Root("config").AtMapKey(k)
			opt, ok := charm.Config[k]
			if !ok {
				if setting, err := r.checkApplicationSetting(ctx, k, plan.ModelUUID); setting {
					if err != nil {
						resp.Diagnostics.AddAttributeError(p, "Invalid configuration option", fmt.Sprintf("%s: %s.", p, err))
					}
					continue
				}
				resp.Diagnostics.AddAttributeError(p, "Unknown configuration option",
					fmt.Sprintf("%s: %s has no option %q; it has %s.", p, label, k, namesOf(charm.Config)))
				continue
			}
			// The controller's rule (api.CheckOptionValue), with its words.
			if err := api.CheckOptionValue(opt.Type, s.ValueString()); err != nil {
				resp.Diagnostics.AddAttributeError(p, "Invalid configuration value", fmt.Sprintf("%s: option of type %s: %s.", p, opt.Type, err))
			}
		}
	}
	if !plan.Resources.IsUnknown() {
		for k, v := range plan.Resources.Elements() {
			s, ok := v.(types.String)
			if !ok || s.IsUnknown() {
				continue
			}
			p := path.Root("resources").AtMapKey(k)
			res, ok := charm.Resources[k]
			if !ok {
				resp.Diagnostics.AddAttributeError(p, "Unknown resource",
					fmt.Sprintf("%s: %s has no resource %q; it has %s.", p, label, k, namesOf(charm.Resources)))
				continue
			}
			if local {
				if err := api.CheckLocalCharmResource(res.Type, s.ValueString()); err != nil {
					resp.Diagnostics.AddAttributeError(p, "Invalid resource value", fmt.Sprintf("%s: resource %q of %s: %s.", p, k, label, err))
				}
				continue
			}
			rev, isRevision := api.IsRevision(s.ValueString())
			switch {
			case res.Type == api.ResourceTypeFile && !isRevision:
				resp.Diagnostics.AddAttributeError(p, "Invalid resource value",
					fmt.Sprintf("%s: resource %q is of type file, which takes a revision number only; got %q.", p, k, s.ValueString()))
			case isRevision && !slices.Contains(res.Revisions, rev):
				resp.Diagnostics.AddAttributeError(p, "Invalid resource value",
					fmt.Sprintf("%s: resource %q of %s has no revision %d; it has %s.", p, k, label, rev, joinRevisions(res.Revisions)))
			}
		}
	}
	if !plan.EndpointBindings.IsNull() && !plan.EndpointBindings.IsUnknown() {
		var bs []endpointBindingModel
		resp.Diagnostics.Append(plan.EndpointBindings.ElementsAs(ctx, &bs, false)...)
		endpoints := slices.Concat(slices.Collect(maps.Keys(charm.Provides)), slices.Collect(maps.Keys(charm.Requires)),
			slices.Collect(maps.Keys(charm.Peers)))
		// A machine charm that is not a subordinate has the implicit
		// juju-info endpoint too (the controller's answer lists it, a local
		// charm's archive does not); a cluster charm or a subordinate does
		// not, and the controller refuses a binding of it.
		if api.HasImplicitEndpoint(charm.ModelType, charm.Subordinate) {
			endpoints = append(endpoints, api.ImplicitEndpoint)
		}
		slices.Sort(endpoints)
		endpoints = slices.Compact(endpoints)
		for _, b := range bs {
			if b.Endpoint.IsNull() || b.Endpoint.IsUnknown() || slices.Contains(endpoints, b.Endpoint.ValueString()) {
				continue
			}
			resp.Diagnostics.AddAttributeError(path.Root("endpoint_bindings"), "Unknown endpoint",
				fmt.Sprintf("endpoint_bindings: %s has no endpoint %q; it has %s.", label, b.Endpoint.ValueString(), strings.Join(endpoints, ", ")))
		}
	}
	if !plan.StorageDirectives.IsUnknown() {
		for k := range plan.StorageDirectives.Elements() {
			if _, ok := charm.Storage[k]; !ok {
				p := path.Root("storage_directives").AtMapKey(k)
				resp.Diagnostics.AddAttributeError(p, "Unknown storage label",
					fmt.Sprintf("%s: %s defines no storage %q.", p, label, k))
			}
		}
	}
}

// namesOf lists a charm's names of options, resources ..., for messages.
func namesOf[V any](m map[string]V) string {
	if len(m) == 0 {
		return "none"
	}
	return strings.Join(slices.Sorted(maps.Keys(m)), ", ")
}

func joinRevisions(revs []int) string {
	if len(revs) == 0 {
		return "none"
	}
	out := make([]string, len(revs))
	for i, n := range revs {
		out[i] = strconv.Itoa(n)
	}
	return strings.Join(out, ", ")
}

// planSubordinateScale: a subordinate's units follow the principal units it
// is integrated with, so it takes no machines and no count but the 1 it is
// reported with (upstream's value); a new one plans that 1.
func (r *applicationResource) planSubordinateScale(ctx context.Context, charm string, plan, config applicationModel, resp *resource.ModifyPlanResponse) {
	why := fmt.Sprintf("charm %s is subordinate: its units follow the principal units it is integrated with", charm)
	if !config.Machines.IsNull() && (config.Machines.IsUnknown() || len(config.Machines.Elements()) > 0) {
		resp.Diagnostics.AddAttributeError(path.Root("machines"), "Machines of a subordinate application",
			fmt.Sprintf("machines: %s; leave machines out.", why))
	}
	switch {
	case !config.Units.IsNull() && !config.Units.IsUnknown() && config.Units.ValueInt64() != 1:
		resp.Diagnostics.AddAttributeError(path.Root("units"), "Units of a subordinate application",
			fmt.Sprintf("units: %s; leave units out (a subordinate reports 1, as the upstream provider does), not %d.", why, config.Units.ValueInt64()))
	case plan.Units.IsUnknown() && config.Machines.IsNull():
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("units"), types.Int64Value(1))...)
	}
}

func (r *applicationResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan applicationModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	spec, d := plan.spec(ctx, nil)
	resp.Diagnostics.Append(d...)
	resp.Diagnostics.Append(writeOnlyRegistryPasswords(ctx, req.Config, &spec)...)
	if len(plan.LocalCharm) == 1 && !resp.Diagnostics.HasError() {
		spec.Charm, d = r.localCharmRef(ctx, plan.ModelUUID.ValueString(), plan.LocalCharm[0], nil)
		resp.Diagnostics.Append(d...)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	app, err := r.PD.client.Deploy(ctx, plan.ModelUUID.ValueString(), spec)
	if err != nil {
		resp.Diagnostics.AddError("Could not deploy application "+spec.Name, framework.ErrorDetail(err))
		return
	}
	resp.Diagnostics.Append(plan.fromAPI(ctx, app, false)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *applicationResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state applicationModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	app, err := r.PD.client.Application(ctx, state.ModelUUID.ValueString(), state.Name.ValueString())
	if client.IsNotFound(err) || (err == nil && app.Life == api.LifeDying) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read application "+state.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	imported, d := req.Private.GetKey(ctx, privateImported)
	resp.Diagnostics.Append(d...)
	resp.Diagnostics.Append(state.fromAPI(ctx, app, len(imported) > 0)...)
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateImported, nil)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *applicationResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan, state applicationModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	spec, d := plan.spec(ctx, &state)
	resp.Diagnostics.Append(d...)
	resp.Diagnostics.Append(writeOnlyRegistryPasswords(ctx, req.Config, &spec)...)
	if len(plan.LocalCharm) == 1 && !resp.Diagnostics.HasError() {
		// The charm the application runs: its content decides whether the
		// archive is uploaded again (an upgrade) or its revision kept.
		current, err := r.PD.client.Application(ctx, state.ModelUUID.ValueString(), state.Name.ValueString())
		if err != nil {
			resp.Diagnostics.AddError("Could not read application "+state.Name.ValueString(), framework.ErrorDetail(err))
			return
		}
		spec.Charm, d = r.localCharmRef(ctx, state.ModelUUID.ValueString(), plan.LocalCharm[0], &current.Charm)
		resp.Diagnostics.Append(d...)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	// Units and machines left out of the spec keep the application's
	// current units (the contract's update rule).
	app, err := r.PD.client.UpdateApplication(ctx, state.ModelUUID.ValueString(), state.Name.ValueString(), spec)
	if err != nil {
		resp.Diagnostics.AddError("Could not update application "+state.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	resp.Diagnostics.Append(plan.fromAPI(ctx, app, false)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *applicationResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state applicationModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	ctx, cancel := removalContext(ctx, state.Timeouts, &resp.Diagnostics)
	defer cancel()
	err := r.PD.client.RemoveApplication(ctx, state.ModelUUID.ValueString(), state.Name.ValueString())
	if err != nil && !client.IsNotFound(err) {
		deleteFailed(r.PD, "application "+state.Name.ValueString(), err, &resp.Diagnostics)
	}
}

// ImportState accepts <model_uuid>:<name>.
func (r *applicationResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	parts, ok := importParts(req.ID, "<model_uuid>:<application_name>", "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e:postgresql", 2, 2, uuidFirst, &resp.Diagnostics)
	if !ok {
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("model_uuid"), parts[0])...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("name"), parts[1])...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateImported, []byte(`true`))...)
}

// applicationPlacement is where an application runs, as the resource and the
// data source report it: its machines, and the numbers of its units that are
// not being removed.
func applicationPlacement(ctx context.Context, app api.Application, diags *diag.Diagnostics) (machines, unitNumbers types.Set) {
	ms := app.Machines
	if ms == nil {
		ms = []string{}
	}
	machines, d := types.SetValueFrom(ctx, types.StringType, ms)
	diags.Append(d...)
	numbers := make([]string, 0, len(app.Units))
	for _, u := range app.Units {
		if u.Life != api.LifeDying {
			numbers = append(numbers, strconv.Itoa(u.Number))
		}
	}
	unitNumbers, d = types.SetValueFrom(ctx, types.StringType, numbers)
	diags.Append(d...)
	return machines, unitNumbers
}

// Identity is the model and the application's name, the parts of its
// import ID.
func (r *applicationResource) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{
		modelUUIDIdentity("application"),
		{
			Name: "name", Description: "Name of the application.",
			Shape: "an application name (lower-case letters, digits and hyphens, starting with a letter, such as postgresql)",
			Valid: applicationNamePattern.MatchString,
		},
	}}
}

// unitsValidator is the controller's rule on an application's units
// (api.CheckUnits: from 0 to api.MaxUnitsPerRequest), checked at plan.
type unitsValidator struct{}

func (unitsValidator) Description(context.Context) string {
	return fmt.Sprintf("must be from 0 to %d", api.MaxUnitsPerRequest)
}

func (v unitsValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (unitsValidator) ValidateInt64(_ context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := api.CheckUnits(req.ConfigValue.ValueInt64()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid number of units", fmt.Sprintf("%s: %v.", req.Path, err))
	}
}
