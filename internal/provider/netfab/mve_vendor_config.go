package netfab

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

// The vendor_config of netfab_mve: one table of its fields drives the
// schema, the order's vendorConfig and the paths of plan errors, so that a
// field is named once. Which vendor takes which field is the contract's
// table (netfabapi.MVEVendorRules), checked at plan against the image.

// vendorConfigField is one attribute of vendor_config: its Terraform name,
// the API's JSON name, and its description.
type vendorConfigField struct {
	tf, json, desc string
	sensitive      bool
	writeOnly      bool
	boolean        bool
}

var vendorConfigFields = []vendorConfigField{
	{tf: "mve_label", json: "mveLabel", desc: "Label of the MVE, free text (such as `MVE 2/8`). Every vendor takes it."},
	{tf: "account_name", json: "accountName", desc: "Aruba: the account name in Aruba Orchestrator (Orchestrator > Licensing > Cloud Portal). Required for `aruba`."},
	{tf: "account_key", json: "accountKey", sensitive: true, desc: "Aruba: the account key that goes with `account_name`. Required for `aruba`."},
	{tf: "system_tag", json: "systemTag", desc: "Aruba: the system tag of the Orchestrator preconfiguration template that registers the appliance. Required for `aruba`."},
	{tf: "admin_ssh_public_key", json: "adminSshPublicKey", desc: "Admin SSH public key, an RSA key in OpenSSH form. Optional for `cisco` (C8000v), `fortinet` and `vmware`; no vendor requires it."},
	{tf: "ssh_public_key", json: "sshPublicKey", desc: "SSH public key, a 2048-bit RSA key in OpenSSH form (`ssh-rsa AAAA... comment`; ed25519 and other key types are refused). " +
		"Required for `6wind`, `fortinet`, `palo_alto` and `vmware`, and for a Cisco C8000v in autonomous mode (then without `cloud_init`)."},
	{tf: "cloud_init", json: "cloudInit", desc: "Base64-encoded cloud-init bootstrap file. Required for `aviatrix`, and for a Cisco C8000v in SD-WAN (controller-managed) mode (then without `ssh_public_key`)."},
	{tf: "license_data", json: "licenseData", sensitive: true, desc: "License data. Optional for `fortinet` and `palo_alto` (bring your own license)."},
	{tf: "admin_password_hash", json: "adminPasswordHash", sensitive: true, desc: "Palo Alto: the admin password as a sha256crypt hash, `$5$<salt>$<hash>` (`mkpasswd -m sha-256`). " +
		"Required for `palo_alto`; used only when the MVE first boots."},
	{tf: "admin_password", json: "adminPassword", sensitive: true, writeOnly: true, desc: "Cisco FTDv (firewall): the admin password, 9 to 100 characters without `\"`, carriage return " +
		"or line feed. Required for the FTDv. Write-only (Terraform 1.11+): it is sent when the MVE is ordered and kept neither in the plan nor in the state."},
	{tf: "manage_locally", json: "manageLocally", boolean: true, desc: "Cisco FTDv (firewall): true to manage it locally, false to register it with a Firewall Management Center " +
		"(`fmc_ip_address`, `fmc_registration_key`). Required for the FTDv; not taken by the C8000v."},
	{tf: "fmc_ip_address", json: "fmcIpAddress", desc: "Cisco FTDv: address (IPv4, IPv6 or FQDN) of the Firewall Management Center. Required when `manage_locally` is false."},
	{tf: "fmc_registration_key", json: "fmcRegistrationKey", sensitive: true, desc: "Cisco FTDv: registration key of the Firewall Management Center. Required when `manage_locally` is false."},
	{tf: "fmc_nat_id", json: "fmcNatId", desc: "Cisco FTDv: NAT ID for the Firewall Management Center. Optional when `manage_locally` is false; refused when it is true."},
	{tf: "director_address", json: "directorAddress", desc: "Versa: FQDN or IPv4 address of the Versa Director. Required for `versa`."},
	{tf: "controller_address", json: "controllerAddress", desc: "Versa: FQDN or IPv4 address of the Versa Controller. Required for `versa`."},
	{tf: "local_auth", json: "localAuth", sensitive: true, desc: "Versa: the local authentication string configured in Versa Director. Required for `versa`."},
	{tf: "remote_auth", json: "remoteAuth", sensitive: true, desc: "Versa: the remote authentication string configured in Versa Director. Required for `versa`."},
	{tf: "serial_number", json: "serialNumber", desc: "Versa: the serial number given to the device in Versa Director. Required for `versa`."},
	{tf: "vco_address", json: "vcoAddress", desc: "VMware: FQDN or IP address of the Orchestrator where the edge was created. Required for `vmware`."},
	{tf: "vco_activation_code", json: "vcoActivationCode", sensitive: true, desc: "VMware: the activation code the Orchestrator gave the edge. Required for `vmware`."},
	{tf: "token", json: "token", sensitive: true, desc: "Meraki: the vMX authentication token. Required for `meraki`."},
	{tf: "ion_key", json: "ionKey", sensitive: true, desc: "Prisma: the vION key. Required for `prisma`."},
	{tf: "secret_key", json: "secretKey", sensitive: true, desc: "Prisma: the secret key. Required for `prisma`."},
}

