package main

import (
	"context"
	"fmt"
	"math/big"

	"github.com/google/uuid"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// echoProvider has the schema of the provider it wraps (its settings, its
// resources' and data sources' types and attributes, with their validators,
// defaults and plan modifiers), and none of its behaviour: Configure does
// nothing and every resource is an echoResource. The data sources are the
// real ones, unconfigured; the benchmark never reads one, and the bridge
// needs every type its mapping names.
type echoProvider struct {
	real provider.Provider
}

var _ provider.Provider = echoProvider{}

// echo wraps the provider that newProvider makes.
func echo(newProvider func() provider.Provider) func() provider.Provider {
	return func() provider.Provider { return echoProvider{real: newProvider()} }
}

func (p echoProvider) Metadata(ctx context.Context, req provider.MetadataRequest, resp *provider.MetadataResponse) {
	p.real.Metadata(ctx, req, resp)
}

func (p echoProvider) Schema(ctx context.Context, req provider.SchemaRequest, resp *provider.SchemaResponse) {
	p.real.Schema(ctx, req, resp)
}

// Configure does nothing: no client, no credentials, no I/O.
func (echoProvider) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {
}

func (p echoProvider) Resources(ctx context.Context) []func() resource.Resource {
	var out []func() resource.Resource
	for _, newResource := range p.real.Resources(ctx) {
		out = append(out, func() resource.Resource { return echoResource{real: newResource()} })
	}
	return out
}

func (p echoProvider) DataSources(ctx context.Context) []func() datasource.DataSource {
	return p.real.DataSources(ctx)
}

// echoResource has the type name and schema of the resource it wraps. Create
// and Update store the plan with every unknown value filled in (what the
// service would have computed); Read keeps the state; Delete forgets it.
// The framework still validates the configuration, applies defaults and
// plan modifiers and converts every value, as it does for the real
// resource: that, the bridge and the Pulumi engine are the floor.
type echoResource struct {
	real resource.Resource
}

var _ resource.Resource = echoResource{}

func (r echoResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	r.real.Metadata(ctx, req, resp)
}

func (r echoResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	r.real.Schema(ctx, req, resp)
}

func (echoResource) Create(_ context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	filled, err := fillUnknowns(req.Plan.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Cannot fill the computed values", err.Error())
		return
	}
	resp.State.Raw = filled
}

func (echoResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {}

func (echoResource) Update(_ context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	filled, err := fillUnknowns(req.Plan.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Cannot fill the computed values", err.Error())
		return
	}
	resp.State.Raw = filled
}

func (echoResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// fillUnknowns replaces every unknown in v by a known value of its type:
// a new UUID for a string (as long as the IDs the service gives), 0, false,
// an empty collection, or an object of such values.
func fillUnknowns(v tftypes.Value) (tftypes.Value, error) {
	return tftypes.Transform(v, func(_ *tftypes.AttributePath, v tftypes.Value) (tftypes.Value, error) {
		if v.IsKnown() {
			return v, nil
		}
		return known(v.Type())
	})
}

func known(t tftypes.Type) (tftypes.Value, error) {
	switch {
	case t.Is(tftypes.String):
		return tftypes.NewValue(t, uuid.NewString()), nil
	case t.Is(tftypes.Number):
		return tftypes.NewValue(t, new(big.Float)), nil
	case t.Is(tftypes.Bool):
		return tftypes.NewValue(t, false), nil
	case t.Is(tftypes.List{}), t.Is(tftypes.Set{}):
		return tftypes.NewValue(t, []tftypes.Value{}), nil
	case t.Is(tftypes.Map{}):
		return tftypes.NewValue(t, map[string]tftypes.Value{}), nil
	}
	if obj, ok := t.(tftypes.Object); ok {
		attrs := map[string]tftypes.Value{}
		for name, at := range obj.AttributeTypes {
			v, err := known(at)
			if err != nil {
				return tftypes.Value{}, err
			}
			attrs[name] = v
		}
		return tftypes.NewValue(t, attrs), nil
	}
	return tftypes.Value{}, fmt.Errorf("no known value of type %s", t)
}
