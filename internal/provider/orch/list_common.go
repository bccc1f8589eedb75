package orch

import (
	"iter"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// The list resources (Terraform 1.14+, `terraform query`; framework.NewList,
// one file each, list_resource_<type>.go) share these filters and checks.

// listModelUUID is the model whose objects a list block finds: required,
// as the controller lists them per model.
func listModelUUID(what string) schema.StringAttribute {
	return schema.StringAttribute{
		Required:    true,
		Description: "UUID of the model whose " + what + " to find.",
		Validators:  []validator.String{uuidValidator},
	}
}

// listName is an optional filter on the exact name.
func listName(what string, v validator.String) schema.StringAttribute {
	return schema.StringAttribute{
		Optional:    true,
		Description: "Only the " + what + " of exactly this name.",
		Validators:  []validator.String{v},
	}
}

// upstreamAlias is a filter under upstream's name for one of ours: the
// same selection, refused together with ours.
func upstreamAlias(ours string, a schema.StringAttribute) schema.StringAttribute {
	a.Description += " Upstream's name of `" + ours + "`; not with it."
	a.Validators = append(a.Validators, stringvalidator.ConflictsWith(path.MatchRoot(ours)))
	return a
}

// listStatus is an optional filter on the status, one of statuses.
func listStatus(what string, statuses ...string) schema.StringAttribute {
	return schema.StringAttribute{
		Optional:    true,
		Description: "Only the " + what + " in this status, one of `" + joinBackticks(statuses) + "`.",
		Validators:  []validator.String{stringvalidator.OneOf(statuses...)},
	}
}

func joinBackticks(s []string) string {
	out := ""
	for i, v := range s {
		if i > 0 {
			out += "`, `"
		}
		out += v
	}
	return out
}

// matches reports whether a filter is unset or equal to v.
func matches(filter types.String, v string) bool {
	return filter.IsNull() || filter.ValueString() == v
}

// keep streams the items of seq that ok selects: the filters the service
// does not apply itself, applied as the pages arrive.
func keep[T any](seq iter.Seq2[T, error], ok func(T) bool) iter.Seq2[T, error] {
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
