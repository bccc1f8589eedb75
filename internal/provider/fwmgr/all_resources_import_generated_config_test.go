package fwmgr

import (
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/workflowtest"
)

// Every management resource imported by its UID with
// `plan -generate-config-out`: the generated configuration applies with no
// change. (The import by identity is TestAccIdentity's, for every row in
// one configuration.)
func TestAccImportGeneratedConfig(t *testing.T) {
	acctest.PreCheck(t)
	cases := mgmtImportCases()
	// The OS resources on a device of their own (os_resource_acc_test.go
	// says why), with the OS API's provider block.
	maps.Copy(cases, osImportCases(startDevice(t, nil)))
	workflowtest.TestImports(t, workflowtest.Provider{Name: "fwmgr", New: New("test"), Config: mgmtProvider}, cases)
}

// osImportCases are the OS resources' cases, one per row of
// api.OSResources: the row's example on member 2 of dev, imported by its ID
// (2, 2:0 per virtual system, 2:<key> for a collection).
func osImportCases(dev *testDevice) map[string]workflowtest.ImportCase {
	cases := map[string]workflowtest.ImportCase{}
	for _, row := range api.OSResources {
		cases[osTypeName(row)] = workflowtest.ImportCase{
			ProviderConfig: dev.providerBlock(),
			Config: func(t *testing.T) string {
				return fmt.Sprintf("resource %q \"test\" {\n  member_id = \"2\"\n  %s\n}\n", osTypeName(row),
					strings.ReplaceAll(row.Example, "\n", "\n  "))
			},
			ID: workflowtest.IDFrom("%s", attrID),
		}
	}
	return cases
}

func mgmtImportCases() map[string]workflowtest.ImportCase {
	return map[string]workflowtest.ImportCase{
		"fwmgr_management_host":                      mgmtImportCase("host"),
		"fwmgr_management_network":                   mgmtImportCase("network"),
		"fwmgr_management_address_range":             mgmtImportCase("address-range"),
		"fwmgr_management_multicast_address_range":   mgmtImportCase("multicast-address-range"),
		"fwmgr_management_group":                     mgmtImportCase("group"),
		"fwmgr_management_group_with_exclusion":      mgmtImportCase("group-with-exclusion"),
		"fwmgr_management_dns_domain":                mgmtImportCase("dns-domain"),
		"fwmgr_management_dynamic_object":            mgmtImportCase("dynamic-object"),
		"fwmgr_management_security_zone":             mgmtImportCase("security-zone"),
		"fwmgr_management_wildcard":                  mgmtImportCase("wildcard"),
		"fwmgr_management_tag":                       mgmtImportCase("tag"),
		"fwmgr_management_time":                      mgmtImportCase("time"),
		"fwmgr_management_time_group":                mgmtImportCase("time-group"),
		"fwmgr_management_service_tcp":               mgmtImportCase("service-tcp"),
		"fwmgr_management_service_udp":               mgmtImportCase("service-udp"),
		"fwmgr_management_service_icmp":              mgmtImportCase("service-icmp"),
		"fwmgr_management_service_icmp6":             mgmtImportCase("service-icmp6"),
		"fwmgr_management_service_sctp":              mgmtImportCase("service-sctp"),
		"fwmgr_management_service_other":             mgmtImportCase("service-other"),
		"fwmgr_management_service_group":             mgmtImportCase("service-group"),
		"fwmgr_management_application_site":          mgmtImportCase("application-site"),
		"fwmgr_management_application_site_category": mgmtImportCase("application-site-category"),
		"fwmgr_management_application_site_group":    mgmtImportCase("application-site-group"),
		"fwmgr_management_package":                   mgmtImportCase("package"),
		"fwmgr_management_access_layer":              mgmtImportCase("access-layer"),
		"fwmgr_management_threat_layer":              mgmtImportCase("threat-layer"),
		"fwmgr_management_https_layer":               mgmtImportCase("https-layer"),
		"fwmgr_management_user":                      mgmtImportCase("user"),
		"fwmgr_management_user_group":                mgmtImportCase("user-group"),
		"fwmgr_management_user_template":             mgmtImportCase("user-template"),
		"fwmgr_management_access_role":               mgmtImportCase("access-role"),
		"fwmgr_management_simple_gateway":            mgmtImportCase("simple-gateway"),
		"fwmgr_management_simple_cluster":            mgmtImportCase("simple-cluster"),
		"fwmgr_management_interoperable_device":      mgmtImportCase("interoperable-device"),
		"fwmgr_management_vpn_community_meshed":      mgmtImportCase("vpn-community-meshed"),
		"fwmgr_management_vpn_community_star":        mgmtImportCase("vpn-community-star"),
		"fwmgr_management_threat_profile":            mgmtImportCase("threat-profile"),
		"fwmgr_management_threat_indicator":          mgmtImportCase("threat-indicator"),
		"fwmgr_management_access_rule":               ruleImportCase("fwmgr_management_access_rule", "rule_imc"),
		"fwmgr_management_access_section":            ruleImportCase("fwmgr_management_access_section", "section_imc"),
		"fwmgr_management_nat_rule":                  ruleImportCase("fwmgr_management_nat_rule", "nat_rule_imc"),
		"fwmgr_management_nat_section":               ruleImportCase("fwmgr_management_nat_section", "nat_section_imc"),
		"fwmgr_management_threat_rule":               ruleImportCase("fwmgr_management_threat_rule", "threat_rule_imc"),
		"fwmgr_management_threat_exception":          ruleImportCase("fwmgr_management_threat_exception", "threat_exception_imc"),
		"fwmgr_management_https_rule":                ruleImportCase("fwmgr_management_https_rule", "https_rule_imc"),
		"fwmgr_management_https_section":             ruleImportCase("fwmgr_management_https_section", "https_section_imc"),
		"fwmgr_management_publish": {NotImportable: "a publish is a command, not an object of the server " +
			"(docs/fwmgr/resources/management_publish.md)"},
		"fwmgr_management_install_policy": {NotImportable: "an installation is a command, not an object of the server " +
			"(docs/fwmgr/resources/management_install_policy.md)"},
		"fwmgr_management_verify_policy": {NotImportable: "a verification is a command, not an object of the server " +
			"(docs/fwmgr/resources/management_verify_policy.md)"},
	}
}

// mgmtImportCase is the import case of the row named row: its example
// objects renamed for this suite, imported by the own object's UID.
func mgmtImportCase(row string) workflowtest.ImportCase {
	return workflowtest.ImportCase{
		Config: func(t *testing.T) string { return mgmtTestConfig(t, row, "im", 60) },
		ID:     workflowtest.IDFrom("%s", mgmtAttrID),
	}
}

// ruleImportCase is the import case of a rulebase resource: an entry alone
// in a container of its own, imported by <layer>;<uid> (<package>;<uid>
// for NAT; upstream's import ID).
func ruleImportCase(typ, label string) workflowtest.ImportCase {
	id := workflowtest.IDFrom("%s;%s", ruleRow(typ).Container.Attribute(), mgmtAttrID)
	if ruleRow(typ).Parent != "" { // upstream's <layer>;rule_uid;<rule UID>;<uid>
		id = workflowtest.IDFrom("%s;rule_uid;%s;%s", ruleRow(typ).Container.Attribute(), mgmtAttrRuleUID, mgmtAttrID)
	}
	return workflowtest.ImportCase{
		Config: ruleIdentityCase(typ, label).Config,
		ID:     id,
	}
}
