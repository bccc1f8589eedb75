package netfab

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/config"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

// mveImportIgnore is what an MVE import cannot give back: the order's
// timestamps and status, and vendor_config (the service never answers it).
var mveImportIgnore = []string{"last_updated", "contract_start_date", "contract_end_date", "live_date", "vendor_config", "resources", "provisioning_status"}

// testPasswordHash is a sha256crypt hash, the form Palo Alto takes.
const testPasswordHash = "$5$nf7c21ab$ZAJIAdG7wpNwqvqtip6zMU0cFqslydmAyOT4qYCRr9."

// One Aruba MVE through every field that changes in place, the image
// looked up by the images data source: created with tags, a cost centre
// and a zone, imported; renamed with new tags and cost centre while vendor
// and size are written in other letter cases (an update, never a
// replacement), imported again; its cost centre cleared; a promotion code
// set, changed and removed; its term lengthened twice; finally renamed
// while a lifecycle ignore_changes hides a vendor_config change.
func TestAccMve_arubaUpdates(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := uniqueName(t, "mve")
	loc := locationWith(t, offersMVE)
	image := mveImage(t, "aruba", "").ID
	const a = "netfab_mve.edge"
	type fields struct {
		name, vendor, size, account, lines string
	}
	mve := func(f fields) string {
		return providerConfig() + fmt.Sprintf(`
data "netfab_mve_images" "aruba" {
  vendor_filter = "Aruba"
  id_filter     = %[2]d
}

resource "netfab_mve" "edge" {
  product_name = %[3]q
  location_id  = %[1]d
  %[7]s
  vnics = [{ description = "uplink" }, { description = "inside" }, { description = "outside" }, { description = "spare" }]
  vendor_config = {
    vendor       = %[4]q
    product_size = %[5]q
    mve_label    = "MVE 2/8"
    image_id     = data.netfab_mve_images.aruba.mve_images[0].id
    account_name = %[6]q
    account_key  = "edge-key-1"
    system_tag   = "edge-tag"
  }
}
`, loc, image, f.name, f.vendor, f.size, f.account, f.lines)
	}
	base := fields{name: name, vendor: "aruba", size: "SMALL", account: "edge-account"}
	with := func(lines string) string { f := base; f.lines = lines; return mve(f) }
	attr := resource.TestCheckResourceAttr
	update := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(a, plancheck.ResourceActionUpdate)}}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_mve"),
		Steps: []resource.TestStep{
			{
				Config: with("contract_term_months = 1\ncost_centre = \"edge-1\"\ndiversity_zone = \"red\"\nresource_tags = { site = \"a\", role = \"edge\" }"),
				Check: resource.ComposeAggregateTestCheckFunc(
					attr(a, "product_name", name), attr(a, "cost_centre", "edge-1"), attr(a, "product_type", "MVE"),
					attr(a, "vendor", "ARUBA"), attr(a, "mve_size", "SMALL"), attr(a, "diversity_zone", "red"),
					attr(a, "resource_tags.site", "a"), attr(a, "resource_tags.role", "edge"),
					resource.TestCheckResourceAttrSet(a, "company_name"), resource.TestCheckResourceAttrSet(a, "market"),
				),
			},
			importByProductUID(a, mveImportIgnore...),
			{
				Config: mve(fields{name: name + "-2", vendor: "ArUbA", size: "sMaLl", account: "edge-account",
					lines: "contract_term_months = 1\ncost_centre = \"edge-2\"\ndiversity_zone = \"red\"\nresource_tags = { site = \"b\" }"}),
				ConfigPlanChecks: update,
				Check: resource.ComposeAggregateTestCheckFunc(
					attr(a, "product_name", name+"-2"), attr(a, "cost_centre", "edge-2"),
					attr(a, "vendor", "ARUBA"), attr(a, "mve_size", "SMALL"),
					attr(a, "resource_tags.%", "1"), attr(a, "resource_tags.site", "b"),
				),
			},
			importByProductUID(a, mveImportIgnore...),
			{Config: with("contract_term_months = 1\ncost_centre = \"\"\ndiversity_zone = \"red\""), Check: attr(a, "cost_centre", "")},
			{Config: with("contract_term_months = 1\ndiversity_zone = \"red\"\npromo_code = \"EDGE-PROMO-1\""), Check: attr(a, "promo_code", "EDGE-PROMO-1")},
			{Config: with("contract_term_months = 1\ndiversity_zone = \"red\"\npromo_code = \"EDGE-PROMO-2\""), Check: attr(a, "promo_code", "EDGE-PROMO-2")},
			{Config: with("contract_term_months = 1\ndiversity_zone = \"red\""), Check: resource.TestCheckNoResourceAttr(a, "promo_code")},
			{Config: with("contract_term_months = 12\ndiversity_zone = \"red\""), Check: attr(a, "contract_term_months", "12")},
			{Config: with("contract_term_months = 24\ndiversity_zone = \"red\""), ConfigPlanChecks: update, Check: attr(a, "contract_term_months", "24")},
			{
				// account_name would replace the MVE; ignored, only the
				// name and cost centre change.
				Config: mve(fields{name: name + "-3", vendor: "aruba", size: "SMALL", account: "another-account",
					lines: "contract_term_months = 24\ncost_centre = \"edge-3\"\ndiversity_zone = \"red\"\nlifecycle {\n  ignore_changes = [vendor_config]\n}"}),
				ConfigPlanChecks: update,
				Check: resource.ComposeAggregateTestCheckFunc(
					attr(a, "product_name", name+"-3"), attr(a, "cost_centre", "edge-3"), resource.TestCheckResourceAttrSet(a, "product_uid"),
				),
			},
		},
	})
}

