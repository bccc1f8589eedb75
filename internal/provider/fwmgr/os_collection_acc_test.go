package fwmgr

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// The collection rows of api.OSResources, on a device of their own per
// test function of this file (the package's shared device is read by the
// show data source tests, which a new object would fail). As in
// os_resource_acc_test.go, every row is in one configuration and one
// sequence of steps (each row changes only its own objects): a new row
// adds resources, data sources and import blocks to the steps' plans, not
// steps.

// osCollectionCase is what the test of a collection row needs besides
// the row: a change made on the device by hand (wire names, with the key),
// the example's key's wire values, and bad import IDs.
type osCollectionCase struct {
	drift  map[string]any
	keyOf  map[string]any
	badIDs []string
}

var osCollectionCases = map[string]osCollectionCase{
	"static_route": {
		keyOf: map[string]any{"address": "1.2.3.0", "mask-length": 24},
		drift: map[string]any{"address": "1.2.3.0", "mask-length": 24, "comment": "changed by hand", "rank": 99},
		badIDs: []string{"1.2.3.0/24", "first:1.2.3.0/24", "0:1.2.3.0/24", "all:1.2.3.0", "all:1.2.3.0/", "all:/24",
			"all:1.2.3.0/33x", "all:1.2.3.0/129", "all:2001:DB8::/32", "all:host/24", "all:"},
	},
	"vlan_interface": {
		keyOf:  map[string]any{"name": "eth2.100"},
		drift:  map[string]any{"name": "eth2.100", "comments": "changed by hand", "mtu": 1300},
		badIDs: []string{"eth2.100", "first:eth2.100", "all:eth2", "all:eth2.1", "all:eth2.4095", "all:.100", "all:eth2.x", "all:eth2:1.100", "all:"},
	},
	"remote_syslog": {
		keyOf:  map[string]any{"server-ip": "10::130"},
		drift:  map[string]any{"server-ip": "10::130", "level": "info", "port": 1514},
		badIDs: []string{"10.1.2.62", "first:10::130", "0:10::130", "all:10:0::130", "all:10::130/64", "all:-syslog-", "all:10.1.2", "all:"},
	},
	"snmp_trap_receiver": {
		keyOf:  map[string]any{"address": "4.4.4.5"},
		drift:  map[string]any{"address": "4.4.4.5", "version": "v1"},
		badIDs: []string{"4.4.4.5", "first:4.4.4.5", "0:4.4.4.5", "all:4.4.4", "all:trap.example.net", "all:2001:DB8::1", "all:"},
	},
}

// osCompared is the row with the fields a show lists under their own
// names: a key that the listed objects only hold in their name (a VLAN's
// ID) is left out.
func osCompared(row api.OSResource) api.OSResource {
	if row.KeyWire == "" {
		return row
	}
	out := row
	out.Fields = nil
	for _, f := range row.Fields {
		if !isKey(row, f.Name) || f.Wire == row.KeyWire {
			out.Fields = append(out.Fields, f)
		}
	}
	return out
}

// osCollectionRows are the collection rows.
func osCollectionRows(t *testing.T) []api.OSResource {
	var rows []api.OSResource
	for _, row := range api.OSResources {
		if row.Collection() {
			if _, ok := osCollectionCases[row.Name]; !ok {
				t.Fatalf("no case of %s in osCollectionCases", row.Name)
			}
			rows = append(rows, row)
		}
	}
	return rows
}

