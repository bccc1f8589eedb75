package fwmgr

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	client "github.com/iacsuite/providers/internal/client/fwmgr"
	"github.com/iacsuite/providers/internal/framework"
)

// One generic implementation serves every show data source: an entry of
// showTable (os_show_table.go) says which command it runs, its inputs with
// their validators, whether it is paged and routed to a cluster member, and
// the wire type of its answer, from which the outputs are typed.

// inputKind is the Terraform type of an input.
type inputKind int

const (
	inString inputKind = iota
	inInt
	inBool
	inStringList
	inObject // a block of at most one object whose fields are the wire struct Object's, as upstream's filter
)

// showInput is an input of a show data source besides debug, id and
// member_id: a field of the command's request type.
type showInput struct {
	// Name is the attribute name, Wire the JSON field it is sent as.
	Name, Wire string
	Kind       inputKind
	Required   bool
	// Set: a list input whose order means nothing (tag unordered:"true").
	Set bool
	// Object is the wire struct of an inObject input.
	Object reflect.Type
	inputDoc
}

// inputDoc is what the table says about an input: its description, its
// validators, and the value the generated example gives it.
type inputDoc struct {
	Description string
	Strings     []validator.String
	Ints        []validator.Int64
	Example     string
}

// showEntry is what a data source adds to its command (os_show_table.go,
// keyed by the command's name): the documentation, validators and example
// values of the inputs that are not common ones, and the output its
// generated example shows. A command whose inputs are all common ones and
// whose default example output suits needs no entry.
type showEntry struct {
	// Inputs documents and validates the request's inputs, by attribute
	// name; the common ones (paging, virtual_system_id, ...) are in
	// commonInputs.
	Inputs map[string]inputDoc
	// ExampleOutput is an expression on the data source shown in the
	// generated example, for example "objects[*].peer"; by default the
	// first output (defaultExampleOutput).
	ExampleOutput string
}

// showSpec is a command of the OS API joined with its entry: one data
// source.
type showSpec struct {
	showEntry
	// Name is the Terraform name without the "fwmgr_os_show_" prefix: the
	// command's Function in snake case, so that the Pulumi token is
	// getOsShow<Function>.
	Name   string
	cmd    api.Command
	inputs []showInput
}

// TypeName is the data source's Terraform type name.
func (s showSpec) TypeName() string { return "fwmgr_os_show_" + s.Name }

// Common inputs.
const (
	attrDebug    = "debug"
	attrID       = "id"
	attrMemberID = "member_id"
)

// maxResultsType is the one input that is a number or a word ("all"); it
// is a string in Terraform, which converts a number written there.
var maxResultsType = reflect.TypeFor[api.MaxResults]()

// specOf joins a command with its table entry and derives the inputs from
// the command's request type.
func specOf(cmd api.Command, e showEntry) (showSpec, error) {
	s := showSpec{showEntry: e, Name: snakeCase(cmd.Function), cmd: cmd}
	if s.ExampleOutput == "" {
		s.ExampleOutput = defaultExampleOutput(cmd.Response)
	}
	required := map[string]bool{}
	for _, r := range cmd.Required {
		required[r] = true
	}
	for _, f := range wireFields(cmd.Request) {
		if f.json == "member-id" {
			continue // common input, see MemberRouting
		}
		t := cmd.Request.FieldByIndex(f.index).Type
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		in := showInput{Name: f.attr, Wire: f.json, Required: required[f.json], Set: f.set}
		switch {
		case t == maxResultsType || t.Kind() == reflect.String:
			in.Kind = inString
		case t.Kind() == reflect.Bool:
			in.Kind = inBool
		case t.Kind() == reflect.Int64 || t.Kind() == reflect.Int:
			in.Kind = inInt
		case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.String:
			in.Kind = inStringList
		case t.Kind() == reflect.Struct:
			in.Kind, in.Object = inObject, t
		default:
			return showSpec{}, fmt.Errorf("%s: input %s has the unsupported type %s", cmd.Name, f.json, t)
		}
		doc, ok := e.Inputs[f.attr]
		if !ok {
			doc, ok = commonInputs(cmd)[f.attr]
		}
		if !ok {
			return showSpec{}, fmt.Errorf("%s: input %s is not a common input: document it in the command's showEntries entry", cmd.Name, f.attr)
		}
		in.inputDoc = doc
		s.inputs = append(s.inputs, in)
	}
	return s, nil
}

