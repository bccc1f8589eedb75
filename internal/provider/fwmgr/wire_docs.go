package fwmgr

import (
	"fmt"
	"strings"
)

// fieldDocs documents the OS API's most common field names, wherever they
// appear; other fields are described from their names (fieldDescription).
var fieldDocs = map[string]string{
	"from":                    "Position (1-based) of the first object of the page; 0 when the page is empty.",
	"to":                      "Position of the last object of the page; 0 when the page is empty.",
	"total":                   "Number of objects of the whole list, after filters.",
	"objects":                 "The objects.",
	"name":                    "Name.",
	"type":                    "Type.",
	"enabled":                 "Whether it is enabled.",
	"status":                  "Status.",
	"state":                   "State.",
	"comments":                "Comments.",
	"address":                 "IP address.",
	"mask-length":             "Mask length of the prefix.",
	"ipv4-address":            "IPv4 address.",
	"ipv4-mask-length":        "IPv4 mask length.",
	"ipv6-address":            "IPv6 address.",
	"ipv6-mask-length":        "IPv6 mask length.",
	"ipv6-local-link-address": "IPv6 link-local address.",
	"ipv6-autoconfig":         "Whether the IPv6 address is configured automatically.",
	"interface":               "Interface name.",
	"parent":                  "Parent interface.",
	"member-id":               "Cluster member the object belongs to.",
	"virtual-system-id":       "Virtual system.",
	"peer":                    "Address (peer ID) of the BGP peer.",
	"as":                      "Autonomous system number.",
	"local-as":                "Local autonomous system number.",
	"remote-as":               "Remote autonomous system number.",
	"nexthop":                 "Next-hop address.",
	"next-hop":                "Next-hop address.",
	"protocol":                "Protocol.",
	"priority":                "Priority.",
	"metric":                  "Metric.",
	"mode":                    "Mode.",
	"level":                   "Level.",
	"mtu":                     "Maximum transmission unit, in bytes.",
	"speed":                   "Link speed.",
	"duplex":                  "Duplex mode.",
	"link-state":              "Whether the link is up.",
	"tx-bytes":                "Bytes transmitted.",
	"rx-bytes":                "Bytes received.",
	"tx-packets":              "Packets transmitted.",
	"rx-packets":              "Packets received.",
	"mac-address":             "MAC address.",
	"dhcp":                    "DHCP client settings.",
	"dhcp6":                   "DHCPv6 client settings.",
	"uptime":                  "Seconds since the session came up.",
	"description":             "Description.",
	"hostname":                "Host name.",
	"serial-number":           "Serial number.",
	"key":                     "Name of the item.",
	"value":                   "Value of the item.",
}

// fieldDescription describes a wire field for the docs: from fieldDocs,
// else from its name; each names the OS API field.
func fieldDescription(f wireField) string {
	if f.doc != "" {
		return f.doc
	}
	text, ok := fieldDocs[f.json]
	if !ok {
		words := strings.ReplaceAll(f.json, "-", " ")
		text = strings.ToUpper(words[:1]) + words[1:] + "."
	}
	return fmt.Sprintf("%s (OS API field `%s`).", strings.TrimSuffix(text, "."), f.json)
}
