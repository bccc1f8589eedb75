package orch

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
)

var (
	_ resource.ResourceWithImportState    = (*integrationResource)(nil)
	_ resource.ResourceWithValidateConfig = (*integrationResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*integrationResource)(nil)
)

// NewIntegrationResource is the orch_integration resource.
func NewIntegrationResource() resource.Resource {
	return &integrationResource{resourceBase{Name: "integration"}}
}

type integrationResource struct{ resourceBase }

type integrationModel struct {
	Timeouts    timeouts.Value                `tfsdk:"timeouts"`
	ID          types.String                  `tfsdk:"id"`
	ModelUUID   types.String                  `tfsdk:"model_uuid"`
	Via         types.String                  `tfsdk:"via"`
	Application []integrationApplicationModel `tfsdk:"application"`
}

type integrationApplicationModel struct {
	Name               types.String `tfsdk:"name"`
	Endpoint           types.String `tfsdk:"endpoint"`
	OfferURL           types.String `tfsdk:"offer_url"`
	OfferingController types.String `tfsdk:"offering_controller"`
}

// matches tells whether an endpoint of the controller's answer is this
// side. An offer of another controller is answered as
// "<controller>:<owner>/<model>.<offer>".
func (a integrationApplicationModel) matches(e api.IntegrationEndpoint) bool {
	if e.OfferURL == "" {
		return a.OfferURL.IsNull() && e.Application == a.Name.ValueString()
	}
	ctrl, local := api.SplitOfferURL(e.OfferURL)
	return local == a.OfferURL.ValueString() && ctrl == a.OfferingController.ValueString()
}

func (r *integrationResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "An integration between two applications of a model, or between an application and an " +
			"offer of another model (cross-model), which may live on another controller (`offering_controller`). " +
			"Every change replaces the integration. Import it with " +
			"`<model_uuid>:<application>:<endpoint>:<application>:<endpoint>`, where an offer side is named by " +
			"the remote application the offer is consumed as (the offer's name).",
		Attributes: map[string]schema.Attribute{
			"id":         idAttribute("<model_uuid>:<application>:<endpoint>:<application>:<endpoint>"),
			"model_uuid": modelUUIDAttribute("integration"),
			"via": schema.StringAttribute{
				Optional: true,
				Description: "Comma-separated CIDRs of the traffic out of the model, for a cross-model integration " +
					"only. Changing it replaces the integration.",
				Validators:    []validator.String{cidrListValidator},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
		},
		Blocks: map[string]schema.Block{
			"timeouts": removalWaits("integration").Block(ctx),
			"application": schema.ListNestedBlock{
				Description: "The two sides, each an application of the model (`name`, optional `endpoint`) or an " +
					"offer (`offer_url`, optional `endpoint`). A missing endpoint is inferred when exactly one pairing fits.",
				Validators:    []validator.List{listvalidator.IsRequired(), listvalidator.SizeBetween(2, 2)},
				PlanModifiers: []planmodifier.List{listplanmodifier.RequiresReplace()},
				NestedObject: schema.NestedBlockObject{Attributes: map[string]schema.Attribute{
					"name": schema.StringAttribute{
						Optional:    true,
						Description: "Name of the application. Mutually exclusive with `offer_url`.",
					},
					"endpoint": schema.StringAttribute{
						Optional:      true,
						Computed:      true,
						Description:   "Endpoint of the application, or with `offer_url` the endpoint of the offer (one of an offer of several); inferred when left out.",
						PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
					},
					"offer_url": schema.StringAttribute{
						Optional:    true,
						Description: "URL of an offer, `<owner>/<model>.<offer>`. Mutually exclusive with `name`.",
						Validators:  []validator.String{offerURLValidator},
					},
					"offering_controller": schema.StringAttribute{
						Optional: true,
						Description: "Name of the controller that holds the offer, a key of the provider's " +
							"`offering_controllers`, when it is not the controller the provider connects to. " +
							"Only with `offer_url`.",
					},
				}},
			},
		},
	}
}

func (r *integrationResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var m integrationModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	offers, unknown := 0, false
	for i, a := range m.Application {
		p := path.Root("application").AtListIndex(i)
		if a.Name.IsUnknown() || a.OfferURL.IsUnknown() {
			unknown = true
			continue
		}
		// name and offer_url: upstream's summary, which its users'
		// configurations look for, with our detail
		switch {
		case !a.Name.IsNull() && !a.OfferURL.IsNull():
			resp.Diagnostics.AddAttributeError(p, "Invalid Attribute Combination",
				fmt.Sprintf("%s holds name and offer_url; give the application's name (and endpoint) or an offer_url.", p))
		case a.Name.IsNull() && a.OfferURL.IsNull():
			resp.Diagnostics.AddAttributeError(p, "Invalid Attribute Combination",
				fmt.Sprintf("%s needs name (and optionally endpoint), or offer_url.", p))
		case !a.OfferingController.IsNull() && a.OfferURL.IsNull():
			resp.Diagnostics.AddAttributeError(p.AtName("offering_controller"), "Invalid integration side",
				fmt.Sprintf("%s names the controller of an offer: it needs offer_url.", p.AtName("offering_controller")))
		case !a.OfferURL.IsNull():
			// endpoint picks one endpoint of an offer of several, as upstream.
			offers++
		}
	}
	if offers > 1 {
		resp.Diagnostics.AddAttributeError(path.Root("application"), "Invalid integration",
			"At most one side of an integration may be an offer (offer_url).")
	}
	if !m.Via.IsNull() && offers == 0 && !unknown && len(m.Application) == 2 {
		resp.Diagnostics.AddAttributeError(path.Root("via"), "via needs an offer",
			"via applies to cross-model integrations only: one application element must have offer_url.")
	}
}

