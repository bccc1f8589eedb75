package fwmgr

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/framework"
)

// mgmtRuleDataSource is the data source of a rulebase row: one rule or
// section of a layer, by UID or name (a rule also by rule number), read
// with show-T.
type mgmtRuleDataSource struct {
	framework.DataSourceBase[providerData]
	typ api.RulebaseType
}

var _ datasource.DataSourceWithConfigValidators = (*mgmtRuleDataSource)(nil)

const mgmtAttrRuleNumber = "rule_number"

func mgmtRuleDataSources() []func() datasource.DataSource {
	var out []func() datasource.DataSource
	for _, t := range api.RulebaseTypes {
		out = append(out, func() datasource.DataSource {
			return &mgmtRuleDataSource{DataSourceBase: framework.DataSourceBase[providerData]{Name: ruleName(t)}, typ: t}
		})
	}
	return out
}

func (d *mgmtRuleDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	var fields []api.Field
	for _, f := range d.typ.AllFields() {
		if !f.WriteOnly && f.Name != mgmtAttrName && f.Name != d.typ.Container.Name {
			fields = append(fields, f)
		}
	}
	attrs, blocks := dataSourceFields(fields)
	attrs[d.typ.Container.Attribute()] = dschema.StringAttribute{Required: true, Description: d.typ.Container.Doc}
	attrs[mgmtAttrID] = dschema.StringAttribute{Computed: true, Description: "UID of the entry (as uid)."}
	attrs[mgmtAttrUID] = dschema.StringAttribute{Optional: true, Computed: true, Description: "UID of the entry; one of uid and name selects it."}
	attrs[mgmtAttrName] = dschema.StringAttribute{Optional: true, Computed: true,
		Description: "Name of the entry (the first of that name in the rulebase's order); one of uid and name selects it."}
	switch {
	case d.typ.Parent != "":
		// An entry of a rule's rulebase: the rule is named as the
		// resource's rule_uid or rule_name, the entry's number is its
		// exception_number.
		for _, a := range []string{mgmtAttrRuleUID, mgmtAttrRuleName} {
			attrs[a] = dschema.StringAttribute{Optional: true, Computed: true,
				Description: map[string]string{mgmtAttrRuleUID: "UID", mgmtAttrRuleName: "Name"}[a] + " of the threat rule whose exceptions are read; one of rule_uid and rule_name names it."}
		}
		attrs[mgmtAttrExceptionNumber] = dschema.Int64Attribute{Optional: true, Computed: true,
			Description: "Number of the exception in its rule's exception rulebase (from 1, in order); selects the exception instead of uid or name."}
	case !d.typ.IsSection():
		attrs[mgmtAttrRuleNumber] = dschema.Int64Attribute{Optional: true, Computed: true,
			Description: "Number of the rule in its " + containerWord(d.typ) + "'s rulebase (from 1, in order); selects the rule instead of uid or name."}
	}
	resp.Schema = dschema.Schema{
		Description: fmt.Sprintf("%s Read with the management API's show-%s.", d.typ.Doc, d.typ.Name),
		Attributes:  attrs, Blocks: blocks,
	}
}

func (d *mgmtRuleDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	sel := []path.Expression{path.MatchRoot(mgmtAttrUID), path.MatchRoot(mgmtAttrName)}
	switch {
	case d.typ.Parent != "":
		sel = append(sel, path.MatchRoot(mgmtAttrExceptionNumber))
		return []datasource.ConfigValidator{datasourcevalidator.ExactlyOneOf(sel...),
			datasourcevalidator.ExactlyOneOf(path.MatchRoot(mgmtAttrRuleUID), path.MatchRoot(mgmtAttrRuleName))}
	case !d.typ.IsSection():
		sel = append(sel, path.MatchRoot(mgmtAttrRuleNumber))
	}
	return []datasource.ConfigValidator{datasourcevalidator.ExactlyOneOf(sel...)}
}

func (d *mgmtRuleDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	summary := "Could not read fwmgr_" + d.Name
	m := mgmtOf(d.PD, "fwmgr_"+d.Name, &resp.Diagnostics)
	if m == nil {
		return
	}
	config, err := objectAttrs(req.Config.Raw)
	if err != nil {
		resp.Diagnostics.AddError(summary, fmt.Sprintf("The configuration is not an object (a provider bug): %v", err))
		return
	}
	in := map[string]any{d.typ.Container.Name: stringAttr(config, d.typ.Container.Attribute()), "details-level": api.DetailsFull}
	numberAttr := mgmtAttrRuleNumber
	if d.typ.Parent != "" {
		numberAttr = mgmtAttrExceptionNumber
		for _, a := range []string{mgmtAttrRuleUID, mgmtAttrRuleName} {
			if v := stringAttr(config, a); v != "" {
				in[strings.ReplaceAll(a, "_", "-")] = v
			}
		}
	}
	switch {
	case stringAttr(config, mgmtAttrUID) != "":
		in["uid"] = stringAttr(config, mgmtAttrUID)
	case stringAttr(config, mgmtAttrName) != "":
		in["name"] = stringAttr(config, mgmtAttrName)
	default:
		if n, ok := config[numberAttr]; ok && known(n) {
			// A number value converts to *big.Float only (not to float64).
			var num big.Float
			if err := n.As(&num); err != nil {
				resp.Diagnostics.AddError(summary, fmt.Sprintf("%s is not a number (a provider bug): %v", numberAttr, err))
				return
			}
			i, _ := num.Int64()
			in[d.typ.NumberKey()] = i
		}
	}
	var answer map[string]any
	if err := m.Show(ctx, "show-"+d.typ.Name, in, &answer); err != nil {
		resp.Diagnostics.AddError(summary, framework.ErrorDetail(err))
		return
	}
	typ, ok := resp.State.Schema.Type().TerraformType(ctx).(tftypes.Object)
	if !ok {
		resp.Diagnostics.AddError(summary, "The data source's schema is not an object; this is a provider bug.")
		return
	}
	fields := append([]api.Field{{Name: d.typ.NumberKey(), TF: numberAttr, Kind: api.KindInt}}, d.typ.AllFields()...)
	v, err := objectValue(fields, typ, answer, tftypes.NewValue(typ, nil), true)
	if err == nil {
		var attrs map[string]tftypes.Value
		if err = v.As(&attrs); err == nil {
			// The layer and the name as configured (the server resolves them
			// in any case).
			for _, a := range []string{d.typ.Container.Attribute(), mgmtAttrName, mgmtAttrRuleName} {
				if c := config[a]; known(c) {
					attrs[a] = c
				}
			}
			v = tftypes.NewValue(typ, attrs)
		}
	}
	if err != nil {
		resp.Diagnostics.AddError(summary, fmt.Sprintf("The answer of show-%s does not fit the data source's schema (a provider bug): %v", d.typ.Name, err))
		return
	}
	resp.State.Raw = v
}
