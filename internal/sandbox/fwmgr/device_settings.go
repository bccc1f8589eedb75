package fwmgr

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"sync"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// The device's settings that the set commands of api.Sets change. The seeded
// Device (Seed) is shared and never changes; each server keeps the settings
// of its members here, starting from the seeded values (the factory values,
// which docs/api/fwmgr.md lists), and the show commands of those settings
// answer from them. They are kept in the server's store (kind
// kindOSSettings), like its sessions and the management database, so that a
// restart of `sandbox serve` keeps them.
const (
	kindOSSettings = "os-settings"
	osSettingsID   = "device"
)

// memberSettings is what the set commands change on one cluster member.
// Its slices are never changed in place: a change replaces them, so that a
// copy handed to a show stays what it was.
type memberSettings struct {
	Hostname string          `json:"hostname"`
	Timezone string          `json:"timezone"`
	NTP      api.NtpResponse `json:"ntp"`
	// DNS of each virtual system, by its ID.
	DNS             map[string]api.DnsResponse `json:"dns"`
	Banner          api.LoginMessageResponse   `json:"banner"`
	MessageOfTheDay api.LoginMessageResponse   `json:"message-of-the-day"`
	Proxy           api.ProxyResponse          `json:"proxy"`
	AllowedClients  api.AllowedClientsResponse `json:"allowed-clients"`
	PasswordPolicy  api.PasswordPolicyResponse `json:"password-policy"`
	// StaticRoutes are virtual system 0's, as show-static-routes lists
	// them (absent from a store written before they could change: the
	// factory's).
	StaticRoutes []api.StaticRoute `json:"static-routes"`
	// VLANs are virtual system 0's VLAN interfaces (absent from a store
	// written before they could change: the factory's).
	VLANs []api.VlanInterface `json:"vlans"`
	// Syslog, RemoteSyslogs, SNMP and SnmpTrapReceivers are absent from a
	// store written before they could change: the factory's.
	Syslog            api.SyslogResponse     `json:"syslog"`
	RemoteSyslogs     []api.RemoteSyslog     `json:"remote-syslogs"`
	SNMP              SNMPSettings           `json:"snmp"`
	SnmpTrapReceivers []SNMPTrapReceiverData `json:"snmp-trap-receivers"`
}

func (m memberSettings) clone() memberSettings {
	m.NTP.Servers = slices.Clone(m.NTP.Servers)
	m.AllowedClients.AllowedHosts = slices.Clone(m.AllowedClients.AllowedHosts)
	m.AllowedClients.AllowedNetworks = slices.Clone(m.AllowedClients.AllowedNetworks)
	dns := make(map[string]api.DnsResponse, len(m.DNS))
	for vs, d := range m.DNS {
		d.ForwardingDomains = slices.Clone(d.ForwardingDomains)
		d.ListeningInterfaces = slices.Clone(d.ListeningInterfaces)
		dns[vs] = d
	}
	m.DNS = dns
	m.StaticRoutes = slices.Clone(m.StaticRoutes)
	m.VLANs = slices.Clone(m.VLANs)
	m.Syslog.ForwardedLogsFiles = slices.Clone(m.Syslog.ForwardedLogsFiles)
	m.RemoteSyslogs = slices.Clone(m.RemoteSyslogs)
	m.SnmpTrapReceivers = slices.Clone(m.SnmpTrapReceivers)
	return m
}

// deviceSettings is the settings of every member, by member-id: shows take
// a copy under the read lock, sets change them under the write lock.
type deviceSettings struct {
	mu      sync.RWMutex
	members map[string]memberSettings
}

