package orch

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/framework"
)

type userListFilter struct {
	Name   types.String `tfsdk:"name"`
	Access types.String `tfsdk:"access"`
}

// NewUserListResource is the orch_user list resource: the users of the
// controller (every user to a superuser, the caller alone to anyone else).
var NewUserListResource = framework.NewList(framework.ListResource[providerData, userListFilter, api.User, userModel]{
	Name:  "user",
	Label: "users",
	Description: "The users of the controller, for `terraform query` (Terraform 1.14+): every user to a superuser, the " +
		"caller alone to anyone else. Each result's identity is the user's name. The password is never read back: the " +
		"generated configuration has `password = null`; fill in the user's password (the first apply records it, " +
		"and changes it to that value).",
	Filters: map[string]schema.Attribute{
		"name": listName("users", userNameValidator),
		"access": schema.StringAttribute{
			Optional: true,
			Description: "Only the users with this controller access, `login` or `superuser` (`orch_user` makes `login` " +
				"users; `login` leaves out the controller's administrators).",
			Validators: []validator.String{stringvalidator.OneOf(api.AccessLogin, api.AccessSuperuser)},
		},
	},
	Identity: (&userResource{}).Identity(),
	Objects: func(ctx context.Context, pd *providerData, f userListFilter, _ bool) iter.Seq2[api.User, error] {
		return keep(pd.client.EachUser(ctx), func(u api.User) bool {
			return matches(f.Name, u.Name) && matches(f.Access, u.Access)
		})
	},
	DisplayName: func(u api.User) string { return u.Name },
	Model: func(_ context.Context, _ *providerData, u api.User, _ bool, m *userModel) diag.Diagnostics {
		m.fromAPI(u)
		return nil
	},
})