// osListed is the object of the row's key among the objects of the show
// data source of a member in a flattened state (objects.N.*), by the
// row's fields; nil when it lists none.
func osListed(st *terraform.State, row api.OSResource, member string) (map[string]string, error) {
	ds, err := osAttrs(st, fmt.Sprintf("data.%s.m%s", osShowName(row), member))
	if err != nil {
		return nil, err
	}
	res, err := osAttrs(st, osResourceAddr(row))
	want := ""
	if err == nil {
		want = res[attrID][strings.Index(res[attrID], ":")+1:]
	}
	for i := 0; ; i++ {
		prefix := fmt.Sprintf("objects.%d.", i)
		if _, ok := ds[prefix+"%"]; !ok {
			if _, ok := ds[prefix+attrName(row.Fields[0].Wire)]; !ok {
				return nil, nil
			}
		}
		obj := map[string]string{}
		wire := map[string]any{}
		for k, v := range ds {
			if strings.HasPrefix(k, prefix) {
				obj[strings.TrimPrefix(k, prefix)] = v
			}
		}
		for _, f := range row.Fields {
			wire[f.Wire] = obj[attrName(f.Wire)]
		}
		if row.KeyWire != "" {
			wire[row.KeyWire] = obj[attrName(row.KeyWire)]
		}
		if want != "" && row.KeyOf(wire) == want {
			return obj, nil
		}
	}
}

// osCollectionShows checks that the show data source of each member in
// shown lists the resource's object with the resource's values, and that
// of each member in absent lists no object of its key (key: the ID's key).
func osCollectionShows(row api.OSResource, shown, absent []string, key string) resource.TestCheckFunc {
	return func(st *terraform.State) error {
		for _, m := range shown {
			obj, err := osListed(st, row, m)
			if err != nil {
				return err
			}
			if obj == nil {
				return fmt.Errorf("member %s lists no %s %s", m, row.Name, key)
			}
			res, _ := osAttrs(st, osResourceAddr(row))
			if got, want := fmt.Sprint(osElements(obj, osCompared(row))), fmt.Sprint(osElements(res, osCompared(row))); got != want {
				return fmt.Errorf("member %s lists %s, the resource holds %s", m, got, want)
			}
		}
		for _, m := range absent {
			ds, err := osAttrs(st, fmt.Sprintf("data.%s.m%s", osShowName(row), m))
			if err != nil {
				return err
			}
			for k, v := range ds {
				if strings.HasSuffix(k, "."+attrName(row.Fields[0].Wire)) && osKeyAt(row, ds, strings.TrimSuffix(k, attrName(row.Fields[0].Wire))) == key && v != "" {
					return fmt.Errorf("member %s still lists %s %s", m, row.Name, key)
				}
			}
		}
		return nil
	}
}

// osKeyAt is the key of the listed object at prefix (objects.N.).
func osKeyAt(row api.OSResource, ds map[string]string, prefix string) string {
	wire := map[string]any{}
	for _, f := range row.Fields {
		wire[f.Wire] = ds[prefix+attrName(f.Wire)]
	}
	if row.KeyWire != "" {
		wire[row.KeyWire] = ds[prefix+attrName(row.KeyWire)]
	}
	return row.KeyOf(wire)
}

