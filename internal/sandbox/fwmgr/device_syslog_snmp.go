package fwmgr

import (
	"fmt"
	"net/netip"
	"path"
	"slices"
	"strings"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// The set commands of syslog and SNMP (api.Sets): set-syslog and set-snmp
// (singletons), the remote syslog servers (add-, set- and
// delete-remote-syslog) and the SNMP trap receivers (add-, set- and
// delete-snmp-trap-receiver). They are part of a member's settings
// (memberSettings), starting from the seeded ones; show-syslog,
// show-remote-syslogs, show-snmp and show-snmp-trap-receivers answer them.
// The SNMP communities are secrets: the device keeps them, no show answers
// them. Every input is checked before anything changes.

// SNMPSettings is the SNMP agent's configuration: what show-snmp answers
// and the communities it never answers.
type SNMPSettings struct {
	api.SnmpResponse
	ReadOnlyCommunity  string `json:"read-only-community"`
	ReadWriteCommunity string `json:"read-write-community"`
}

// SNMPTrapReceiverData is a trap receiver: what show-snmp-trap-receivers
// answers and its community string, which it never answers.
type SNMPTrapReceiverData struct {
	api.SnmpTrapReceiver
	CommunityString string `json:"community-string"`
}

// Defaults of a new remote syslog server.
const (
	defaultSyslogPort     = 514
	defaultSyslogProtocol = "udp"
)

var syslogProtocols = []string{"udp", "tcp"}

// defaultSyslogTag is a forwarded file's tag when none is given: its
// name without its extension (at most 32 characters).
func defaultSyslogTag(p string) string {
	base := path.Base(p)
	tag := strings.TrimSuffix(base, path.Ext(base))
	if tag == "" {
		tag = base
	}
	if len(tag) > 32 {
		tag = tag[:32]
	}
	return tag
}

func setSyslog(_ *call, r *api.SetSyslogRequest) (func(m *memberSettings) error, error) {
	if r.Filename != nil && api.CheckLogFilePath(*r.Filename) != nil {
		return nil, invalid("filename", "%s, got %q", api.LogFilePathRule, *r.Filename)
	}
	var files []api.SyslogForwardedFile
	if r.ForwardedLogsFiles != nil {
		files = []api.SyslogForwardedFile{}
		for i, f := range *r.ForwardedLogsFiles {
			field := fmt.Sprintf("forwarded-logs-files[%d]", i)
			if f.Path == "" {
				return nil, missing(field + ".path")
			}
			if api.CheckLogFilePath(f.Path) != nil {
				return nil, invalid(field+".path", "%s, got %q", api.LogFilePathRule, f.Path)
			}
			if slices.ContainsFunc(files, func(x api.SyslogForwardedFile) bool { return x.Path == f.Path }) {
				return nil, invalid(field+".path", "%q is given twice: each file once", f.Path)
			}
			tag := f.Tag
			if tag == "" {
				tag = defaultSyslogTag(f.Path)
			}
			if err := api.CheckSyslogTag(tag); err != nil {
				return nil, invalid(field+".tag", "%s, got %q", err.Error(), f.Tag)
			}
			files = append(files, api.SyslogForwardedFile{Path: f.Path, Tag: tag})
		}
	}
	return func(m *memberSettings) error {
		for _, in := range []struct {
			to    *bool
			value *bool
		}{{&m.Syslog.AuditLog, r.AuditLog}, {&m.Syslog.CpLogs, r.CpLogs}, {&m.Syslog.SendToMgmt, r.SendToMgmt}} {
			if in.value != nil {
				*in.to = *in.value
			}
		}
		if r.Filename != nil {
			m.Syslog.Filename = *r.Filename
		}
		if files != nil {
			m.Syslog.ForwardedLogsFiles = files
		}
		return nil
	}, nil
}

// checkSyslogServer checks a remote syslog server's server-ip.
func checkSyslogServer(s string) error {
	if api.CheckSyslogServer(s) != nil {
		if a, err := netip.ParseAddr(s); err == nil && a.Zone() == "" && !a.Is4In6() {
			return invalid("server-ip", "must be written as the device writes it, %s, got %q", a, s)
		}
		return invalid("server-ip", "must be an IPv4 or IPv6 address or a host name, got %q", s)
	}
	return nil
}

// checkRemoteSyslogSettings checks the settings' inputs on their own.
func checkRemoteSyslogSettings(level *string, s api.RemoteSyslogSettings) error {
	if level != nil && !slices.Contains(api.SyslogLevels, *level) {
		return invalid("level", "must be one of %s, got %q", strings.Join(api.SyslogLevels, ", "), *level)
	}
	if s.Port != nil && (*s.Port < 1 || *s.Port > 65535) {
		return invalid("port", "must be between 1 and 65535, got %d", *s.Port)
	}
	if s.Protocol != nil && !slices.Contains(syslogProtocols, *s.Protocol) {
		return invalid("protocol", "must be one of %s, got %q", strings.Join(syslogProtocols, ", "), *s.Protocol)
	}
	return nil
}

func applyRemoteSyslogSettings(rs *api.RemoteSyslog, level *string, s api.RemoteSyslogSettings) {
	if level != nil {
		rs.Level = *level
	}
	if s.Port != nil {
		rs.Port = *s.Port
	}
	if s.Protocol != nil {
		rs.Protocol = *s.Protocol
	}
	if s.QueuingMechanism != nil {
		rs.QueuingMechanism = *s.QueuingMechanism
	}
}

func remoteSyslogIndex(list []api.RemoteSyslog, server string) int {
	return slices.IndexFunc(list, func(rs api.RemoteSyslog) bool { return rs.ServerIP == server })
}

func addRemoteSyslog(_ *call, r *api.AddRemoteSyslogRequest) (func(m *memberSettings) error, error) {
	if err := checkSyslogServer(r.ServerIP); err != nil {
		return nil, err
	}
	if err := checkRemoteSyslogSettings(&r.Level, r.RemoteSyslogSettings); err != nil {
		return nil, err
	}
	return func(m *memberSettings) error {
		if remoteSyslogIndex(m.RemoteSyslogs, r.ServerIP) >= 0 {
			return invalid("server-ip", "the remote syslog server %s exists already (set-remote-syslog changes it)", r.ServerIP)
		}
		rs := api.RemoteSyslog{ServerIP: r.ServerIP, Port: defaultSyslogPort, Protocol: defaultSyslogProtocol,
			TLSEncryption: api.TLSEncryption{PermittedPeers: []string{}}}
		applyRemoteSyslogSettings(&rs, &r.Level, r.RemoteSyslogSettings)
		list := append(slices.Clone(m.RemoteSyslogs), rs)
		slices.SortFunc(list, func(a, b api.RemoteSyslog) int { return strings.Compare(a.ServerIP, b.ServerIP) })
		m.RemoteSyslogs = list
		return nil
	}, nil
}

func setRemoteSyslog(_ *call, r *api.SetRemoteSyslogRequest) (func(m *memberSettings) error, error) {
	if err := checkSyslogServer(r.ServerIP); err != nil {
		return nil, err
	}
	if err := checkRemoteSyslogSettings(r.Level, r.RemoteSyslogSettings); err != nil {
		return nil, err
	}
	return func(m *memberSettings) error {
		i := remoteSyslogIndex(m.RemoteSyslogs, r.ServerIP)
		if i < 0 {
			return notFound("no remote syslog server %s on this member (show-remote-syslogs lists them; add-remote-syslog adds one)", r.ServerIP)
		}
		list := slices.Clone(m.RemoteSyslogs)
		applyRemoteSyslogSettings(&list[i], r.Level, r.RemoteSyslogSettings)
		m.RemoteSyslogs = list
		return nil
	}, nil
}

func deleteRemoteSyslog(_ *call, r *api.DeleteRemoteSyslogRequest) (func(m *memberSettings) error, error) {
	if err := checkSyslogServer(r.ServerIP); err != nil {
		return nil, err
	}
	return func(m *memberSettings) error {
		i := remoteSyslogIndex(m.RemoteSyslogs, r.ServerIP)
		if i < 0 {
			return notFound("no remote syslog server %s on this member (show-remote-syslogs lists them)", r.ServerIP)
		}
		m.RemoteSyslogs = slices.Delete(slices.Clone(m.RemoteSyslogs), i, i+1)
		return nil
	}, nil
}

var snmpVersions = []string{"any", "v3-Only"}

// checkCommunity checks a community input (its value is never repeated
// in the message: it is a secret).
func checkCommunity(field string, v *string) error {
	if v != nil && api.CheckSnmpCommunityOrNone(*v) != nil {
		return invalid(field, "must be 1 to 64 printable ASCII characters without spaces, quotes or backslashes, or \"\" (none); got %d characters", len(*v))
	}
	return nil
}

func setSNMP(c *call, r *api.SetSnmpRequest) (func(m *memberSettings) error, error) {
	if r.Version != nil && !slices.Contains(snmpVersions, *r.Version) {
		return nil, invalid("version", "must be one of %s, got %q", strings.Join(snmpVersions, ", "), *r.Version)
	}
	if r.TrapUsm != nil {
		if err := api.CheckSnmpUserOrNone(*r.TrapUsm); err != nil {
			return nil, invalid("trap-usm", "%s, got %q", err.Error(), *r.TrapUsm)
		}
	}
	for _, in := range []struct {
		field string
		value *string
	}{{"contact", r.Contact}, {"location", r.Location}} {
		if in.value != nil {
			if err := api.CheckSnmpText(*in.value); err != nil {
				return nil, invalid(in.field, "%s; got %d characters", err.Error(), len([]rune(*in.value)))
			}
		}
	}
	if err := checkCommunity("read-only-community", r.ReadOnlyCommunity); err != nil {
		return nil, err
	}
	if err := checkCommunity("read-write-community", r.ReadWriteCommunity); err != nil {
		return nil, err
	}
	if r.Interfaces != nil && *r.Interfaces != api.All {
		if _, ok := c.ifaces().Interface(*r.Interfaces); !ok || api.CheckSnmpInterfaces(*r.Interfaces) != nil {
			return nil, invalid("interfaces", "must be all or an interface of virtual system %d, got %q", c.vs.ID, *r.Interfaces)
		}
	}
	return func(m *memberSettings) error {
		if r.Enabled != nil {
			m.SNMP.Enabled = *r.Enabled
		}
		for _, in := range []struct {
			to    *string
			value *string
		}{{&m.SNMP.Version, r.Version}, {&m.SNMP.TrapUsm, r.TrapUsm}, {&m.SNMP.Contact, r.Contact}, {&m.SNMP.Location, r.Location},
			{&m.SNMP.ReadOnlyCommunity, r.ReadOnlyCommunity}, {&m.SNMP.ReadWriteCommunity, r.ReadWriteCommunity},
			{&m.SNMP.Interfaces, r.Interfaces}} {
			if in.value != nil {
				*in.to = *in.value
			}
		}
		return nil
	}, nil
}

var snmpTrapVersions = []string{"v1", "v2", "v3"}

func checkTrapReceiver(r *api.SetSnmpTrapReceiverRequest) error {
	if api.CheckCanonicalAddress(r.Address) != nil {
		if a, err := netip.ParseAddr(r.Address); err == nil && a.Zone() == "" && !a.Is4In6() {
			return invalid("address", "must be written as the device writes it, %s, got %q", a, r.Address)
		}
		return invalid("address", "must be an IPv4 or IPv6 address, got %q", r.Address)
	}
	if r.Version != nil && !slices.Contains(snmpTrapVersions, *r.Version) {
		return invalid("version", "must be one of %s, got %q", strings.Join(snmpTrapVersions, ", "), *r.Version)
	}
	return checkCommunity("community-string", r.CommunityString)
}

func trapReceiverIndex(list []SNMPTrapReceiverData, address string) int {
	return slices.IndexFunc(list, func(x SNMPTrapReceiverData) bool { return x.Address == address })
}

// changeTrapReceiver sets the request's inputs on t; a v1 or v2 receiver
// needs a community string.
func changeTrapReceiver(t *SNMPTrapReceiverData, r *api.SetSnmpTrapReceiverRequest) error {
	if r.Version != nil {
		t.Version = *r.Version
	}
	if r.CommunityString != nil {
		t.CommunityString = *r.CommunityString
	}
	if t.Version != "v3" && t.CommunityString == "" {
		return invalid("community-string", "is required for a receiver of version %s (v1 and v2 traps carry the community)", t.Version)
	}
	return nil
}

func addSnmpTrapReceiver(_ *call, add *api.AddSnmpTrapReceiverRequest) (func(m *memberSettings) error, error) {
	r := &api.SetSnmpTrapReceiverRequest{Address: add.Address, Version: &add.Version, CommunityString: add.CommunityString}
	if err := checkTrapReceiver(r); err != nil {
		return nil, err
	}
	return func(m *memberSettings) error {
		if trapReceiverIndex(m.SnmpTrapReceivers, r.Address) >= 0 {
			return invalid("address", "the SNMP trap receiver %s exists already (set-snmp-trap-receiver changes it)", r.Address)
		}
		t := SNMPTrapReceiverData{SnmpTrapReceiver: api.SnmpTrapReceiver{Address: r.Address}}
		if err := changeTrapReceiver(&t, r); err != nil {
			return err
		}
		list := append(slices.Clone(m.SnmpTrapReceivers), t)
		slices.SortFunc(list, func(a, b SNMPTrapReceiverData) int {
			return netip.MustParseAddr(a.Address).Compare(netip.MustParseAddr(b.Address))
		})
		m.SnmpTrapReceivers = list
		return nil
	}, nil
}

func setSnmpTrapReceiver(_ *call, r *api.SetSnmpTrapReceiverRequest) (func(m *memberSettings) error, error) {
	if err := checkTrapReceiver(r); err != nil {
		return nil, err
	}
	return func(m *memberSettings) error {
		i := trapReceiverIndex(m.SnmpTrapReceivers, r.Address)
		if i < 0 {
			return notFound("no SNMP trap receiver %s on this member (show-snmp-trap-receivers lists them; add-snmp-trap-receiver adds one)", r.Address)
		}
		list := slices.Clone(m.SnmpTrapReceivers)
		if err := changeTrapReceiver(&list[i], r); err != nil {
			return err
		}
		m.SnmpTrapReceivers = list
		return nil
	}, nil
}

func deleteSnmpTrapReceiver(_ *call, r *api.DeleteSnmpTrapReceiverRequest) (func(m *memberSettings) error, error) {
	if err := checkTrapReceiver(&api.SetSnmpTrapReceiverRequest{Address: r.Address}); err != nil {
		return nil, err
	}
	return func(m *memberSettings) error {
		i := trapReceiverIndex(m.SnmpTrapReceivers, r.Address)
		if i < 0 {
			return notFound("no SNMP trap receiver %s on this member (show-snmp-trap-receivers lists them)", r.Address)
		}
		m.SnmpTrapReceivers = slices.Delete(slices.Clone(m.SnmpTrapReceivers), i, i+1)
		return nil
	}, nil
}

// trapReceivers is what show-snmp-trap-receivers answers of them.
func trapReceivers(list []SNMPTrapReceiverData) []api.SnmpTrapReceiver {
	out := make([]api.SnmpTrapReceiver, 0, len(list))
	for _, t := range list {
		out = append(out, t.SnmpTrapReceiver)
	}
	return out
}