// vendorConfigSchema is the vendor_config attribute.
func vendorConfigSchema() schema.SingleNestedAttribute {
	attrs := map[string]schema.Attribute{
		"vendor": schema.StringAttribute{
			Required: true,
			Description: "Vendor of the MVE's image, in any case: " + quotedList(netfabapi.MVEVendors()) + ". It must be the vendor of " +
				"`image_id` (the service's image vendor in lower case with spaces as underscores; `vendor` of the netfab_mve_images data source).",
			Validators: []validator.String{stringvalidator.OneOfCaseInsensitive(netfabapi.MVEVendors()...)},
		},
		"image_id": schema.Int64Attribute{
			Required:    true,
			Description: "ID of the software image (`id` of the netfab_mve_images data source).",
		},
		"product_size": schema.StringAttribute{
			Required: true,
			Description: "Size of the MVE, in any case: one of the image's `available_sizes` (netfab_mve_images), such as SMALL (2 cores, 8 GB), " +
				"MEDIUM (4/16), LARGE (8/32) or X_LARGE_12 (12/48); netfab_mve_sizes lists them.",
			Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
		},
	}
	for _, f := range vendorConfigFields {
		if f.boolean {
			attrs[f.tf] = schema.BoolAttribute{Optional: true, Description: f.desc}
			continue
		}
		attrs[f.tf] = schema.StringAttribute{Optional: true, Sensitive: f.sensitive, WriteOnly: f.writeOnly, Description: f.desc,
			Validators: []validator.String{stringvalidator.LengthAtLeast(1)}}
	}
	return schema.SingleNestedAttribute{
		Required: true,
		Description: "What the MVE boots with: vendor, image, size and the vendor's settings (licences, keys, controller " +
			"addresses). The plan checks it against the image: the vendor is the image's, the vendor's required settings are set " +
			"and no setting of another vendor is, the size is one of the image's. The service never answers it back, so it is " +
			"kept as configured. Any change replaces the MVE, except the case of `vendor` and `product_size`. An imported MVE has " +
			"none in state: the first apply records the configured one in place (replacing the MVE only when its vendor, image or " +
			"size differ from the MVE's).",
		Attributes: attrs,
	}
}

func quotedList(v []string) string {
	q := make([]string, len(v))
	for i, s := range v {
		q[i] = "`" + s + "`"
	}
	return strings.Join(q, ", ")
}

// vendorConfigAttrTypes are the attribute types of vendor_config.
func vendorConfigAttrTypes() map[string]attr.Type {
	types_ := map[string]attr.Type{"vendor": types.StringType, "image_id": types.Int64Type, "product_size": types.StringType}
	for _, f := range vendorConfigFields {
		if f.boolean {
			types_[f.tf] = types.BoolType
		} else {
			types_[f.tf] = types.StringType
		}
	}
	return types_
}

// vendorConfigOf is the order's vendorConfig, image and size from the
// vendor_config object; adminPassword is the write-only password from the
// configuration (null in plans).
func vendorConfigOf(obj types.Object, adminPassword types.String) (vc netfabapi.MVEVendorConfig, image int64, size string, diags diag.Diagnostics) {
	a := obj.Attributes()
	wire := map[string]any{}
	if v, ok := a["vendor"].(types.String); ok {
		wire["vendor"] = strings.ToLower(v.ValueString())
	}
	if v, ok := a["image_id"].(types.Int64); ok {
		image = v.ValueInt64()
	}
	if v, ok := a["product_size"].(types.String); ok {
		size = strings.ToUpper(v.ValueString())
	}
	for _, f := range vendorConfigFields {
		switch v := a[f.tf].(type) {
		case types.String:
			if f.writeOnly {
				v = adminPassword
			}
			if !v.IsNull() && !v.IsUnknown() {
				wire[f.json] = v.ValueString()
			}
		case types.Bool:
			if !v.IsNull() && !v.IsUnknown() {
				wire[f.json] = v.ValueBool()
			}
		}
	}
	buf, err := json.Marshal(wire)
	if err == nil {
		err = json.Unmarshal(buf, &vc)
	}
	if err != nil {
		diags.AddError("Could not convert vendor_config",
			fmt.Sprintf("vendor_config must convert to the service's vendorConfig object, each attribute to its JSON field of the "+
				"same type, but did not (%v). This is a bug in the provider; please report it.", err))
	}
	return vc, image, size, diags
}

var vnicIndex = regexp.MustCompile(`^vnics\[(\d+)\]\.(\w+)$`)

// planPathOf is the Terraform path of a field the contract's MVE rules name
// (vendorConfig.accountKey, vnics, vnics[2].description).
func planPathOf(field string) path.Path {
	if name, ok := strings.CutPrefix(field, "vendorConfig."); ok {
		if name == "vendor" {
			return path.Root("vendor_config").AtName("vendor")
		}
		for _, f := range vendorConfigFields {
			if f.json == name {
				return path.Root("vendor_config").AtName(f.tf)
			}
		}
	}
	if m := vnicIndex.FindStringSubmatch(field); m != nil {
		// The pattern admits only digits, so the conversion cannot fail.
		i, _ := strconv.Atoi(m[1])
		return path.Root("vnics").AtListIndex(i).AtName(m[2])
	}
	if field == "vnics" {
		return path.Root("vnics")
	}
	return path.Root("vendor_config")
}

// ruleInTerraformWords rewrites the contract's JSON field names in a rule to
// the Terraform names the configuration uses.
func ruleInTerraformWords(rule string) string {
	for _, f := range vendorConfigFields {
		rule = regexp.MustCompile(`\b`+f.json+`\b`).ReplaceAllString(rule, f.tf)
	}
	return rule
}

// vendorConfigComparable is vendor_config with what does not replace the
// MVE left out: the case of vendor and product_size.
func vendorConfigComparable(obj types.Object) map[string]attr.Value {
	out := map[string]attr.Value{}
	for k, v := range obj.Attributes() {
		if s, ok := v.(types.String); ok && (k == "vendor" || k == "product_size") && !s.IsNull() && !s.IsUnknown() {
			v = types.StringValue(strings.ToLower(s.ValueString()))
		}
		out[k] = v
	}
	return out
}
