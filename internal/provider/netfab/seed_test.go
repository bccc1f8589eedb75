package netfab

import (
	"context"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// seedFields lists, per Terraform type, every field the specification names,
// in its camelCase spelling; its Terraform name is the snake_case form, lists
// of objects included (`entries`, `prefix_filter_lists`, as upstream).
var seedFields = map[string][]string{
	"netfab_ix": {"asn", "attributeTags", "costCentre", "macAddress", "networkServiceType", "productName", "promoCode",
		"publicGraph", "rateLimit", "requestedProductUid", "reverseDns", "shutdown", "vlan", "createDate", "deployDate",
		"ixPeerMacro", "locationId", "productId", "productUid", "provisioningStatus", "resources", "secondaryName", "term",
		"usageAlgorithm"},
	"netfab_mcr": {"contractTermMonths", "locationId", "portSpeed", "productName", "asn", "costCentre", "diversityZone",
		"marketplaceVisibility", "promoCode", "resourceTags", "attributeTags", "prefixFilterLists", "adminLocked",
		"buyoutPort", "cancelable", "lagPrimary", "locked", "virtual", "vxcAutoApproval", "vxcPermitted", "aggregationId",
		"lagId", "productId", "companyName", "companyUid", "contractEndDate", "contractStartDate", "createDate",
		"createdBy", "lastUpdated", "liveDate", "market", "productType", "productUid", "provisioningStatus",
		"secondaryName", "terminateDate", "usageAlgorithm"},
	"netfab_mcr_ipsec_addon":        {"mcrId", "tunnelCount", "addOnUid"},
	"netfab_mcr_prefix_filter_list": {"mcrId", "description", "addressFamily", "entries", "prefixFilterListId"},
	"netfab_nat_gateway": {"asn", "autoRenewTerm", "bgpShutdownDefault", "contractTermMonths", "diversityZone",
		"locationId", "productName", "promoCode", "resourceTags", "sessionCount", "speed", "adminLocked", "locked",
		"contractEndDate", "createDate", "createdBy", "productUid", "provisioningStatus", "serviceLevelReference"},
	"netfab_nat_gateway_packet_filter": {"natGatewayProductUid", "description", "entries", "natGatewayPacketFilterId"},
	"netfab_nat_gateway_prefix_list":   {"addressFamily", "description", "entries", "natGatewayProductUid", "natGatewayPrefixListId"},
	"netfab_port":                      {"productName", "portSpeed", "locationId", "contractTermMonths", "marketplaceVisibility", "costCentre"},

	"netfab_location": {"id", "name", "siteCode", "address", "campus", "country", "latitude", "liveDate", "longitude",
		"market", "metro", "networkRegion", "products", "status", "vRouterAvailable"},
	"netfab_mcr_prefix_filter_lists": {"id", "mcrId", "prefixFilterLists"},
	"netfab_mcrs":                    {"id", "productUid", "mcrs"},
	"netfab_mve_images": {"id", "idFilter", "productCodeFilter", "productFilter", "vendorFilter", "versionFilter",
		"releaseImageFilter", "mveImages"},
	"netfab_mve_sizes": {"id", "mveSizes"},
	"netfab_mves":      {"id", "productUid", "includeResourceTags", "mves"},
	"netfab_partner": {"id", "companyName", "companyUid", "connectType", "diversityZone", "productName", "productUid",
		"locationId", "rank", "speed", "vxcPermitted"},
	"netfab_vxcs": {"id", "productUid", "includeResourceTags", "vxcs"},
}

func snake(camel string) string {
	var b strings.Builder
	for i, r := range camel {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// TestSchemaHoldsEverySeedField pins the specification: all 8 resources and
// 8 data sources exist, with every field the seed names.
func TestSchemaHoldsEverySeedField(t *testing.T) {
	ctx := context.Background()
	p := New("test")()
	names := map[string]map[string]bool{}
	for _, newResource := range p.Resources(ctx) {
		r := newResource()
		var meta resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "netfab"}, &meta)
		var s resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &s)
		if s.Diagnostics.HasError() {
			t.Fatalf("%s schema: %v", meta.TypeName, s.Diagnostics)
		}
		fields := map[string]bool{}
		for n := range s.Schema.Attributes {
			fields[n] = true
		}
		// Upstream writes lists of objects as list nested attributes
		// (`entries = [{ ... }]`); a block would refuse its configurations.
		for n := range s.Schema.Blocks {
			t.Errorf("%s: %s is a block; upstream configurations set it as a list nested attribute", meta.TypeName, n)
		}
		names[meta.TypeName] = fields
	}
	for _, newDataSource := range p.DataSources(ctx) {
		d := newDataSource()
		var meta datasource.MetadataResponse
		d.Metadata(ctx, datasource.MetadataRequest{ProviderTypeName: "netfab"}, &meta)
		var s datasource.SchemaResponse
		d.Schema(ctx, datasource.SchemaRequest{}, &s)
		if s.Diagnostics.HasError() {
			t.Fatalf("%s schema: %v", meta.TypeName, s.Diagnostics)
		}
		fields := map[string]bool{}
		for n := range s.Schema.Attributes {
			fields[n] = true
		}
		for n := range s.Schema.Blocks {
			fields[n] = true
		}
		names[meta.TypeName] = fields
	}

	var want []string
	for typ := range seedFields {
		want = append(want, typ)
	}
	sort.Strings(want)
	if len(names) != len(want) {
		t.Errorf("provider has %d resources and data sources, the seed names %d", len(names), len(want))
	}
	for _, typ := range want {
		fields, ok := names[typ]
		if !ok {
			t.Errorf("%s: missing", typ)
			continue
		}
		for _, f := range seedFields[typ] {
			tf := snake(f)
			if !fields[tf] {
				t.Errorf("%s: seed field %s (%s) missing", typ, f, tf)
			}
		}
	}
}

func TestProviderSchemaHoldsEverySeedSetting(t *testing.T) {
	var s provider.SchemaResponse
	New("test")().Schema(context.Background(), provider.SchemaRequest{}, &s)
	for _, f := range []string{"acceptPurchaseTerms", "accessKey", "environment", "secretKey", "waitTime"} {
		if _, ok := s.Schema.Attributes[snake(f)]; !ok {
			t.Errorf("provider setting %s missing", f)
		}
	}
	if !s.Schema.Attributes["secret_key"].IsSensitive() {
		t.Error("secret_key is not sensitive")
	}
}
