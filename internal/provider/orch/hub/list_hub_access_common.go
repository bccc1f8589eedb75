package hub

import (
	"context"
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/provider/orch/shared"
)

// The list resources of the six orch_hub_access_* resources share one
// definition, as the resources share hubAccessResource: one result per
// target and access level that somebody holds, the identity and ID the
// resource's (target, access), with the holders a read after import finds.
// The filters, the model and the resource's attributes differ only by the
// target attribute's name, so the filters and the resource are read and
// written as objects rather than as six model structs.

// hubAccessHolders is who holds one access level on one target: what one
// orch_hub_access_* holds.
type hubAccessHolders struct {
	// target is the target attribute's value ("hub" for the hub
	// controller), access the level.
	target, access string
	// holders are the subjects by attribute (users, groups, ...).
	holders map[string][]string
}

// hubAccessTargets streams the targets (target attribute values) a list
// block selects when its config names none; filter is its config.
type hubAccessTargets func(ctx context.Context, pd Data, filter types.Object) iter.Seq2[string, error]

// newHubAccessList is the list resource of the hub access resource that
// newResource makes. every says in words which targets a list block
// without the target filter looks at ("every group of the hub"), targets
// streams them (nil for the hub controller, the only target), and extra
// are filters besides the target and the access level.
func newHubAccessList[P any, D ProviderData[P]](newResource func() resource.Resource, every string, targets hubAccessTargets, extra map[string]schema.Attribute) func() list.ListResource {
	r, ok := newResource().(*hubAccessResource[P, D])
	if !ok {
		// A programming error: only the hub access resources have a list of this shape.
		panic(fmt.Sprintf("newHubAccessList: %T is not a hub access resource", newResource()))
	}
	filters := map[string]schema.Attribute{
		"access": schema.StringAttribute{
			Optional:    true,
			Description: "Only this access level, one of `" + shared.JoinBackticks(r.levels) + "`.",
			Validators:  []validator.String{hubAccessLevel(r.levels)},
		},
	}
	if r.targetAttr != "" {
		filters[r.targetAttr] = schema.StringAttribute{
			Optional:    true,
			Description: r.targetDescription + " Only the grants on it are listed; without it, those on " + every + ".",
			Validators:  []validator.String{r.targetValidator},
		}
	}
	maps.Copy(filters, extra)
	subjects := make([]string, len(r.subjects))
	for i, s := range r.subjects {
		subjects[i] = "`" + s + "`"
	}
	identity, per := "the access level", "access level"
	if r.targetAttr != "" {
		identity = "`" + r.targetAttr + "` and the access level"
		_, noun, _ := strings.Cut(r.what, " ") // "a cloud": cloud
		per = noun + " and access level"
	}
	return framework.NewList(framework.ListResource[P, types.Object, hubAccessHolders, types.Object]{
		Name:  r.Name,
		Label: "access grants on " + r.what,
		Description: "The access to " + r.what + " in the hub (hub mode only), for `terraform query` (Terraform 1.14+): " +
			"one result per " + per + " that somebody holds, with all its " +
			strings.Join(subjects, ", ") + ", as an `" + r.typeName() + "` holds them. Each result's identity is " +
			identity + ".",
		Filters:  filters,
		Identity: r.Identity(),
		Objects: func(ctx context.Context, pd *P, f types.Object, _ bool) iter.Seq2[hubAccessHolders, error] {
			return r.listHolders(ctx, dataOf[P, D](pd), f, targets)
		},
		DisplayName: func(h hubAccessHolders) string { return h.target + ":" + h.access },
		Model: func(ctx context.Context, _ *P, h hubAccessHolders, _ bool, m *types.Object) diag.Diagnostics {
			return r.listModel(ctx, h, m)
		},
	})
}

// filterString is a string filter of a list block's config, "" when unset.
func filterString(f types.Object, name string) string {
	if v, ok := f.Attributes()[name].(types.String); ok {
		return v.ValueString()
	}
	return ""
}

// listHolders streams who holds each level (eachHolders) in hub mode, and
// hubList's error in direct mode.
func (r *hubAccessResource[P, D]) listHolders(ctx context.Context, pd Data, f types.Object, targets hubAccessTargets) iter.Seq2[hubAccessHolders, error] {
	return hubList(pd, r.typeName(), func(hub *hubclient.Client) iter.Seq2[hubAccessHolders, error] {
		return r.eachHolders(ctx, pd, hub, f, targets)
	})
}

// eachHolders streams, target by target and level by level, who holds each
// level: each level's relations come page by page from the hub, and only
// one level's holders are kept at a time.
func (r *hubAccessResource[P, D]) eachHolders(ctx context.Context, pd Data, hub *hubclient.Client, f types.Object, targets hubAccessTargets) iter.Seq2[hubAccessHolders, error] {
	return func(yield func(hubAccessHolders, error) bool) {
		var seq iter.Seq2[string, error]
		switch t := filterString(f, r.targetAttr); {
		case r.targetAttr == "":
			seq = one("hub")
		case t != "":
			seq = one(t)
		default:
			seq = targets(ctx, pd, f)
		}
		access := filterString(f, "access")
		for target, err := range seq {
			if err != nil {
				yield(hubAccessHolders{}, err)
				return
			}
			for _, level := range r.levels {
				if access != "" && level != access {
					continue
				}
				g := accessGrant{target: target, access: level}
				var tuples []hubapi.Tuple
				for t, err := range hub.EachRelation(ctx, r.tupleTarget(g), level) {
					if err != nil {
						yield(hubAccessHolders{}, err)
						return
					}
					tuples = append(tuples, t)
				}
				// A level nobody of the resource's kinds holds is not a
				// grant (its import finds nothing).
				holders, held := r.holders(tuples)
				if held > 0 && !yield(hubAccessHolders{target: target, access: level, holders: holders}, nil) {
					return
				}
			}
		}
	}
}

// one streams s alone.
func one(s string) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) { yield(s, nil) }
}

// names streams f of each item of seq: the targets of a listing.
func names[T any](seq iter.Seq2[T, error], f func(T) string) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		for it, err := range seq {
			if !yield(f(it), err) || err != nil {
				return
			}
		}
	}
}

// listModel sets what ImportState and then Read set: the ID, the access
// level, the target and the subject sets that hold somebody (the others
// stay null, as Read leaves them after an import).
func (r *hubAccessResource[P, D]) listModel(ctx context.Context, h hubAccessHolders, m *types.Object) diag.Diagnostics {
	var diags diag.Diagnostics
	attrs := maps.Clone(m.Attributes())
	attrs["id"] = types.StringValue(h.target + ":" + h.access)
	attrs["access"] = types.StringValue(h.access)
	if r.targetAttr != "" {
		attrs[r.targetAttr] = types.StringValue(h.target)
	}
	for _, name := range r.subjects {
		vals := h.holders[name]
		if len(vals) == 0 {
			continue
		}
		slices.Sort(vals)
		s, d := types.SetValueFrom(ctx, types.StringType, vals)
		diags.Append(d...)
		attrs[name] = s
	}
	obj, d := types.ObjectValue(m.AttributeTypes(ctx), attrs)
	diags.Append(d...)
	*m = obj
	return diags
}
