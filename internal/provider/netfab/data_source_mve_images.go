package netfab

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
)

var _ datasource.DataSourceWithConfigure = (*mveImagesDataSource)(nil)

// NewMveImagesDataSource is the netfab_mve_images data source: the virtual
// edge software images, optionally filtered.
func NewMveImagesDataSource() datasource.DataSource {
	return &mveImagesDataSource{dataSourceBase{Name: "mve_images"}}
}

type mveImagesDataSource struct{ dataSourceBase }

type mveImagesModel struct {
	ID                 types.String        `tfsdk:"id"`
	IDFilter           types.Int64         `tfsdk:"id_filter"`
	ProductCodeFilter  types.String        `tfsdk:"product_code_filter"`
	ProductFilter      types.String        `tfsdk:"product_filter"`
	VendorFilter       types.String        `tfsdk:"vendor_filter"`
	VersionFilter      types.String        `tfsdk:"version_filter"`
	ReleaseImageFilter types.Bool          `tfsdk:"release_image_filter"`
	MVEImages          []mveImageItemModel `tfsdk:"mve_images"`
}

type mveImageItemModel struct {
	ID                types.Int64  `tfsdk:"id"`
	Version           types.String `tfsdk:"version"`
	Product           types.String `tfsdk:"product"`
	Vendor            types.String `tfsdk:"vendor"`
	VendorDescription types.String `tfsdk:"vendor_description"`
	ReleaseImage      types.Bool   `tfsdk:"release_image"`
	ProductCode       types.String `tfsdk:"product_code"`
	AvailableSizes    []string     `tfsdk:"available_sizes"`
}

func (d *mveImagesDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	filter := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{Optional: true, Description: desc + " The whole value, in any case."}
	}
	resp.Schema = schema.Schema{
		Description: "Lists the virtual edge (MVE) software images, ordered by image ID. The filters are optional and " +
			"applied by the provider to the full catalogue: each set filter must match the whole value (strings in any " +
			"case), and an image is listed only when it matches every set filter. A combination that matches " +
			"nothing gives an empty list, not an error. Use an image's `id` and one of its `available_sizes` to order an MVE.",
		Attributes: map[string]schema.Attribute{
			"id": lookupIDAttribute(),
			"id_filter": schema.Int64Attribute{
				Optional:    true,
				Description: "Only the image with this ID.",
			},
			"product_code_filter": filter("Only images with this product code, such as `c8000v`."),
			"product_filter":      filter("Only images of this product, such as `C8000`."),
			"vendor_filter":       filter("Only images of this vendor, such as `Cisco`, or of this vendor key of an MVE's `vendor_config` (`palo_alto`)."),
			"version_filter":      filter("Only images of this version, such as `17.12.03`."),
			"release_image_filter": schema.BoolAttribute{
				Optional:    true,
				Description: "When true, only release images; when false, only non-release (early access) images; when unset, both.",
			},
			"mve_images": schema.ListNestedAttribute{
				Computed:    true,
				Description: "The images that match every set filter.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"id":                 dsComputedInt64("Image ID, the `image_id` of an MVE order."),
					"version":            dsComputedString("Software version."),
					"product":            dsComputedString("Product name."),
					"vendor":             dsComputedString("Vendor name."),
					"vendor_description": dsComputedString("Vendor's description of the image."),
					"release_image": schema.BoolAttribute{
						Computed: true, Description: "Whether this is a release image; false for early-access images.",
					},
					"product_code": dsComputedString("Product code."),
					"available_sizes": schema.ListAttribute{
						ElementType: types.StringType, Computed: true,
						Description: "MVE sizes the image can run on (see the netfab_mve_sizes data source).",
					},
				}},
			},
		},
	}
}

func (d *mveImagesDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m mveImagesModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() || !framework.RequireConfigured(d.PD, &resp.Diagnostics) {
		return
	}
	images, err := d.PD.client.MVEImages(ctx)
	if err != nil {
		resp.Diagnostics.AddError("Could not list the MVE images", framework.ErrorDetail(err))
		return
	}
	f := mveImageFilter{
		ID:           values.OptionalInt64(m.IDFilter),
		ProductCode:  values.OptionalString(m.ProductCodeFilter),
		Product:      values.OptionalString(m.ProductFilter),
		Vendor:       values.OptionalString(m.VendorFilter),
		Version:      values.OptionalString(m.VersionFilter),
		ReleaseImage: values.OptionalBool(m.ReleaseImageFilter),
	}
	m.ID = types.StringValue(lookupID("mve_images",
		"id_filter", lookupInt64(m.IDFilter),
		"product_code_filter", m.ProductCodeFilter.ValueString(),
		"product_filter", m.ProductFilter.ValueString(),
		"vendor_filter", m.VendorFilter.ValueString(),
		"version_filter", m.VersionFilter.ValueString(),
		"release_image_filter", lookupBool(m.ReleaseImageFilter),
	))
	matched := f.apply(images)
	m.MVEImages = make([]mveImageItemModel, 0, len(matched))
	for _, img := range matched {
		m.MVEImages = append(m.MVEImages, mveImageItemModel{
			ID:                types.Int64Value(img.ID),
			Version:           types.StringValue(img.Version),
			Product:           types.StringValue(img.Product),
			Vendor:            types.StringValue(img.Vendor),
			VendorDescription: types.StringValue(img.VendorDescription),
			ReleaseImage:      types.BoolValue(img.ReleaseImage),
			ProductCode:       types.StringValue(img.ProductCode),
			AvailableSizes:    values.NonNil(img.AvailableSizes),
		})
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// mveImageFilter selects MVE images; nil fields are not set and match
// everything, set ones must match whole, in any case.
type mveImageFilter struct {
	ID                                    *int64
	ProductCode, Product, Vendor, Version *string
	ReleaseImage                          *bool
}

func (f mveImageFilter) matches(img netfabapi.MVEImage) bool {
	// In any case, as upstream's filters match, so that its configurations
	// (vendor_filter = "6wind") find the images here too.
	eq := func(want *string, got string) bool { return want == nil || strings.EqualFold(*want, got) }
	// The vendor also by its vendor key, the vendor of an MVE's
	// vendor_config (palo_alto for Palo Alto), as upstream's does.
	vendor := eq(f.Vendor, img.Vendor) || eq(f.Vendor, netfabapi.MVEVendorOfImage(img))
	return (f.ID == nil || *f.ID == img.ID) &&
		eq(f.ProductCode, img.ProductCode) &&
		eq(f.Product, img.Product) &&
		vendor &&
		eq(f.Version, img.Version) &&
		(f.ReleaseImage == nil || *f.ReleaseImage == img.ReleaseImage)
}

// apply returns the matching images ordered by ID.
func (f mveImageFilter) apply(images []netfabapi.MVEImage) []netfabapi.MVEImage {
	out := slices.DeleteFunc(slices.Clone(images), func(img netfabapi.MVEImage) bool { return !f.matches(img) })
	slices.SortStableFunc(out, func(a, b netfabapi.MVEImage) int { return cmp.Compare(a.ID, b.ID) })
	return out
}
