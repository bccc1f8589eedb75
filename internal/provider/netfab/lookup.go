package netfab

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
)

// What the data sources that look products up share: finding the products,
// reading their tags, and the stable id of a lookup.

// productTypeLabels names product types in messages.
var productTypeLabels = map[string]string{
	netfabapi.ProductTypePort: "port", netfabapi.ProductTypeMCR: "MCR", netfabapi.ProductTypeMVE: "MVE",
	netfabapi.ProductTypeVXC: "VXC", netfabapi.ProductTypeIX: "IX", netfabapi.ProductTypeNATGateway: "NAT gateway",
}

// productArticle prefixes a product label with "a" or "an" as it is spoken:
// an MCR, an MVE, an IX, a VXC, a port.
func productArticle(label string) string {
	if label != "" && strings.ContainsRune("AEIOMX", rune(label[0])) {
		return "an " + label
	}
	return "a " + label
}

// lookupProducts returns the product uid, in any state, when uid is set (it must
// be of productType), or else every active product of productType.
func lookupProducts(ctx context.Context, c *client.Client, productType string, uid types.String, diags *diag.Diagnostics) ([]netfabapi.Product, bool) {
	label := productTypeLabels[productType]
	if uid.IsNull() {
		products, err := c.Products(ctx, productType)
		if err != nil {
			diags.AddError(fmt.Sprintf("Could not list the %ss", label), framework.ErrorDetail(err))
			return nil, false
		}
		return products, true
	}
	p, err := c.Product(ctx, uid.ValueString())
	if client.IsNotFound(err) {
		diags.AddAttributeError(path.Root("product_uid"), fmt.Sprintf("%s not found", label),
			fmt.Sprintf("No product has the UID %q.", uid.ValueString()))
		return nil, false
	}
	if err != nil {
		diags.AddError(fmt.Sprintf("Could not read %s %s", label, uid.ValueString()), framework.ErrorDetail(err))
		return nil, false
	}
	if p.ProductType != productType {
		what := productTypeLabels[p.ProductType]
		if what == "" {
			what = p.ProductType
		}
		diags.AddAttributeError(path.Root("product_uid"), fmt.Sprintf("Product is not %s", productArticle(label)),
			fmt.Sprintf("Product %s (%q) is %s, not %s.", p.ProductUID, p.ProductName, productArticle(what), productArticle(label)))
		return nil, false
	}
	return []netfabapi.Product{p}, true
}

// resourceTagsOf reads the resource tags of the products, in their order:
// one API call each, which the client makes concurrently (bounded), so that
// a hundred products cost about as much as a few calls. A product without
// tags has an empty map, so that "asked, none" differs from "not asked"
// (null). With withTags false it reads nothing and every map is null.
func resourceTagsOf(ctx context.Context, c *client.Client, products []netfabapi.Product, withTags bool, diags *diag.Diagnostics) []types.Map {
	out := make([]types.Map, len(products))
	for i := range out {
		out[i] = types.MapNull(types.StringType)
	}
	if !withTags || len(products) == 0 {
		return out
	}
	uids := make([]string, len(products))
	for i, p := range products {
		uids[i] = p.ProductUID
	}
	tags, err := c.ResourceTagsOf(ctx, uids)
	if err != nil {
		diags.AddError(fmt.Sprintf("Could not read the resource tags of the %ss", productTypeLabels[products[0].ProductType]), framework.ErrorDetail(err))
		return out
	}
	for i := range products {
		m, d := values.StringMap(ctx, tags[i], false)
		diags.Append(d...)
		out[i] = m
	}
	return out
}

// lookupID is a stable identifier of a lookup: the data source's name and its
// set arguments as a query string, such as "mcrs?product_uid=...". Pairs with
// an empty value are left out.
func lookupID(name string, pairs ...string) string {
	q := url.Values{}
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] != "" {
			q.Set(pairs[i], pairs[i+1])
		}
	}
	if len(q) == 0 {
		return name
	}
	return name + "?" + q.Encode()
}

// lookupBool formats an optional bool for lookupID: "" when null.
func lookupBool(b types.Bool) string {
	if b.IsNull() || b.IsUnknown() {
		return ""
	}
	return fmt.Sprint(b.ValueBool())
}
