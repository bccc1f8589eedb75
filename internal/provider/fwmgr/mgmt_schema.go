package fwmgr

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/framework/validate"
)

// The management API's object types are rows of one table
// (api.ManagementTypes); every row is a resource, a data source and a list
// resource, all built here from the row's fields, so that a type is added
// by adding a row. A field's Kind gives the attribute's type (a block for
// the Block kinds), Required/Default/WriteOnly whether it is required,
// optional or optional and computed, ForceNew a replacement, and
// Values/Min/Max/Rule the validators that refuse a bad value at plan.

// mgmtAttrID is the object's UID in the resource's state (upstream's id).
const mgmtAttrID = "id"

// mgmtName is the Terraform name of a row after the provider's prefix:
// management_service_tcp for service-tcp.
func mgmtName(t api.ManagementType) string {
	return "management_" + strings.ReplaceAll(t.Name, "-", "_")
}

// mgmtComputed: the server answers a value when the configuration leaves
// the field out (its default), so the attribute is optional and computed.
func mgmtComputed(f api.Field) bool { return f.Default != nil && !f.Required && !f.WriteOnly }

// isBlock: the field is a Terraform block, not an attribute.
func isBlock(f api.Field) bool {
	return f.Kind == api.KindBlock || f.Kind == api.KindBlockList || f.Kind == api.KindBlockSet
}

func fieldDoc(f api.Field) string {
	doc := f.Doc
	if len(f.Values) > 0 {
		doc += " One of " + quoteList(f.Values) + "."
	}
	if f.Max > f.Min {
		doc += fmt.Sprintf(" From %d to %d.", f.Min, f.Max)
	}
	if f.Rule != "" {
		doc += fmt.Sprintf(" Shape: %s.", f.Rule)
	}
	if len(f.RefTypes) > 0 {
		doc += " By name or UID; the state keeps the configuration's spelling of a name."
	}
	if f.Default != nil {
		doc += fmt.Sprintf(" Default %v.", f.Default)
	}
	if f.ForceNew {
		doc += " Changing it replaces the object."
	}
	switch {
	case f.Secret:
		doc += " Write-only (Terraform 1.11 or later): sent with the create and with each update while the " +
			"configuration sets it, never kept in the plan or the state, never read back."
	case f.WriteOnly:
		doc += " Sent with each change, never read back."
	}
	return strings.TrimSpace(doc)
}

func quoteList(vs []string) string {
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = fmt.Sprintf("%q", v)
	}
	return strings.Join(q, ", ")
}

// stringCheck is the plan-time check of one string value of f (or of each
// element of a string collection): its Values and its Rule. nil when f has
// neither.
func stringCheck(f api.Field) validator.String {
	if len(f.Values) == 0 && f.Rule == "" {
		return nil
	}
	desc := "must be one of " + quoteList(f.Values)
	if f.Rule != "" {
		desc = "must have the shape " + f.Rule
	}
	return validate.StringFunc(desc, func(s string) error {
		if len(f.Values) > 0 {
			for _, v := range f.Values {
				if v == s {
					return nil
				}
			}
			return fmt.Errorf("must be one of %s", quoteList(f.Values))
		}
		if err := api.CheckRule(f.Rule, s); err != nil {
			return fmt.Errorf("breaks the rule %s (%w)", f.Rule, err)
		}
		return nil
	})
}

func stringValidators(f api.Field) []validator.String {
	if v := stringCheck(f); v != nil {
		return []validator.String{v}
	}
	return nil
}

func int64Validators(f api.Field) []validator.Int64 {
	if f.Max > f.Min {
		return []validator.Int64{int64validator.Between(f.Min, f.Max)}
	}
	return nil
}

func listValidators(f api.Field) []validator.List {
	var vs []validator.List
	if v := stringCheck(f); v != nil && f.Kind == api.KindStringList {
		vs = append(vs, listvalidator.ValueStringsAre(v))
	}
	if f.Kind == api.KindBlock {
		vs = append(vs, listvalidator.SizeAtMost(1))
	}
	return vs
}

func setValidators(f api.Field) []validator.Set {
	if v := stringCheck(f); v != nil && f.Kind == api.KindStringSet {
		return []validator.Set{setvalidator.ValueStringsAre(v)}
	}
	return nil
}

