// Package idcatalog builds docs/identity-and-query.md, the catalogue of the
// resources of the four providers with their identity attributes (Terraform
// 1.12+, `import { identity = { ... } }`) and of the list resources with
// their filters (Terraform 1.14+, `terraform query`). It reads the providers'
// own schemas, so the catalogue cannot drift from them: `make docs` writes it
// (go run ./internal/idcatalog/gen), and TestCatalogueCurrent and
// `make docs-check` fail when the committed one differs.
package idcatalog

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/provider/cloudnative"
	"github.com/iacsuite/providers/internal/provider/fwmgr"
	"github.com/iacsuite/providers/internal/provider/netfab"
	"github.com/iacsuite/providers/internal/provider/orch"
)

// Provider is one provider of the catalogue.
type Provider struct {
	Name string
	New  func() provider.Provider
}

// Providers are the four providers, in the order of the README.
var Providers = []Provider{
	{Name: "netfab", New: netfab.New("catalogue")},
	{Name: "cloudnative", New: cloudnative.New("catalogue")},
	{Name: "fwmgr", New: fwmgr.New("catalogue")},
	{Name: "orch", New: orch.New("catalogue")},
}

// Attribute is an identity attribute or a filter.
type Attribute struct {
	Name string
	// Type is the Terraform type ("string", "list of string", ...).
	Type string
	// Required is RequiredForImport for an identity attribute and Required
	// for a filter.
	Required bool
	// Description is the schema's description.
	Description string
	// Shape is the shape of an identity attribute's value, as the refusal
	// of a malformed one names it (framework.IdentityAttribute.Shape).
	Shape string
}

// Resource is a managed resource type with its identity and list resource.
type Resource struct {
	Type string
	// Identity is nil when the resource has no identity schema (an error
	// of Catalogue's checks).
	Identity []Attribute
	// Importable says whether the resource implements ImportState.
	Importable bool
	// Listed says whether a list resource of the same type name exists.
	Listed bool
	// Filters are the list resource's config attributes.
	Filters []Attribute
	// Unlisted is why the resource has no list resource (unlisted).
	Unlisted string
	// Pending says what its list resource, being added, lists (pending).
	Pending string
	// Command says why the resource models a command, with no identity,
	// import or list resource (commands).
	Command string
}

// Catalogue is every resource of every provider.
type Catalogue struct {
	Providers []ProviderResources
	// ListOnly are list resources whose type no resource has (an error).
	ListOnly []string
}

// ProviderResources are the resources of one provider, sorted by type.
type ProviderResources struct {
	Name      string
	Resources []Resource
}

// identityAttribute is what every identity schema attribute answers.
type identityAttribute interface {
	GetType() attr.Type
	GetDescription() string
	IsRequiredForImport() bool
	IsOptionalForImport() bool
}

// listAttribute is what every list config schema attribute answers.
type listAttribute interface {
	GetType() attr.Type
	GetDescription() string
	IsRequired() bool
}

// Build reads the schemas of the providers.
func Build(ctx context.Context, providers []Provider) (Catalogue, error) {
	var c Catalogue
	for _, p := range providers {
		pr := ProviderResources{Name: p.Name}
		prov := p.New()
		lists := map[string]list.ListResource{}
		if lp, ok := prov.(provider.ProviderWithListResources); ok {
			for _, newList := range lp.ListResources(ctx) {
				l := newList()
				var meta resource.MetadataResponse
				l.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: p.Name}, &meta)
				lists[meta.TypeName] = l
			}
		}
		seen := map[string]bool{}
		for _, newResource := range prov.Resources(ctx) {
			r := newResource()
			var meta resource.MetadataResponse
			r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: p.Name}, &meta)
			res := Resource{Type: meta.TypeName, Unlisted: unlisted[meta.TypeName], Pending: pending[meta.TypeName], Command: commands[meta.TypeName]}
			seen[meta.TypeName] = true
			_, res.Importable = r.(resource.ResourceWithImportState)
			if ir, ok := r.(resource.ResourceWithIdentity); ok {
				var resp resource.IdentitySchemaResponse
				ir.IdentitySchema(ctx, resource.IdentitySchemaRequest{}, &resp)
				if resp.Diagnostics.HasError() {
					return c, fmt.Errorf("%s: identity schema: %v", meta.TypeName, resp.Diagnostics)
				}
				res.Identity = []Attribute{}
				for name, a := range resp.IdentitySchema.Attributes {
					ia, ok := a.(identityAttribute)
					if !ok {
						return c, fmt.Errorf("%s: identity attribute %s is a %T", meta.TypeName, name, a)
					}
					res.Identity = append(res.Identity, Attribute{Name: name, Type: typeName(ctx, ia.GetType()),
						Required: ia.IsRequiredForImport(), Description: ia.GetDescription()})
				}
				orderIdentity(r, res.Identity)
			}
			if l, ok := lists[meta.TypeName]; ok {
				res.Listed = true
				var resp list.ListResourceSchemaResponse
				l.ListResourceConfigSchema(ctx, list.ListResourceSchemaRequest{}, &resp)
				if resp.Diagnostics.HasError() {
					return c, fmt.Errorf("%s: list config schema: %v", meta.TypeName, resp.Diagnostics)
				}
				for name, a := range resp.Schema.Attributes {
					la, ok := a.(listAttribute)
					if !ok {
						return c, fmt.Errorf("%s: filter %s is a %T", meta.TypeName, name, a)
					}
					res.Filters = append(res.Filters, Attribute{Name: name, Type: typeName(ctx, la.GetType()),
						Required: la.IsRequired(), Description: la.GetDescription()})
				}
				for name := range resp.Schema.Blocks {
					return c, fmt.Errorf("%s: the list config has a block %s, which the catalogue does not show", meta.TypeName, name)
				}
				sortAttributes(res.Filters)
			}
			pr.Resources = append(pr.Resources, res)
		}
		for typ := range lists {
			if !seen[typ] {
				c.ListOnly = append(c.ListOnly, typ)
			}
		}
		sort.Slice(pr.Resources, func(i, j int) bool { return pr.Resources[i].Type < pr.Resources[j].Type })
		c.Providers = append(c.Providers, pr)
	}
	sort.Strings(c.ListOnly)
	return c, nil
}

