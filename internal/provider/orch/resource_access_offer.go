package orch

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/resourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
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
)

var (
	_ resource.ResourceWithImportState      = (*accessOfferResource)(nil)
	_ resource.ResourceWithConfigValidators = (*accessOfferResource)(nil)
	_ resource.ResourceWithValidateConfig   = (*accessOfferResource)(nil)
	_ resource.ResourceWithModifyPlan       = (*accessOfferResource)(nil)
)

// NewAccessOfferResource is the orch_access_offer resource: who may read,
// consume or administer an offer. The resource owns every grant of the
// offer.
func NewAccessOfferResource() resource.Resource {
	return &accessOfferResource{resourceBase{Name: "access_offer"}}
}

type accessOfferResource struct{ resourceBase }

type accessOfferModel struct {
	ID       types.String `tfsdk:"id"`
	OfferURL types.String `tfsdk:"offer_url"`
	Admin    types.Set    `tfsdk:"admin"`
	Consume  types.Set    `tfsdk:"consume"`
	Read     types.Set    `tfsdk:"read"`
}

// offerLevels are the attributes of the levels, in the offer's order.
var offerLevelAttrs = []string{api.OfferAccessAdmin, api.OfferAccessConsume, api.OfferAccessRead}

func (m *accessOfferModel) level(name string) *types.Set {
	switch name {
	case api.OfferAccessAdmin:
		return &m.Admin
	case api.OfferAccessConsume:
		return &m.Consume
	default:
		return &m.Read
	}
}

func offerUsersAttribute(level, what string) schema.SetAttribute {
	return schema.SetAttribute{
		Optional:    true,
		ElementType: types.StringType,
		Description: "List of users to grant " + level + " access (" + what + "). \"admin\" user is not allowed.",
		Validators:  []validator.Set{setvalidator.SizeAtLeast(1), setvalidator.ValueStringsAre(granteeValidator)},
	}
}

func (r *accessOfferResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Who may read, consume (integrate with) or administer an offer. The controller checks it on every " +
			"request; the resource owns every grant of the offer (grants made outside Terraform are revoked on the next " +
			"apply), and destroying it revokes them. Do not repeat users across different access levels. Import it " +
			"with the offer URL.",
		Attributes: map[string]schema.Attribute{
			"id": idAttribute("<offer_url>"),
			"offer_url": schema.StringAttribute{
				Required:      true,
				Description:   "The url of the offer for access management, `<owner>/<model>.<offer>`. If this is changed the resource will be deleted and a new resource will be created.",
				Validators:    []validator.String{offerURLValidator},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			api.OfferAccessAdmin:   offerUsersAttribute("admin", "also removes the offer and manages its access"),
			api.OfferAccessConsume: offerUsersAttribute("consume", "integrates with the offer from their models"),
			api.OfferAccessRead:    offerUsersAttribute("read", "sees the offer"),
		},
	}
}

func (r *accessOfferResource) ConfigValidators(context.Context) []resource.ConfigValidator {
	return []resource.ConfigValidator{resourcevalidator.AtLeastOneOf(
		path.MatchRoot(api.OfferAccessAdmin), path.MatchRoot(api.OfferAccessConsume), path.MatchRoot(api.OfferAccessRead))}
}

// ValidateConfig refuses the user admin and a user in two levels, as
// upstream does, at plan.
func (r *accessOfferResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var m accessOfferModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	seen := map[string]string{}
	for _, level := range offerLevelAttrs {
		set := m.level(level)
		if set.IsUnknown() {
			continue
		}
		for _, e := range set.Elements() {
			s, ok := e.(types.String)
			if !ok || s.IsUnknown() || s.IsNull() {
				continue
			}
			u := s.ValueString()
			switch {
			case u == "admin":
				resp.Diagnostics.AddAttributeError(path.Root(level), "Invalid user", "user admin is not allowed: the controller's admin has every access already")
			case seen[u] != "":
				resp.Diagnostics.AddAttributeError(path.Root(level), "Invalid user",
					fmt.Sprintf("user '%s' appears in both '%s' and '%s': a user has one level of access to an offer", u, seen[u], level))
			default:
				seen[u] = level
			}
		}
	}
}

// Identity is the offer URL.
func (r *accessOfferResource) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{{
		Name: "offer_url", Description: "URL of the offer.", Shape: "an offer URL <owner>/<model>.<offer>",
		Valid: offerURLPattern.MatchString,
	}}}
}

