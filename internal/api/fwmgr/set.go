// The requests of the set commands of Sets, written from the OS API
// reference (upstream's Gaia resources send them): optional inputs are
// pointers, so that an empty string, false or an empty list is a value sent
// (and set) rather than an input left out (which keeps its value).

package fwmgr

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
)

// SetHostnameRequest is the body of set-hostname.
type SetHostnameRequest struct {
	Name string `json:"name"` // the host name
	Member
}

// SetDnsRequest is the body of set-dns.
type SetDnsRequest struct {
	Primary   *string `json:"primary,omitempty"`   // IPv4 or IPv6 address; "" removes it
	Secondary *string `json:"secondary,omitempty"` // IPv4 or IPv6 address; "" removes it
	Tertiary  *string `json:"tertiary,omitempty"`  // IPv4 or IPv6 address; "" removes it
	Suffix    *string `json:"suffix,omitempty"`    // domain name; "" removes it
	// ForwardingDomains replaces the forwarding domains (an empty list
	// removes them).
	ForwardingDomains   *[]DNSForwardingDomain `json:"forwarding-domains,omitempty"`
	ListeningInterfaces *ListeningInterfaces   `json:"listening-interfaces,omitempty"`
	VirtualSystemID     *int64                 `json:"virtual-system-id,omitempty"` // virtual system whose DNS is set (default 0)
	Member
}

// ListeningInterfaces is the listening-interfaces input of set-dns: the
// word "all", a list of interface names (which replaces the list), or an
// object {"add": [...], "remove": [...]} that changes it.
type ListeningInterfaces struct {
	All bool
	// List, when IsList, replaces the interfaces.
	List   []string
	IsList bool
	// Add and Remove change them (an object).
	Add, Remove []string
}

// errListeningInterfaces is the rule of the input.
var errListeningInterfaces = errors.New(`listening-interfaces must be "all", a list of interface names or an object {"add": [...], "remove": [...]}`)

// UnmarshalJSON reads "all", a list or an add/remove object.
func (l *ListeningInterfaces) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil || s != All {
			return errListeningInterfaces
		}
		*l = ListeningInterfaces{All: true}
	case len(b) > 0 && b[0] == '[':
		var names []string
		if err := json.Unmarshal(b, &names); err != nil {
			return errListeningInterfaces
		}
		*l = ListeningInterfaces{List: names, IsList: true}
	case len(b) > 0 && b[0] == '{':
		var ch struct {
			Add    []string `json:"add"`
			Remove []string `json:"remove"`
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&ch); err != nil {
			return errListeningInterfaces
		}
		*l = ListeningInterfaces{Add: ch.Add, Remove: ch.Remove}
	default:
		return errListeningInterfaces
	}
	return nil
}

// MarshalJSON writes what UnmarshalJSON reads.
func (l ListeningInterfaces) MarshalJSON() ([]byte, error) {
	switch {
	case l.All:
		return json.Marshal(All)
	case l.IsList:
		if l.List == nil {
			return []byte("[]"), nil
		}
		return json.Marshal(l.List)
	}
	ch := map[string][]string{}
	if len(l.Add) > 0 {
		ch["add"] = l.Add
	}
	if len(l.Remove) > 0 {
		ch["remove"] = l.Remove
	}
	return json.Marshal(ch)
}

// String renders the value for messages.
func (l ListeningInterfaces) String() string {
	b, _ := l.MarshalJSON()
	return strings.TrimSpace(string(b))
}

// SetNtpRequest is the body of set-ntp.
type SetNtpRequest struct {
	Enabled *bool `json:"enabled,omitempty"`
	// Servers replaces the servers (an empty list removes them).
	Servers   *[]NTPServerInput `json:"servers,omitempty"`
	Preferred *string           `json:"preferred,omitempty"` // address of one of the servers; "" for none
	Member
}

// NTPServerInput is a server of set-ntp's servers.
type NTPServerInput struct {
	Address string `json:"address"`           // IPv4 or IPv6 address or host name
	Type    string `json:"type,omitempty"`    // server (default), pool, or primary / secondary (older versions)
	Version int64  `json:"version,omitempty"` // 1 to 4; 0 or left out is 4
}

// SetTimeAndDateRequest is the body of set-time-and-date.
type SetTimeAndDateRequest struct {
	Timezone string `json:"timezone"` // Area / Region, exactly as show-timezones lists it
	Member
}

// SetLoginMessageRequest is the body of set-banner and
// set-message-of-the-day.
type SetLoginMessageRequest struct {
	Message *string `json:"message,omitempty"` // the text (lines separated by \n); "" puts back the default message
	Enabled *bool   `json:"enabled,omitempty"` // whether it is shown
	Member
}

// SetAllowedClientsRequest is the body of set-allowed-clients: each list
// replaces the one shown (an empty list empties it).
type SetAllowedClientsRequest struct {
	AllowedAnyHost  *bool             `json:"allowed-any-host,omitempty"`
	AllowedHosts    *[]string         `json:"allowed-hosts,omitempty"`    // IPv4 addresses
	AllowedNetworks *[]AllowedNetwork `json:"allowed-networks,omitempty"` // subnet and mask-length, both required
	Member
}

