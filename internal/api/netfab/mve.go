package netfab

import (
	"encoding/base64"
	"fmt"
	"net/netip"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// The virtual-edge vendor rules of the contract (docs/api/netfab.md, "MVE
// vendor configurations"). They are data of the contract, as the wire types
// are: the sandbox enforces them on orders and the provider checks a plan
// against them, so that both read the same table.

// MVEVendorRule is what one vendor's configuration takes.
type MVEVendorRule struct {
	// Required and Optional are the vendorConfig fields (JSON names) the
	// vendor takes besides vendor and mveLabel, which every vendor takes.
	Required, Optional []string
	// MinVNICs is the least number of vNICs the vendor's images boot with,
	// and the number created when an order gives none.
	MinVNICs int
}

// MaxVNICs is the most vNICs an MVE has.
const MaxVNICs = 5

// MVEVendorRules are the vendors' rules by vendor key. Cisco's depend on the
// image (MVEVendorRuleFor).
var MVEVendorRules = map[string]MVEVendorRule{
	MVEVendor6Wind:    {Required: []string{"sshPublicKey"}, MinVNICs: 1},
	MVEVendorAruba:    {Required: []string{"accountName", "accountKey", "systemTag"}, MinVNICs: 1},
	MVEVendorAviatrix: {Required: []string{"cloudInit"}, MinVNICs: 1},
	// The C8000v takes sshPublicKey (autonomous mode) or cloudInit (SD-WAN
	// mode), exactly one; CheckMVEOrder says so.
	MVEVendorCisco:    {Optional: []string{"sshPublicKey", "cloudInit", "adminSshPublicKey"}, MinVNICs: 1},
	MVEVendorFortinet: {Required: []string{"sshPublicKey"}, Optional: []string{"licenseData", "adminSshPublicKey"}, MinVNICs: 1},
	MVEVendorMeraki:   {Required: []string{"token"}, MinVNICs: 1},
	MVEVendorPaloAlto: {Required: []string{"sshPublicKey", "adminPasswordHash"}, Optional: []string{"licenseData"}, MinVNICs: 2},
	MVEVendorPrisma:   {Required: []string{"ionKey", "secretKey"}, MinVNICs: 1},
	MVEVendorVersa: {Required: []string{"directorAddress", "controllerAddress", "localAuth", "remoteAuth", "serialNumber"},
		MinVNICs: 1},
	MVEVendorVMware: {Required: []string{"vcoAddress", "vcoActivationCode", "sshPublicKey"}, Optional: []string{"adminSshPublicKey"},
		MinVNICs: 1},
}

// ciscoFirewall is the rule of Cisco's Secure Firewall Threat Defense
// Virtual (product code ftdv): an admin password and a management choice;
// the management centre's address and key when it is not managed locally.
var ciscoFirewall = MVEVendorRule{
	Required: []string{"adminPassword", "manageLocally"},
	Optional: []string{"fmcIpAddress", "fmcRegistrationKey", "fmcNatId"},
	MinVNICs: 4,
}

// MVEProductCodeFTDv is the product code of Cisco's firewall images.
const MVEProductCodeFTDv = "ftdv"

// MVEVendors are the vendor keys, sorted.
func MVEVendors() []string {
	keys := make([]string, 0, len(MVEVendorRules))
	for k := range MVEVendorRules {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// MVEVendorOfImage is the vendor key of an image's vendor: its name in lower
// case with spaces as underscores ("Palo Alto" is palo_alto, "6WIND" 6wind).
func MVEVendorOfImage(img MVEImage) string {
	return strings.ReplaceAll(strings.ToLower(img.Vendor), " ", "_")
}

// MVEVendorRuleFor is the rule of an image, and false when its vendor has
// no vendor configuration.
func MVEVendorRuleFor(img MVEImage) (MVEVendorRule, bool) {
	if img.ProductCode == MVEProductCodeFTDv {
		return ciscoFirewall, true
	}
	r, ok := MVEVendorRules[MVEVendorOfImage(img)]
	return r, ok
}

// MVEVNICCount is the number of vNICs an order creates: the given ones, or
// the vendor's minimum.
func MVEVNICCount(img MVEImage, given int) int {
	if given > 0 {
		return given
	}
	if r, ok := MVEVendorRuleFor(img); ok {
		return r.MinVNICs
	}
	return 1
}

// MVERuleError is a broken MVE rule: Field is the JSON path of the field
// (vendorConfig.accountKey, vnics), Rule what it must be.
type MVERuleError struct {
	Field, Rule string
}

func (e *MVERuleError) Error() string { return e.Field + ": " + e.Rule }

func ruleError(field, format string, args ...any) *MVERuleError {
	return &MVERuleError{Field: field, Rule: fmt.Sprintf(format, args...)}
}

var (
	passwordHash = regexp.MustCompile(`^\$5\$[^$]+\$[./0-9A-Za-z]+$`)
	hostName     = regexp.MustCompile(`^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$`)
)

// mveFieldRules are the format rules of vendorConfig fields, whichever
// vendor takes them; a field without one is any non-empty text.
var mveFieldRules = map[string]func(string) string{
	"sshPublicKey":      sshKeyRule,
	"adminSshPublicKey": sshKeyRule,
	"cloudInit": func(s string) string {
		if _, err := base64.StdEncoding.DecodeString(s); err != nil {
			return "must be Base64 encoded (standard alphabet, padded)"
		}
		return ""
	},
	"adminPasswordHash": func(s string) string {
		if !passwordHash.MatchString(s) {
			return "must be a sha256crypt hash, $5$<salt>$<hash>"
		}
		return ""
	},
	"adminPassword": func(s string) string {
		if n := utf8.RuneCountInString(s); n < 9 || n > 100 || strings.ContainsAny(s, "\"\r\n") {
			return "must be 9 to 100 characters without '\"', carriage return or line feed"
		}
		return ""
	},
	"directorAddress":   addressRule,
	"controllerAddress": addressRule,
	"vcoAddress":        addressRule,
	"fmcIpAddress":      addressRule,
}

func sshKeyRule(s string) string {
	if !strings.HasPrefix(s, "ssh-rsa ") || strings.TrimSpace(strings.TrimPrefix(s, "ssh-rsa ")) == "" {
		return "must be an RSA public key in OpenSSH form (ssh-rsa AAAA... comment); ed25519 and other key types are not supported"
	}
	return ""
}

func addressRule(s string) string {
	if _, err := netip.ParseAddr(s); err == nil {
		return ""
	}
	if len(s) <= 253 && hostName.MatchString(s) {
		return ""
	}
	return "must be a fully qualified domain name or an IP address"
}

// MVEVendorFields are the vendorConfig fields that are set, by JSON name
// (vendor excluded), with their values ("true"/"false" for manageLocally).
func MVEVendorFields(vc *MVEVendorConfig) map[string]string {
	out := map[string]string{}
	v := reflect.ValueOf(*vc)
	for i := range v.NumField() {
		name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
		if name == "vendor" {
			continue
		}
		switch f := v.Field(i).Interface().(type) {
		case string:
			if f != "" {
				out[name] = f
			}
		case *bool:
			if f != nil {
				out[name] = fmt.Sprint(*f)
			}
		}
	}
	return out
}

// CheckMVEOrder checks an MVE order's vendor configuration and vNICs
// against its image: the vendor is the image's, the vendor's required
// fields are given and no field of another vendor is, each field has its
// format, and the vNICs are between the vendor's minimum and MaxVNICs. An
// image whose vendor has no configuration is ordered without one.
func CheckMVEOrder(img MVEImage, vc *MVEVendorConfig, vnics []MVEVNIC) *MVERuleError {
	rule, configurable := MVEVendorRuleFor(img)
	vendor := MVEVendorOfImage(img)
	if vc != nil {
		given := strings.ToLower(vc.Vendor)
		switch {
		case !configurable:
			return ruleError("vendorConfig", "image %d (%s %s) takes no vendor configuration; leave it out", img.ID, img.Vendor, img.Product)
		case given == "":
			return ruleError("vendorConfig.vendor", "required")
		case given != vendor:
			if _, known := MVEVendorRules[given]; !known {
				return ruleError("vendorConfig.vendor", "must be one of %s", strings.Join(MVEVendors(), ", "))
			}
			return ruleError("vendorConfig.vendor", "image %d (%s %s) is of vendor %s, not %s", img.ID, img.Vendor, img.Product, vendor, given)
		}
		fields := MVEVendorFields(vc)
		allowed := append(append([]string{"mveLabel"}, rule.Required...), rule.Optional...)
		for _, name := range sortedKeys(fields) {
			if !slices.Contains(allowed, name) {
				return ruleError("vendorConfig."+name, "does not apply to %s images (%s %s)", vendor, img.Vendor, img.Product)
			}
			if check := mveFieldRules[name]; check != nil {
				if msg := check(fields[name]); msg != "" {
					return ruleError("vendorConfig."+name, "%s", msg)
				}
			}
		}
		for _, name := range rule.Required {
			if _, ok := fields[name]; !ok {
				return ruleError("vendorConfig."+name, "required for %s images (%s %s)", vendor, img.Vendor, img.Product)
			}
		}
		if err := checkModes(img, fields); err != nil {
			return err
		}
	}
	if len(vnics) > 0 {
		minimum := 1
		if configurable {
			minimum = rule.MinVNICs
		}
		if len(vnics) < minimum || len(vnics) > MaxVNICs {
			return ruleError("vnics", "an MVE of image %d (%s %s) has %d to %d vNICs, got %d", img.ID, img.Vendor, img.Product, minimum, MaxVNICs, len(vnics))
		}
		for i, n := range vnics {
			if utf8.RuneCountInString(n.Description) > 255 {
				return ruleError(fmt.Sprintf("vnics[%d].description", i), "must be at most 255 characters")
			}
			if n.VLAN != 0 {
				return ruleError(fmt.Sprintf("vnics[%d].vlan", i), "is assigned by the service; leave it out")
			}
		}
	}
	return nil
}

// checkModes checks the fields whose need depends on others: a C8000v in
// autonomous (sshPublicKey) or SD-WAN (cloudInit) mode, exactly one; a
// firewall managed by a management centre needs its address and key, one
// managed locally takes neither.
func checkModes(img MVEImage, fields map[string]string) *MVERuleError {
	switch {
	case img.ProductCode == MVEProductCodeFTDv && fields["manageLocally"] == "false":
		for _, name := range []string{"fmcIpAddress", "fmcRegistrationKey"} {
			if _, ok := fields[name]; !ok {
				return ruleError("vendorConfig."+name, "required when manageLocally is false (the firewall registers with its management centre)")
			}
		}
	case img.ProductCode == MVEProductCodeFTDv:
		for _, name := range []string{"fmcIpAddress", "fmcRegistrationKey", "fmcNatId"} {
			if _, ok := fields[name]; ok {
				return ruleError("vendorConfig."+name, "does not apply when manageLocally is true")
			}
		}
	case MVEVendorOfImage(img) == MVEVendorCisco:
		_, ssh := fields["sshPublicKey"]
		_, cloudInit := fields["cloudInit"]
		if ssh == cloudInit {
			return ruleError("vendorConfig.sshPublicKey", "a Cisco %s takes exactly one of sshPublicKey (autonomous mode) and cloudInit (SD-WAN mode)", img.Product)
		}
	}
	return nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
