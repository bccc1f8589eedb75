package fwmgr

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// showEntries adds to commands of the OS API's command table (api.Commands,
// by command name) what Terraform users need beyond what the command says
// (its description, paging and sort, member routing, request and answer
// types): the documentation, validators and example value of each input that
// is not a common one, and what the generated example shows. Every command
// of the table is a data source, fwmgr_os_show_<Function in snake case>
// (Pulumi getOsShow<Function>); adding one is its entry in api.Commands, its
// handler in the sandbox, and an entry here only for what the defaults do
// not cover (buildShowTable refuses an input without documentation and an
// entry of no command).
var showEntries = map[string]showEntry{
	"show-alias-interfaces": {ExampleOutput: "objects[*].name",
		Inputs: map[string]inputDoc{"parent": parentInterface}},
	"show-api-versions": {ExampleOutput: "supported_versions"},
	"show-asset":        {ExampleOutput: "system"},
	"show-bgp-paths":    {ExampleOutput: "objects[*].path_name"},
	"show-bgp-peer": {ExampleOutput: "state",
		Inputs: map[string]inputDoc{"peer": bgpPeerAddress(true)}},
	"show-bgp-peers": {ExampleOutput: "objects[*].peer",
		Inputs: map[string]inputDoc{"filter": {Description: "Only the peers whose address, AS number or state contains this text."}}},
	"show-bgp-route-in": {ExampleOutput: "object[*].as_path",
		Inputs: routePrefix("100.64.0.0")},
	"show-bgp-route-out": {ExampleOutput: "object[*].as_path",
		Inputs: routePrefix("172.20.0.0")},
	"show-bgp-routes-in": {ExampleOutput: "objects[*].route",
		Inputs: map[string]inputDoc{"peer": bgpPeerAddress(false)}},
	"show-bgp-routes-out": {ExampleOutput: "objects[*].route",
		Inputs: map[string]inputDoc{"peer": bgpPeerAddress(false)}},
	"show-bootp-interface": {ExampleOutput: "relay_to",
		Inputs: map[string]inputDoc{"name": interfaceName("with BOOTP relay", "eth2")}},
	"show-bootp-stats": {ExampleOutput: "receive_summary",
		Inputs: map[string]inputDoc{"summary": partOf("receive", "request", "reply")}},
	"show-cluster-state":          {ExampleOutput: "cluster_status"},
	"show-configuration-ipv6-pim": {ExampleOutput: "mode"},
	"show-configuration-isis":     {ExampleOutput: "system_id"},
	"show-configuration-pim":      {ExampleOutput: "mode"},
	"show-connections": {ExampleOutput: "results",
		Inputs: map[string]inputDoc{
			"max_results": {Description: "The most connections returned: a whole number of at least 1, or `all`; default 10. " +
				"A number may be written without quotes.", Example: "20",
				Strings: []validator.String{stringvalidator.RegexMatches(maxResultsPattern, "must be a whole number of at least 1, or all")}},
			"use_preset": {Description: "Start from the presets named in `preset`; set fields of `filter` override theirs.", Example: "false"},
			"preset":     {Description: "Names of presets (see fwmgr_os_show_connections_presets) whose filters apply when `use_preset` is true."},
			"filter":     {Description: "Only the connections that match every field set here."},
		}},
	"show-diagnostics": {ExampleOutput: "objects",
		Inputs: map[string]inputDoc{
			"category": required("Diagnostics category: `os`, whose topics fwmgr_os_show_diagnostics_topics lists.", `"os"`),
			"topic":    required("Topic of the category, as listed by fwmgr_os_show_diagnostics_topics (`cpu`, `disk`, `memory`).", `"memory"`),
		}},
	"show-dynamic-layer": {ExampleOutput: "rulebase[*].name",
		Inputs: map[string]inputDoc{"name": required("Name of the dynamic layer, unique in the domain.", `"dyn-web-access"`),
			"virtual_system_id": virtualSystemIDString}},
	"show-dynamic-layers": {ExampleOutput: "layers[*].name",
		Inputs: map[string]inputDoc{"virtual_system_id": virtualSystemIDString}},
	"show-igmp-groups": {ExampleOutput: "objects[*].address",
		Inputs: map[string]inputDoc{
			"type":      oneOf("Only groups of this type", "static", "local", "dynamic"),
			"interface": {Description: "Only the groups of this interface; `all` (or unset) for every interface."},
		}},
	"show-igmp-interface-stats": {ExampleOutput: "receive",
		Inputs: map[string]inputDoc{"interface": interfaceName("running IGMP", "eth2")}},
	"show-igmp-stats": {ExampleOutput: "receive",
		Inputs: map[string]inputDoc{"type": partOf("receive", "transmit", "error")}},
	"show-interface": {ExampleOutput: "ipv4_address",
		Inputs: map[string]inputDoc{"name": interfaceName("of any type", "eth1")}},
	"show-interfaces": {ExampleOutput: "objects[*].name",
		Inputs: map[string]inputDoc{"names": {Description: "Only the interfaces with these names; all when unset."}}},
	"show-interfaces-by-type": {ExampleOutput: "vlan_interfaces[*].name"},
	"show-ip-conflicts": {ExampleOutput: "flip_flop",
		Inputs: map[string]inputDoc{"limit": {Description: fmt.Sprintf("The most conflicts returned of each type, 1 to %d.", api.MaxLimit),
			Example: "10", Ints: []validator.Int64{int64validator.Between(1, api.MaxLimit)}}}},
	"show-ip-conflicts-configuration": {ExampleOutput: "objects"},
	"show-vlan-interfaces": {ExampleOutput: "objects[*].name",
		Inputs: map[string]inputDoc{"parent": {Description: "Only the VLANs of this trunk (parent) interface."}}},
	"show-virtual-systems":    {ExampleOutput: "objects[*].resource_id"},
	"show-version":            {ExampleOutput: "product_version"},
	"show-routes":             {ExampleOutput: "objects[*].address"},
	"show-routes-static":      {ExampleOutput: "objects[*].address"},
	"show-routes-rip":         {ExampleOutput: "objects[*].address"},
	"show-routes-ospf":        {ExampleOutput: "objects[*].address"},
	"show-routes-direct":      {ExampleOutput: "objects[*].address"},
	"show-ospf-interfaces":    {ExampleOutput: "objects[*].address"},
	"show-ospf-summary":       {ExampleOutput: "num_areas"},
	"show-isis-neighbors":     {ExampleOutput: "objects[*].system_id"},
	"show-remote-syslogs":     {ExampleOutput: "objects[*].server_ip"},
	"show-nat-pools":          {ExampleOutput: "objects[*].prefix"},
	"show-dns":                {ExampleOutput: "primary"},
	"show-ntp":                {ExampleOutput: "servers[*].address"},
	"show-time-and-date":      {ExampleOutput: "timezone"},
	"show-banner":             {ExampleOutput: "message"},
	"show-message-of-the-day": {ExampleOutput: "message"},
	"show-proxy":              {ExampleOutput: "address"},
	"show-allowed-clients":    {ExampleOutput: "allowed_hosts"},
	"show-password-policy":    {ExampleOutput: "password_strength"},
}