// TestAccOSCollections runs every collection row, all in one
// configuration and one sequence of steps (a new row adds no step): create
// on every member (both members' show data sources list it with the
// resource's values), an empty plan, every argument changed in place,
// import by ID (an import block per row, verified against the state create
// left), a change made on the device shows as an update that puts it back,
// a delete made on the device plans a create, destroy deletes it; then the
// same object on member 2 alone (member 1 never lists it), imported by
// 2:<key>. Every check is made per row and names the row. (The bad import
// IDs are TestAccOSCollections_invalid's.)
func TestAccOSCollections(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	dev := startDevice(t, nil)
	rows := osCollectionRows(t)
	key := func(row api.OSResource) string { return row.KeyOf(osCollectionCases[row.Name].keyOf) }
	c := osConfigs{dev: dev, rows: rows, id: func(row api.OSResource, member string) string {
		if member == "" {
			member = osAllMembers
		}
		return member + ":" + key(row)
	}}
	both := []string{"1", "2"}
	shows := osEach(rows, func(row api.OSResource) resource.TestCheckFunc { return osCollectionShows(row, both, nil, key(row)) })
	deleted := osEach(rows, func(row api.OSResource) resource.TestCheckFunc { return osCollectionShows(row, nil, both, key(row)) })
	imported := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{osImportPlanned(rows)}}
	verified := osEach(rows, osImportVerified)
	steps := []resource.TestStep{
		{Config: c.plain(osExample, ""), Check: shows},
		{Config: c.plain(osExample, ""), ConfigPlanChecks: resource.ConfigPlanChecks{
			PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		{Config: c.plain(osChange, ""), Check: shows,
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: osEachAction(rows, plancheck.ResourceActionUpdate)}},
		{Config: c.imported(osChange, ""), ConfigPlanChecks: imported, Check: verified},
		// Changed on the device: drift, put back (and the imported
		// resources forgotten).
		{Config: c.forgotten(osChange, ""),
			PreConfig: func() {
				for _, row := range rows {
					dev.raw(t, row.Set, osCollectionCases[row.Name].drift)
				}
			},
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: append(osEachAction(rows, plancheck.ResourceActionUpdate),
				osForgotten(rows))},
			Check: shows},
		// Deleted on the device: created again.
		{Config: c.plain(osChange, ""),
			PreConfig: func() {
				for _, row := range rows {
					dev.raw(t, row.Delete, osCollectionCases[row.Name].keyOf)
				}
			},
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: osEachAction(rows, plancheck.ResourceActionCreate)},
			Check:            shows},
		// Destroy deletes it (the data sources are read before the destroy:
		// the next run reads them again).
		{Config: c.plain(osNone, "")},
		{Config: c.plain(osNone, ""), Check: deleted},
		// Member 2 alone.
		{Config: c.plain(osExample, "2"), Check: osEach(rows, func(row api.OSResource) resource.TestCheckFunc {
			return osCollectionShows(row, []string{"2"}, []string{"1"}, key(row))
		})},
		{Config: c.imported(osExample, "2"), ConfigPlanChecks: imported, Check: verified},
		{Config: c.forgotten(osNone, ""), ConfigPlanChecks: resource.ConfigPlanChecks{
			PreApply: []plancheck.PlanCheck{osForgotten(rows)}}},
		{Config: c.plain(osNone, ""), Check: deleted},
	}
	resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: protoV6ProviderFactories, Steps: steps})
}

// TestAccOSCollections_invalid: bad values are refused at plan, naming
// the argument and its rule, all in one plan; the device's own rules at
// apply, both in one apply; and every bad import ID of every collection
// row (osCollectionCases), naming the shape, all in one plan.
func TestAccOSCollections_invalid(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	dev := startDevice(t, nil)
	route := func(body, want string) osInvalidCase {
		return osInvalidCase{row: "static_route", body: body, want: want}
	}
	values := []osInvalidCase{
		route("address = \"1.2.3.0/24\"\nmask_length = 24\ntype = \"reject\"", `address must be an IPv4 or IPv6 network address`),
		route("address = \"2001:DB8::\"\nmask_length = 32\ntype = \"reject\"", `address must be an IPv4 or IPv6 network address written as the device writes it`),
		route("address = \"1.2.3.0\"\nmask_length = 129\ntype = \"reject\"", `mask_length value must be between 0 and 128`),
		route("address = \"1.2.3.0\"\nmask_length = 24\ntype = \"drop\"", `type value must be one of`),
		route("address = \"1.2.3.0\"\nmask_length = 24\ntype = \"reject\"\nrank = 256", `rank value must be between 0 and 255`),
		route("address = \"1.2.3.0\"\nmask_length = 24\ntype = \"gateway\"\nnext_hop {\n  gateway = \"x\"\n}", `gateway must be an IPv4 or IPv6 address`),
		route("address = \"1.2.3.0\"\nmask_length = 24\ntype = \"gateway\"\nnext_hop {\n  gateway = \"10.1.1.254\"\n  priority = \"9\"\n}", `priority must be "default" or a whole number from 1 to 8`),
	}
	// The device's own rules, at apply: a route with host bits, and a
	// gateway route without a gateway.
	device := []osInvalidCase{
		route("address = \"1.2.3.4\"\nmask_length = 24\ntype = \"reject\"", `has host bits beyond mask-length 24`),
		route("address = \"1.2.5.0\"\nmask_length = 24\ntype = \"gateway\"", `a route of type gateway needs at least one next-hop gateway`),
	}
	var imports []osInvalidCase
	var ids []string
	for _, row := range osCollectionRows(t) {
		for _, id := range osCollectionCases[row.Name].badIDs {
			imports = append(imports, osInvalidCase{row: row.Name, body: row.Example, member: "2",
				want: osBadImportID(id, "<member_id>:<key>")})
			ids = append(ids, id)
		}
	}
	resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: protoV6ProviderFactories, ErrorCheck: osAllErrors(imports),
		Steps: []resource.TestStep{
			{Config: osInvalidConfig(t, dev, values, nil), PlanOnly: true, ExpectError: osInvalidError(values)},
			{Config: osInvalidConfig(t, dev, device, nil), ExpectError: osInvalidError(device)},
			{Config: osInvalidConfig(t, dev, imports, ids), PlanOnly: true},
		}})
}