// ModifyPlan checks offering_controller names and their offers at plan
// time, once the provider is configured.
func (r *integrationResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() || r.PD == nil {
		return
	}
	var plan integrationModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	for i, a := range plan.Application {
		if a.OfferingController.IsNull() || a.OfferingController.IsUnknown() {
			continue
		}
		p := path.Root("application").AtListIndex(i).AtName("offering_controller")
		oc, err := r.PD.offeringClient(a.OfferingController.ValueString())
		if err != nil {
			resp.Diagnostics.AddAttributeError(p, "Unknown offering controller", fmt.Sprintf("%s: %s.", p, err))
			continue
		}
		if a.OfferURL.IsUnknown() || a.OfferURL.IsNull() || !req.State.Raw.IsNull() {
			continue
		}
		if _, err := oc.OfferByURL(ctx, a.OfferURL.ValueString()); client.IsNotFound(err) {
			up := path.Root("application").AtListIndex(i).AtName("offer_url")
			resp.Diagnostics.AddAttributeError(up, "Offer not found",
				fmt.Sprintf("%s: the controller %s has no offer %s.", up, a.OfferingController.ValueString(), a.OfferURL.ValueString()))
		}
	}
}

func integrationKey(modelUUID string, sides []api.IntegrationEndpoint) string {
	parts := []string{modelUUID}
	for _, s := range sides {
		parts = append(parts, s.Application, s.Endpoint)
	}
	return strings.Join(parts, ":")
}

// fromAPI fills the endpoints of the configured sides, in the
// configuration's order.
func (m *integrationModel) fromAPI(got api.Integration) {
	m.ModelUUID = types.StringValue(got.ModelUUID)
	m.Via = stringOrNull(got.Via)
	if len(m.Application) != len(got.Endpoints) {
		// After an import: the sides in the order of the import ID.
		eps := slices.Clone(got.Endpoints)
		if parts := strings.Split(m.ID.ValueString(), ":"); len(parts) == 5 && len(eps) == 2 && eps[0].Application != parts[1] {
			eps[0], eps[1] = eps[1], eps[0]
		}
		m.Application = make([]integrationApplicationModel, 0, len(got.Endpoints))
		for _, e := range eps {
			side := integrationApplicationModel{Endpoint: types.StringValue(e.Endpoint), Name: types.StringNull(),
				OfferURL: types.StringNull(), OfferingController: types.StringNull()}
			if e.OfferURL != "" {
				ctrl, local := api.SplitOfferURL(e.OfferURL)
				side.OfferURL = types.StringValue(local)
				side.OfferingController = stringOrNull(ctrl)
			} else {
				side.Name = types.StringValue(e.Application)
			}
			m.Application = append(m.Application, side)
		}
	} else {
		for i := range m.Application {
			for _, e := range got.Endpoints {
				if m.Application[i].matches(e) {
					m.Application[i].Endpoint = types.StringValue(e.Endpoint)
				}
			}
		}
	}
	// The ID follows the configuration's order.
	sides := make([]api.IntegrationEndpoint, 0, 2)
	for _, a := range m.Application {
		for _, e := range got.Endpoints {
			if a.matches(e) {
				sides = append(sides, e)
			}
		}
	}
	m.ID = types.StringValue(integrationKey(got.ModelUUID, sides))
}

func stringOrNull(s string) types.String {
	if s == "" {
		return types.StringNull()
	}
	return types.StringValue(s)
}

