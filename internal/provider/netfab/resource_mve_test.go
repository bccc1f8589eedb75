package netfab

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

const testRSAKey = "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQC2s0mgZRv4r1dWCpikIqkA0U1eX9r5Wng1adi51JZgPC0KLjafZ4eJXdb11B6oDy netfab-test@example.org"

func offersMVE(p netfabapi.LocationProducts) bool { return p.MVE }

// mveImage is a release image of the catalogue whose vendor key and
// product code are those given (code "" for any), read from the API.
func mveImage(t *testing.T, vendor, code string) netfabapi.MVEImage {
	t.Helper()
	images, err := api.MVEImages(context.Background())
	require.NoError(t, err)
	for _, img := range images {
		if img.ReleaseImage && netfabapi.MVEVendorOfImage(img) == vendor && (code == "" || img.ProductCode == code) {
			return img
		}
	}
	t.Fatalf("the catalogue has no release image of %s %s", vendor, code)
	return netfabapi.MVEImage{}
}

// mveConfig is a netfab_mve "test" of the image, with vendor_config's
// settings and the resource's other lines.
func mveConfig(t *testing.T, name string, img netfabapi.MVEImage, size, settings, extra string) string {
	return providerConfig() + fmt.Sprintf(`
resource "netfab_mve" "test" {
  product_name         = %q
  location_id          = %d
  contract_term_months = 1

  vendor_config = {
    vendor       = %q
    image_id     = %d
    product_size = %q
%s
  }
%s
}
`, name, locationWith(t, offersMVE), netfabapi.MVEVendorOfImage(img), img.ID, size, settings, extra)
}

// mveVendorCases are a valid configuration of every vendor (and both Cisco
// products), with the vNICs it needs.
var mveVendorCases = []struct {
	vendor, code, settings, vnics string
	wantVNICs                     int
}{
	{vendor: "6wind", settings: `ssh_public_key = "` + testRSAKey + `"`, vnics: `vnics = [{ description = "ens4" }, { description = "ens5" }]`, wantVNICs: 2},
	{vendor: "aruba", settings: "account_name = \"acct\"\naccount_key = \"key-1\"\nsystem_tag = \"branch-edge\"\nmve_label = \"MVE 2/8\"", wantVNICs: 1},
	{vendor: "aviatrix", settings: `cloud_init = "I2Nsb3VkLWNvbmZpZwo="`, wantVNICs: 1},
	{vendor: "cisco", code: "c8000v", settings: `ssh_public_key = "` + testRSAKey + `"`, wantVNICs: 1},
	{vendor: "cisco", code: "ftdv", settings: "manage_locally = true\nadmin_password = \"firewall-pass-1\"",
		vnics: `vnics = [{ description = "a" }, { description = "b" }, { description = "c" }, { description = "d" }]`, wantVNICs: 4},
	{vendor: "fortinet", settings: "ssh_public_key = \"" + testRSAKey + "\"\nlicense_data = \"bGljZW5zZQ==\"", wantVNICs: 1},
	{vendor: "meraki", settings: `token = "meraki-token"`, wantVNICs: 1},
	{vendor: "palo_alto", settings: "ssh_public_key = \"" + testRSAKey + "\"\nadmin_password_hash = \"$5$nf7c21ab$ZAJIAdG7wpNwqvqtip6zMU0cFqslydmAyOT4qYCRr9.\"", wantVNICs: 2},
	{vendor: "prisma", settings: "ion_key = \"ion-1\"\nsecret_key = \"secret-1\"", wantVNICs: 1},
	{vendor: "versa", settings: "director_address = \"director.sdwan.example.net\"\ncontroller_address = \"controller.sdwan.example.net\"\n" +
		"local_auth = \"branch@sdwan.example.net\"\nremote_auth = \"controller@sdwan.example.net\"\nserial_number = \"edge-0001\"", wantVNICs: 1},
	{vendor: "vmware", settings: "vco_address = \"vco.example.com\"\nvco_activation_code = \"ACT-1\"\nssh_public_key = \"" + testRSAKey + "\"", wantVNICs: 1},
}

