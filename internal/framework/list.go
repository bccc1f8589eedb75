package framework

import (
	"context"
	"fmt"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// List resources (Terraform 1.14+, `list` blocks of `terraform query`) find
// the objects of a managed resource type that exist, so that
// `terraform query -generate-config-out` writes their configuration and
// import blocks. Every list resource does the same things, which ListResource
// does once:
//
//   - it has the name of its managed resource type, and the provider data of
//     the provider's ListResourceData;
//   - it reads its configuration (the filters) into a model F, checked at
//     plan by the filters' validators;
//   - it streams what the service answers, page by page (Objects, an iterator
//     that asks for the next page only when the last is used up), never the
//     whole listing at once, and stops at Terraform's limit;
//   - every result has the identity of the managed resource (the attributes
//     its framework.Identity declares, taken from the resource's values, so
//     that the two cannot differ) and a display name;
//   - with include_resource, the result holds the whole resource, made by
//     Model from a state in which every attribute is null, as the state after
//     an import by ID is before Read: Model sets what Read sets, from the
//     same function, so that the resource equals a read after import.
//
// A provider file per list resource holds its constructor (NewList with the
// filters, the listing and the model) and nothing else; the provider lists
// them in ListResources and hands its data in ListResourceData.

// ListResource is the definition of one list resource: P is the provider
// data, F the model of the filters, T what the service lists, M the managed
// resource's model.
type ListResource[P, F, T, M any] struct {
	// Name is the managed resource type's name after the provider's prefix
	// ("port" for netfab_port).
	Name string
	// Description of the list resource (docs).
	Description string
	// Filters are the attributes of the list block's config (optional
	// filters, and a required parent where the objects belong to one), with
	// their validators.
	Filters map[string]schema.Attribute
	// Identity is the managed resource's identity (its Identity()).
	Identity Identity
	// Objects streams the objects the filters select. includeResource says
	// whether Model will be asked for the whole resource (a listing may then
	// ask the service for more). An error ends the listing with a
	// diagnostic.
	Objects func(ctx context.Context, pd *P, filter F, includeResource bool) iter.Seq2[T, error]
	// DisplayName is the object's name in `terraform query`'s output.
	DisplayName func(T) string
	// Model sets in m what the resource's Read sets from the object. m
	// starts with every attribute null. full is include_resource: when it
	// is false only the identity attributes are used, and Model may leave
	// out what would cost a request (an MCR's prefix filter lists).
	Model func(ctx context.Context, pd *P, item T, full bool, m *M) diag.Diagnostics
	// Label names the objects in messages ("ports").
	Label string

	pd *P
}

// NewList is the constructor of the list resource that def defines, for
// the provider's ListResources.
func NewList[P, F, T, M any](def ListResource[P, F, T, M]) func() list.ListResource {
	return func() list.ListResource {
		l := def
		return &l
	}
}

var (
	_ list.ListResourceWithConfigure = (*ListResource[struct{}, struct{}, struct{}, struct{}])(nil)
)

// Metadata names the list resource as its managed resource type.
func (l *ListResource[P, F, T, M]) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + l.Name
}

// Configure keeps the provider data (the provider's ListResourceData).
func (l *ListResource[P, F, T, M]) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	l.pd = configured[P](l.Name, req.ProviderData, &resp.Diagnostics)
}

// ListResourceConfigSchema is the schema of the filters.
func (l *ListResource[P, F, T, M]) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = schema.Schema{Description: l.Description, Attributes: l.Filters}
}

// List streams the results (see ListResource).
func (l *ListResource[P, F, T, M]) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var filter F
	diags := req.Config.Get(ctx, &filter)
	if !diags.HasError() {
		RequireConfigured(l.pd, &diags)
	}
	if diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	stream.Results = func(push func(list.ListResult) bool) {
		var n int64
		for item, err := range l.Objects(ctx, l.pd, filter, req.IncludeResource) {
			if err != nil {
				var d diag.Diagnostics
				d.AddError("Cannot list the "+l.Label, ErrorDetail(err))
				push(list.ListResult{Diagnostics: d})
				return
			}
			if !push(l.result(ctx, req, item)) {
				return
			}
			// Terraform asks for at most Limit results (the list block's
			// limit, 100 unless set): no page beyond them is fetched.
			if n++; req.Limit > 0 && n >= req.Limit {
				return
			}
		}
	}
}

// result is the list result of one object: its identity and display name
// always, the resource when asked.
func (l *ListResource[P, F, T, M]) result(ctx context.Context, req list.ListRequest, item T) list.ListResult {
	r := req.NewListResult(ctx)
	r.DisplayName = l.DisplayName(item)
	state, diags := nullResource(ctx, req)
	var m M
	if !diags.HasError() {
		diags.Append(state.Get(ctx, &m)...)
	}
	if !diags.HasError() {
		diags.Append(l.Model(ctx, l.pd, item, req.IncludeResource, &m)...)
	}
	if !diags.HasError() {
		diags.Append(state.Set(ctx, &m)...)
	}
	if !diags.HasError() {
		diags.Append(copyIdentity(ctx, l.Identity, state, r.Identity)...)
	}
	r.Diagnostics.Append(diags...)
	if req.IncludeResource && !diags.HasError() {
		r.Resource = state
	}
	return r
}

// nullResource is the resource with every attribute null: what ImportState
// starts from, and what Get can decode into a model (unlike a null object).
func nullResource(ctx context.Context, req list.ListRequest) (*tfsdk.Resource, diag.Diagnostics) {
	var diags diag.Diagnostics
	typ, ok := req.ResourceSchema.Type().TerraformType(ctx).(tftypes.Object)
	if !ok {
		diags.AddError("List resource schema", fmt.Sprintf("The resource type is %T, not an object.", req.ResourceSchema.Type().TerraformType(ctx)))
		return nil, diags
	}
	values := make(map[string]tftypes.Value, len(typ.AttributeTypes))
	for name, t := range typ.AttributeTypes {
		values[name] = tftypes.NewValue(t, nil)
	}
	return &tfsdk.Resource{Raw: tftypes.NewValue(typ, values), Schema: req.ResourceSchema}, diags
}

// attributeGetter is a state, a plan or a list result's resource.
type attributeGetter interface {
	GetAttribute(ctx context.Context, p path.Path, target any) diag.Diagnostics
}

// copyIdentity sets the identity's attributes from the same attributes of
// the resource's values. It reports false, with nothing set, when one of
// them is null or unknown.
func copyIdentity(ctx context.Context, id Identity, from attributeGetter, to *tfsdk.ResourceIdentity) diag.Diagnostics {
	if id.FromState != nil {
		return identityFrom(ctx, id, from, to)
	}
	var diags diag.Diagnostics
	values := make([]attr.Value, len(id.Attributes))
	for i, a := range id.Attributes {
		p := path.Root(a.Name)
		var v attr.Value
		if a.Int {
			var n types.Int64
			diags.Append(from.GetAttribute(ctx, p, &n)...)
			v = n
		} else {
			var s types.String
			diags.Append(from.GetAttribute(ctx, p, &s)...)
			v = s
		}
		if diags.HasError() || v.IsNull() || v.IsUnknown() {
			return diags
		}
		values[i] = v
	}
	for i, a := range id.Attributes {
		diags.Append(to.SetAttribute(ctx, path.Root(a.Name), values[i])...)
	}
	return diags
}