func mapValidators(f api.Field) []validator.Map {
	if v := stringCheck(f); v != nil {
		return []validator.Map{mapvalidator.ValueStringsAre(v)}
	}
	return nil
}

// mgmtResourceSchema is the resource's schema: id, then every field of the
// row (api.ManagementType.AllFields).
func mgmtResourceSchema(t api.ManagementType) rschema.Schema {
	attrs, blocks := resourceFields(t.AllFields(), true)
	attrs[mgmtAttrID] = rschema.StringAttribute{Computed: true,
		Description:   "UID of the object.",
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}
	return rschema.Schema{
		Description: fmt.Sprintf("%s Managed with the management API's add-%s, set-%s and delete-%s; every change is published "+
			"before the apply returns (see the provider's `auto_publish_batch_size`). Import by UID or by name.",
			t.Doc, t.Name, t.Name, t.Name),
		Attributes: attrs, Blocks: blocks,
	}
}

// resourceFields are the attributes and blocks of fields. top: the fields
// of the object itself, where a default is kept from the state (nested ones
// are compared as whole blocks).
func resourceFields(fields []api.Field, top bool) (map[string]rschema.Attribute, map[string]rschema.Block) {
	attrs := map[string]rschema.Attribute{}
	blocks := map[string]rschema.Block{}
	for _, f := range fields {
		name := f.Attribute()
		if isBlock(f) {
			nestedAttrs, nestedBlocks := resourceFields(f.Fields, false)
			obj := rschema.NestedBlockObject{Attributes: nestedAttrs, Blocks: nestedBlocks}
			if f.Kind == api.KindBlockSet {
				var pm []planmodifier.Set
				if f.ForceNew {
					pm = append(pm, setplanmodifier.RequiresReplace())
				}
				blocks[name] = rschema.SetNestedBlock{Description: fieldDoc(f), NestedObject: obj, PlanModifiers: pm}
				continue
			}
			var pm []planmodifier.List
			if f.ForceNew {
				pm = append(pm, listplanmodifier.RequiresReplace())
			}
			blocks[name] = rschema.ListNestedBlock{Description: fieldDoc(f), NestedObject: obj, PlanModifiers: pm,
				Validators: listValidators(f)}
			continue
		}
		attrs[name] = resourceAttribute(f, top)
	}
	return attrs, blocks
}

func resourceAttribute(f api.Field, top bool) rschema.Attribute {
	if f.Secret {
		// A Terraform write-only argument: the value is in the
		// configuration only (mgmtSecrets sends it).
		return rschema.StringAttribute{Optional: true, WriteOnly: true, Sensitive: true, Description: fieldDoc(f),
			Validators: stringValidators(f)}
	}
	req, opt, comp := f.Required, !f.Required, mgmtComputed(f)
	keep := comp && top // UseStateForUnknown: a default the server keeps
	if f.ReadOnly {
		// Computed only, and not kept from the state: the server derives
		// it from other fields (a subnet mask from its mask length), so an
		// update may change it.
		opt, comp, keep = false, true, false
	}
	desc := fieldDoc(f)
	switch f.Kind {
	case api.KindInt:
		var pm []planmodifier.Int64
		if keep {
			pm = append(pm, int64planmodifier.UseStateForUnknown())
		}
		if f.ForceNew {
			pm = append(pm, int64planmodifier.RequiresReplace())
		}
		return rschema.Int64Attribute{Required: req, Optional: opt, Computed: comp, Description: desc,
			Validators: int64Validators(f), PlanModifiers: pm}
	case api.KindBool:
		var pm []planmodifier.Bool
		if keep {
			pm = append(pm, boolplanmodifier.UseStateForUnknown())
		}
		if f.ForceNew {
			pm = append(pm, boolplanmodifier.RequiresReplace())
		}
		return rschema.BoolAttribute{Required: req, Optional: opt, Computed: comp, Description: desc, PlanModifiers: pm}
	case api.KindStringList:
		var pm []planmodifier.List
		if keep {
			pm = append(pm, listplanmodifier.UseStateForUnknown())
		}
		if f.ForceNew {
			pm = append(pm, listplanmodifier.RequiresReplace())
		}
		return rschema.ListAttribute{Required: req, Optional: opt, Computed: comp, Description: desc,
			ElementType: types.StringType, Validators: listValidators(f), PlanModifiers: pm}
	case api.KindStringSet:
		var pm []planmodifier.Set
		if keep {
			pm = append(pm, setplanmodifier.UseStateForUnknown())
		}
		if f.ForceNew {
			pm = append(pm, setplanmodifier.RequiresReplace())
		}
		return rschema.SetAttribute{Required: req, Optional: opt, Computed: comp, Description: desc,
			ElementType: types.StringType, Validators: setValidators(f), PlanModifiers: pm}
	case api.KindStringMap:
		var pm []planmodifier.Map
		if keep {
			pm = append(pm, mapplanmodifier.UseStateForUnknown())
		}
		if f.ForceNew {
			pm = append(pm, mapplanmodifier.RequiresReplace())
		}
		return rschema.MapAttribute{Required: req, Optional: opt, Computed: comp, Description: desc,
			ElementType: types.StringType, Validators: mapValidators(f), PlanModifiers: pm}
	}
	var pm []planmodifier.String
	if keep {
		pm = append(pm, stringplanmodifier.UseStateForUnknown())
	}
	if f.ForceNew {
		pm = append(pm, stringplanmodifier.RequiresReplace())
	}
	return rschema.StringAttribute{Required: req, Optional: opt, Computed: comp, Description: desc,
		Validators: stringValidators(f), PlanModifiers: pm}
}

