package fwmgr

import (
	"fmt"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// The set commands of the system singletons (api.Sets): host name, DNS, NTP,
// time zone, banner, message of the day, proxy and allowed clients. Each handler checks its inputs before anything changes and
// returns the change of one member's settings.

// hostnameRule is the rule of a host name, as the messages give it; the
// provider checks the same rule at plan (api.CheckHostname).
const hostnameRule = api.HostnameRule

// validHostname is the shared rule of host names (api.ValidHostname).
func validHostname(name string) bool { return api.ValidHostname(name) }

// checkAddress refuses a value that is not an IPv4 or IPv6 address; empty
// is allowed when optional (it removes the setting).
func checkAddress(field, value string, optional bool) error {
	if value == "" && optional {
		return nil
	}
	if a, err := netip.ParseAddr(value); err != nil || a.Zone() != "" {
		return invalid(field, "must be an IPv4 or IPv6 address%s, got %q", map[bool]string{true: ` or "" (none)`}[optional], value)
	}
	return nil
}

func setHostname(_ *call, r *api.SetHostnameRequest) (func(m *memberSettings) error, error) {
	if !validHostname(r.Name) {
		return nil, invalid("name", "%s; got %q", hostnameRule, r.Name)
	}
	return func(m *memberSettings) error {
		m.Hostname = r.Name
		return nil
	}, nil
}

func setTimeAndDate(c *call, r *api.SetTimeAndDateRequest) (func(m *memberSettings) error, error) {
	if !slices.Contains(c.dev.Timezones, r.Timezone) {
		return nil, invalid("timezone", "must be a time zone of show-timezones, written as it lists them (Area / Region, with the spaces around the slash): %s; got %q",
			strings.Join(c.dev.Timezones, ", "), r.Timezone)
	}
	return func(m *memberSettings) error {
		m.Timezone = r.Timezone
		return nil
	}, nil
}

// NTP server types: server and pool, and primary and secondary of older
// API versions.
var ntpServerTypes = []string{"server", "pool", "primary", "secondary"}

// Defaults of an NTP server that leaves them out (or sends upstream's
// empty values, "" and 0).
const (
	defaultNTPType    = "server"
	defaultNTPVersion = 4
)

func setNTP(_ *call, r *api.SetNtpRequest) (func(m *memberSettings) error, error) {
	var servers []api.NTPServer
	if r.Servers != nil {
		servers = []api.NTPServer{}
		for i, in := range *r.Servers {
			field := fmt.Sprintf("servers[%d]", i)
			if _, err := netip.ParseAddr(in.Address); err != nil && !validHostname(in.Address) {
				return nil, invalid(field+".address", "must be an IPv4 or IPv6 address or a host name, got %q", in.Address)
			}
			if slices.ContainsFunc(servers, func(s api.NTPServer) bool { return s.Address == in.Address }) {
				return nil, invalid(field+".address", "%q is given twice: each server once", in.Address)
			}
			s := api.NTPServer(in)
			if s.Type == "" {
				s.Type = defaultNTPType
			}
			if !slices.Contains(ntpServerTypes, s.Type) {
				return nil, invalid(field+".type", "must be one of %v, got %q", ntpServerTypes, in.Type)
			}
			if s.Version == 0 {
				s.Version = defaultNTPVersion
			}
			if s.Version < 1 || s.Version > 4 {
				return nil, invalid(field+".version", "must be between 1 and 4 (0 or left out is 4), got %d", in.Version)
			}
			servers = append(servers, s)
		}
	}
	return func(m *memberSettings) error {
		next := m.NTP
		if r.Enabled != nil {
			next.Enabled = *r.Enabled
		}
		if servers != nil {
			next.Servers = servers
			// A server no longer there is no longer preferred.
			if !slices.ContainsFunc(servers, func(s api.NTPServer) bool { return s.Address == next.Preferred }) {
				next.Preferred = ""
			}
		}
		if r.Preferred != nil {
			p := *r.Preferred
			if p != "" && !slices.ContainsFunc(next.Servers, func(s api.NTPServer) bool { return s.Address == p }) {
				addrs := make([]string, 0, len(next.Servers))
				for _, s := range next.Servers {
					addrs = append(addrs, s.Address)
				}
				return invalid("preferred", "must be the address of one of the servers (%s) or \"\" (none), got %q", strings.Join(addrs, ", "), p)
			}
			next.Preferred = p
		}
		m.NTP = next
		return nil
	}, nil
}

func setDNS(c *call, r *api.SetDnsRequest) (func(m *memberSettings) error, error) {
	for _, in := range []struct {
		field string
		value *string
	}{{"primary", r.Primary}, {"secondary", r.Secondary}, {"tertiary", r.Tertiary}} {
		if in.value != nil {
			if err := checkAddress(in.field, *in.value, true); err != nil {
				return nil, err
			}
		}
	}
	if r.Suffix != nil && *r.Suffix != "" && !validHostname(*r.Suffix) {
		return nil, invalid("suffix", "must be a domain name (%s) or \"\" (none), got %q", strings.TrimPrefix(hostnameRule, "must be a host name: "), *r.Suffix)
	}
	var domains []api.DNSForwardingDomain
	if r.ForwardingDomains != nil {
		domains = []api.DNSForwardingDomain{}
		for i, d := range *r.ForwardingDomains {
			field := fmt.Sprintf("forwarding-domains[%d]", i)
			if !validHostname(d.Suffix) {
				return nil, invalid(field+".suffix", "must be a domain name, got %q", d.Suffix)
			}
			if slices.ContainsFunc(domains, func(x api.DNSForwardingDomain) bool { return x.Suffix == d.Suffix }) {
				return nil, invalid(field+".suffix", "%q is given twice: each domain once", d.Suffix)
			}
			if err := checkAddress(field+".primary", d.Primary, false); err != nil {
				return nil, err
			}
			if err := checkAddress(field+".secondary", d.Secondary, true); err != nil {
				return nil, err
			}
			if err := checkAddress(field+".tertiary", d.Tertiary, true); err != nil {
				return nil, err
			}
			domains = append(domains, d)
		}
	}
	if l := r.ListeningInterfaces; l != nil {
		for _, name := range slices.Concat(l.List, l.Add, l.Remove) {
			if _, ok := c.ifaces().Interface(name); !ok {
				return nil, invalid("listening-interfaces", "no interface %q in virtual system %d", name, c.vs.ID)
			}
		}
		for _, names := range [][]string{l.List, l.Add, l.Remove} {
			for i, name := range names {
				if slices.Contains(names[:i], name) {
					return nil, invalid("listening-interfaces", "interface %q is given twice", name)
				}
			}
		}
	}
	vs := strconv.FormatInt(c.vs.ID, 10)
	return func(m *memberSettings) error {
		next := m.DNS[vs]
		for _, in := range []struct {
			to    *string
			value *string
		}{{&next.Primary, r.Primary}, {&next.Secondary, r.Secondary}, {&next.Tertiary, r.Tertiary}, {&next.Suffix, r.Suffix}} {
			if in.value != nil {
				*in.to = *in.value
			}
		}
		if domains != nil {
			next.ForwardingDomains = domains
		}
		if l := r.ListeningInterfaces; l != nil {
			names, err := listening(next.ListeningInterfaces, *l)
			if err != nil {
				return err
			}
			next.ListeningInterfaces = names
		}
		m.DNS[vs] = next
		return nil
	}, nil
}

// listening is the DNS proxy's interfaces after the change l: "all" is the
// one word all (show-dns answers ["all"]), a list replaces them, add adds
// interfaces (to "all" too, which they then replace) and remove removes
// interfaces that listen.
func listening(current []string, l api.ListeningInterfaces) ([]string, error) {
	switch {
	case l.All:
		return []string{api.All}, nil
	case l.IsList:
		return append([]string{}, l.List...), nil
	}
	out := slices.DeleteFunc(slices.Clone(current), func(n string) bool { return n == api.All })
	for _, name := range l.Add {
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	for _, name := range l.Remove {
		i := slices.Index(out, name)
		if i < 0 {
			return nil, invalid("listening-interfaces", "cannot remove %q: the DNS proxy does not listen on it (it listens on: %s)", name, strings.Join(current, ", "))
		}
		out = slices.Delete(out, i, i+1)
	}
	if out == nil {
		out = []string{}
	}
	return out, nil
}

// setLoginMessage is the handler of set-banner or set-message-of-the-day:
// the message (at most api.MaxLoginMessage characters of text; ""
// puts back def, the default message) and whether it is shown, of the
// setting that of returns.
func setLoginMessage(def string, of func(m *memberSettings) *api.LoginMessageResponse) func(*call, *api.SetLoginMessageRequest) (func(m *memberSettings) error, error) {
	return func(_ *call, r *api.SetLoginMessageRequest) (func(m *memberSettings) error, error) {
		if r.Message != nil && !api.ValidLoginMessage(*r.Message) {
			return nil, invalid("message", "must be at most %d characters of text: printable characters, lines separated by newlines, no other control characters "+
				"(\"\" puts back the default message); got %d characters", api.MaxLoginMessage, utf8.RuneCountInString(*r.Message))
		}
		return func(m *memberSettings) error {
			setting := of(m)
			if r.Message != nil {
				setting.Message = *r.Message
				if setting.Message == "" {
					setting.Message = def
				}
			}
			if r.Enabled != nil {
				setting.Enabled = *r.Enabled
			}
			return nil
		}, nil
	}
}

// setProxy sets the proxy's address and port: both when none is
// configured; address "" removes it (and its port, which may then only be
// 0 or left out).
func setProxy(_ *call, r *api.SetProxyRequest) (func(m *memberSettings) error, error) {
	if r.Address != nil {
		if err := api.CheckProxyAddress(*r.Address); err != nil {
			return nil, invalid("address", "%s, got %q", api.ProxyAddressRule, *r.Address)
		}
	}
	removes := r.Address != nil && *r.Address == ""
	if r.Port != nil {
		switch {
		case removes && *r.Port != 0:
			return nil, invalid("port", "must be 0 or left out when address is \"\" (no proxy), got %d", *r.Port)
		case !removes && (*r.Port < 1 || *r.Port > 65535):
			return nil, invalid("port", "must be between 1 and 65535, got %d", *r.Port)
		}
	}
	return func(m *memberSettings) error {
		if removes {
			m.Proxy = api.ProxyResponse{}
			return nil
		}
		next := m.Proxy
		if r.Address != nil {
			next.Address = *r.Address
		}
		if r.Port != nil {
			next.Port = *r.Port
		}
		switch {
		case next.Address == "" && next.Port == 0:
			// Nothing configured, nothing sent: still no proxy.
		case next.Address == "":
			return invalid("address", "is required while no proxy is configured: a proxy needs an address and a port")
		case next.Port == 0:
			return invalid("port", "is required while no proxy is configured: a proxy needs an address and a port")
		}
		m.Proxy = next
		return nil
	}, nil
}

// setAllowedClients sets whether any host may connect and the hosts and
// networks that may: each list replaces the one shown, its elements given
// once; a network is its IPv4 network address and mask length (1 to 32).
func setAllowedClients(_ *call, r *api.SetAllowedClientsRequest) (func(m *memberSettings) error, error) {
	var hosts []string
	if r.AllowedHosts != nil {
		hosts = []string{}
		for i, h := range *r.AllowedHosts {
			field := fmt.Sprintf("allowed-hosts[%d]", i)
			if api.CheckIPv4(h) != nil {
				return nil, invalid(field, "must be an IPv4 address, got %q", h)
			}
			if slices.Contains(hosts, h) {
				return nil, invalid(field, "%q is given twice: each host once", h)
			}
			hosts = append(hosts, h)
		}
	}
	var networks []api.AllowedNetwork
	if r.AllowedNetworks != nil {
		networks = []api.AllowedNetwork{}
		for i, n := range *r.AllowedNetworks {
			field := fmt.Sprintf("allowed-networks[%d]", i)
			if n.Subnet == "" {
				return nil, missing(field + ".subnet")
			}
			if n.MaskLength == 0 {
				return nil, missing(field + ".mask-length")
			}
			a, err := netip.ParseAddr(n.Subnet)
			if err != nil || !a.Is4() {
				return nil, invalid(field+".subnet", "must be an IPv4 address, got %q", n.Subnet)
			}
			if n.MaskLength < 1 || n.MaskLength > 32 {
				return nil, invalid(field+".mask-length", "must be between 1 and 32, got %d", n.MaskLength)
			}
			if p := netip.PrefixFrom(a, int(n.MaskLength)).Masked(); p.Addr() != a {
				return nil, invalid(field+".subnet", "must be the network address of its mask length %d (%s), got %q", n.MaskLength, p.Addr(), n.Subnet)
			}
			if slices.Contains(networks, n) {
				return nil, invalid(field, "%s/%d is given twice: each network once", n.Subnet, n.MaskLength)
			}
			networks = append(networks, n)
		}
	}
	return func(m *memberSettings) error {
		if r.AllowedAnyHost != nil {
			m.AllowedClients.AllowedAnyHost = *r.AllowedAnyHost
		}
		if hosts != nil {
			m.AllowedClients.AllowedHosts = hosts
		}
		if networks != nil {
			m.AllowedClients.AllowedNetworks = networks
		}
		return nil
	}, nil
}
