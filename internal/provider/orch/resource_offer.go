package orch

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/wait"
)

var _ resource.ResourceWithImportState = (*offerResource)(nil)

// NewOfferResource is the orch_offer resource.
func NewOfferResource() resource.Resource { return &offerResource{resourceBase{Name: "offer"}} }

type offerResource struct{ resourceBase }

// defaultOfferTimeout bounds an offer's create and delete when the
// configuration's timeouts block does not.
const defaultOfferTimeout = 10 * time.Minute

type offerModel struct {
	ID                types.String   `tfsdk:"id"`
	ModelUUID         types.String   `tfsdk:"model_uuid"`
	ApplicationName   types.String   `tfsdk:"application_name"`
	Endpoints         types.Set      `tfsdk:"endpoints"`
	Name              types.String   `tfsdk:"name"`
	URL               types.String   `tfsdk:"url"`
	AllowForceDestroy types.Bool     `tfsdk:"allow_force_destroy"`
	Timeouts          timeouts.Value `tfsdk:"timeouts"`
}

func (r *offerResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "An offer of an application's endpoints to other models, consumed by an `orch_integration` " +
			"through its `url`. Every change but `allow_force_destroy` and `timeouts` replaces the offer. Import it with its URL, `<owner>/<model>.<offer>`.",
		Blocks: map[string]schema.Block{
			"timeouts": framework.Waits{Create: "the controller to create the offer", Delete: "the controller to remove the offer, and the integrations that consume it to go",
				Default: framework.ShortDuration(defaultOfferTimeout)}.Block(ctx),
		},
		Attributes: map[string]schema.Attribute{
			"allow_force_destroy": schema.BoolAttribute{
				Optional: true,
				Computed: true,
				Default:  booldefault.StaticBool(false),
				Description: "Allows the offer to be destroyed while integrations still consume it (as upstream): " +
					"the destroy then removes it with force, which ends those integrations. Default false, when " +
					"such a destroy waits for those integrations to go until the delete timeout, then fails with upstream's " +
					"`still has connection(s) after timeout` and the number of integrations to remove first. Changing it changes only the state.",
			},
			"id":         idAttribute("<owner>/<model>.<offer>"),
			"model_uuid": modelUUIDAttribute("offer"),
			"application_name": schema.StringAttribute{
				Required:      true,
				Description:   "Application whose endpoints are offered. Changing it replaces the offer.",
				Validators:    []validator.String{applicationNameValidator},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"endpoints": schema.SetAttribute{
				ElementType:   types.StringType,
				Required:      true,
				Description:   "Endpoints offered (not peer endpoints). Changing them replaces the offer.",
				Validators:    []validator.Set{setvalidator.SizeAtLeast(1)},
				PlanModifiers: []planmodifier.Set{setplanmodifier.RequiresReplace()},
			},
			"name": schema.StringAttribute{
				Optional:    true,
				Computed:    true,
				Description: "Name of the offer; defaults to the application name. Changing it replaces the offer.",
				Validators:  []validator.String{applicationNameValidator},
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.RequiresReplaceIfConfigured(), stringplanmodifier.UseStateForUnknown(),
				},
			},
			"url": schema.StringAttribute{
				Computed:      true,
				Description:   "URL of the offer, `<owner>/<model>.<offer>`, for `offer_url` of an integration.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

func (m *offerModel) fromAPI(ctx context.Context, o api.Offer) {
	if m.AllowForceDestroy.IsNull() || m.AllowForceDestroy.IsUnknown() {
		m.AllowForceDestroy = types.BoolValue(false) // an import: the default
	}
	m.ID = types.StringValue(o.URL)
	m.URL = types.StringValue(o.URL)
	m.ModelUUID = types.StringValue(o.ModelUUID)
	m.ApplicationName = types.StringValue(o.ApplicationName)
	m.Name = types.StringValue(o.Name)
	eps := append([]string(nil), o.Endpoints...)
	sort.Strings(eps)
	m.Endpoints, _ = types.SetValueFrom(ctx, types.StringType, eps)
}

func (r *offerResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan offerModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	eps, d := goStrings(ctx, plan.Endpoints)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	body := api.CreateOfferRequest{ApplicationName: plan.ApplicationName.ValueString(), Endpoints: eps}
	if !plan.Name.IsUnknown() {
		body.Name = plan.Name.ValueString()
	}
	timeout, d := plan.Timeouts.Create(ctx, defaultOfferTimeout)
	resp.Diagnostics.Append(d...)
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	o, err := r.PD.client.Offer(ctx, plan.ModelUUID.ValueString(), body)
	if err != nil {
		resp.Diagnostics.AddError("Could not create the offer", framework.ErrorDetail(err))
		return
	}
	plan.fromAPI(ctx, o)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *offerResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	get := func(ctx context.Context, id string) (api.Offer, error) { return r.PD.client.OfferByURL(ctx, id) }
	readByID(ctx, r.PD, req, resp, "offer", func(m *offerModel) types.String { return m.ID }, get, (*offerModel).fromAPI)
}

// Update is never called: every attribute replaces the offer.
func (r *offerResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan offerModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *offerResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state offerModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	timeout, d := state.Timeouts.Delete(ctx, defaultOfferTimeout)
	resp.Diagnostics.Append(d...)
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	err := r.PD.client.RemoveOffer(ctx, state.ID.ValueString(), false)
	if client.IsConflict(err) {
		if state.AllowForceDestroy.ValueBool() {
			// Integrations still consume the offer: allow_force_destroy
			// lets the destroy end them.
			err = r.PD.client.RemoveOffer(ctx, state.ID.ValueString(), true)
		} else {
			err = r.removeWhenUnconsumed(ctx, state.ID.ValueString(), timeout)
		}
	}
	if err != nil && !client.IsNotFound(err) {
		deleteFailed(r.PD, "offer "+state.ID.ValueString(), err, &resp.Diagnostics)
	}
}

// removeWhenUnconsumed removes an offer that integrations still consume
// once they are gone (as upstream, whose consumers often go in the same
// destroy), trying again until the delete timeout; consumers that outlive it
// fail the delete with upstream's phrase, then the controller's reason.
func (r *offerResource) removeWhenUnconsumed(ctx context.Context, url string, timeout time.Duration) error {
	var consumed error
	err := wait.Until(ctx, timeout, wait.DefaultBackoff, func(ctx context.Context) (bool, error) {
		err := r.PD.client.RemoveOffer(ctx, url, false)
		if client.IsConflict(err) {
			consumed = err
			return false, nil
		}
		return true, err
	})
	if err != nil && consumed != nil && (errors.Is(err, wait.ErrTimeout) || errors.Is(err, context.DeadlineExceeded)) {
		return fmt.Errorf("offer %s %s (%s): %w; allow_force_destroy = true ends the integrations that consume it, "+
			"a longer timeouts.delete waits longer for them", url, api.OfferStillConnected, framework.ShortDuration(timeout), consumed)
	}
	return err
}

// ImportState accepts the offer URL <owner>/<model>.<offer>.
func (r *offerResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	valid := func(p []string) bool { return offerURLPattern.MatchString(p[0]) }
	if _, ok := importParts(req.ID, "<owner>/<model>.<offer>", "admin/production.mysql", 1, 1, valid, &resp.Diagnostics); !ok {
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
}

// Identity is the offer's URL, its import ID.
func (r *offerResource) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{{
		Name: "url", Description: "URL of the offer.",
		Shape: "an offer URL <owner>/<model>.<offer> (such as admin/production.mysql)", Valid: offerURLPattern.MatchString,
	}}}
}