// osVlansOutOfBand adds n VLAN interfaces to member 1 through the API and
// returns the identity checks of every VLAN interface member 1 lists.
func osVlansOutOfBand(t *testing.T, dev *testDevice, n int) []map[string]knownvalue.Check {
	for i := range n {
		dev.raw(t, "add-vlan-interface", map[string]any{"parent": "eth2", "id": 301 + i, "comments": "out of band", "member-id": "1"})
	}
	answer := dev.raw(t, "show-vlan-interfaces", map[string]any{"member-id": "1"})
	var ids []map[string]knownvalue.Check
	objects, _ := answer["objects"].([]any)
	for _, o := range objects {
		m, _ := o.(map[string]any)
		name, _ := m["name"].(string)
		parent, id, _ := strings.Cut(name, ".")
		n, err := strconv.ParseInt(id, 10, 64)
		if err != nil {
			t.Fatalf("show-vlan-interfaces: name %q", name)
		}
		ids = append(ids, map[string]knownvalue.Check{attrMemberID: knownvalue.StringExact("1"),
			"parent": knownvalue.StringExact(parent), "resource_id": knownvalue.Int64Exact(n)})
	}
	return ids
}

// osStaticRoutesOutOfBand adds n static routes to member 1 through the API
// and returns the identity checks of every route member 1 lists.
func osStaticRoutesOutOfBand(t *testing.T, dev *testDevice, n int) []map[string]knownvalue.Check {
	for i := range n {
		dev.raw(t, "set-static-route", map[string]any{"address": fmt.Sprintf("198.51.%d.0", 100+i), "mask-length": 24,
			"type": "gateway", "next-hop": []any{map[string]any{"gateway": "10.1.1.254"}}, "comment": "out of band", "member-id": "1"})
	}
	answer := dev.raw(t, "show-static-routes", map[string]any{"member-id": "1", "limit": 500})
	var ids []map[string]knownvalue.Check
	objects, _ := answer["objects"].([]any)
	for _, o := range objects {
		m, _ := o.(map[string]any)
		ml, err := strconv.ParseInt(fmt.Sprint(m["mask-length"]), 10, 64)
		if err != nil {
			t.Fatalf("show-static-routes: mask-length %v", m["mask-length"])
		}
		address, _ := m["address"].(string)
		ids = append(ids, map[string]knownvalue.Check{attrMemberID: knownvalue.StringExact("1"),
			"address": knownvalue.StringExact(address), "mask_length": knownvalue.Int64Exact(ml)})
	}
	return ids
}

