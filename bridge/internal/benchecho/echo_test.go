package main

import (
	"context"
	"math/big"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	tfnetfab "github.com/iacsuite/providers/internal/provider/netfab"
)

// fillUnknowns keeps every known value and gives each unknown one, however
// deep, a known value of its type.
func TestFillUnknowns(t *testing.T) {
	inner := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"n": tftypes.Number, "b": tftypes.Bool}}
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"name":  tftypes.String,
		"id":    tftypes.String,
		"speed": tftypes.Number,
		"tags":  tftypes.Map{ElementType: tftypes.String},
		"list":  tftypes.List{ElementType: inner},
		"obj":   inner,
		"set":   tftypes.Set{ElementType: tftypes.String},
		"unset": tftypes.String,
	}}
	in := tftypes.NewValue(typ, map[string]tftypes.Value{
		"name":  tftypes.NewValue(tftypes.String, "bench-1"),
		"id":    tftypes.NewValue(tftypes.String, tftypes.UnknownValue),
		"speed": tftypes.NewValue(tftypes.Number, big.NewFloat(10000)),
		"tags":  tftypes.NewValue(tftypes.Map{ElementType: tftypes.String}, tftypes.UnknownValue),
		"list": tftypes.NewValue(tftypes.List{ElementType: inner}, []tftypes.Value{tftypes.NewValue(inner, map[string]tftypes.Value{
			"n": tftypes.NewValue(tftypes.Number, tftypes.UnknownValue),
			"b": tftypes.NewValue(tftypes.Bool, true),
		})}),
		"obj":   tftypes.NewValue(inner, tftypes.UnknownValue),
		"set":   tftypes.NewValue(tftypes.Set{ElementType: tftypes.String}, tftypes.UnknownValue),
		"unset": tftypes.NewValue(tftypes.String, nil),
	})
	out, err := fillUnknowns(in)
	if err != nil {
		t.Fatal(err)
	}
	if !out.IsFullyKnown() {
		t.Fatalf("unknowns left: %s", out)
	}
	want := map[string]tftypes.Value{}
	if err := out.As(&want); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"name", "speed", "unset"} {
		if was := mustAttr(t, in, name); !want[name].Equal(was) {
			t.Errorf("%s changed: %s, was %s", name, want[name], was)
		}
	}
	var id string
	if err := want["id"].As(&id); err != nil || len(id) != 36 {
		t.Errorf("id = %q (%v), want a UUID", id, err)
	}
	var list []tftypes.Value
	if err := want["list"].As(&list); err != nil || len(list) != 1 {
		t.Fatalf("list = %s (%v)", want["list"], err)
	}
	elem := map[string]tftypes.Value{}
	if err := list[0].As(&elem); err != nil {
		t.Fatal(err)
	}
	if !elem["b"].Equal(tftypes.NewValue(tftypes.Bool, true)) || !elem["n"].IsKnown() {
		t.Errorf("list element = %s", list[0])
	}
}

func mustAttr(t *testing.T, v tftypes.Value, name string) tftypes.Value {
	t.Helper()
	m := map[string]tftypes.Value{}
	if err := v.As(&m); err != nil {
		t.Fatal(err)
	}
	return m[name]
}

// The floor has every resource of the provider it wraps, with its type
// name and schema.
func TestEchoHasTheRealSchema(t *testing.T) {
	ctx := context.Background()
	real := tfnetfab.New("test")()
	floor := echo(tfnetfab.New("test"))()
	realResources, floorResources := real.Resources(ctx), floor.Resources(ctx)
	if len(realResources) != len(floorResources) {
		t.Fatalf("%d resources, the real provider has %d", len(floorResources), len(realResources))
	}
	for i := range realResources {
		r, f := realResources[i](), floorResources[i]()
		var rm, fm resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "netfab"}, &rm)
		f.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "netfab"}, &fm)
		var rs, fs resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &rs)
		f.Schema(ctx, resource.SchemaRequest{}, &fs)
		if rm.TypeName != fm.TypeName || !rs.Schema.Type().Equal(fs.Schema.Type()) {
			t.Errorf("%s: the floor's type %s or schema differs", rm.TypeName, fm.TypeName)
		}
	}
}
