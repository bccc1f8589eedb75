package shared

import (
	"iter"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// The filters and checks of the list resources (Terraform 1.14+, `terraform
// query`; framework.NewList).

// ListName is an optional filter on the exact name.
func ListName(what string, v validator.String) schema.StringAttribute {
	return schema.StringAttribute{
		Optional:    true,
		Description: "Only the " + what + " of exactly this name.",
		Validators:  []validator.String{v},
	}
}

// ListStatus is an optional filter on the status, one of statuses.
func ListStatus(what string, statuses ...string) schema.StringAttribute {
	return schema.StringAttribute{
		Optional:    true,
		Description: "Only the " + what + " in this status, one of `" + JoinBackticks(statuses) + "`.",
		Validators:  []validator.String{stringvalidator.OneOf(statuses...)},
	}
}

// JoinBackticks joins s for a description that encloses the whole in
// backticks: a`, `b`, `c.
func JoinBackticks(s []string) string { return strings.Join(s, "`, `") }

// Matches reports whether a filter is unset or equal to v.
func Matches(filter types.String, v string) bool {
	return filter.IsNull() || filter.ValueString() == v
}

// Keep streams the items of seq that ok selects: the filters the service
// does not apply itself, applied as the pages arrive.
func Keep[T any](seq iter.Seq2[T, error], ok func(T) bool) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		for it, err := range seq {
			if err != nil {
				yield(it, err)
				return
			}
			if ok(it) && !yield(it, nil) {
				return
			}
		}
	}
}