// showDataSource is one entry of the table: the base names it
// fwmgr_os_show_<entry> (showSpec.TypeName).
type showDataSource struct {
	framework.DataSourceBase[providerData]
	spec showSpec
}

var (
	_ datasource.DataSource              = (*showDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*showDataSource)(nil)
)

func newShowDataSource(spec showSpec) func() datasource.DataSource {
	return func() datasource.DataSource {
		return &showDataSource{DataSourceBase: framework.DataSourceBase[providerData]{Name: "os_show_" + spec.Name}, spec: spec}
	}
}

func (d *showDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = d.spec.schema()
}

// schema builds the data source's schema: common inputs, the spec's
// inputs, and the outputs typed from the wire type. An input the answer
// also carries is optional and computed: the device's value is returned
// when the input is not set.
func (s showSpec) schema() schema.Schema {
	attrs := computedAttributes(s.cmd.Response)
	blocks := map[string]schema.Block{}
	outputs := map[string]bool{}
	for name := range attrs {
		outputs[name] = true
	}
	attrs[attrDebug] = schema.BoolAttribute{Optional: true,
		Description: "Log the request and the answer of this data source's command (through the provider's log at INFO level, " +
			"with secrets masked)."}
	attrs[attrID] = schema.StringAttribute{Optional: true, Computed: true,
		Description: "Identifier of this read; the command and its inputs when not set."}
	if s.cmd.MemberRouting {
		attrs[attrMemberID] = schema.StringAttribute{Optional: true,
			Description: "Run the command on this cluster member (scalable and elastic-cluster platforms only); " +
				"the member the session runs on when unset."}
	}
	for _, in := range s.inputs {
		computed := outputs[in.Name] && !in.Required
		optional := !in.Required
		switch in.Kind {
		case inString:
			attrs[in.Name] = schema.StringAttribute{Required: in.Required, Optional: optional, Computed: computed,
				Description: in.Description, Validators: in.Strings}
		case inInt:
			attrs[in.Name] = schema.Int64Attribute{Required: in.Required, Optional: optional, Computed: computed,
				Description: in.Description, Validators: in.Ints}
		case inBool:
			attrs[in.Name] = schema.BoolAttribute{Required: in.Required, Optional: optional, Computed: computed,
				Description: in.Description}
		case inStringList:
			if in.Set {
				attrs[in.Name] = schema.SetAttribute{Required: in.Required, Optional: optional, Computed: computed,
					Description: in.Description, ElementType: types.StringType}
				continue
			}
			attrs[in.Name] = schema.ListAttribute{Required: in.Required, Optional: optional, Computed: computed,
				Description: in.Description, ElementType: types.StringType}
		case inObject:
			// A block, as upstream's (filter { ... }), of at most one
			// object: a list in state, as upstream's MaxItems 1 list.
			nested := map[string]schema.Attribute{}
			for _, f := range wireFields(in.Object) {
				nested[f.attr] = optionalAttribute(f, in.Object.FieldByIndex(f.index).Type)
			}
			blocks[in.Name] = schema.ListNestedBlock{Description: in.Description,
				NestedObject: schema.NestedBlockObject{Attributes: nested},
				Validators:   []validator.List{listvalidator.SizeAtMost(1)}}
		}
	}
	desc := s.cmd.Description + fmt.Sprintf(" Runs the OS API command `%s`.", s.cmd.Name)
	if s.cmd.Paged {
		desc += " Paged: `limit` and `offset` select a page of `objects`, sorted " + s.cmd.Sort + "; `from`, `to` and `total` place it."
	}
	return schema.Schema{Description: desc, Attributes: attrs, Blocks: blocks}
}

// optionalAttribute is an optional input field f, of Go type t, of a
// nested input object.
func optionalAttribute(f wireField, t reflect.Type) schema.Attribute {
	description := fieldDescription(f)
	if f.set {
		return schema.SetAttribute{Optional: true, Description: description, ElementType: wireAttrType(setElem(t))}
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return schema.StringAttribute{Optional: true, Description: description}
	case reflect.Bool:
		return schema.BoolAttribute{Optional: true, Description: description}
	case reflect.Slice:
		return schema.ListAttribute{Optional: true, Description: description, ElementType: wireAttrType(t.Elem())}
	}
	return schema.Int64Attribute{Optional: true, Description: description}
}