// Every vendor orders, plans empty a second time and imports; the
// imported MVE has no vendor_config (the service never answers it).
func TestAccMve_everyVendor(t *testing.T) {
	accPreCheck(t)
	for _, tc := range mveVendorCases {
		t.Run(tc.vendor+tc.code, func(t *testing.T) {
			t.Parallel()
			img := mveImage(t, tc.vendor, tc.code)
			config := mveConfig(t, uniqueName(t, "mve"), img, img.AvailableSizes[0], tc.settings, tc.vnics)
			const addr = "netfab_mve.test"
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				CheckDestroy:             checkProductsCancelled("netfab_mve"),
				Steps: []resource.TestStep{
					{
						Config: config,
						ConfigStateChecks: []statecheck.StateCheck{
							statecheck.ExpectKnownValue(addr, tfjsonpath.New("vendor"), knownvalue.StringExact(strings.ToUpper(tc.vendor))),
							statecheck.ExpectKnownValue(addr, tfjsonpath.New("mve_size"), knownvalue.StringExact(img.AvailableSizes[0])),
							statecheck.ExpectKnownValue(addr, tfjsonpath.New("product_type"), knownvalue.StringExact("MVE")),
							statecheck.ExpectKnownValue(addr, tfjsonpath.New("virtual"), knownvalue.Bool(true)),
							statecheck.ExpectKnownValue(addr, tfjsonpath.New("vxc_permitted"), knownvalue.Bool(true)),
							statecheck.ExpectKnownValue(addr, tfjsonpath.New("vnics"), knownvalue.ListSizeExact(tc.wantVNICs)),
							statecheck.ExpectKnownValue(addr, tfjsonpath.New("vnics").AtSliceIndex(0).AtMapKey("vlan"), knownvalue.Int64Exact(1)),
							statecheck.ExpectKnownValue(addr, tfjsonpath.New("provisioning_status"), knownvalue.StringRegexp(regexp.MustCompile(`^(CONFIGURED|LIVE)$`))),
						},
					},
					{Config: config, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
					{ResourceName: addr, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: []string{"vendor_config"}},
				},
			})
		})
	}
}

// The fields that change in place do, with the same MVE, each plan after
// empty; the case of vendor and product_size changes nothing; an import
// records vendor_config in place; vendor_config, vNICs, location and zone
// replace the MVE.
func TestAccMve_updatesAndReplacements(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	img := mveImage(t, "aruba", "")
	name := uniqueName(t, "mve")
	config := func(name, vendor, size, key, extra string) string {
		c := mveConfig(t, name, img, size, fmt.Sprintf("account_name = \"acct\"\naccount_key = %q\nsystem_tag = \"tag-1\"", key), extra)
		return strings.Replace(c, `vendor       = "aruba"`, fmt.Sprintf(`vendor       = %q`, vendor), 1)
	}
	vnics := `vnics = [{ description = "Data Plane" }, { description = "Control Plane" }]`
	const addr = "netfab_mve.test"
	same := statecheck.CompareValue(compare.ValuesSame())
	differ := statecheck.CompareValue(compare.ValuesDiffer())
	empty := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}
	update := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate)}}
	replace := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate)}}
	updated := vnics + `
  cost_centre = "cc-2"
  promo_code  = "PROMO-2"
  resource_tags = { team = "edge" }`
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_mve"),
		Steps: []resource.TestStep{
			{
				Config: config(name, "aruba", "SMALL", "key-1", vnics+"\n  cost_centre = \"cc-1\""),
				ConfigStateChecks: []statecheck.StateCheck{
					same.AddStateValue(addr, tfjsonpath.New("product_uid")),
					differ.AddStateValue(addr, tfjsonpath.New("product_uid")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("vnics"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectExact(map[string]knownvalue.Check{"description": knownvalue.StringExact("Data Plane"), "vlan": knownvalue.Int64Exact(1)}),
						knownvalue.ObjectExact(map[string]knownvalue.Check{"description": knownvalue.StringExact("Control Plane"), "vlan": knownvalue.Int64Exact(2)}),
					})),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("usage_algorithm"), knownvalue.StringExact("POST_PAID_HOURLY_SPEED")),
				},
			},
			{Config: config(name, "aruba", "SMALL", "key-1", vnics+"\n  cost_centre = \"cc-1\""), ConfigPlanChecks: empty},
			// Every in-place field at once.
			{
				Config:           strings.Replace(config(name+"-2", "aruba", "SMALL", "key-1", updated), "contract_term_months = 1", "contract_term_months = 12", 1),
				ConfigPlanChecks: update,
				ConfigStateChecks: []statecheck.StateCheck{
					same.AddStateValue(addr, tfjsonpath.New("product_uid")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("product_name"), knownvalue.StringExact(name+"-2")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("cost_centre"), knownvalue.StringExact("cc-2")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("promo_code"), knownvalue.StringExact("PROMO-2")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("resource_tags"), knownvalue.MapExact(map[string]knownvalue.Check{"team": knownvalue.StringExact("edge")})),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("contract_term_months"), knownvalue.Int64Exact(12)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("usage_algorithm"), knownvalue.StringExact("POST_PAID_FIXED_TERM")),
				},
			},
			{Config: strings.Replace(config(name+"-2", "aruba", "SMALL", "key-1", updated), "contract_term_months = 1", "contract_term_months = 12", 1), ConfigPlanChecks: empty},
			// The case of vendor and size is not a change of the MVE.
			{
				Config:            strings.Replace(config(name+"-2", "aRuBa", "SmAlL", "key-1", updated), "contract_term_months = 1", "contract_term_months = 12", 1),
				ConfigPlanChecks:  update,
				ConfigStateChecks: []statecheck.StateCheck{same.AddStateValue(addr, tfjsonpath.New("product_uid"))},
			},
			{Config: strings.Replace(config(name+"-2", "aRuBa", "SmAlL", "key-1", updated), "contract_term_months = 1", "contract_term_months = 12", 1), ConfigPlanChecks: empty},
			// Removing the optional fields clears them in place.
			{
				Config:           config(name+"-2", "aruba", "SMALL", "key-1", vnics),
				ConfigPlanChecks: update,
				ConfigStateChecks: []statecheck.StateCheck{
					same.AddStateValue(addr, tfjsonpath.New("product_uid")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("cost_centre"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("promo_code"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("resource_tags"), knownvalue.Null()),
				},
			},
			{Config: config(name+"-2", "aruba", "SMALL", "key-1", vnics), ConfigPlanChecks: empty},
			{ResourceName: addr, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: []string{"vendor_config"}},
			// Any other change of vendor_config replaces the MVE.
			{
				Config:            config(name+"-2", "aruba", "SMALL", "key-2", vnics),
				ConfigPlanChecks:  replace,
				ConfigStateChecks: []statecheck.StateCheck{differ.AddStateValue(addr, tfjsonpath.New("product_uid"))},
			},
			// So does a change of the vNICs.
			{
				Config:            config(name+"-2", "aruba", "SMALL", "key-2", `vnics = [{ description = "Data Plane" }]`),
				ConfigPlanChecks:  replace,
				ConfigStateChecks: []statecheck.StateCheck{differ.AddStateValue(addr, tfjsonpath.New("product_uid"))},
			},
			{Config: config(name+"-2", "aruba", "SMALL", "key-2", `vnics = [{ description = "Data Plane" }]`), ConfigPlanChecks: empty},
		},
	})
}