// Problems are the ways the catalogue breaks the rules of issue 23: every
// resource has an identity and an import; every resource has a list
// resource or a reason in unlisted (and not both); every list resource
// lists a resource type.
func (c Catalogue) Problems() []string {
	var out []string
	known := map[string]bool{}
	for _, p := range c.Providers {
		for _, r := range p.Resources {
			known[r.Type] = true
			if r.Command != "" {
				if len(r.Identity) > 0 || r.Importable || r.Listed {
					out = append(out, r.Type+" has an identity, an import or a list resource: remove it from commands (internal/idcatalog/unlisted.go)")
				}
				continue
			}
			if len(r.Identity) == 0 {
				out = append(out, r.Type+" has no identity (resource.ResourceWithIdentity): wrap its constructor in framework.WithIdentity")
			}
			if !r.Importable {
				out = append(out, r.Type+" has no ImportState (resource.ResourceWithImportState)")
			}
			switch {
			case !r.Listed && r.Unlisted == "" && r.Pending == "":
				out = append(out, r.Type+" has no list resource: add one, or say in internal/idcatalog/unlisted.go why the service cannot enumerate it")
			case r.Listed && r.Unlisted != "":
				out = append(out, r.Type+" has a list resource: remove it from unlisted (internal/idcatalog/unlisted.go)")
			case r.Listed && r.Pending != "":
				out = append(out, r.Type+"'s list resource has landed: remove it from pending (internal/idcatalog/unlisted.go)")
			case r.Unlisted != "" && r.Pending != "":
				out = append(out, r.Type+" is both unlisted and pending (internal/idcatalog/unlisted.go)")
			}
		}
	}
	for _, typ := range c.ListOnly {
		out = append(out, "list resource "+typ+" lists no resource type of its provider")
	}
	types := make([]string, 0, len(unlisted)+len(pending))
	for typ := range unlisted {
		types = append(types, typ)
	}
	for typ := range pending {
		types = append(types, typ)
	}
	sort.Strings(types)
	for _, typ := range types {
		if !known[typ] {
			out = append(out, "internal/idcatalog/unlisted.go names "+typ+", which is no resource")
		}
	}
	return out
}

func sortAttributes(as []Attribute) {
	// Required first, then by name.
	sort.Slice(as, func(i, j int) bool {
		if as[i].Required != as[j].Required {
			return as[i].Required
		}
		return as[i].Name < as[j].Name
	})
}

// orderIdentity puts the identity attributes of r in the order of its
// import ID and sets their shapes, when r declares them through
// framework.WithIdentity (every resource does today; the schema alone has
// no order, and the attributes keep the order of their names).
func orderIdentity(r resource.Resource, as []Attribute) {
	sortAttributes(as)
	ir, ok := r.(framework.IdentifiedResource)
	if !ok {
		return
	}
	rank := map[string]int{}
	shape := map[string]string{}
	for i, a := range ir.Identity().Attributes {
		rank[a.Name] = i
		shape[a.Name] = a.Shape
	}
	sort.SliceStable(as, func(i, j int) bool { return rank[as[i].Name] < rank[as[j].Name] })
	for i := range as {
		as[i].Shape = shape[as[i].Name]
	}
}

// typeName is the Terraform type of t as the docs write it.
func typeName(ctx context.Context, t attr.Type) string {
	return tfTypeName(t.TerraformType(ctx))
}

func tfTypeName(t tftypes.Type) string {
	switch {
	case t.Is(tftypes.String):
		return "string"
	case t.Is(tftypes.Number):
		return "number"
	case t.Is(tftypes.Bool):
		return "bool"
	case t.Is(tftypes.DynamicPseudoType):
		return "dynamic"
	}
	switch tt := t.(type) {
	case tftypes.List:
		return "list of " + tfTypeName(tt.ElementType)
	case tftypes.Set:
		return "set of " + tfTypeName(tt.ElementType)
	case tftypes.Map:
		return "map of " + tfTypeName(tt.ElementType)
	case tftypes.Object:
		return "object"
	case tftypes.Tuple:
		return "tuple"
	}
	return strings.ToLower(t.String())
}