func (d *showDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	if !framework.RequireConfigured(d.PD, &resp.Diagnostics) {
		return
	}
	if ctxName := d.PD.client.Context(); ctxName != client.ContextOS {
		resp.Diagnostics.AddError(fmt.Sprintf("Could not read %s in context %q", d.spec.TypeName(), ctxName),
			fmt.Sprintf("%s runs the OS API command %s, which exists in context %q only; the provider is configured "+
				"with context = %q (the management API). Configure a provider with context = %q (an alias, if you "+
				"need both) for this data source.", d.spec.TypeName(), d.spec.cmd.Name, client.ContextOS, ctxName, client.ContextOS))
		return
	}
	var config map[string]tftypes.Value
	if err := req.Config.Raw.As(&config); err != nil {
		resp.Diagnostics.AddError("Could not read the configuration of "+d.spec.TypeName(),
			fmt.Sprintf("The configuration is not an object of the data source's attributes (a provider bug): %v", err))
		return
	}
	payload, err := d.spec.payload(config)
	if err != nil {
		resp.Diagnostics.AddError("Could not read the configuration of "+d.spec.TypeName(),
			fmt.Sprintf("An input cannot be sent in the request of %s (a provider bug): %v", d.spec.cmd.Name, err))
		return
	}
	debug := boolValue(config[attrDebug])
	// Requests and answers are logged with the client's secrets masked.
	ctx = d.PD.client.MaskSecrets(ctx)

	if debug {
		tflog.Info(ctx, "fwmgr debug: request", map[string]any{"data_source": d.spec.TypeName(), "command": d.spec.cmd.Name,
			"request": jsonString(payload)})
	}
	out := reflect.New(d.spec.cmd.Response)
	err = d.PD.client.Call(ctx, d.spec.cmd.Name, payload, out.Interface())
	if debug {
		fields := map[string]any{"data_source": d.spec.TypeName(), "command": d.spec.cmd.Name}
		if err != nil {
			fields["error"] = err.Error()
		} else {
			fields["response"] = jsonString(out.Interface())
		}
		tflog.Info(ctx, "fwmgr debug: response", fields)
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read "+d.spec.TypeName(), framework.ErrorDetail(err))
		return
	}

	typ, ok := resp.State.Schema.Type().TerraformType(ctx).(tftypes.Object)
	if !ok {
		resp.Diagnostics.AddError("Could not read "+d.spec.TypeName(), "The data source's schema is not an object; this is a provider bug.")
		return
	}
	state, err := d.spec.state(typ, config, payload, out.Elem())
	if err != nil {
		resp.Diagnostics.AddError("Could not read "+d.spec.TypeName(),
			fmt.Sprintf("The answer to %s does not fit the data source's schema (a provider bug): %v", d.spec.cmd.Name, err))
		return
	}
	resp.State.Raw = state
}

// payload is the command's request body: every set input under its wire
// name, and member-id.
func (s showSpec) payload(config map[string]tftypes.Value) (map[string]any, error) {
	payload := map[string]any{}
	// A copy: the spec is shared by every instance of the data source.
	ins := append([]showInput{}, s.inputs...)
	if s.cmd.MemberRouting {
		ins = append(ins, showInput{Name: attrMemberID, Wire: "member-id", Kind: inString})
	}
	for _, in := range ins {
		v, ok := config[in.Name]
		if !ok || v.IsNull() || !v.IsKnown() {
			continue
		}
		gv, err := goValue(v)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", in.Name, err)
		}
		if in.Kind == inObject {
			// The block's list holds at most one object (its validator).
			list, ok := gv.([]any)
			if !ok {
				return nil, fmt.Errorf("%s: not a block", in.Name)
			}
			if len(list) == 0 {
				continue
			}
			m, ok := list[0].(map[string]any)
			if !ok {
				return nil, fmt.Errorf("%s: not an object", in.Name)
			}
			obj := wireObject(m, in.Object)
			if len(obj) == 0 {
				continue
			}
			gv = obj
		}
		payload[in.Wire] = gv
	}
	return payload, nil
}