// A Versa SD-WAN MVE, a Cisco firewall (managed locally, write-only admin
// password, MEDIUM) and a Palo Alto MVE in one configuration: each
// created in the red zone, imported, then renamed with another cost centre
// (and the Versa MVE other tags) in place.
func TestAccMve_versaCiscoPaloAltoUpdates(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := uniqueName(t, "mve")
	loc := locationWith(t, offersMVE)
	versa, ftd, palo := mveImage(t, "versa", ""), mveImage(t, "cisco", netfabapi.MVEProductCodeFTDv), mveImage(t, "palo_alto", "")
	cfg := func(suffix, cc, tags string) string {
		return providerConfig() + fmt.Sprintf(`
data "netfab_mve_images" "versa" {
  vendor_filter = "Versa"
  id_filter     = %[3]d
}

resource "netfab_mve" "versa" {
  product_name         = "%[1]s-versa%[7]s"
  location_id          = %[2]d
  contract_term_months = 1
  cost_centre          = %[8]q
  diversity_zone       = "red"
  resource_tags        = { %[9]s }
  vnics = [{ description = "wan-1" }, { description = "wan-2" }, { description = "lan" }, { description = "oob" }]
  vendor_config = {
    vendor             = "versa"
    product_size       = "SMALL"
    mve_label          = "MVE 2/8"
    image_id           = data.netfab_mve_images.versa.mve_images[0].id
    director_address   = "director.sdwan.example.net"
    controller_address = "controller.sdwan.example.net"
    local_auth         = "branch@sdwan.example.net"
    remote_auth        = "controller@sdwan.example.net"
    serial_number      = "%[1]s-sn"
  }
}

resource "netfab_mve" "firewall" {
  product_name         = "%[1]s-fw%[7]s"
  location_id          = %[2]d
  contract_term_months = 1
  cost_centre          = %[8]q
  diversity_zone       = "red"
  vnics = [{ description = "outside" }, { description = "inside" }, { description = "mgmt" }, { description = "ha" }]
  vendor_config = {
    vendor         = "cisco"
    product_size   = "MEDIUM"
    mve_label      = "MVE 4/16"
    image_id       = %[4]d
    manage_locally = true
    admin_password = "fw-admin-pass-7"
  }
}

resource "netfab_mve" "palo" {
  product_name         = "%[1]s-pa%[7]s"
  location_id          = %[2]d
  contract_term_months = 1
  cost_centre          = %[8]q
  diversity_zone       = "red"
  vnics = [{ description = "mgmt" }, { description = "data" }]
  vendor_config = {
    vendor              = "palo_alto"
    product_size        = "MEDIUM"
    mve_label           = "MVE 4/16"
    image_id            = %[5]d
    admin_password_hash = %[6]q
    ssh_public_key      = %[10]q
  }
}
`, name, loc, versa.ID, ftd.ID, palo.ID, testPasswordHash, suffix, cc, tags, testRSAKey)
	}
	attr := resource.TestCheckResourceAttr
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_mve"),
		Steps: []resource.TestStep{
			{
				Config: cfg("", "branch-1", `site = "hq", tier = "1"`),
				Check: resource.ComposeAggregateTestCheckFunc(
					attr("netfab_mve.versa", "vendor", "VERSA"), attr("netfab_mve.versa", "mve_size", "SMALL"),
					attr("netfab_mve.versa", "resource_tags.tier", "1"), attr("netfab_mve.versa", "diversity_zone", "red"),
					attr("netfab_mve.firewall", "vendor", "CISCO"), attr("netfab_mve.firewall", "diversity_zone", "red"),
					resource.TestCheckResourceAttrSet("netfab_mve.firewall", "mve_size"),
					attr("netfab_mve.palo", "vendor", "PALO_ALTO"), resource.TestCheckResourceAttrSet("netfab_mve.palo", "mve_size"),
				),
			},
			importByProductUID("netfab_mve.versa", mveImportIgnore...),
			importByProductUID("netfab_mve.firewall", mveImportIgnore...),
			importByProductUID("netfab_mve.palo", mveImportIgnore...),
			{
				Config: cfg("-2", "branch-2", `site = "dr"`),
				Check: resource.ComposeAggregateTestCheckFunc(
					attr("netfab_mve.versa", "product_name", name+"-versa-2"), attr("netfab_mve.versa", "vendor", "VERSA"),
					attr("netfab_mve.versa", "resource_tags.%", "1"), attr("netfab_mve.versa", "resource_tags.site", "dr"),
					attr("netfab_mve.firewall", "product_name", name+"-fw-2"), attr("netfab_mve.firewall", "cost_centre", "branch-2"),
					attr("netfab_mve.palo", "product_name", name+"-pa-2"),
				),
			},
		},
	})
}

