package fwmgr

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// showEntries declares every show data source, fwmgr_os_show_<Name>
// (Pulumi getOsShow<Function>). What the command is (description, paging
// and its sort, member routing, request and answer types) comes from the
// OS API's command table; an entry adds what Terraform users need: the
// documentation, validators and example value of each input, and what the
// generated example shows. Adding a data source is adding an entry here
// (and its command to internal/api/fwmgr).
var showEntries = []showEntry{
	// The data sources of the specification.
	{Name: "alias_interfaces", Command: "show-alias-interfaces", ExampleOutput: "objects[*].name",
		Inputs: map[string]inputDoc{"parent": parentInterface}},
	{Name: "api_versions", Command: "show-api-versions", ExampleOutput: "supported_versions"},
	{Name: "asset", Command: "show-asset", ExampleOutput: "system"},
	{Name: "bgp_errors", Command: "show-bgp-errors", ExampleOutput: "objects[*].last_error"},
	{Name: "bgp_groups", Command: "show-bgp-groups", ExampleOutput: "objects[*].as"},
	{Name: "bgp_paths", Command: "show-bgp-paths", ExampleOutput: "objects[*].path_name"},
	{Name: "bgp_peer", Command: "show-bgp-peer", ExampleOutput: "state",
		Inputs: map[string]inputDoc{"peer": bgpPeerAddress(true)}},
	{Name: "bgp_peers", Command: "show-bgp-peers", ExampleOutput: "objects[*].peer",
		Inputs: map[string]inputDoc{"filter": {Description: "Only the peers whose address, AS number or state contains this text."}}},
	{Name: "bgp_route_in", Command: "show-bgp-route-in", ExampleOutput: "object[*].as_path",
		Inputs: routePrefix("100.64.0.0")},
	{Name: "bgp_route_out", Command: "show-bgp-route-out", ExampleOutput: "object[*].as_path",
		Inputs: routePrefix("172.20.0.0")},
	{Name: "bgp_routemaps", Command: "show-bgp-routemaps", ExampleOutput: "objects[*].as"},
	{Name: "bgp_routes_in", Command: "show-bgp-routes-in", ExampleOutput: "objects[*].route",
		Inputs: map[string]inputDoc{"peer": bgpPeerAddress(false)}},
	{Name: "bgp_routes_out", Command: "show-bgp-routes-out", ExampleOutput: "objects[*].route",
		Inputs: map[string]inputDoc{"peer": bgpPeerAddress(false)}},
	{Name: "bgp_stats", Command: "show-bgp-stats", ExampleOutput: "objects[*].peer"},
	{Name: "bgp_summary", Command: "show-bgp-summary", ExampleOutput: "as"},
	{Name: "bond_interfaces", Command: "show-bond-interfaces", ExampleOutput: "objects[*].name"},
	{Name: "bootp_interface", Command: "show-bootp-interface", ExampleOutput: "relay_to",
		Inputs: map[string]inputDoc{"name": interfaceName("with BOOTP relay", "eth2")}},
	{Name: "bootp_interfaces", Command: "show-bootp-interfaces", ExampleOutput: "objects[*].name"},
	{Name: "bootp_stats", Command: "show-bootp-stats", ExampleOutput: "receive_summary",
		Inputs: map[string]inputDoc{"summary": oneOf("Only this part of the counters", "receive", "request", "reply")}},
	{Name: "bridge_interfaces", Command: "show-bridge-interfaces", ExampleOutput: "objects[*].name"},
	{Name: "cluster_members", Command: "show-cluster-members", ExampleOutput: "members[*].hostname"},
	{Name: "cluster_state", Command: "show-cluster-state", ExampleOutput: "cluster_status"},
	{Name: "configuration_ipv6_pim", Command: "show-configuration-ipv6-pim", ExampleOutput: "mode"},
	{Name: "configuration_isis", Command: "show-configuration-isis", ExampleOutput: "system_id"},
	{Name: "configuration_pim", Command: "show-configuration-pim", ExampleOutput: "mode"},
	{Name: "connections", Command: "show-connections", ExampleOutput: "results",
		Inputs: map[string]inputDoc{
			"max_results": {Description: "The most connections returned: a whole number of at least 1, or `all`; default 10. " +
				"A number may be written without quotes.", Example: "20",
				Strings: []validator.String{stringvalidator.RegexMatches(maxResultsPattern, "must be a whole number of at least 1, or all")}},
			"use_preset": {Description: "Start from the presets named in `preset`; set fields of `filter` override theirs.", Example: "false"},
			"preset":     {Description: "Names of presets (see fwmgr_os_show_connections_presets) whose filters apply when `use_preset` is true."},
			"filter":     {Description: "Only the connections that match every field set here."},
		}},
	{Name: "connections_presets", Command: "show-connections-presets", ExampleOutput: "presets[*].name"},
	{Name: "custom_intelligence_feeds", Command: "show-custom-intelligence-feeds", ExampleOutput: "objects[*].name"},
	{Name: "diagnostics", Command: "show-diagnostics", ExampleOutput: "objects",
		Inputs: map[string]inputDoc{
			"category": required("Diagnostics category, as listed by fwmgr_os_show_diagnostics_topics.", `"disk"`),
			"topic":    required("Topic of the category, as listed by fwmgr_os_show_diagnostics_topics.", `"root"`),
		}},
	{Name: "diagnostics_topics", Command: "show-diagnostics-topics", ExampleOutput: "os"},
	{Name: "dynamic_layer", Command: "show-dynamic-layer", ExampleOutput: "rulebase[*].name",
		Inputs: map[string]inputDoc{"name": required("Name of the dynamic layer, unique in the domain.", `"dyn-web-access"`),
			"virtual_system_id": virtualSystemIDString}},
	{Name: "dynamic_layers", Command: "show-dynamic-layers", ExampleOutput: "layers[*].name",
		Inputs: map[string]inputDoc{"virtual_system_id": virtualSystemIDString}},
	{Name: "extended_commands", Command: "show-extended-commands", ExampleOutput: "extended_commands[*].name"},
	{Name: "features", Command: "show-features", ExampleOutput: "features[*].name"},
	{Name: "gre_interfaces", Command: "show-gre-interfaces", ExampleOutput: "objects[*].name"},
	{Name: "igmp_groups", Command: "show-igmp-groups", ExampleOutput: "objects[*].address",
		Inputs: map[string]inputDoc{
			"type":      oneOf("Only groups of this type", "static", "local", "dynamic"),
			"interface": {Description: "Only the groups of this interface."},
		}},
	{Name: "igmp_interface_stats", Command: "show-igmp-interface-stats", ExampleOutput: "receive",
		Inputs: map[string]inputDoc{"interface": interfaceName("running IGMP", "eth2")}},
	{Name: "igmp_interfaces", Command: "show-igmp-interfaces", ExampleOutput: "objects[*].name"},
	{Name: "igmp_interfaces_stats", Command: "show-igmp-interfaces-stats", ExampleOutput: "objects[*].interface"},
	{Name: "igmp_stats", Command: "show-igmp-stats", ExampleOutput: "receive",
		Inputs: map[string]inputDoc{"type": oneOf("Only this part of the counters", "receive", "transmit", "error")}},
	{Name: "igmp_summary", Command: "show-igmp-summary", ExampleOutput: "interfaces_enabled"},
	{Name: "interface", Command: "show-interface", ExampleOutput: "ipv4_address",
		Inputs: map[string]inputDoc{"name": interfaceName("of any type", "eth1")}},
	{Name: "interfaces", Command: "show-interfaces", ExampleOutput: "objects[*].name",
		Inputs: map[string]inputDoc{"names": {Description: "Only the interfaces with these names; all when unset."}}},
	{Name: "interfaces_by_type", Command: "show-interfaces-by-type", ExampleOutput: "vlan_interfaces[*].name"},
	{Name: "ip_conflicts", Command: "show-ip-conflicts", ExampleOutput: "flip_flop",
		Inputs: map[string]inputDoc{"limit": {Description: fmt.Sprintf("The most conflicts returned of each type, 1 to %d.", api.MaxLimit),
			Example: "10", Ints: []validator.Int64{int64validator.Between(1, api.MaxLimit)}}}},
	{Name: "configuration_bgp", Command: "show-configuration-bgp", ExampleOutput: "as"},
	{Name: "configuration_ip_conflicts", Command: "show-ip-conflicts-configuration", ExampleOutput: "objects"},

	// Further OS show commands that the device models.
	{Name: "physical_interfaces", Command: "show-physical-interfaces", ExampleOutput: "objects[*].name"},
	{Name: "vlan_interfaces", Command: "show-vlan-interfaces", ExampleOutput: "objects[*].name",
		Inputs: map[string]inputDoc{"parent": {Description: "Only the VLANs of this trunk (parent) interface."}}},
	{Name: "vxlan_interfaces", Command: "show-vxlan-interfaces", ExampleOutput: "objects[*].name"},
	{Name: "loopback_interfaces", Command: "show-loopback-interfaces", ExampleOutput: "objects[*].name"},
	{Name: "virtual_systems", Command: "show-virtual-systems", ExampleOutput: "objects[*].resource_id"},
	{Name: "version", Command: "show-version", ExampleOutput: "product_version"},
	{Name: "routes", Command: "show-routes", ExampleOutput: "objects[*].address"},
	{Name: "routes_static", Command: "show-routes-static", ExampleOutput: "objects[*].address"},
	{Name: "static_routes", Command: "show-static-routes", ExampleOutput: "objects[*].address"},
	{Name: "routes_rip", Command: "show-routes-rip", ExampleOutput: "objects[*].address"},
	{Name: "routes_ospf", Command: "show-routes-ospf", ExampleOutput: "objects[*].address"},
	{Name: "routes_direct", Command: "show-routes-direct", ExampleOutput: "objects[*].address"},
	{Name: "ospf_interfaces", Command: "show-ospf-interfaces", ExampleOutput: "objects[*].address"},
	{Name: "ospf_neighbors", Command: "show-ospf-neighbors", ExampleOutput: "objects[*].address"},
	{Name: "ospf_summary", Command: "show-ospf-summary", ExampleOutput: "num_areas"},
	{Name: "pim_interfaces", Command: "show-pim-interfaces", ExampleOutput: "objects[*].name"},
	{Name: "pim_neighbors", Command: "show-pim-neighbors", ExampleOutput: "objects[*].address"},
	{Name: "isis_interfaces", Command: "show-isis-interfaces", ExampleOutput: "objects[*].name"},
	{Name: "isis_neighbors", Command: "show-isis-neighbors", ExampleOutput: "objects[*].system_id"},
	{Name: "remote_syslogs", Command: "show-remote-syslogs", ExampleOutput: "objects[*].server_ip"},
	{Name: "serial_number", Command: "show-serial-number", ExampleOutput: "serial_number"},
	{Name: "timezones", Command: "show-timezones", ExampleOutput: "timezones"},
	{Name: "users", Command: "show-users", ExampleOutput: "objects[*].name"},
	{Name: "roles", Command: "show-roles", ExampleOutput: "roles[*].name"},
	{Name: "nat_pools", Command: "show-nat-pools", ExampleOutput: "objects[*].prefix"},
	{Name: "routemaps", Command: "show-routemaps", ExampleOutput: "objects[*].name"},
	{Name: "dns", Command: "show-dns", ExampleOutput: "primary"},
	{Name: "ntp", Command: "show-ntp", ExampleOutput: "servers[*].address"},
	{Name: "time_and_date", Command: "show-time-and-date", ExampleOutput: "timezone"},
	{Name: "hostname", Command: "show-hostname", ExampleOutput: "name"},
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

// showTable is the table joined with the OS API's commands; a wrong entry
// is a programming error that every test run reports.
var showTable = func() []showSpec {
	specs := make([]showSpec, 0, len(showEntries))
	for _, e := range showEntries {
		s, err := specOf(e)
		if err != nil {
			panic(err)
		}
		specs = append(specs, s)
	}
	return specs
}()

var (
	maxResultsPattern       = regexp.MustCompile(`^([1-9][0-9]*|all)$`)
	protocolInstancePattern = regexp.MustCompile(`^(default|[0-9]+)$`)
	digits                  = regexp.MustCompile(`^[0-9]+$`)
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