// commonInputs documents the inputs that many commands share.
func commonInputs(cmd api.Command) map[string]inputDoc {
	sort := strings.TrimPrefix(cmd.Sort, "by ")
	return map[string]inputDoc{
		"limit": {Description: fmt.Sprintf("The most objects returned, 1 to %d; default %d.", api.MaxLimit, api.DefaultLimit),
			Ints: []validator.Int64{int64validator.Between(1, api.MaxLimit)}, Example: "50"},
		"offset": {Description: "The number of objects skipped before the first one returned; default 0.",
			Ints: []validator.Int64{int64validator.AtLeast(0)}},
		"order": {Description: fmt.Sprintf("`%s` (default) sorts the objects by %s; `%s` in the exact reverse order.",
			api.OrderAsc, sort, api.OrderDesc),
			Strings: []validator.String{stringvalidator.OneOf(api.OrderAsc, api.OrderDesc)}},
		"virtual_system_id": {Description: "Virtual system whose objects are shown (virtual-system-next setups); default 0.",
			Ints: []validator.Int64{int64validator.AtLeast(0)}},
		"address_family": {Description: "Address family of the routes: `inet` (IPv4, the default) or `inet6` (IPv6).",
			Strings: []validator.String{stringvalidator.OneOf("inet", "inet6")}},
		"protocol_instance": {Description: "Routing protocol instance: `default` or an instance number; default `default`.",
			Strings: []validator.String{stringvalidator.RegexMatches(protocolInstancePattern, "must be default or a number")}},
	}
}

// showTable is every command of the OS API joined with its entry; a wrong
// entry is a programming error that stops the provider at start-up (and
// every test run).
var showTable = func() []showSpec {
	specs, err := buildShowTable(api.Commands, showEntries)
	if err != nil {
		panic(err)
	}
	return specs
}()