// An imported MVE has no vendor_config in state: the next apply records
// the configured one in place, unless its vendor, image or size differ from
// the MVE's, which replaces it.
func TestAccMve_importRecordsVendorConfig(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	img := mveImage(t, "meraki", "")
	other := mveImage(t, "fortinet", "")
	name := uniqueName(t, "mve")
	meraki := mveConfig(t, name, img, "SMALL", `token = "t-1"`, "")
	const addr = "netfab_mve.test"
	var uid string
	keepUID := func(s *terraform.State) error {
		uid = s.RootModule().Resources[addr].Primary.Attributes["product_uid"]
		return nil
	}
	// Terraform forgets the MVE (it stays ordered), then imports it.
	forget := providerConfig() + `
removed {
  from = netfab_mve.test
  lifecycle {
    destroy = false
  }
}
`
	importIt := resource.TestStep{
		Config: meraki, ResourceName: addr, ImportState: true, ImportStatePersist: true,
		ImportStateIdFunc: func(*terraform.State) (string, error) { return uid, nil },
		ImportStateCheck: func(s []*terraform.InstanceState) error {
			if len(s) != 1 || s[0].Attributes["product_uid"] != uid {
				return fmt.Errorf("imported %d objects", len(s))
			}
			for k := range s[0].Attributes {
				if strings.HasPrefix(k, "vendor_config.") && k != "vendor_config.%" {
					return fmt.Errorf("imported vendor_config: %s = %s", k, s[0].Attributes[k])
				}
			}
			return nil
		},
	}
	same := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_mve"),
		Steps: []resource.TestStep{
			{Config: meraki, Check: keepUID, ConfigStateChecks: []statecheck.StateCheck{same.AddStateValue(addr, tfjsonpath.New("product_uid"))}},
			{Config: forget},
			importIt,
			{
				Config: meraki,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(addr, tfjsonpath.New("vendor_config").AtMapKey("vendor"), knownvalue.StringExact("meraki")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{same.AddStateValue(addr, tfjsonpath.New("product_uid"))},
			},
			{Config: meraki, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{Config: forget},
			importIt,
			{
				Config: mveConfig(t, name, other, "SMALL", `ssh_public_key = "`+testRSAKey+`"`, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
		},
	})
}

// The plan refuses what the service would refuse, naming the field and
// the rule, before anything is ordered.
func TestAccMve_invalidAtPlan(t *testing.T) {
	accPreCheck(t)
	aruba := mveImage(t, "aruba", "")
	palo := mveImage(t, "palo_alto", "")
	ftdv := mveImage(t, "cisco", "ftdv")
	c8000 := mveImage(t, "cisco", "c8000v")
	sixwind := mveImage(t, "6wind", "")
	arubaOK := "account_name = \"a\"\naccount_key = \"k\"\nsystem_tag = \"t\""
	cases := map[string]struct {
		img           netfabapi.MVEImage
		size          string
		settings      string
		extra, vendor string
		want          string
	}{
		"unknown vendor":          {img: aruba, size: "SMALL", settings: arubaOK, vendor: "acme", want: `vendor_config.vendor value must be one of`},
		"vendor of another image": {img: aruba, size: "SMALL", settings: arubaOK, vendor: "versa", want: `vendor_config.vendor: image \d+ \(Aruba EdgeConnect SD-WAN\) is of vendor aruba,\s+not versa`},
		"required setting":        {img: aruba, size: "SMALL", settings: "account_name = \"a\"\nsystem_tag = \"t\"", want: `vendor_config.account_key: required for aruba images`},
		"another vendor's setting": {img: aruba, size: "SMALL", settings: arubaOK + "\ntoken = \"x\"",
			want: `vendor_config.token: does not apply to aruba images`},
		"size of the image": {img: palo, size: "SMALL", settings: "ssh_public_key = \"" + testRSAKey + "\"\nadmin_password_hash = \"$5$s$h\"",
			want: `product_size "SMALL" is not a size of image \d+`},
		"palo alto needs two vNICs": {img: palo, size: "MEDIUM", settings: "ssh_public_key = \"" + testRSAKey + "\"\nadmin_password_hash = \"$5$s$h\"",
			extra: `vnics = [{ description = "one" }]`, want: `vnics: an MVE of image \d+ \(Palo Alto VM-Series\) has 2 to 5 vNICs, got 1`},
		"six vNICs": {img: sixwind, size: "SMALL", settings: `ssh_public_key = "` + testRSAKey + `"`,
			extra: `vnics = [{ description = "1" }, { description = "2" }, { description = "3" }, { description = "4" }, { description = "5" }, { description = "6" }]`,
			want:  `vnics list must contain at least 1 elements and at most 5 elements`},
		"ed25519 key": {img: sixwind, size: "SMALL", settings: `ssh_public_key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5 me"`,
			want: `vendor_config.ssh_public_key: must be an RSA public key`},
		"password hash": {img: palo, size: "MEDIUM", settings: "ssh_public_key = \"" + testRSAKey + "\"\nadmin_password_hash = \"plain\"",
			extra: `vnics = [{ description = "a" }, { description = "b" }]`, want: `vendor_config.admin_password_hash: must be a sha256crypt hash`},
		"cisco both modes": {img: c8000, size: "SMALL", settings: "ssh_public_key = \"" + testRSAKey + "\"\ncloud_init = \"eA==\"",
			want: `exactly one of ssh_public_key \(autonomous mode\) and cloud_init \(SD-WAN mode\)`},
		"firewall without its centre": {img: ftdv, size: "MEDIUM", settings: "manage_locally = false\nadmin_password = \"long-enough-1\"",
			extra: `vnics = [{ description = "a" }, { description = "b" }, { description = "c" }, { description = "d" }]`,
			want:  `vendor_config.fmc_ip_address: required when manage_locally is false`},
		"firewall password": {img: ftdv, size: "MEDIUM", settings: "manage_locally = true\nadmin_password = \"short\"",
			extra: `vnics = [{ description = "a" }, { description = "b" }, { description = "c" }, { description = "d" }]`,
			want:  `vendor_config.admin_password: must be 9 to 100 characters`},
		"image": {img: netfabapi.MVEImage{ID: 9999, Vendor: "Aruba"}, size: "SMALL", settings: arubaOK, want: `image_id 9999 is not an image of the service`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			config := mveConfig(t, "bad", tc.img, tc.size, tc.settings, tc.extra)
			if tc.vendor != "" {
				config = strings.Replace(config, fmt.Sprintf("vendor       = %q", netfabapi.MVEVendorOfImage(tc.img)), fmt.Sprintf("vendor = %q", tc.vendor), 1)
			}
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{{Config: config, PlanOnly: true,
					// Terraform wraps long messages.
					ExpectError: regexp.MustCompile(strings.ReplaceAll(tc.want, " ", `\s+`))}},
			})
		})
	}
}

// A create whose wait runs out keeps the MVE; the next apply waits for
// that one instead of ordering another.
func TestAccMve_createTimeoutResumes(t *testing.T) {
	accPreCheck(t)
	img := mveImage(t, "meraki", "")
	testCreateTimeoutResumes(t, "netfab_mve", netfabapi.ProductTypeMVE, "MVEs", offersMVE, func(l netfabapi.Location) string {
		return fmt.Sprintf(`
resource "netfab_mve" "slow" {
  product_name         = "slow-mve"
  location_id          = %d
  contract_term_months = 1
  vendor_config = {
    vendor       = "meraki"
    image_id     = %d
    product_size = "SMALL"
    token        = "t"
  }
}
`, l.ID, img.ID)
	})
}
