package fwmgr

import (
	"crypto/sha256"
	"encoding/hex"
	"sync"
	"time"
)

// Predefined objects: what a management server holds before anyone logs in
// (../shared/upstream-fixtures/fwmgr-management-needs.md lists what
// configurations reference by name). They are made in code, with UIDs
// derived from the domain and the name so that they are the same after a
// restart, and are never stored: nothing can change or delete them.

// predefinedCreator is meta-info's creator of the predefined objects.
const predefinedCreator = "System"

// predefinedTime is their creation time.
var predefinedTime = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)

// predefinedUID is the deterministic UID of the predefined object name of
// domain.
func predefinedUID(domain, name string) string {
	sum := sha256.Sum256([]byte("fwmgr-predefined/" + domain + "/" + name))
	h := hex.EncodeToString(sum[:16])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

type predef struct {
	name, typ string
	fields    map[string]any
	refs      map[string][]string // field -> names of other predefined objects
	// blockRefs are references inside a block: field -> the block's
	// field -> the name of another predefined object.
	blockRefs map[string]map[string]string
}

// predefinedServices are (name, type, port) of the predefined TCP, UDP and
// other services, a realistic subset of a server's.
var predefinedServices = []struct{ name, typ, port string }{
	{"http", "service-tcp", "80"}, {"https", "service-tcp", "443"}, {"ssh", "service-tcp", "22"},
	{"ftp", "service-tcp", "21"}, {"telnet", "service-tcp", "23"}, {"smtp", "service-tcp", "25"},
	{"pop-3", "service-tcp", "110"}, {"imap", "service-tcp", "143"}, {"ldap", "service-tcp", "389"},
	{"ldap-ssl", "service-tcp", "636"}, {"microsoft-ds", "service-tcp", "445"}, {"Remote_Desktop_Protocol", "service-tcp", "3389"},
	{"domain-tcp", "service-tcp", "53"}, {"HP-OpCdistm", "service-tcp", "383"}, {"EDGE", "service-tcp", "4001"},
	{"http_and_https_proxy", "service-tcp", "8080"}, {"ssl_v3", "service-tcp", "443"},
	{"domain-udp", "service-udp", "53"}, {"bootp", "service-udp", "67"}, {"ntp-udp", "service-udp", "123"},
	{"snmp", "service-udp", "161"}, {"syslog", "service-udp", "514"}, {"tftp", "service-udp", "69"},
	{"dhcp-request", "service-udp", "67"}, {"dhcp-reply", "service-udp", "68"}, {"IKE", "service-udp", "500"},
}

func predefinedList() []predef {
	list := []predef{{name: "Any", typ: "CpmiAnyObject"}}
	for _, sv := range predefinedServices {
		list = append(list, predef{name: sv.name, typ: sv.typ, fields: map[string]any{"port": sv.port}})
	}
	list = append(list,
		predef{name: "nisplus", typ: "service-rpc", fields: map[string]any{"program-number": int64(100300)}},
		predef{name: "HTTPS default services", typ: "service-group", refs: map[string][]string{"members": {"https", "ssl_v3"}}},
		predef{name: "DMZNet", typ: "network", fields: map[string]any{"subnet4": "172.16.10.0", "mask-length4": int64(24)}},
		predef{name: "InternalNet", typ: "network", fields: map[string]any{"subnet4": "10.0.0.0", "mask-length4": int64(8)}},
		predef{name: "CP_default_Office_Mode_addresses_pool", typ: "network", fields: map[string]any{"subnet4": "172.16.0.0", "mask-length4": int64(24)}},
		predef{name: "DMZZone", typ: "security-zone"},
		predef{name: "WirelessZone", typ: "security-zone"},
		predef{name: "InternalZone", typ: "security-zone"},
		predef{name: "ExternalZone", typ: "security-zone"},
		predef{name: "CPDShield", typ: "CpmiHostCkp"},
		predef{name: "Internet", typ: "CpmiAnyObject"},
		predef{name: "All_GwToGw", typ: "CpmiAnyObject"},
		// Policy: the Standard package, its layers and its installation
		// target, as a server has them out of the box. "Policy Targets"
		// and "Policy HTTPS Targets" stand for the gateways a package is
		// installed on, in a rule's install-on.
		predef{name: "Policy Targets", typ: "CpmiAnyObject"},
		predef{name: "Policy HTTPS Targets", typ: "CpmiAnyObject"},
		predef{name: "corporate-gateway", typ: "simple-gateway", fields: map[string]any{
			"ipv4-address": "192.0.2.254", "version": "R81", "os-name": "Gaia", "hardware": "Open server", "firewall": true}},
		// A second gateway, not a target of Standard: a branch office's.
		predef{name: "branch-gateway", typ: "simple-gateway", fields: map[string]any{
			"ipv4-address": "198.51.100.254", "version": "R81", "os-name": "Gaia", "hardware": "Open server", "firewall": true}},
		predef{name: "Network", typ: "access-layer", fields: map[string]any{
			"applications-and-url-filtering": false, "firewall": true, "shared": false, "add-default-rule": true}},
		predef{name: "Standard Threat Prevention", typ: "threat-layer", fields: map[string]any{"add-default-rule": true}},
		predef{name: "Default Layer", typ: "https-layer", fields: map[string]any{"shared": false}},
		predef{name: "Standard", typ: "package", fields: map[string]any{
			"access": true, "threat-prevention": true, "https-inspection": true, "qos": false, "desktop-security": false},
			refs: map[string][]string{
				"access-layers": {"Network"}, "threat-layers": {"Standard Threat Prevention"},
				"installation-targets": {"corporate-gateway"}},
			blockRefs: map[string]map[string]string{"https-inspection-layers": {"outbound-https-layer": "Default Layer"}}},
		// Users: the template every user starts from, and the
		// authentication servers a user's radius-server and
		// tacacs-server name.
		predef{name: "Default", typ: "user-template", fields: map[string]any{
			"authentication-method": "undefined", "connect-daily": true, "from-hour": "00:00", "to-hour": "23:59",
			"expiration-by-global-properties": true}},
		predef{name: "RADIUS_Server_1", typ: "radius-server"},
		predef{name: "TACACS_Server_1", typ: "tacacs-server"},
	)
	for _, c := range []string{"Social Networking", "Instant Chat", "Instant Messaging", "Shopping", "Supports Streaming", "Gambling", "Search Engines / Portals"} {
		list = append(list, predef{name: c, typ: "application-site-category", fields: map[string]any{"description": c}})
	}
	list = append(list,
		predef{name: "Facebook", typ: "application-site", fields: map[string]any{"url-list": []any{"facebook.com"}}, refs: map[string][]string{"primary-category": {"Social Networking"}}},
		predef{name: "LinkedIn", typ: "application-site", fields: map[string]any{"url-list": []any{"linkedin.com"}}, refs: map[string][]string{"primary-category": {"Social Networking"}}},
		predef{name: "Facebook Apps", typ: "application-site", refs: map[string][]string{"primary-category": {"Social Networking"}}},
	)
	return list
}

var (
	predefinedMu    sync.Mutex
	predefinedCache = map[string][]*mobj{}
)

// predefinedObjects are the domain's predefined objects. Callers must not
// change them.
func predefinedObjects(domain string) []*mobj {
	predefinedMu.Lock()
	defer predefinedMu.Unlock()
	if objs, ok := predefinedCache[domain]; ok {
		return objs
	}
	var objs []*mobj
	for _, p := range predefinedList() {
		f := map[string]any{"color": "black", "comments": ""}
		for k, v := range p.fields {
			f[k] = v
		}
		for k, names := range p.refs {
			uids := make([]any, len(names))
			for i, n := range names {
				uids[i] = predefinedUID(domain, n)
			}
			if k == "primary-category" {
				f[k] = uids[0]
			} else {
				f[k] = uids
			}
		}
		for k, refs := range p.blockRefs {
			b := map[string]any{}
			for sub, n := range refs {
				b[sub] = predefinedUID(domain, n)
			}
			f[k] = b
		}
		objs = append(objs, &mobj{
			UID: predefinedUID(domain, p.name), Name: p.name, Type: p.typ, Domain: domain, Fields: f,
			Predefined: true, Creator: predefinedCreator, Created: predefinedTime, Modifier: predefinedCreator, Modified: predefinedTime,
		})
	}
	predefinedCache[domain] = objs
	return objs
}

// Objects of a domain's own. Besides the predefined objects, which every
// domain has alike, the domains other than the default hold a few ordinary
// objects, as a real multi-domain server's do: Branch-East and Branch-West
// their branch's networks, Global the shared ones. They are written to the
// store, published, the first time a session loads the domain (seedDomain),
// so that they can be changed and deleted like any object; their UIDs and
// times are fixed, so every fresh sandbox holds the same ones.
//
// Branch-East holds no host: the reliability suites (R8) read "no host" in
// Branch-East as the proof that no host of SMC User leaks there.
var domainSeeds = map[string][]predef{
	"Branch-East": {
		{name: "East-LAN", typ: "network", fields: map[string]any{"subnet4": "10.20.0.0", "mask-length4": 16, "comments": "Branch-East office LAN"}},
		{name: "East-DMZ", typ: "network", fields: map[string]any{"subnet4": "10.21.0.0", "mask-length4": 24, "comments": "Branch-East DMZ"}},
		{name: "East-DHCP-Pool", typ: "address-range", fields: map[string]any{"ipv4-address-first": "10.20.100.1", "ipv4-address-last": "10.20.100.254"}},
		{name: "East-Networks", typ: "group", refs: map[string][]string{"members": {"East-LAN", "East-DMZ", "East-DHCP-Pool"}}},
		{name: "East-Intranet", typ: "service-tcp", fields: map[string]any{"port": "8443", "comments": "Branch-East intranet portal"}},
	},
	"Branch-West": {
		{name: "West-LAN", typ: "network", fields: map[string]any{"subnet4": "10.30.0.0", "mask-length4": 16, "comments": "Branch-West office LAN"}},
		{name: "west-fileserver", typ: "host", fields: map[string]any{"ipv4-address": "10.30.1.10", "color": "blue"}},
		{name: "west-printer", typ: "host", fields: map[string]any{"ipv4-address": "10.30.1.20"}},
		{name: "West-Servers", typ: "group", refs: map[string][]string{"members": {"west-fileserver", "west-printer"}}},
	},
	"Global": {
		{name: "Global-DNS", typ: "host", fields: map[string]any{"ipv4-address": "198.51.100.53", "comments": "DNS server shared by every domain"}},
		{name: "Global-NTP", typ: "host", fields: map[string]any{"ipv4-address": "198.51.100.123", "ipv6-address": "2001:db8:100::123"}},
		{name: "Global-Partners", typ: "network", fields: map[string]any{"subnet4": "203.0.113.0", "mask-length4": 24, "comments": "Partner extranet"}},
		{name: "Global-Services", typ: "group", refs: map[string][]string{"members": {"Global-DNS", "Global-NTP"}}},
		{name: "Global-App", typ: "service-tcp", fields: map[string]any{"port": "9443"}},
	},
}

// seedUID is the fixed UID of a seeded object.
func seedUID(domain, name string) string { return predefinedUID(domain, "seed/"+name) }

// seedObjects are the objects domainSeeds gives the domain, with the
// values the store gives back (numbers as float64), references as UIDs.
func seedObjects(domain string) []mobj {
	var out []mobj
	for _, p := range domainSeeds[domain] {
		f := map[string]any{}
		for k, v := range p.fields {
			if n, ok := v.(int); ok {
				v = float64(n)
			}
			f[k] = v
		}
		for k, names := range p.refs {
			uids := make([]any, len(names))
			for i, n := range names {
				uids[i] = seedUID(domain, n)
			}
			f[k] = uids
		}
		out = append(out, mobj{UID: seedUID(domain, p.name), Name: p.name, Type: p.typ, Domain: domain, Fields: f,
			Creator: predefinedCreator, Created: predefinedTime, Modifier: predefinedCreator, Modified: predefinedTime})
	}
	return out
}
