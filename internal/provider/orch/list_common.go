package orch

import (
	"iter"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/iacsuite/providers/internal/provider/orch/shared"
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

// The filters the hub's list resources share with these live in package
// shared (the hub cannot import this package); they keep their names here.
var (
	// listName is an optional filter on the exact name.
	listName = shared.ListName
	// listStatus is an optional filter on the status, one of statuses.
	listStatus    = shared.ListStatus
	joinBackticks = shared.JoinBackticks
	// matches reports whether a filter is unset or equal to v.
	matches = shared.Matches
)

// upstreamAlias is a filter under upstream's name for one of ours: the
// same selection, refused together with ours.
func upstreamAlias(ours string, a schema.StringAttribute) schema.StringAttribute {
	a.Description += " Upstream's name of `" + ours + "`; not with it."
	a.Validators = append(a.Validators, stringvalidator.ConflictsWith(path.MatchRoot(ours)))
	return a
}

// keep streams the items of seq that ok selects: the filters the service
// does not apply itself, applied as the pages arrive.
func keep[T any](seq iter.Seq2[T, error], ok func(T) bool) iter.Seq2[T, error] {
	return shared.Keep(seq, ok)
}
