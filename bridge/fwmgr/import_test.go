package fwmgr_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/pulumi/pulumi-terraform-bridge/v3/pkg/tfbridge"
	shim "github.com/pulumi/pulumi-terraform-bridge/v3/pkg/tfshim"

	"github.com/iacsuite/providers/bridge/fwmgr"
	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	api "github.com/iacsuite/providers/internal/api/fwmgr"
	sandbox "github.com/iacsuite/providers/internal/sandbox/fwmgr"
)

// importCases: one per resource of the provider, made from the management
// table as the Terraform examples are: each row's example object (its
// references to other rows' objects as ${name.name}, so that Pulumi creates
// them first), plus the objects a row's example needs that no row's
// example is (ExampleExtra, as "<type>#<name>" cases). The import ID is the
// object's UID, as docs/fwmgr/resources/management_<type>.md says.
func importCases() map[string]pulumitest.ImportCase {
	cases := map[string]pulumitest.ImportCase{
		"fwmgr_management_publish":        {NotImportable: "a publish is a command, not an object of the server: there is nothing to import (docs/fwmgr/resources/management_publish.md)"},
		"fwmgr_management_install_policy": {NotImportable: "an installation is a command, not an object of the server: there is nothing to import (docs/fwmgr/resources/management_install_policy.md)"},
		"fwmgr_management_verify_policy":  {NotImportable: "a verification is a command, not an object of the server: there is nothing to import (docs/fwmgr/resources/management_verify_policy.md)"},
	}
	resources := fwmgr.Provider().P.ResourcesMap()
	names := map[string]string{} // lower-case object name -> case name
	var objects []api.ExampleObject
	for _, t := range api.ManagementTypes {
		objects = append(objects, api.ExampleObject{Type: t.Name, Body: t.Example})
		objects = append(objects, t.ExampleExtra...)
	}
	for _, o := range objects {
		names[strings.ToLower(o.Body["name"].(string))] = caseName(o.Body["name"].(string))
	}
	for i, o := range objects {
		typ, _ := api.LookupManagementType(o.Type)
		key := "fwmgr_management_" + strings.ReplaceAll(typ.Name, "-", "_")
		caseKey := key
		if i > 0 && slices.ContainsFunc(objects[:i], func(p api.ExampleObject) bool { return p.Type == o.Type }) {
			caseKey += "#" + caseName(o.Body["name"].(string))
		}
		cases[caseKey] = pulumitest.ImportCase{
			Name:       caseName(o.Body["name"].(string)),
			Properties: properties(typ.AllFields(), resources.Get(key).Schema(), o.Body, names, ""),
			ID:         func(out pulumitest.Outputs) string { return out.S("id") }, // <id>
		}
	}
	// A rule or section goes at the top of its container row's example
	// (the access, threat or HTTPS layer, or the package for NAT), which the
	// case of that row makes; imported by <layer>;<uid> (<package>;<uid>).
	for _, t := range api.RulebaseTypes {
		containerRow, _ := api.LookupManagementType(t.Container.RefTypes[0])
		key := "fwmgr_" + strings.ReplaceAll("management_"+t.Name, "-", "_")
		body := map[string]any{"position": map[string]any{"top": "top"}}
		for k, v := range t.Example {
			body[k] = v
		}
		body[t.Container.Name] = containerRow.Example["name"]
		c := pulumitest.ImportCase{
			Name:       caseName(t.Example["name"].(string)),
			Properties: properties(append(t.AllFields(), api.PositionField), resources.Get(key).Schema(), body, names, ""),
			ID:         func(out pulumitest.Outputs) string { return out.S(t.Container.Attribute()) + ";" + out.S("id") }, // <layer>;<id>
		}
		if t.Parent != "" {
			// A threat exception: in the rule of its Parent row's case,
			// named by reference so that Pulumi creates the rule first;
			// imported by <layer>;rule_uid;<rule UID>;<id> (upstream's).
			parent, _ := api.LookupRulebaseType(t.Parent)
			delete(body, "rule-name")
			c.Properties = properties(append(t.AllFields(), api.PositionField), resources.Get(key).Schema(), body, names, "") +
				"ruleName: ${" + caseName(parent.Example["name"].(string)) + ".name}\n"
			c.ID = func(out pulumitest.Outputs) string {
				return out.S(t.Container.Attribute()) + ";rule_uid;" + out.S("ruleUid") + ";" + out.S("id")
			}
		}
		cases[key] = c
	}
	// The OS settings (rows of api.OSResources) of the device, under the OS
	// API (the "os" provider configuration), imported by their id: "all",
	// every member (docs/fwmgr/resources/os_<name>.md).
	osID := func(out pulumitest.Outputs) string { return out.S("id") }
	cases["fwmgr_os_hostname"] = pulumitest.ImportCase{Name: "osHostname", Provider: "os", ID: osID,
		Properties: "name: fw-edge-1\n"}
	cases["fwmgr_os_dns"] = pulumitest.ImportCase{Name: "osDns", Provider: "os", ID: osID,
		Properties: "primary: 10.20.0.53\nsuffix: edge.example.net\n"}
	cases["fwmgr_os_ntp"] = pulumitest.ImportCase{Name: "osNtp", Provider: "os", ID: osID,
		Properties: "enabled: true\nservers:\n  - address: 10.20.0.123\n    type: server\n    version: 4\n"}
	cases["fwmgr_os_time_and_date"] = pulumitest.ImportCase{Name: "osTimeAndDate", Provider: "os", ID: osID,
		Properties: "timezone: Asia / Tokyo\n"}
	cases["fwmgr_os_banner"] = pulumitest.ImportCase{Name: "osBanner", Provider: "os", ID: osID,
		Properties: "enabled: true\nmessage: Authorized use only.\n"}
	cases["fwmgr_os_message_of_the_day"] = pulumitest.ImportCase{Name: "osMessageOfTheDay", Provider: "os", ID: osID,
		Properties: "enabled: true\nmessage: Maintenance window on Saturday.\n"}
	cases["fwmgr_os_proxy"] = pulumitest.ImportCase{Name: "osProxy", Provider: "os", ID: osID,
		Properties: "address: 10.1.2.80\nport: 8080\n"}
	cases["fwmgr_os_syslog"] = pulumitest.ImportCase{Name: "osSyslog", Provider: "os", ID: osID,
		Properties: "auditLog: true\nfilename: /var/log/messages\nforwardedLogsFiles:\n  - path: /var/log/gaia_api_server.log\n"}
	cases["fwmgr_os_snmp"] = pulumitest.ImportCase{Name: "osSnmp", Provider: "os", ID: osID,
		Properties: "enabled: true\ncontact: ops-team\nlocation: datacenter-1\nversion: any\n"}
	cases["fwmgr_os_allowed_clients"] = pulumitest.ImportCase{Name: "osAllowedClients", Provider: "os", ID: osID,
		Properties: "allowedAnyHost: false\nallowedHosts:\n  - 192.168.100.20\nallowedNetworks:\n  - subnet: 10.20.0.0\n    maskLength: 16\n"}
	// A single block (upstream's MaxItems 1) is an object in Pulumi.
	cases["fwmgr_os_password_policy"] = pulumitest.ImportCase{Name: "osPasswordPolicy", Provider: "os", ID: osID,
		Properties: "passwordStrength:\n  minimumLength: 8\n  complexity: 3\npasswordHistory:\n  checkHistoryEnabled: true\n" +
			"lockSettings:\n  passwordExpirationDays: \"90\"\n  failedAttemptsSettings:\n    failedLockEnabled: true\n    failedAttemptsAllowed: 5\n"}
	// The OS collections, imported by <member_id|all>:<key> (their id).
	cases["fwmgr_os_static_route"] = pulumitest.ImportCase{Name: "osStaticRoute", Provider: "os", ID: osID,
		Properties: "address: 1.2.77.0\nmaskLength: 24\ntype: blackhole\ncomment: pulumi\n"}
	cases["fwmgr_os_vlan_interface"] = pulumitest.ImportCase{Name: "osVlanInterface", Provider: "os", ID: osID,
		Properties: "parent: eth2\nresourceId: 77\ncomments: pulumi\n"}
	cases["fwmgr_os_remote_syslog"] = pulumitest.ImportCase{Name: "osRemoteSyslog", Provider: "os", ID: osID,
		Properties: "serverIp: 198.51.100.77\nlevel: warning\n"}
	cases["fwmgr_os_snmp_trap_receiver"] = pulumitest.ImportCase{Name: "osSnmpTrapReceiver", Provider: "os", ID: osID,
		Properties: "address: 198.51.100.177\nversion: v3\n"}
	return cases
}

