package orch

import (
	"context"
	"iter"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/framework"
)

type accessModelListFilter struct {
	ModelUUID types.String `tfsdk:"model_uuid"`
	Access    types.String `tfsdk:"access"`
	User      types.String `tfsdk:"user"`
}

// modelAccessLevel is the users of a model with one level of access: what
// one orch_access_model holds.
type modelAccessLevel struct {
	modelUUID, access string
	users             []string
}

// NewAccessModelListResource is the orch_access_model list resource: per
// level of access to a model, the users who have it.
var NewAccessModelListResource = framework.NewList(framework.ListResource[providerData, accessModelListFilter, modelAccessLevel, accessModelModel]{
	Name:  "access_model",
	Label: "access grants of the model",
	Description: "The access to a model, for `terraform query` (Terraform 1.14+): one result per level (`read`, " +
		"`write`, `admin`) that users hold, with every user of that level, as an `orch_access_model` holds them. Each " +
		"result's identity is the model's UUID and the level. The model's owner holds admin by owning the model and is " +
		"not listed.",
	Filters: map[string]schema.Attribute{
		"model_uuid": listModelUUID("access grants"),
		"access": schema.StringAttribute{
			Optional:    true,
			Description: "Only this level, one of `" + joinBackticks(api.ModelAccessLevels) + "`.",
			Validators:  []validator.String{stringvalidator.OneOf(api.ModelAccessLevels...)},
		},
		"user": schema.StringAttribute{
			Optional:    true,
			Description: "Only the level this user holds (its result still holds every user of the level).",
			Validators:  []validator.String{granteeValidator},
		},
	},
	Identity: (&accessModelResource{}).Identity(),
	Objects: func(ctx context.Context, pd *providerData, f accessModelListFilter, _ bool) iter.Seq2[modelAccessLevel, error] {
		uuid := f.ModelUUID.ValueString()
		return func(yield func(modelAccessLevel, error) bool) {
			// A level at a time, each a paged listing of its grants: the
			// users of one level are what one result holds.
			for _, level := range api.ModelAccessLevels {
				if !matches(f.Access, level) {
					continue
				}
				l := modelAccessLevel{modelUUID: uuid, access: level}
				for g, err := range pd.client.EachModelAccess(ctx, uuid, level) {
					if err != nil {
						yield(l, err)
						return
					}
					l.users = append(l.users, g.User)
				}
				if len(l.users) > 0 && (f.User.IsNull() || slices.Contains(l.users, f.User.ValueString())) && !yield(l, nil) {
					return
				}
			}
		}
	},
	DisplayName: func(l modelAccessLevel) string { return l.access },
	Model: func(ctx context.Context, _ *providerData, l modelAccessLevel, _ bool, m *accessModelModel) diag.Diagnostics {
		m.ModelUUID = types.StringValue(l.modelUUID)
		m.Access = types.StringValue(l.access)
		m.setUsers(ctx, l.users)
		return nil
	},
})
