package fwmgr

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/framework"
)

// mgmtDataSource is the data source of one row of api.ManagementTypes: one
// object by name or UID, read with show-T.
type mgmtDataSource struct {
	framework.DataSourceBase[providerData]
	typ api.ManagementType
}

var (
	_ datasource.DataSourceWithConfigure        = (*mgmtDataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*mgmtDataSource)(nil)
)

func newMgmtDataSource(t api.ManagementType) func() datasource.DataSource {
	return func() datasource.DataSource {
		return &mgmtDataSource{DataSourceBase: framework.DataSourceBase[providerData]{Name: mgmtName(t)}, typ: t}
	}
}

// mgmtDataSources are the constructors of every row's data source.
func mgmtDataSources() []func() datasource.DataSource {
	out := make([]func() datasource.DataSource, 0, len(api.ManagementTypes))
	for _, t := range api.ManagementTypes {
		out = append(out, newMgmtDataSource(t))
	}
	return out
}

func (d *mgmtDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = mgmtDataSourceSchema(d.typ)
}

func (d *mgmtDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{
		datasourcevalidator.ExactlyOneOf(path.MatchRoot(mgmtAttrUID), path.MatchRoot(mgmtAttrName)),
	}
}

func (d *mgmtDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	m := mgmtOf(d.PD, "fwmgr_"+d.Name, &resp.Diagnostics)
	if m == nil {
		return
	}
	config, err := objectAttrs(req.Config.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Could not read fwmgr_"+d.Name, fmt.Sprintf("The configuration is not an object (a provider bug): %v", err))
		return
	}
	sel := api.ByNameOrUID{UID: stringAttr(config, mgmtAttrUID), Name: stringAttr(config, mgmtAttrName)}
	answer, err := mgmtShow(ctx, m, d.typ, sel)
	if err != nil {
		resp.Diagnostics.AddError("Could not read fwmgr_"+d.Name, framework.ErrorDetail(err))
		return
	}
	typ, ok := resp.State.Schema.Type().TerraformType(ctx).(tftypes.Object)
	if !ok {
		resp.Diagnostics.AddError("Could not read fwmgr_"+d.Name, "The data source's schema is not an object; this is a provider bug.")
		return
	}
	// The name as configured when the server resolved it in another case.
	v, err := mgmtObjectState(d.typ, typ, answer, tftypes.NewValue(typ, nil))
	if err == nil {
		var attrs map[string]tftypes.Value
		if err = v.As(&attrs); err == nil {
			if n := config[mgmtAttrName]; known(n) {
				attrs[mgmtAttrName] = n
			}
			v = tftypes.NewValue(typ, attrs)
		}
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read fwmgr_"+d.Name,
			fmt.Sprintf("The answer of show-%s does not fit the data source's schema (a provider bug): %v", d.typ.Name, err))
		return
	}
	resp.State.Raw = v
}