// wireObject renames the attributes of a nested input to the wire names of
// its struct, leaving out unset ones.
func wireObject(m map[string]any, t reflect.Type) map[string]any {
	out := map[string]any{}
	for _, f := range wireFields(t) {
		if v, ok := m[f.attr]; ok && v != nil {
			out[f.json] = v
		}
	}
	return out
}

// goValue converts a known configuration value to a JSON-encodable value.
func goValue(v tftypes.Value) (any, error) {
	if v.IsNull() {
		return nil, nil
	}
	typ := v.Type()
	switch {
	case typ.Is(tftypes.String):
		var s string
		err := v.As(&s)
		return s, err
	case typ.Is(tftypes.Bool):
		var b bool
		err := v.As(&b)
		return b, err
	case typ.Is(tftypes.Number):
		var n big.Float
		if err := v.As(&n); err != nil {
			return nil, err
		}
		if n.IsInt() {
			i, _ := n.Int64()
			return i, nil
		}
		f, _ := n.Float64()
		return f, nil
	case typ.Is(tftypes.List{}), typ.Is(tftypes.Set{}):
		var elems []tftypes.Value
		if err := v.As(&elems); err != nil {
			return nil, err
		}
		out := make([]any, 0, len(elems))
		for _, e := range elems {
			g, err := goValue(e)
			if err != nil {
				return nil, err
			}
			out = append(out, g)
		}
		return out, nil
	case typ.Is(tftypes.Object{}):
		var attrs map[string]tftypes.Value
		if err := v.As(&attrs); err != nil {
			return nil, err
		}
		out := map[string]any{}
		for k, a := range attrs {
			g, err := goValue(a)
			if err != nil {
				return nil, err
			}
			if g != nil {
				out[k] = g
			}
		}
		return out, nil
	}
	return nil, fmt.Errorf("unsupported type %s", typ)
}

// state is the data source's state: the configured inputs as configured,
// computed inputs and outputs from the answer, and the id.
func (s showSpec) state(typ tftypes.Object, config map[string]tftypes.Value, payload map[string]any,
	answer reflect.Value) (tftypes.Value, error) {
	outputs, err := toTerraform(answer, typ)
	if err != nil {
		return tftypes.Value{}, err
	}
	var vals map[string]tftypes.Value
	if err := outputs.As(&vals); err != nil {
		return tftypes.Value{}, err
	}
	computed := s.computedInputs()
	for name, v := range config {
		// Whatever is configured stays as configured. What is not keeps
		// the answer's value where the attribute is computed, and is null
		// where it is not (an input the answer does not carry).
		if !v.IsNull() || !computed[name] {
			vals[name] = v
		}
	}
	if id := config[attrID]; id.IsNull() {
		vals[attrID] = tftypes.NewValue(tftypes.String, s.readID(payload))
	}
	return tftypes.NewValue(typ, vals), nil
}

// computedInputs are the attributes that are inputs and outputs at once:
// optional inputs the answer also carries, and id.
func (s showSpec) computedInputs() map[string]bool {
	outputs := map[string]bool{}
	for _, f := range wireFields(s.cmd.Response) {
		outputs[f.attr] = true
	}
	computed := map[string]bool{attrID: true}
	for _, in := range s.inputs {
		if outputs[in.Name] && !in.Required {
			computed[in.Name] = true
		}
	}
	// Outputs that are not inputs are computed too.
	for name := range outputs {
		if _, isInput := computed[name]; !isInput && !s.isInput(name) {
			computed[name] = true
		}
	}
	return computed
}

func (s showSpec) isInput(name string) bool {
	if name == attrDebug || (name == attrMemberID && s.cmd.MemberRouting) {
		return true
	}
	for _, in := range s.inputs {
		if in.Name == name {
			return true
		}
	}
	return false
}

// readID names a read by its command and inputs, so that it is stable
// from plan to plan.
func (s showSpec) readID(payload map[string]any) string {
	if len(payload) == 0 {
		return s.cmd.Name
	}
	keys := make([]string, 0, len(payload))
	for k := range payload {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, k+"="+jsonString(payload[k]))
	}
	return s.cmd.Name + "?" + strings.Join(parts, "&")
}

func boolValue(v tftypes.Value) bool {
	var b bool
	if v.IsNull() || !v.IsKnown() || v.As(&b) != nil {
		return false
	}
	return b
}

func jsonString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