func (r *integrationResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan integrationModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	body := api.CreateIntegrationRequest{Via: plan.Via.ValueString()}
	for i, a := range plan.Application {
		e := api.IntegrationEndpoint{Application: a.Name.ValueString(), OfferURL: a.OfferURL.ValueString()}
		if !a.Endpoint.IsUnknown() {
			e.Endpoint = a.Endpoint.ValueString()
		}
		if ctrl := a.OfferingController.ValueString(); ctrl != "" {
			// The offer's consume details come from its controller; the
			// consuming controller takes them with the integration.
			p := path.Root("application").AtListIndex(i).AtName("offering_controller")
			oc, err := r.PD.offeringClient(ctrl)
			if err != nil {
				resp.Diagnostics.AddAttributeError(p, "Unknown offering controller", fmt.Sprintf("%s: %s.", p, err))
				return
			}
			details, err := oc.ConsumeDetails(ctx, e.OfferURL)
			if err != nil {
				resp.Diagnostics.AddAttributeError(p, "Could not read the offer from its controller",
					fmt.Sprintf("Offer %s on the controller %s: %s", e.OfferURL, ctrl, framework.ErrorDetail(err)))
				return
			}
			body.Consume = &api.ConsumeRequest{ControllerAlias: ctrl, ConsumeDetails: details}
			e.OfferURL = ctrl + ":" + e.OfferURL
		}
		body.Endpoints = append(body.Endpoints, e)
	}
	got, err := r.PD.client.Integrate(ctx, plan.ModelUUID.ValueString(), body)
	if err != nil {
		resp.Diagnostics.AddError("Could not integrate the applications", framework.ErrorDetail(err))
		return
	}
	plan.fromAPI(got)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// find returns the integration of the model between the two endpoints of
// the ID, in either order.
func (r *integrationResource) find(ctx context.Context, id string) (api.Integration, error) {
	parts := strings.Split(id, ":")
	if len(parts) != 5 {
		return api.Integration{}, fmt.Errorf("integration ID %q is not <model_uuid>:<app>:<endpoint>:<app>:<endpoint>", id)
	}
	list, err := r.PD.client.Integrations(ctx, parts[0], parts[1]+":"+parts[2])
	if err != nil {
		return api.Integration{}, err
	}
	for _, in := range list {
		if len(in.Endpoints) != 2 || in.Life == api.LifeDying {
			continue
		}
		a, b := in.Endpoints[0], in.Endpoints[1]
		if (a.Application == parts[1] && a.Endpoint == parts[2] && b.Application == parts[3] && b.Endpoint == parts[4]) ||
			(b.Application == parts[1] && b.Endpoint == parts[2] && a.Application == parts[3] && a.Endpoint == parts[4]) {
			return in, nil
		}
	}
	return api.Integration{}, &client.APIError{StatusCode: 404, Code: api.CodeNotFound, Message: "no integration " + id}
}

func (r *integrationResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state integrationModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	got, err := r.find(ctx, state.ID.ValueString())
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read integration "+state.ID.ValueString(), framework.ErrorDetail(err))
		return
	}
	state.fromAPI(got)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Update is never called: every attribute replaces the integration.
func (r *integrationResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan integrationModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *integrationResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state integrationModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	ctx, cancel := removalContext(ctx, state.Timeouts, &resp.Diagnostics)
	defer cancel()
	got, err := r.find(ctx, state.ID.ValueString())
	if client.IsNotFound(err) {
		return
	}
	if err == nil {
		err = r.PD.client.RemoveIntegration(ctx, got.ModelUUID, got.ID)
	}
	if err != nil && !client.IsNotFound(err) {
		deleteFailed(r.PD, "integration "+state.ID.ValueString(), err, &resp.Diagnostics)
	}
}

// ImportState accepts <model_uuid>:<app>:<endpoint>:<app>:<endpoint>.
func (r *integrationResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	// importid.Parts requires all five parts to be non-empty.
	parts, ok := importParts(req.ID, "<model_uuid>:<application>:<endpoint>:<application>:<endpoint>",
		"0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e:wordpress:db:mysql:db", 5, 5, uuidFirst, &resp.Diagnostics)
	if !ok {
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("model_uuid"), parts[0])...)
}

// Identity is the parts of the import ID, in its order: the model, then
// each side's application (the remote application of a side that consumes
// an offer) and endpoint. Only the id holds them all.
func (r *integrationResource) Identity() framework.Identity {
	side := func(nth string) []framework.IdentityAttribute {
		return []framework.IdentityAttribute{
			{
				Name: nth + "_application", Description: "Application of the " + nth + " side of the integration, as the import ID names it.",
				Shape: "an application name (such as wordpress)", Valid: applicationNamePattern.MatchString,
			},
			{
				Name: nth + "_endpoint", Description: "Endpoint of the " + nth + " side of the integration.",
				Shape: "an endpoint name (such as db)", Valid: endpointNamePattern.MatchString,
			},
		}
	}
	attrs := append([]framework.IdentityAttribute{modelUUIDIdentity("integration")}, side("first")...)
	return framework.Identity{
		Attributes: append(attrs, side("second")...),
		FromState: func(ctx context.Context, state framework.StateReader) ([]string, diag.Diagnostics) {
			var id types.String
			diags := state.GetAttribute(ctx, path.Root("id"), &id)
			parts := strings.Split(id.ValueString(), ":")
			if len(parts) != 5 {
				return nil, diags
			}
			return parts, diags
		},
	}
}

// endpointNamePattern is the shape of a charm's endpoint names.
var endpointNamePattern = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)