// factorySettings are the seeded values of d.
func factorySettings(d *Device) map[string]memberSettings {
	out := map[string]memberSettings{}
	for id, n := range d.Nodes {
		m := memberSettings{Hostname: n.Hostname, Timezone: d.Timezone, NTP: d.NTP, DNS: map[string]api.DnsResponse{},
			Banner: d.Banner, MessageOfTheDay: d.MessageOfTheDay, Proxy: d.Proxy, AllowedClients: d.AllowedClients,
			PasswordPolicy: d.PasswordPolicy, StaticRoutes: d.StaticRoutes, VLANs: n.Interfaces[0].Vlan, Syslog: d.Syslog,
			RemoteSyslogs: d.RemoteSyslogs, SNMP: d.SNMP, SnmpTrapReceivers: d.SnmpTrapReceivers}
		for _, vs := range d.VirtualSystems {
			dns := d.DNS
			if vs.ID != 0 {
				// Virtual systems resolve through the default one's DNS proxy.
				dns = api.DnsResponse{Primary: d.DNS.Primary, Secondary: d.DNS.Secondary, Suffix: d.DNS.Suffix,
					ForwardingDomains: []api.DNSForwardingDomain{}, ListeningInterfaces: []string{}}
			}
			m.DNS[strconv.FormatInt(vs.ID, 10)] = dns
		}
		out[id] = m.clone()
	}
	return out
}

// loadSettings starts from the factory values and takes the stored ones
// over them, member by member and setting by setting: a setting the store
// does not hold (kept before the setting existed; a virtual system's DNS
// never set) keeps its factory value.
func (s *server) loadSettings(ctx context.Context) error {
	s.settings = &deviceSettings{members: factorySettings(s.dev)}
	var stored map[string]json.RawMessage
	err := s.tx(ctx, func(tx *store.Tx) error {
		_, err := tx.Get(kindOSSettings, osSettingsID, &stored)
		return err
	})
	if err != nil {
		return fmt.Errorf("fwmgr: reading the device's settings: %w", err)
	}
	for id, raw := range stored {
		m, ok := s.settings.members[id]
		if !ok {
			continue
		}
		// Decoded over the factory values: keys absent from the stored
		// object keep them, and the DNS map gains the stored virtual
		// systems over the factory ones. (The sandbox's own store, which
		// set wrote, not a request body.) Over a deep copy: json.Unmarshal
		// decodes a list into the array it finds, which the factory values
		// share with the device's seed (static routes and their next hops).
		if m, err = deepCopy(m); err != nil {
			return err
		}
		if err := json.Unmarshal(raw, &m); err != nil {
			return fmt.Errorf("fwmgr: reading the settings of member %s: %w", id, err)
		}
		s.settings.members[id] = m.clone()
	}
	return nil
}

// deepCopy is m with nothing shared (through JSON, which is how the store
// keeps it).
func deepCopy(m memberSettings) (memberSettings, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return m, fmt.Errorf("fwmgr: copying the device's settings: %w", err)
	}
	var out memberSettings
	if err := json.Unmarshal(b, &out); err != nil {
		return m, fmt.Errorf("fwmgr: copying the device's settings: %w", err)
	}
	return out, nil
}

// of returns a copy of a member's settings and every member's host name
// (by member-id), read at one moment.
func (d *deviceSettings) of(memberID string) (memberSettings, map[string]string) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	return d.members[memberID].clone(), hostnames(d.members)
}

func hostnames(members map[string]memberSettings) map[string]string {
	out := make(map[string]string, len(members))
	for id, m := range members {
		out[id] = m.Hostname
	}
	return out
}

// setFunc validates a decoded request (a pointer to the command's Request
// type) on the call's member and virtual system and returns the change it
// makes to a member's settings; the change may still refuse the request
// against the member's current settings.
type setFunc func(c *call, req any) (func(m *memberSettings) error, error)

// handleSet adapts a typed set handler.
func handleSet[Req any](f func(c *call, req *Req) (func(m *memberSettings) error, error)) setFunc {
	return func(c *call, req any) (func(m *memberSettings) error, error) {
		typed, ok := req.(*Req)
		if !ok {
			return nil, fmt.Errorf("internal error: request decoded as %T", req)
		}
		return f(c, typed)
	}
}

// readOnly refuses a change in the session of a read-only administrator.
func (s *server) readOnly(sess *session) error {
	i := slices.IndexFunc(s.admins, func(a Administrator) bool { return a.Name == sess.Admin })
	if i >= 0 && !s.admins[i].ReadOnly {
		return nil
	}
	return apiErr(http.StatusForbidden, api.CodeReadOnly, fmt.Sprintf("the session of administrator %q is read-only: it can show, not set", sess.Admin))
}