// caseName is a Pulumi resource name made from an object's name
// ("New Host 1": newHost1).
func caseName(name string) string {
	var b strings.Builder
	upper := false
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9':
			if upper && b.Len() > 0 {
				b.WriteString(strings.ToUpper(string(r)))
			} else if b.Len() == 0 {
				b.WriteString(strings.ToLower(string(r)))
			} else {
				b.WriteRune(r)
			}
			upper = false
		default:
			upper = true
		}
	}
	return b.String()
}

// properties writes body as the YAML properties of a resource of schema
// sch (the bridge's view of the Terraform schema, which names each
// property and says which lists are one object): scalars and lists as JSON
// (which YAML reads), a reference to another case's object as
// ${case.name}, a block as an object (at most one) or a list of objects.
func properties(fields []api.Field, sch shim.SchemaMap, body map[string]any, names map[string]string, indent string) string {
	var b strings.Builder
	for _, f := range fields {
		v, ok := body[f.Name]
		if !ok {
			continue
		}
		key := tfbridge.TerraformToPulumiNameV2(f.Attribute(), sch, nil)
		switch f.Kind {
		case api.KindBlock, api.KindBlockList, api.KindBlockSet:
			elem, _ := sch.GetOk(f.Attribute())
			inner, _ := elem.Elem().(shim.Resource)
			items, isList := v.([]any)
			if !isList {
				items = []any{v}
			}
			fmt.Fprintf(&b, "%s%s:\n", indent, key)
			for _, it := range items {
				if elem.MaxItems() == 1 {
					b.WriteString(properties(f.Fields, inner.Schema(), it.(map[string]any), names, indent+"  "))
					continue
				}
				obj := properties(f.Fields, inner.Schema(), it.(map[string]any), names, indent+"    ")
				fmt.Fprintf(&b, "%s  - %s", indent, strings.TrimPrefix(obj, indent+"    "))
			}
			continue
		}
		fmt.Fprintf(&b, "%s%s: %s\n", indent, key, yamlValue(f, v, names))
	}
	return b.String()
}