// Data source attributes.
const (
	mgmtAttrUID  = "uid"
	mgmtAttrName = "name"
)

// mgmtDataSourceSchema is the data source's schema: name or uid selects
// the object, every other field is computed. Write-only fields are never
// answered, so the data source has none.
func mgmtDataSourceSchema(t api.ManagementType) dschema.Schema {
	var fields []api.Field
	for _, f := range t.AllFields() {
		if !f.WriteOnly && f.Name != mgmtAttrName {
			fields = append(fields, f)
		}
	}
	attrs, blocks := dataSourceFields(fields)
	attrs[mgmtAttrID] = dschema.StringAttribute{Computed: true, Description: "UID of the object (as uid)."}
	attrs[mgmtAttrUID] = dschema.StringAttribute{Optional: true, Computed: true,
		Description: "UID of the object; exactly one of uid and name."}
	attrs[mgmtAttrName] = dschema.StringAttribute{Optional: true, Computed: true,
		Description: "Name of the object; exactly one of uid and name."}
	return dschema.Schema{
		Description: fmt.Sprintf("%s Read with the management API's show-%s, by name or UID.", t.Doc, t.Name),
		Attributes:  attrs, Blocks: blocks,
	}
}

func dataSourceFields(fields []api.Field) (map[string]dschema.Attribute, map[string]dschema.Block) {
	attrs := map[string]dschema.Attribute{}
	blocks := map[string]dschema.Block{}
	for _, f := range fields {
		name, desc := f.Attribute(), fieldDoc(f)
		switch f.Kind {
		case api.KindBlock, api.KindBlockList, api.KindBlockSet:
			var nested []api.Field
			for _, n := range f.Fields {
				if !n.WriteOnly {
					nested = append(nested, n)
				}
			}
			na, nb := dataSourceFields(nested)
			obj := dschema.NestedBlockObject{Attributes: na, Blocks: nb}
			if f.Kind == api.KindBlockSet {
				blocks[name] = dschema.SetNestedBlock{Description: desc, NestedObject: obj}
			} else {
				blocks[name] = dschema.ListNestedBlock{Description: desc, NestedObject: obj}
			}
		case api.KindInt:
			attrs[name] = dschema.Int64Attribute{Computed: true, Description: desc}
		case api.KindBool:
			attrs[name] = dschema.BoolAttribute{Computed: true, Description: desc}
		case api.KindStringList:
			attrs[name] = dschema.ListAttribute{Computed: true, Description: desc, ElementType: types.StringType}
		case api.KindStringSet:
			attrs[name] = dschema.SetAttribute{Computed: true, Description: desc, ElementType: types.StringType}
		case api.KindStringMap:
			attrs[name] = dschema.MapAttribute{Computed: true, Description: desc, ElementType: types.StringType}
		default:
			attrs[name] = dschema.StringAttribute{Computed: true, Description: desc}
		}
	}
	return attrs, blocks
}