// SetProxyRequest is the body of set-proxy.
type SetProxyRequest struct {
	Address *string `json:"address,omitempty"` // IPv4 address or host name; "" removes the proxy
	Port    *int64  `json:"port,omitempty"`    // 1 to 65535 (0 with address "")
	Member
}

// StaticRouteNextHopInput is a next-hop gateway of set-static-route.
type StaticRouteNextHopInput struct {
	Gateway  string `json:"gateway"`            // IPv4 or IPv6 address of the gateway
	Priority string `json:"priority,omitempty"` // default (left out) or 1 to 8
}

// SetStaticRouteRequest is the body of set-static-route: it adds the route
// of address/mask-length, or changes it when it exists; inputs left out
// keep their values (a new route's defaults).
type SetStaticRouteRequest struct {
	Address    string  `json:"address"`        // the destination network's address
	MaskLength *int64  `json:"mask-length"`    // its prefix length
	Type       *string `json:"type,omitempty"` // gateway, blackhole or reject; required to add a route
	// NextHop replaces the gateways (an empty list removes them).
	NextHop    *[]StaticRouteNextHopInput `json:"next-hop,omitempty"`
	Ping       *bool                      `json:"ping,omitempty"`
	Rank       *int64                     `json:"rank,omitempty"` // 0 to 255
	ScopeLocal *bool                      `json:"scope-local,omitempty"`
	Comment    *string                    `json:"comment,omitempty"`
	Member
}

// DeleteStaticRouteRequest is the body of delete-static-route.
type DeleteStaticRouteRequest struct {
	Address    string `json:"address"`
	MaskLength *int64 `json:"mask-length"`
	Member
}

// VlanInterfaceSettings are the inputs of add-vlan-interface and
// set-vlan-interface that change a VLAN interface: left out, a value is
// kept (a new interface's default).
type VlanInterfaceSettings struct {
	IPv4Address    *string `json:"ipv4-address,omitempty"`     // IPv4 address; "" removes it
	IPv4MaskLength *int64  `json:"ipv4-mask-length,omitempty"` // 1 to 32
	IPv6Address    *string `json:"ipv6-address,omitempty"`     // IPv6 address; "" removes it
	IPv6MaskLength *int64  `json:"ipv6-mask-length,omitempty"` // 1 to 128
	Enabled        *bool   `json:"enabled,omitempty"`
	Comments       *string `json:"comments,omitempty"`
	MTU            *int64  `json:"mtu,omitempty"` // 68 to 16000
}

// AddVlanInterfaceRequest is the body of add-vlan-interface: the VLAN
// <parent>.<id>.
type AddVlanInterfaceRequest struct {
	Parent string `json:"parent"` // the trunk: a physical or bond interface
	ID     *int64 `json:"id"`     // the VLAN tag, 2 to 4094
	VlanInterfaceSettings
	Member
}

// SetVlanInterfaceRequest is the body of set-vlan-interface.
type SetVlanInterfaceRequest struct {
	Name string `json:"name"` // <parent>.<id>
	VlanInterfaceSettings
	Member
}

// DeleteVlanInterfaceRequest is the body of delete-vlan-interface.
type DeleteVlanInterfaceRequest struct {
	Name string `json:"name"`
	Member
}

// SyslogForwardedFileInput is a file of set-syslog's forwarded-logs-files.
type SyslogForwardedFileInput struct {
	Path string `json:"path"`          // absolute path of a file under /var/log
	Tag  string `json:"tag,omitempty"` // left out or "": the file's name without its extension
}

// SetSyslogRequest is the body of set-syslog.
type SetSyslogRequest struct {
	AuditLog   *bool   `json:"audit-log,omitempty"`
	CpLogs     *bool   `json:"cp-logs,omitempty"`
	SendToMgmt *bool   `json:"send-to-mgmt,omitempty"`
	Filename   *string `json:"filename,omitempty"` // absolute path of a file under /var/log
	// ForwardedLogsFiles replaces the forwarded files (an empty list
	// removes them).
	ForwardedLogsFiles *[]SyslogForwardedFileInput `json:"forwarded-logs-files,omitempty"`
	Member
}

// RemoteSyslogSettings are the inputs of set-remote-syslog (and
// add-remote-syslog) besides the server and its level: left out, a value
// is kept (a new server's default).
type RemoteSyslogSettings struct {
	Port             *int64  `json:"port,omitempty"`     // 1 to 65535 (514 for a new server)
	Protocol         *string `json:"protocol,omitempty"` // udp (a new server's) or tcp
	QueuingMechanism *bool   `json:"queuing-mechanism,omitempty"`
}

// AddRemoteSyslogRequest is the body of add-remote-syslog.
type AddRemoteSyslogRequest struct {
	ServerIP string `json:"server-ip"` // IPv4 or IPv6 address (as the device writes it) or host name
	Level    string `json:"level"`     // emerg, alert, crit, err, warning, notice, info, debug or all
	RemoteSyslogSettings
	Member
}