func yamlValue(f api.Field, v any, names map[string]string) string {
	ref := func(s string) any {
		if c, ok := names[strings.ToLower(s)]; ok && len(f.RefTypes) > 0 {
			return "${" + c + ".name}"
		}
		return s
	}
	switch x := v.(type) {
	case string:
		v = ref(x)
	case []any:
		list := make([]any, len(x))
		for i, e := range x {
			list[i] = e
			if s, ok := e.(string); ok {
				list[i] = ref(s)
			}
		}
		v = list
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func TestImportCasesCoverEveryResource(t *testing.T) {
	pulumitest.NewImportSuite(fwmgr.Provider(), importCases()).CheckCases(t)
}

// Every management resource, created by a program, forgotten and imported
// by its UID: the generated code previews with no change.
func TestImportEveryResource(t *testing.T) {
	t.Parallel()
	server := startDevice(t)
	cli := pulumitest.New(t, "fwmgr")
	suite := pulumitest.NewImportSuite(fwmgr.Provider(), importCases())
	suite.Configure = managementConfig(server).Apply
	suite.Providers = map[string]func(cli *pulumitest.CLI, dir string){"os": osConfig(server).Apply}
	suite.Run(t, cli, nil)
}

// osConfig is the stack configuration for the OS API of server.
func osConfig(server *url.URL) pulumitest.Config {
	return pulumitest.Config{
		{Key: "fwmgr:server", Value: server.Hostname()},
		{Key: "fwmgr:port", Value: server.Port()},
		{Key: "fwmgr:context", Value: "os_api"},
		{Key: "fwmgr:username", Value: sandbox.DefaultUser},
		{Key: "fwmgr:password", Value: sandbox.DefaultPassword, Secret: true},
	}
}

// managementConfig is the stack configuration for the management API of
// server.
func managementConfig(server *url.URL) pulumitest.Config {
	return pulumitest.Config{
		{Key: "fwmgr:server", Value: server.Hostname()},
		{Key: "fwmgr:port", Value: server.Port()},
		{Key: "fwmgr:context", Value: "web_api"},
		{Key: "fwmgr:username", Value: sandbox.DefaultUser},
		{Key: "fwmgr:password", Value: sandbox.DefaultPassword, Secret: true},
	}
}
