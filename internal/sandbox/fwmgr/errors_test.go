package fwmgr_test

import (
	"net/http"
	"testing"

	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

func TestRequestErrors(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	for name, tc := range map[string]struct {
		path, body string
		status     int
		code       string
		words      []string
	}{
		"missing peer":          {"/os_api/v1.8/show-bgp-peer", `{}`, 400, "generic_err_missing_required_parameters", []string{"[peer]"}},
		"empty peer":            {"/os_api/v1.8/show-bgp-peer", `{"peer": ""}`, 400, "generic_err_missing_required_parameters", []string{"[peer]"}},
		"missing mask-length":   {"/os_api/v1.8/show-bgp-route-in", `{"address": "198.18.0.0"}`, 400, "generic_err_missing_required_parameters", []string{"mask-length"}},
		"missing both":          {"/os_api/v1.8/show-diagnostics", `{}`, 400, "generic_err_missing_required_parameters", []string{"category", "topic"}},
		"missing limit":         {"/os_api/v1.8/show-ip-conflicts", `{}`, 400, "generic_err_missing_required_parameters", []string{"[limit]"}},
		"missing name":          {"/os_api/v1.8/show-interface", `{"virtual-system-id": 0}`, 400, "generic_err_missing_required_parameters", []string{"[name]"}},
		"unknown input":         {"/os_api/v1.8/show-bgp-peers", `{"page": 2}`, 400, "generic_err_invalid_parameter_name", []string{"page"}},
		"wrong type":            {"/os_api/v1.8/show-bgp-peers", `{"limit": "ten"}`, 400, "generic_err_invalid_syntax", []string{"limit"}},
		"not an object":         {"/os_api/v1.8/show-bgp-peers", `[1, 2]`, 400, "generic_err_invalid_syntax", nil},
		"unknown peer":          {"/os_api/v1.8/show-bgp-peer", `{"peer": "192.0.2.99"}`, 404, "generic_err_object_not_found", []string{"192.0.2.99"}},
		"prefix never received": {"/os_api/v1.8/show-bgp-route-in", `{"address": "192.0.2.0", "mask-length": 24}`, 404, "generic_err_object_not_found", []string{"192.0.2.0/24"}},
		"bad address":           {"/os_api/v1.8/show-bgp-route-out", `{"address": "nope", "mask-length": 24}`, 400, "generic_err_invalid_parameter", []string{"[address]"}},
		"bad mask":              {"/os_api/v1.8/show-bgp-route-out", `{"address": "172.20.0.0", "mask-length": 40}`, 400, "generic_err_invalid_parameter", []string{"[mask-length]"}},
		"unknown interface":     {"/os_api/v1.8/show-interface", `{"name": "eth99"}`, 404, "generic_err_object_not_found", []string{"eth99"}},
		"unknown category":      {"/os_api/v1.8/show-diagnostics", `{"category": "disk", "topic": "root"}`, 404, "generic_err_object_not_found", []string{"[category]", "categories: os"}},
		"unknown topic":         {"/os_api/v1.8/show-diagnostics", `{"category": "os", "topic": "x"}`, 404, "generic_err_object_not_found", []string{"[topic]", "cpu, disk, memory"}},
		"ip conflicts limit":    {"/os_api/v1.8/show-ip-conflicts", `{"limit": 0}`, 400, "generic_err_invalid_parameter", []string{"[limit]"}},
		"igmp type":             {"/os_api/v1.8/show-igmp-groups", `{"type": "bogus"}`, 400, "generic_err_invalid_parameter", []string{"[type]"}},
		"bootp summary":         {"/os_api/v1.8/show-bootp-stats", `{"summary": "everything"}`, 400, "generic_err_invalid_parameter", []string{"[summary]"}},
		"address family":        {"/os_api/v1.8/show-routes", `{"address-family": "ipx"}`, 400, "generic_err_invalid_parameter", []string{"[address-family]"}},
		"preset without use":    {"/os_api/v1.8/show-connections", `{"preset": ["dns"]}`, 400, "generic_err_invalid_parameter", []string{"[use-preset]"}},
		"unknown preset":        {"/os_api/v1.8/show-connections", `{"preset": ["nope"], "use-preset": true}`, 404, "generic_err_object_not_found", []string{"nope"}},
		"max-results":           {"/os_api/v1.8/show-connections", `{"max-results": "many"}`, 400, "generic_err_invalid_syntax", nil},
		"unknown command":       {"/os_api/v1.8/show-everything", `{}`, 404, "generic_err_command_not_found", []string{"show-everything"}},
		"web_api show":          {"/web_api/v1.8/show-interfaces", `{}`, 404, "generic_err_command_not_found", []string{"os_api"}},
		"bad version":           {"/os_api/v9.9/show-interfaces", `{}`, 404, "generic_err_invalid_api_version", []string{"v9.9", "1.8"}},
		"unknown cloud":         {"/somewhere/os_api/login", `{}`, 404, "generic_err_object_not_found", []string{"somewhere"}},
		"bad path":              {"/somewhere", `{}`, 404, "generic_err_command_not_found", []string{"/somewhere", "os_api"}},
		"root":                  {"/", `{}`, 404, "generic_err_command_not_found", []string{"os_api"}},
	} {
		t.Run(name, func(t *testing.T) {
			requireError(t, post(t, sb, tc.path, sid, tc.body), tc.status, tc.code, tc.words...)
		})
	}
	requireError(t, do(t, sb, http.MethodGet, "/os_api/v1.8/show-interfaces", sid, ""), 405, "generic_err_method_not_allowed", "POST")
}