// SetRemoteSyslogRequest is the body of set-remote-syslog.
type SetRemoteSyslogRequest struct {
	ServerIP string  `json:"server-ip"`
	Level    *string `json:"level,omitempty"`
	RemoteSyslogSettings
	Member
}

// DeleteRemoteSyslogRequest is the body of delete-remote-syslog.
type DeleteRemoteSyslogRequest struct {
	ServerIP string `json:"server-ip"`
	Member
}

// SetSnmpRequest is the body of set-snmp. The communities are secrets:
// set, never shown.
type SetSnmpRequest struct {
	Enabled            *bool   `json:"enabled,omitempty"`
	Version            *string `json:"version,omitempty"`              // any or v3-Only
	TrapUsm            *string `json:"trap-usm,omitempty"`             // a USM user name; "" for none
	Contact            *string `json:"contact,omitempty"`              // "" for none
	Location           *string `json:"location,omitempty"`             // "" for none
	ReadOnlyCommunity  *string `json:"read-only-community,omitempty"`  // "" removes it
	ReadWriteCommunity *string `json:"read-write-community,omitempty"` // "" removes it
	Interfaces         *string `json:"interfaces,omitempty"`           // all, or an interface of virtual system 0
	Member
}

// AddSnmpTrapReceiverRequest is the body of add-snmp-trap-receiver.
type AddSnmpTrapReceiverRequest struct {
	Address         string  `json:"address"`                    // IPv4 or IPv6 address, as the device writes it
	Version         string  `json:"version"`                    // v1, v2 or v3
	CommunityString *string `json:"community-string,omitempty"` // a secret; required for v1 and v2
	Member
}

// SetSnmpTrapReceiverRequest is the body of set-snmp-trap-receiver.
type SetSnmpTrapReceiverRequest struct {
	Address         string  `json:"address"`
	Version         *string `json:"version,omitempty"`
	CommunityString *string `json:"community-string,omitempty"`
	Member
}

// DeleteSnmpTrapReceiverRequest is the body of delete-snmp-trap-receiver.
type DeleteSnmpTrapReceiverRequest struct {
	Address string `json:"address"`
	Member
}

// SetPasswordPolicyRequest is the body of set-password-policy: every
// input, at every level, is optional and left out keeps its value.
type SetPasswordPolicyRequest struct {
	LockSettings                           *PasswordLockSettingsInput `json:"lock-settings,omitempty"`
	PasswordHistory                        *PasswordHistoryInput      `json:"password-history,omitempty"`
	PasswordStrength                       *PasswordStrengthInput     `json:"password-strength,omitempty"`
	AllUsersRequireTwoFactorAuthentication *bool                      `json:"all-users-require-two-factor-authentication,omitempty"`
	Member
}

// PasswordLockSettingsInput is lock-settings of set-password-policy.
type PasswordLockSettingsInput struct {
	InactivitySettings                      *PasswordInactivitySettingsInput     `json:"inactivity-settings,omitempty"`
	FailedAttemptsSettings                  *PasswordFailedAttemptsSettingsInput `json:"failed-attempts-settings,omitempty"`
	PasswordExpirationDays                  *string                              `json:"password-expiration-days,omitempty"`         // never or 1 to 1827
	PasswordExpirationWarningDays           *int64                               `json:"password-expiration-warning-days,omitempty"` // 1 to 366
	PasswordExpirationMaximumDaysBeforeLock *string                              `json:"password-expiration-maximum-days-before-lock,omitempty"`
	MustOneTimePasswordEnabled              *bool                                `json:"must-one-time-password-enabled,omitempty"`
}

// PasswordInactivitySettingsInput is lock-settings.inactivity-settings.
type PasswordInactivitySettingsInput struct {
	LockUnusedAccountsEnabled *bool  `json:"lock-unused-accounts-enabled,omitempty"`
	InactivityThresholdDays   *int64 `json:"inactivity-threshold-days,omitempty"` // 1 to 1827
}

// PasswordFailedAttemptsSettingsInput is
// lock-settings.failed-attempts-settings.
type PasswordFailedAttemptsSettingsInput struct {
	FailedLockDurationSeconds *int64 `json:"failed-lock-duration-seconds,omitempty"` // 60 to 604800
	FailedLockEnforcedOnAdmin *bool  `json:"failed-lock-enforced-on-admin,omitempty"`
	FailedLockEnabled         *bool  `json:"failed-lock-enabled,omitempty"`
	FailedAttemptsAllowed     *int64 `json:"failed-attempts-allowed,omitempty"` // 2 to 1000
}

// PasswordHistoryInput is password-history of set-password-policy.
type PasswordHistoryInput struct {
	CheckHistoryEnabled   *bool  `json:"check-history-enabled,omitempty"`
	RepeatedHistoryLength *int64 `json:"repeated-history-length,omitempty"` // 1 to 1000
}

// PasswordStrengthInput is password-strength of set-password-policy.
type PasswordStrengthInput struct {
	MinimumLength          *int64 `json:"minimum-length,omitempty"` // 6 to 128
	Complexity             *int64 `json:"complexity,omitempty"`     // 1 to 4
	PalindromeCheckEnabled *bool  `json:"palindrome-check-enabled,omitempty"`
}