// wanted is the level of each user in m.
func (m *accessOfferModel) wanted(ctx context.Context) (map[string]string, error) {
	out := map[string]string{}
	for _, level := range offerLevelAttrs {
		users, d := goStrings(ctx, *m.level(level))
		if d.HasError() {
			return nil, diagError(d)
		}
		for _, u := range users {
			out[u] = level
		}
	}
	return out, nil
}

func (m *accessOfferModel) fromGrants(ctx context.Context, grants []api.AccessGrant) {
	by := map[string][]string{}
	for _, g := range grants {
		by[g.Access] = append(by[g.Access], g.User)
	}
	for _, level := range offerLevelAttrs {
		if users := by[level]; len(users) > 0 {
			*m.level(level), _ = types.SetValueFrom(ctx, types.StringType, slices.Sorted(slices.Values(users)))
		} else {
			*m.level(level) = types.SetNull(types.StringType)
		}
	}
	m.ID = m.OfferURL
}

// apply makes the grants of the offer those of plan: revokes who is not
// in it, grants who is new or has another level.
func (r *accessOfferResource) apply(ctx context.Context, plan *accessOfferModel) error {
	url := plan.OfferURL.ValueString()
	want, err := plan.wanted(ctx)
	if err != nil {
		return err
	}
	have, err := r.PD.client.OfferAccess(ctx, url)
	if err != nil {
		return err
	}
	held := map[string]string{}
	for _, g := range have {
		held[g.User] = g.Access
		if _, ok := want[g.User]; !ok {
			if err := r.PD.client.RevokeOfferAccess(ctx, url, g.User); err != nil && !client.IsNotFound(err) {
				return fmt.Errorf("revoking the access of %s: %w", g.User, err)
			}
		}
	}
	for _, u := range slices.Sorted(maps.Keys(want)) {
		if held[u] != want[u] {
			if _, err := r.PD.client.GrantOfferAccess(ctx, url, u, want[u]); err != nil {
				return fmt.Errorf("granting %s access to %s: %w", want[u], u, err)
			}
		}
	}
	grants, err := r.PD.client.OfferAccess(ctx, url)
	if err != nil {
		return err
	}
	plan.fromGrants(ctx, grants)
	return nil
}

func (r *accessOfferResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan accessOfferModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if err := r.apply(ctx, &plan); err != nil {
		resp.Diagnostics.AddError("Could not set the access to offer "+plan.OfferURL.ValueString(), framework.ErrorDetail(err))
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *accessOfferResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state accessOfferModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	grants, err := r.PD.client.OfferAccess(ctx, state.OfferURL.ValueString())
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read the access to offer "+state.OfferURL.ValueString(), framework.ErrorDetail(err))
		return
	}
	state.fromGrants(ctx, grants)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *accessOfferResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan accessOfferModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if err := r.apply(ctx, &plan); err != nil {
		resp.Diagnostics.AddError("Could not change the access to offer "+plan.OfferURL.ValueString(), framework.ErrorDetail(err))
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *accessOfferResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state accessOfferModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	url := state.OfferURL.ValueString()
	grants, err := r.PD.client.OfferAccess(ctx, url)
	if client.IsNotFound(err) {
		return
	}
	for _, g := range grants {
		if err == nil {
			if err = r.PD.client.RevokeOfferAccess(ctx, url, g.User); client.IsNotFound(err) {
				err = nil
			}
		}
	}
	if err != nil {
		deleteFailed(r.PD, "the access to offer "+url, err, &resp.Diagnostics)
	}
}

// ImportState accepts the offer URL, as upstream.
func (r *accessOfferResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if !offerURLPattern.MatchString(req.ID) {
		resp.Diagnostics.AddError("Invalid import identifier",
			fmt.Sprintf("The import ID of orch_access_offer is the offer URL <owner>/<model>.<offer>, such as admin/db.mysql; got %q.", req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("offer_url"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
}

// ModifyPlan refuses orch_access_offer in hub mode at plan time.
func (r *accessOfferResource) ModifyPlan(_ context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return // a destroy
	}
	notInHubModePlan(r.PD, "orch_access_offer", notWithHub+" Offer access in hub mode is the hub's: grant it with orch_hub_access_offer.", resp)
}