// osKeyedOutOfBand adds an object of a collection keyed by one field (wire
// name key, attribute attr) to member 1 through the API for each body, and
// returns the identity checks of every object member 1 lists.
func osKeyedOutOfBand(t *testing.T, dev *testDevice, add, show, key, attr string, bodies ...map[string]any) []map[string]knownvalue.Check {
	for _, b := range bodies {
		b["member-id"] = "1"
		dev.raw(t, add, b)
	}
	answer := dev.raw(t, show, map[string]any{"member-id": "1"})
	var ids []map[string]knownvalue.Check
	objects, _ := answer["objects"].([]any)
	for _, o := range objects {
		m, _ := o.(map[string]any)
		v, _ := m[key].(string)
		ids = append(ids, map[string]knownvalue.Check{attrMemberID: knownvalue.StringExact("1"), attr: knownvalue.StringExact(v)})
	}
	return ids
}

// TestAccOSQueryCollections lists member 1's static routes, VLAN
// interfaces, remote syslog servers and SNMP trap receivers (the seeded
// ones and two of each made out of band), with their resources, and member
// 2's (without the two).
func TestAccOSQueryCollections(t *testing.T) {
	acctest.PreCheck(t)
	acctest.RequireQuery(t)
	t.Parallel()
	dev := startDevice(t, nil)
	ids := osStaticRoutesOutOfBand(t, dev, 2)
	vlans := osVlansOutOfBand(t, dev, 2)
	syslogs := osKeyedOutOfBand(t, dev, "add-remote-syslog", "show-remote-syslogs", "server-ip", "server_ip",
		map[string]any{"server-ip": "192.0.2.71", "level": "info"}, map[string]any{"server-ip": "192.0.2.72", "level": "err"})
	receivers := osKeyedOutOfBand(t, dev, "add-snmp-trap-receiver", "show-snmp-trap-receivers", "address", "address",
		map[string]any{"address": "192.0.2.81", "version": "v3"}, map[string]any{"address": "192.0.2.82", "version": "v3"})
	config := acctest.ListBlock("fwmgr_os_static_route", "m1", true, `member_id = "1"`) +
		acctest.ListBlock("fwmgr_os_static_route", "m2", false, `member_id = "2"`) +
		acctest.ListBlock("fwmgr_os_vlan_interface", "m1", true, `member_id = "1"`) +
		acctest.ListBlock("fwmgr_os_vlan_interface", "m2", false, `member_id = "2"`) +
		acctest.ListBlock("fwmgr_os_remote_syslog", "m1", true, `member_id = "1"`) +
		acctest.ListBlock("fwmgr_os_remote_syslog", "m2", false, `member_id = "2"`) +
		acctest.ListBlock("fwmgr_os_snmp_trap_receiver", "m1", true, `member_id = "1"`) +
		acctest.ListBlock("fwmgr_os_snmp_trap_receiver", "m2", false, `member_id = "2"`)
	checks := acctest.ExpectIdentities("fwmgr_os_static_route.m1", ids...)
	checks = append(checks, querycheck.ExpectLength("fwmgr_os_static_route.m2", len(ids)-2))
	checks = append(checks, acctest.ExpectIdentities("fwmgr_os_vlan_interface.m1", vlans...)...)
	checks = append(checks, querycheck.ExpectLength("fwmgr_os_vlan_interface.m2", len(vlans)-2))
	checks = append(checks, acctest.ExpectIdentities("fwmgr_os_remote_syslog.m1", syslogs...)...)
	checks = append(checks, querycheck.ExpectLength("fwmgr_os_remote_syslog.m2", len(syslogs)-2))
	checks = append(checks, acctest.ExpectIdentities("fwmgr_os_snmp_trap_receiver.m1", receivers...)...)
	checks = append(checks, querycheck.ExpectLength("fwmgr_os_snmp_trap_receiver.m2", len(receivers)-2))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: dev.providerBlock()},
			{Query: true, Config: config, QueryResultChecks: checks},
		},
	})
}