// set runs a set command: it validates the body against the command table,
// applies the change to every cluster member (to the one of member-id when
// the request names it; the session's member-id does not narrow a set),
// keeps the settings in the store and answers what the command's show
// command answers now on that member (the session's member or the primary
// one without member-id). Nothing changes when any of this fails.
func (s *server) set(ctx context.Context, cmd api.Command, sess *session, body []byte) (any, error) {
	if err := s.readOnly(sess); err != nil {
		return nil, err
	}
	req, err := decodeRequest(cmd, body)
	if err != nil {
		return nil, err
	}
	targets := slices.Sorted(maps.Keys(s.dev.Nodes))
	answerOn := sess.MemberID
	if id := req.Elem().FieldByName("MemberID").String(); id != "" {
		targets, answerOn = []string{id}, id
	}
	c, err := s.newCall(req.Elem(), answerOn)
	if err != nil {
		return nil, err
	}
	change, err := s.sets[cmd.Name](c, req.Interface())
	if err != nil {
		return nil, err
	}

	st := s.settings
	st.mu.Lock()
	defer st.mu.Unlock()
	next := maps.Clone(st.members)
	for _, id := range targets {
		m := next[id].clone()
		if err := change(&m); err != nil {
			return nil, err
		}
		next[id] = m
	}
	if err := s.tx(ctx, func(tx *store.Tx) error { return tx.Put(kindOSSettings, osSettingsID, "", next) }); err != nil {
		return nil, err
	}
	st.members = next
	c.ms, c.hostnames, c.ifs = next[c.node.MemberID].clone(), hostnames(next), nil
	shows, _ := api.LookupCommand(cmd.Shows)
	req = reflect.New(shows.Request)
	if shows.Paged {
		// A list's first page, as the show without inputs answers it.
		if c.page, err = pagingOf(req.Elem()); err != nil {
			return nil, err
		}
	}
	return s.shows[cmd.Shows](c, req.Interface())
}

// setHandlers changes the device for every command of api.Sets, by its name
// (New refuses to start when one is missing or names no command).
func setHandlers() map[string]setFunc {
	return map[string]setFunc{
		"set-hostname":      handleSet(setHostname),
		"set-dns":           handleSet(setDNS),
		"set-ntp":           handleSet(setNTP),
		"set-time-and-date": handleSet(setTimeAndDate),
		"set-banner": handleSet(setLoginMessage(DefaultBanner, func(m *memberSettings) *api.LoginMessageResponse {
			return &m.Banner
		})),
		"set-message-of-the-day": handleSet(setLoginMessage(DefaultMessageOfTheDay, func(m *memberSettings) *api.LoginMessageResponse {
			return &m.MessageOfTheDay
		})),
		"set-proxy":                 handleSet(setProxy),
		"set-allowed-clients":       handleSet(setAllowedClients),
		"set-static-route":          handleSet(setStaticRoute),
		"delete-static-route":       handleSet(deleteStaticRoute),
		"add-vlan-interface":        handleSet(addVlanInterface),
		"set-vlan-interface":        handleSet(setVlanInterface),
		"delete-vlan-interface":     handleSet(deleteVlanInterface),
		"set-syslog":                handleSet(setSyslog),
		"add-remote-syslog":         handleSet(addRemoteSyslog),
		"set-remote-syslog":         handleSet(setRemoteSyslog),
		"delete-remote-syslog":      handleSet(deleteRemoteSyslog),
		"set-snmp":                  handleSet(setSNMP),
		"add-snmp-trap-receiver":    handleSet(addSnmpTrapReceiver),
		"set-snmp-trap-receiver":    handleSet(setSnmpTrapReceiver),
		"delete-snmp-trap-receiver": handleSet(deleteSnmpTrapReceiver),
		"set-password-policy":       handleSet(setPasswordPolicy),
	}
}