// MVEs written the ways a configuration finds images and builds vNICs: an
// image by ID, by product (Cisco C8000v), or the first of a vendor's
// (6WIND); vNICs listed or made by a for expression from a validated
// variable, with the SSH key from a sensitive variable; Aviatrix with its
// cloud-init.
func TestAccMve_imageLookupsAndVariables(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := uniqueName(t, "mve")
	loc := locationWith(t, offersMVE)
	aruba, aviatrix := mveImage(t, "aruba", "").ID, mveImage(t, "aviatrix", "").ID
	hcl := providerConfig() + fmt.Sprintf(`
variable "interface_count" {
  type    = number
  default = 5
  validation {
    condition     = var.interface_count >= 1 && var.interface_count <= 5
    error_message = "between 1 and 5 interfaces"
  }
}

variable "admin_key" {
  type      = string
  sensitive = true
}

data "netfab_mve_images" "aruba" {
  vendor_filter = "Aruba"
  id_filter     = %[3]d
}

data "netfab_mve_images" "aviatrix" {
  vendor_filter = "Aviatrix"
  id_filter     = %[4]d
}

data "netfab_mve_images" "sixwind" {
  vendor_filter = "6wind"
}

data "netfab_mve_images" "c8000v" {
  vendor_filter  = "Cisco"
  product_filter = "C8000"
}

resource "netfab_mve" "aruba" {
  product_name         = "%[1]s-aruba"
  location_id          = %[2]d
  contract_term_months = 1
  vnics = [{ description = "one" }, { description = "two" }, { description = "three" }]
  vendor_config = {
    vendor       = "aruba"
    product_size = "MEDIUM"
    image_id     = data.netfab_mve_images.aruba.mve_images[0].id
    account_name = "%[1]s-acct"
    account_key  = "acct-key-9"
    system_tag   = "branch"
  }
}

resource "netfab_mve" "aviatrix" {
  product_name         = "%[1]s-aviatrix"
  location_id          = %[2]d
  contract_term_months = 12
  vendor_config = {
    vendor       = "aviatrix"
    product_size = "SMALL"
    mve_label    = "MVE 2/8"
    image_id     = data.netfab_mve_images.aviatrix.mve_images[0].id
    cloud_init   = "I2Nsb3VkLWNvbmZpZwpob3N0bmFtZTogbmV0ZmFiLWVkZ2UK"
  }
}

resource "netfab_mve" "sixwind_listed" {
  product_name         = "%[1]s-6w-listed"
  location_id          = %[2]d
  contract_term_months = 1
  vnics = [{ description = "eth1" }, { description = "eth2" }, { description = "eth3" }, { description = "eth4" }, { description = "eth5" }]
  vendor_config = {
    vendor         = "6wind"
    product_size   = "SMALL"
    image_id       = data.netfab_mve_images.sixwind.mve_images[0].id
    ssh_public_key = %[5]q
  }
}

resource "netfab_mve" "sixwind_counted" {
  product_name         = "%[1]s-6w-counted"
  location_id          = %[2]d
  contract_term_months = 1
  vnics                = [for n in range(var.interface_count) : { description = "eth${n + 1}" }]
  vendor_config = {
    vendor         = "6wind"
    product_size   = "SMALL"
    image_id       = data.netfab_mve_images.sixwind.mve_images[0].id
    ssh_public_key = var.admin_key
  }
}

resource "netfab_mve" "c8000v" {
  product_name         = "%[1]s-c8000v"
  location_id          = %[2]d
  contract_term_months = 1
  vnics                = [{ description = "gi1" }]
  vendor_config = {
    vendor         = "cisco"
    product_size   = "SMALL"
    image_id       = data.netfab_mve_images.c8000v.mve_images[0].id
    ssh_public_key = %[5]q
  }
}
`, name, loc, aruba, aviatrix, testRSAKey)
	attr := resource.TestCheckResourceAttr
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_mve"),
		Steps: []resource.TestStep{{
			ConfigVariables: config.Variables{"admin_key": config.StringVariable(testRSAKey)},
			Config:          hcl,
			Check: resource.ComposeAggregateTestCheckFunc(
				attr("netfab_mve.aruba", "vendor", "ARUBA"), attr("netfab_mve.aruba", "mve_size", "MEDIUM"),
				attr("netfab_mve.aviatrix", "vendor", "AVIATRIX"),
				attr("netfab_mve.sixwind_listed", "vnics.#", "5"),
				attr("netfab_mve.sixwind_counted", "vnics.#", "5"), attr("netfab_mve.sixwind_counted", "vnics.4.description", "eth5"),
				attr("netfab_mve.c8000v", "vendor", "CISCO"),
			),
		}},
	})
}
