package fwmgr

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The request bodies the data sources send are the contract: these pin
// their exact bytes (what the client marshals) for commands of each kind of
// input, and the inputs every data source derives from its request type.
func TestRequestBodiesAreUnchanged(t *testing.T) {
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	num := func(n int64) tftypes.Value { return tftypes.NewValue(tftypes.Number, big.NewFloat(float64(n))) }
	strSet := func(s ...string) tftypes.Value {
		vals := make([]tftypes.Value, len(s))
		for i, x := range s {
			vals[i] = str(x)
		}
		return tftypes.NewValue(tftypes.Set{ElementType: tftypes.String}, vals)
	}
	filterType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"instance_id": tftypes.Set{ElementType: tftypes.String}, "source": tftypes.String, "destination": tftypes.String,
		"ip_protocol": tftypes.Number, "source_port": tftypes.Number, "destination_port": tftypes.Number, "ip_version": tftypes.String}}
	// filter is a block of one object, as upstream's: a list in the
	// configuration.
	filter := tftypes.NewValue(tftypes.List{ElementType: filterType}, []tftypes.Value{tftypes.NewValue(filterType, map[string]tftypes.Value{
		"instance_id": tftypes.NewValue(tftypes.Set{ElementType: tftypes.String}, nil), "source": str("10.1.1.20"),
		"destination": tftypes.NewValue(tftypes.String, nil), "ip_protocol": num(6), "source_port": tftypes.NewValue(tftypes.Number, nil),
		"destination_port": num(443), "ip_version": str("v4")})})

	for name, tc := range map[string]struct {
		config map[string]tftypes.Value
		want   string
	}{
		"asset":          {map[string]tftypes.Value{}, `{}`},
		"cluster_state":  {map[string]tftypes.Value{"member_id": str("2")}, `{"member-id":"2"}`},
		"bgp_errors":     {map[string]tftypes.Value{"limit": num(5), "offset": num(0), "order": str("DESC")}, `{"limit":5,"offset":0,"order":"DESC"}`},
		"bgp_routes_in":  {map[string]tftypes.Value{"limit": num(5), "peer": str("10.1.1.20"), "member_id": str("2")}, `{"limit":5,"member-id":"2","peer":"10.1.1.20"}`},
		"bgp_route_out":  {map[string]tftypes.Value{"address": str("172.20.0.0"), "mask_length": num(24)}, `{"address":"172.20.0.0","mask-length":24}`},
		"routes_static":  {map[string]tftypes.Value{"address_family": str("inet6"), "virtual_system_id": num(1), "offset": num(2)}, `{"address-family":"inet6","offset":2,"virtual-system-id":1}`},
		"interfaces":     {map[string]tftypes.Value{"names": strSet("eth1", "bond0"), "virtual_system_id": num(0)}, `{"names":["eth1","bond0"],"virtual-system-id":0}`},
		"dynamic_layer":  {map[string]tftypes.Value{"name": str("dyn-tenant-vs1"), "virtual_system_id": str("1")}, `{"name":"dyn-tenant-vs1","virtual-system-id":"1"}`},
		"ip_conflicts":   {map[string]tftypes.Value{"limit": num(2)}, `{"limit":2}`},
		"igmp_groups":    {map[string]tftypes.Value{"type": str("static"), "interface": str("eth2"), "order": str("ASC")}, `{"interface":"eth2","order":"ASC","type":"static"}`},
		"ospf_neighbors": {map[string]tftypes.Value{"protocol_instance": str("default")}, `{"protocol-instance":"default"}`},
		"connections": {map[string]tftypes.Value{"max_results": str("all"), "use_preset": tftypes.NewValue(tftypes.Bool, true),
			"preset": strSet("https"), "filter": filter},
			`{"filter":{"destination-port":443,"ip-protocol":6,"ip-version":"v4","source":"10.1.1.20"},"max-results":"all","preset":["https"],"use-preset":true}`},
	} {
		t.Run(name, func(t *testing.T) {
			s := specNamed(t, name)
			payload, err := s.payload(tc.config)
			require.NoError(t, err)
			b, err := json.Marshal(payload)
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(b))
		})
	}

	// The inputs of every data source: name, wire name, kind, required.
	var sig strings.Builder
	for _, s := range showTable {
		fmt.Fprintf(&sig, "%s member=%t:", s.Name, s.cmd.MemberRouting)
		for _, in := range s.inputs {
			fmt.Fprintf(&sig, " %s/%s/%d/%t", in.Name, in.Wire, in.Kind, in.Required)
			if in.Object != nil {
				for _, f := range wireFields(in.Object) {
					fmt.Fprintf(&sig, "[%s]", f.json)
				}
			}
		}
		sig.WriteString("\n")
	}
	sum := sha256.Sum256([]byte(sig.String()))
	assert.Equal(t, "8fd36c7ea60727a2f2094364", hex.EncodeToString(sum[:12]), "the inputs of the data sources changed:\n%s", sig.String())
}

func specNamed(t *testing.T, name string) showSpec {
	t.Helper()
	for _, s := range showTable {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no data source %s", name)
	return showSpec{}
}