// buildShowTable makes one data source of every command, refusing entries
// of no command and inputs without documentation.
func buildShowTable(commands []api.Command, entries map[string]showEntry) ([]showSpec, error) {
	var errs []error
	known := map[string]bool{}
	specs := make([]showSpec, 0, len(commands))
	for _, c := range commands {
		known[c.Name] = true
		s, err := specOf(c, entries[c.Name])
		if err != nil {
			errs = append(errs, err)
			continue
		}
		specs = append(specs, s)
	}
	for name := range entries {
		if !known[name] {
			errs = append(errs, fmt.Errorf("fwmgr: showEntries has %s, which is not a command of api.Commands", name))
		}
	}
	slices.SortFunc(errs, func(a, b error) int { return strings.Compare(a.Error(), b.Error()) })
	return specs, errors.Join(errs...)
}

// defaultExampleOutput is the output a generated example shows when the
// entry names none: the answer's objects, or its first attribute (by name);
// of a list of objects, the objects' names (their first attribute when they
// have none).
func defaultExampleOutput(resp reflect.Type) string {
	fields := wireFields(resp)
	if len(fields) == 0 {
		return attrID
	}
	f := fields[0]
	if i := slices.IndexFunc(fields, func(f wireField) bool { return f.attr == "objects" }); i >= 0 {
		f = fields[i]
	}
	t := resp.FieldByIndex(f.index).Type
	if t.Kind() != reflect.Slice || t.Elem().Kind() != reflect.Struct {
		return f.attr
	}
	nested := wireFields(t.Elem())
	i := slices.IndexFunc(nested, func(n wireField) bool { return n.attr == "name" })
	if i < 0 {
		i = 0
	}
	return f.attr + "[*]." + nested[i].attr
}

// snakeCase is the Terraform spelling of a command's Function:
// ConfigurationIpConflicts is configuration_ip_conflicts.
func snakeCase(camel string) string {
	return strings.ToLower(camelBoundary.ReplaceAllString(camel, "${1}_$2"))
}

var (
	maxResultsPattern       = regexp.MustCompile(`^([1-9][0-9]*|all)$`)
	protocolInstancePattern = regexp.MustCompile(`^(default|[0-9]+)$`)
	digits                  = regexp.MustCompile(`^[0-9]+$`)
	camelBoundary           = regexp.MustCompile(`([a-z0-9])([A-Z])`)
)

func routePrefix(example string) map[string]inputDoc {
	return map[string]inputDoc{
		"address":     required("Address of the route prefix.", `"`+example+`"`),
		"mask_length": {Description: "Mask length of the route prefix, 0 to 128.", Example: "24", Ints: []validator.Int64{int64validator.Between(0, 128)}},
	}
}

var (
	parentInterface       = inputDoc{Description: "Only the alias interfaces of this parent interface."}
	virtualSystemIDString = inputDoc{Description: "Virtual system whose dynamic layers are shown (virtual-system-next setups), " +
		"as a string; default \"0\".", Strings: []validator.String{stringvalidator.RegexMatches(digits, "must be a virtual system number")}}
)

func bgpPeerAddress(isRequired bool) inputDoc {
	if isRequired {
		return required("Address (peer ID) of the BGP peer.", `"10.1.1.20"`)
	}
	return inputDoc{Description: "Only the routes of this BGP peer, by address (peer ID)."}
}

func interfaceName(kind, example string) inputDoc {
	return required(fmt.Sprintf("Name of the interface %s.", kind), `"`+example+`"`)
}

func required(description, example string) inputDoc {
	return inputDoc{Description: description, Example: example,
		Strings: []validator.String{stringvalidator.LengthAtLeast(1)}}
}

func oneOf(what string, values ...string) inputDoc {
	return inputDoc{Description: fmt.Sprintf("%s: `%s`; all when unset.", what, strings.Join(values, "`, `")),
		Strings: []validator.String{stringvalidator.OneOf(values...)}}
}

// partOf is the input that picks one part of an answer: one of parts, or
// `all` (as the OS API's examples write it) for the whole answer.
func partOf(parts ...string) inputDoc {
	return inputDoc{Description: fmt.Sprintf("Only this part of the counters: `%s`; all of them when unset or `%s`.",
		strings.Join(parts, "`, `"), api.All),
		Strings: []validator.String{stringvalidator.OneOf(append(parts, api.All)...)}}
}
