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
		objs = append(objs, &mobj{
			UID: predefinedUID(domain, p.name), Name: p.name, Type: p.typ, Domain: domain, Fields: f,
			Predefined: true, Creator: predefinedCreator, Created: predefinedTime, Modifier: predefinedCreator, Modified: predefinedTime,
		})
	}
	predefinedCache[domain] = objs
	return objs
}
