package reliability

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// r4MgmtCase is one invalid management resource: a body whose one bad
// value breaks a rule the provider knows without the server (the API's
// field shapes, ranges and value lists), the attribute the error must name
// and a fragment of the rule it must state.
type r4MgmtCase struct {
	name, resource, body, attribute, expect string
}

var r4MgmtCases = []r4MgmtCase{
	{"host-ipv4-octet", "host", `ipv4_address = "10.0.0.256"`, "ipv4_address", "is not an ipv4 address"},
	{"host-ipv4-short", "host", `ipv4_address = "10.0.0"`, "ipv4_address", "is not an ipv4 address"},
	{"host-ipv6", "host", `ipv6_address = "2001:db8::g1"`, "ipv6_address", "is not an ipv6 address"},
	{"host-color", "host", "ipv4_address = \"10.0.0.1\"\n  color = \"mauve\"", "color", "must be one of"},
	{"host-nat-method", "host", "ipv4_address = \"10.0.0.1\"\n  nat_settings {\n    auto_rule = true\n    method = \"dynamic\"\n  }", "method", "must be one of"},
	{"host-nat-ipv4", "host", "ipv4_address = \"10.0.0.1\"\n  nat_settings {\n    auto_rule = true\n    method = \"static\"\n    ipv4_address = \"300.1.1.1\"\n  }", "ipv4_address", "is not an ipv4 address"},
	{"network-mask-length4", "network", "subnet4 = \"10.1.0.0\"\n  mask_length4 = 33", "mask_length4", "between 0 and 32"},
	{"network-mask-length6", "network", "subnet6 = \"2001:db8::\"\n  mask_length6 = 129", "mask_length6", "between 0 and 128"},
	{"network-subnet4", "network", "subnet4 = \"10.1.0.0/16\"\n  mask_length4 = 16", "subnet4", "is not an ipv4 address"},
	{"network-subnet-mask", "network", "subnet4 = \"10.1.0.0\"\n  subnet_mask = \"255.255.0\"", "subnet_mask", "is not an ipv4 address"},
	{"network-broadcast", "network", "subnet4 = \"10.1.0.0\"\n  mask_length4 = 16\n  broadcast = \"sometimes\"", "broadcast", "must be one of"},
	{"address-range-first", "address_range", "ipv4_address_first = \"1.2.3\"\n  ipv4_address_last = \"1.2.3.9\"", "ipv4_address_first", "is not an ipv4 address"},
	{"address-range-last", "address_range", "ipv4_address_first = \"1.2.3.1\"\n  ipv4_address_last = \"1.2.3.x\"", "ipv4_address_last", "is not an ipv4 address"},
	{"multicast-first", "multicast_address_range", "ipv4_address_first = \"224.0.0.300\"\n  ipv4_address_last = \"224.0.0.9\"", "ipv4_address_first", "is not an ipv4 address"},
	{"wildcard-mask", "wildcard", "ipv4_address = \"10.0.0.0\"\n  ipv4_mask_wildcard = \"0.0.255.x\"", "ipv4_mask_wildcard", "is not an ipv4 address"},
	{"service-tcp-port-high", "service_tcp", `port = "70000"`, "port", "is not a port"},
	{"service-tcp-port-range", "service_tcp", `port = "20-70000"`, "port", "is not a port"},
	{"service-tcp-port-word", "service_tcp", `port = "http"`, "port", "is not a port"},
	{"service-udp-source-port", "service_udp", "port = \"53\"\n  source_port = \"0\"", "source_port", "is not a port"},
	{"service-tcp-session-timeout", "service_tcp", "port = \"8080\"\n  session_timeout = -1", "session_timeout", "between 0 and"},
	{"service-icmp-type", "service_icmp", `icmp_type = 256`, "icmp_type", "between 0 and 255"},
	{"service-icmp-code", "service_icmp", "icmp_type = 3\n  icmp_code = -1", "icmp_code", "between 0 and 255"},
	{"dns-domain-no-dot", "dns_domain", "is_sub_domain = false", "name", "leading dot"},
	{"time-start-date", "time", "start {\n    date = \"2025-01-31\"\n    time = \"10:00\"\n  }", "date", "dd-mmm-yyyy"},
	{"time-end-time", "time", "end {\n    date = \"31-Jan-2030\"\n    time = \"24:30\"\n  }", "time", "hh:mm"},
	{"time-hours-range-index", "time", "hours_ranges {\n    index = 4\n    enabled = true\n    from = \"08:00\"\n    to = \"09:00\"\n  }", "index", "between 1 and 3"},
	{"time-recurrence-pattern", "time", "recurrence {\n    pattern = \"Yearly\"\n  }", "pattern", "must be one of"},
}

// TestR4FwmgrManagementInvalidInputRejectedAtPlan: every static invalid
// input of the management resources is refused by terraform plan, naming
// the attribute and the rule, and no request reaches the server while it is
// checked. The cases live here rather than in testdata/invalid/fwmgr so
// that the management surface's list reads in one place.
func TestR4FwmgrManagementInvalidInputRejectedAtPlan(t *testing.T) {
	s := startServices(t, nil)
	rejected := 0
	for i, c := range r4MgmtCases {
		t.Run(c.name, func(t *testing.T) {
			name := fmt.Sprintf("r4m-%d", i)
			if c.resource == "dns_domain" {
				name = "www.r4m.example.com"
			}
			hcl := fmt.Sprintf("provider \"fwmgr\" {\n  context = \"web_api\"\n}\n\nresource \"fwmgr_management_%s\" \"bad\" {\n  name = %q\n  %s\n}\n",
				c.resource, name, c.body)
			before := s.requests["fwmgr"].count()
			dir := s.workdir(t, map[string]string{"main.tf": hcl})
			res := s.terraform(context.Background(), dir, nil, "plan", "-json", "-input=false", "-lock=false", "-refresh=false")
			if got := s.requests["fwmgr"].since(before); len(got) > 0 {
				t.Errorf("%d requests reached the fwmgr server: %v", len(got), got)
			}
			if res.err == nil {
				t.Fatalf("terraform plan accepted:\n%s", hcl)
			}
			errs := planErrors(res.out)
			var msgs []string
			for _, e := range errs {
				n := normalize(e.message)
				if strings.Contains(n, normalize(c.attribute)) && strings.Contains(n, normalize(c.expect)) {
					rejected++
					return
				}
				msgs = append(msgs, e.message)
			}
			t.Errorf("no error names %q with %q; errors:\n%s\n%s", c.attribute, c.expect, strings.Join(msgs, "\n"), lastOf(res.out, 2000))
		})
	}
	Report(t, Row{Scenario: "R4 invalid configurations, fwmgr management", Runs: 1, Checked: len(r4MgmtCases),
		Detail: fmt.Sprintf("%d of %d refused at plan naming the attribute, none reached the server", rejected, len(r4MgmtCases))})
	require.Equal(t, len(r4MgmtCases), rejected, "every invalid management input is refused naming its attribute")
}
