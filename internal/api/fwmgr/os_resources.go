// The OS configuration resources: each configures one system singleton of
// a gateway or cluster (its host name, DNS, NTP, time zone) through a set
// command of Sets and reads it back through that command's show command.
// A row says what is its own (upstream's attribute names and shapes, their
// rules, an example and a change); the provider's one resource, its
// examples, docs and Pulumi tokens (computed from the type name) are made
// from the rows.

package fwmgr

import (
	"errors"
	"fmt"
	"net/netip"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// HostnameRule is the rule of a host name, as messages give it.
const HostnameRule = "must be a host name: labels of 1 to 63 letters, digits and hyphens, separated by dots, " +
	"neither starting nor ending with a hyphen, at most 253 characters, and not an IP address"

// ValidHostname reports whether name is an RFC 1123 host name that is not
// an IP address (nor looks like one: its last label is not all digits).
// set-hostname, a DNS suffix and an NTP server name follow it.
func ValidHostname(name string) bool {
	if name == "" || len(name) > 253 {
		return false
	}
	if _, err := netip.ParseAddr(name); err == nil {
		return false
	}
	labels := strings.Split(name, ".")
	for _, l := range labels {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for _, r := range l {
			if (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') && (r < '0' || r > '9') && r != '-' {
				return false
			}
		}
	}
	_, err := strconv.ParseUint(labels[len(labels)-1], 10, 64)
	return err != nil
}

// CheckHostname is ValidHostname as an error of HostnameRule.
func CheckHostname(name string) error {
	if !ValidHostname(name) {
		return errors.New(HostnameRule)
	}
	return nil
}

// CheckAddressOrNone accepts an IPv4 or IPv6 address (without a zone) or
// "" (none), as set-dns's servers.
func CheckAddressOrNone(s string) error {
	if s == "" {
		return nil
	}
	if a, err := netip.ParseAddr(s); err != nil || a.Zone() != "" {
		return errors.New(`must be an IPv4 or IPv6 address or "" (none)`)
	}
	return nil
}

// CheckAddress accepts an IPv4 or IPv6 address (without a zone).
func CheckAddress(s string) error {
	if a, err := netip.ParseAddr(s); err != nil || a.Zone() != "" {
		return errors.New("must be an IPv4 or IPv6 address")
	}
	return nil
}

// CheckDomainOrNone accepts a domain name (the host name rule) or "".
func CheckDomainOrNone(s string) error {
	if s != "" && !ValidHostname(s) {
		return errors.New(`must be a domain name (labels of letters, digits and hyphens separated by dots) or "" (none)`)
	}
	return nil
}

// CheckAddressOrHostname accepts an address or a host name (an NTP server).
func CheckAddressOrHostname(s string) error {
	if _, err := netip.ParseAddr(s); err != nil && !ValidHostname(s) {
		return errors.New("must be an IPv4 or IPv6 address or a host name")
	}
	return nil
}

// timezoneFormat is how show-timezones writes a time zone: Area / Region
// (spaces around each slash), or one word (UTC).
var timezoneFormat = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_+-]*( / [A-Za-z0-9_+-]+)*$`)

// CheckTimezoneFormat accepts a time zone written as show-timezones lists
// them; which zones exist is the device's (set-time-and-date refuses
// another).
func CheckTimezoneFormat(s string) error {
	if !timezoneFormat.MatchString(s) {
		return errors.New(`must be a time zone written as show-timezones lists it: "Area / Region", with a space on each side of the slash (such as "Asia / Jerusalem"), or one word such as "UTC"`)
	}
	return nil
}

// MaxLoginMessage is the longest banner or message of the day, in
// characters.
const MaxLoginMessage = 2000

// LoginMessageRule is the rule of a banner or message of the day, as
// messages give it.
const LoginMessageRule = "must be 1 to 2000 characters of text: printable characters, lines separated by newlines, no other control characters"

// CheckLoginMessage accepts the text of a banner or message of the day
// (set-banner, set-message-of-the-day); "" is refused here: the OS API
// takes it as "put back the default message" (ValidLoginMessage).
func CheckLoginMessage(s string) error {
	if s == "" || !ValidLoginMessage(s) {
		return errors.New(LoginMessageRule)
	}
	return nil
}

// ValidLoginMessage reports whether s is at most MaxLoginMessage
// characters of valid UTF-8 text whose only control characters are
// newlines and tabs.
func ValidLoginMessage(s string) bool {
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) > MaxLoginMessage {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) && r != '\n' && r != '\t' {
			return false
		}
	}
	return true
}

// ProxyAddressRule is the rule of set-proxy's address.
const ProxyAddressRule = `must be an IPv4 address or a host name, or "" (no proxy)`

// CheckProxyAddress accepts a proxy's address: an IPv4 address, a host
// name, or "" (which removes the proxy).
func CheckProxyAddress(s string) error {
	if s == "" || ValidHostname(s) {
		return nil
	}
	if a, err := netip.ParseAddr(s); err == nil && a.Is4() {
		return nil
	}
	return errors.New(ProxyAddressRule)
}

// CheckIPv4 accepts an IPv4 address (an allowed host, an allowed
// network's subnet).
func CheckIPv4(s string) error {
	if a, err := netip.ParseAddr(s); err != nil || !a.Is4() {
		return errors.New("must be an IPv4 address")
	}
	return nil
}

// OSKind is the Terraform shape of a field of an OS resource.
type OSKind int

// The kinds of OSField.
const (
	OSString    OSKind = iota
	OSBool             // a boolean
	OSInt              // a whole number
	OSStringSet        // a set of strings
	OSBlockSet         // repeated blocks, a set (upstream's TypeSet of a Resource); Nested are their fields
	OSBlockList        // repeated blocks in order, a list (upstream's TypeList of a Resource); Nested are their fields
	// OSBlock is one block (upstream's TypeList of a Resource with
	// MaxItems 1), a group of settings the device always has: Nested are
	// its fields, which may be blocks again. Left out, the device's values
	// are kept (and the state holds no block); a block's optional fields
	// left out keep theirs, which the state shows.
	OSBlock
)

// Blocks reports whether the kind is repeated blocks (a set or a list).
func (k OSKind) Blocks() bool { return k == OSBlockSet || k == OSBlockList }

// OSField is an argument of an OS resource: upstream's attribute name,
// the set command's input (and the show command's output) of the same
// value.
type OSField struct {
	// Name is upstream's attribute name; Wire the input's JSON name, which
	// is also the show answer's.
	Name, Wire string
	Kind       OSKind
	// Required: the configuration must set it; otherwise it is optional,
	// and left out it keeps the device's value (which the state shows),
	// except repeated blocks: no block is none (they are the whole list).
	Required bool
	Doc      string
	// Rule checks a string (a string set's elements); RuleDoc repeats it
	// in the documentation.
	Rule   func(string) error
	Values []string // allowed values of a string
	Min    int64    // bounds of a whole number, when Max > Min
	Max    int64
	// AllWord: the set ["all"] is sent as the word "all".
	AllWord bool
	// Computed: an output of the show command only (a collection's object's
	// name or counters), never sent.
	Computed bool
	// Secret: a string that is a secret (an SNMP community): a Terraform
	// write-only argument (Terraform 1.11+), sent from the configuration
	// with every set, never in the plan or the state, and never answered
	// by the show command (so destroy cannot put it back).
	Secret bool
	Nested []OSField
}

// OSResource is a row: the resource fwmgr_os_<Name>.
type OSResource struct {
	// Name is the type name after fwmgr_os_ (upstream's after checkpoint_gaia_).
	Name string
	// Set is the set command of Sets; its Shows is the command Read runs.
	Set string
	Doc string
	// VirtualSystem: the setting is per virtual system (virtual_system_id
	// selects it and is part of the import ID).
	VirtualSystem bool
	Fields        []OSField
	// Example and Change are the body of a resource block (HCL lines)
	// that the sandbox accepts, the second changing every argument.
	Example, Change string
	// Differs says how the resource differs from upstream's, for its page.
	Differs string

	// A collection row (Delete set) is an object the device holds many
	// of, keyed by Key: create and update run Set (which adds the object
	// or changes it), delete runs Delete (nothing is restored), read finds
	// the object in the list that Set's show command (Shows) answers, and
	// a list resource lists them. What a new collection needs is a row:
	// the commands, the fields and the key.
	Delete string
	// Key names the fields (of Fields, Required) that identify an object,
	// in the order of the key; they are RequiresReplace.
	Key []string
	// KeySep joins the key fields' values into the key, the import ID's
	// part after the member ("1.2.3.0/24" with "/", "eth2.42" with ".").
	KeySep string
	// KeyWire, when set, is the output of the listed objects whose value is
	// the key (a VLAN's name); otherwise the key fields' outputs are joined.
	KeyWire string
	// KeyShape is the key in words, for the import ID's shape in messages.
	KeyShape string
	// Plural names the objects in messages and the list resource's docs.
	Plural string
	// Add, when set, is the command of Sets that creates an object (Set then
	// only changes one).
	Add string
	// KeyInput, when set, is the input of Set and Delete that names the
	// object by its key (a VLAN's name) instead of the key fields.
	KeyInput string
}

// Collection reports whether the row is a collection of objects.
func (r OSResource) Collection() bool { return r.Delete != "" }

// ObjectType is the Go type of what Read reads: the show command's answer,
// or, for a collection, an element of its list (objects).
func (r OSResource) ObjectType() reflect.Type {
	t := r.ShowCommand().Response
	if f, ok := t.FieldByName("Objects"); ok && r.Collection() {
		return f.Type.Elem()
	}
	return t
}

// DeleteCommand is a collection row's delete command (of Sets).
func (r OSResource) DeleteCommand() Command {
	c, ok := LookupSet(r.Delete)
	if !ok {
		panic(fmt.Sprintf("fwmgr: OS resource %s names %s, which is not a command of Sets", r.Name, r.Delete))
	}
	return c
}

// AddCommand is the command that creates a collection's object: Add, or
// Set.
func (r OSResource) AddCommand() Command {
	name := r.Add
	if name == "" {
		name = r.Set
	}
	c, ok := LookupSet(name)
	if !ok {
		panic(fmt.Sprintf("fwmgr: OS resource %s names %s, which is not a command of Sets", r.Name, name))
	}
	return c
}

// Field returns the row's field of the given name.
func (r OSResource) Field(name string) (OSField, bool) {
	for _, f := range r.Fields {
		if f.Name == name {
			return f, true
		}
	}
	return OSField{}, false
}

// wireText is a key value of the wire (a JSON number or a string) as the
// key writes it.
func wireText(v any) string {
	switch x := v.(type) {
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case int64:
		return strconv.FormatInt(x, 10)
	case string:
		return x
	}
	return fmt.Sprint(v)
}

// KeyOf is the key of an object of the wire (a listed object, or a
// request's body): its KeyWire output, or its key fields joined.
func (r OSResource) KeyOf(obj map[string]any) string {
	if r.KeyWire != "" {
		if s, ok := obj[r.KeyWire].(string); ok && s != "" {
			return s
		}
	}
	parts := make([]string, 0, len(r.Key))
	for _, name := range r.Key {
		f, _ := r.Field(name)
		parts = append(parts, wireText(obj[f.Wire]))
	}
	return strings.Join(parts, r.KeySep)
}

// ParseKey splits a key into its fields' values (by field name; a whole
// number as int64), each checked by the field's rule and bounds; the error
// says the key's shape.
func (r OSResource) ParseKey(key string) (map[string]any, error) {
	bad := fmt.Errorf("%q is not %s", key, r.KeyShape)
	parts := make([]string, len(r.Key))
	rest := key
	for i := len(r.Key) - 1; i > 0; i-- {
		j := strings.LastIndex(rest, r.KeySep)
		if j < 0 {
			return nil, bad
		}
		parts[i], rest = rest[j+len(r.KeySep):], rest[:j]
	}
	parts[0] = rest
	out := map[string]any{}
	for i, name := range r.Key {
		f, _ := r.Field(name)
		p := parts[i]
		if p == "" {
			return nil, bad
		}
		switch f.Kind {
		case OSInt:
			n, err := strconv.ParseInt(p, 10, 64)
			if err != nil || p != strconv.FormatInt(n, 10) || (f.Max > f.Min && (n < f.Min || n > f.Max)) {
				return nil, fmt.Errorf("%w: its %s %q must be a whole number from %d to %d", bad, f.Name, p, f.Min, f.Max)
			}
			out[name] = n
		default:
			if f.Rule != nil {
				if err := f.Rule(p); err != nil {
					return nil, fmt.Errorf("%w: its %s %q %s", bad, f.Name, p, err.Error())
				}
			}
			out[name] = p
		}
	}
	return out, nil
}

// SetCommand is the row's set command.
func (r OSResource) SetCommand() Command {
	c, ok := LookupSet(r.Set)
	if !ok {
		panic(fmt.Sprintf("fwmgr: OS resource %s names %s, which is not a command of Sets", r.Name, r.Set))
	}
	return c
}

// ShowCommand is the show command that reads what the row sets.
func (r OSResource) ShowCommand() Command {
	c, _ := LookupCommand(r.SetCommand().Shows)
	return c
}

// DaysOrNeverRule is the rule of a password policy's expiration days.
const DaysOrNeverRule = `must be "never" or a whole number of days from 1 to 1827`

// CheckDaysOrNever accepts "never" or 1 to 1827 days, written as a
// decimal number without a sign or leading zeros (a password's lifetime,
// the days before a lock).
func CheckDaysOrNever(s string) error {
	if s == "never" {
		return nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || strconv.FormatInt(n, 10) != s || n < 1 || n > 1827 {
		return errors.New(DaysOrNeverRule)
	}
	return nil
}

// OSResources are the rows. The order is the docs'.
var OSResources = []OSResource{
	{Name: "hostname", Set: "set-hostname", Doc: "The host name of the gateway, or of one cluster member.",
		Fields: []OSField{{Name: "name", Wire: "name", Required: true, Rule: CheckHostname,
			Doc: "Host name: letters, digits and hyphens in dot-separated labels, not an IP address."}},
		Example: `name = "fw-edge-1"`, Change: `name = "fw-edge-2"`},
	{Name: "dns", Set: "set-dns", VirtualSystem: true,
		Doc: "The DNS resolvers, search suffix, forwarding domains and DNS proxy interfaces of a virtual system.",
		Fields: []OSField{
			{Name: "primary", Wire: "primary", Rule: CheckAddressOrNone, Doc: `Primary resolver, an IPv4 or IPv6 address; "" removes it.`},
			{Name: "secondary", Wire: "secondary", Rule: CheckAddressOrNone, Doc: `Secondary resolver; "" removes it.`},
			{Name: "tertiary", Wire: "tertiary", Rule: CheckAddressOrNone, Doc: `Tertiary resolver; "" removes it.`},
			{Name: "suffix", Wire: "suffix", Rule: CheckDomainOrNone, Doc: `Domain name appended to names without a dot; "" removes it.`},
			{Name: "forwarding_domains", Wire: "forwarding-domains", Kind: OSBlockSet,
				Doc: "DNS proxy forwarding domains: names under `suffix` are resolved by their own servers. The blocks are the whole list: none removes them.",
				Nested: []OSField{
					{Name: "suffix", Wire: "suffix", Required: true, Rule: CheckHostname, Doc: "Domain name."},
					{Name: "primary", Wire: "primary", Required: true, Rule: CheckAddress, Doc: "Primary server of the domain, an IPv4 or IPv6 address."},
					{Name: "secondary", Wire: "secondary", Rule: CheckAddressOrNone, Doc: `Secondary server; "" (the default) for none.`},
					{Name: "tertiary", Wire: "tertiary", Rule: CheckAddressOrNone, Doc: `Tertiary server; "" (the default) for none.`},
				}},
			{Name: "listening_interfaces", Wire: "listening-interfaces", Kind: OSStringSet, AllWord: true,
				Doc: "Interfaces the DNS proxy listens on, of the virtual system; `[\"all\"]` for every interface. Left out, the device's are kept."},
		},
		Example: `primary              = "10.20.0.53"
secondary            = "10.20.0.54"
tertiary             = ""
suffix               = "edge.example.net"
listening_interfaces = ["eth2"]
forwarding_domains {
  suffix    = "lab.example.org"
  primary   = "172.18.1.53"
  secondary = "172.18.1.54"
}`,
		Change: `primary              = "10.30.0.53"
secondary            = ""
tertiary             = "10.30.0.55"
suffix               = "core.example.net"
listening_interfaces = ["all"]
forwarding_domains {
  suffix  = "partner.example.com"
  primary = "172.18.2.53"
}
forwarding_domains {
  suffix   = "vendor.example.com"
  primary  = "172.18.3.53"
  tertiary = "172.18.3.55"
}`},
	{Name: "ntp", Set: "set-ntp", Doc: "NTP: whether the clock follows time servers, which ones, and the preferred one.",
		Fields: []OSField{
			{Name: "enabled", Wire: "enabled", Kind: OSBool, Doc: "Whether NTP sets the clock. Left out, the device's state is kept."},
			{Name: "servers", Wire: "servers", Kind: OSBlockSet,
				Doc: "Time servers. The blocks are the whole list: none removes them.",
				Nested: []OSField{
					{Name: "address", Wire: "address", Required: true, Rule: CheckAddressOrHostname, Doc: "IPv4 or IPv6 address or host name of the server."},
					{Name: "type", Wire: "type", Values: []string{"server", "pool", "primary", "secondary"},
						Doc: "`server` (the default) or `pool` (a dynamic collection of servers); `primary` and `secondary` for older versions."},
					{Name: "version", Wire: "version", Kind: OSInt, Min: 1, Max: 4, Doc: "NTP version, 1 to 4 (default 4)."},
				}},
			{Name: "preferred", Wire: "preferred", Doc: `Address of the server preferred above others of similar quality, one of servers; "" for none. Left out, the device's is kept while it stays a server.`},
		},
		Example: `enabled   = true
preferred = "10.20.0.123"
servers {
  address = "10.20.0.123"
  type    = "server"
  version = 4
}
servers {
  address = "pool.ntp.example.org"
  type    = "pool"
}`,
		Change: `enabled   = false
preferred = "10.30.0.124"
servers {
  address = "10.30.0.124"
  type    = "primary"
  version = 3
}`},
	{Name: "time_and_date", Set: "set-time-and-date", Doc: "The time zone of the clock of the gateway, or of one cluster member.",
		Fields: []OSField{{Name: "timezone", Wire: "timezone", Required: true, Rule: CheckTimezoneFormat,
			Doc: "Time zone, one of `fwmgr_os_show_timezones`, written as it lists them: `Area / Region` with a space on each side of the slash (`Asia / Jerusalem`)."}},
		Example: `timezone = "Asia / Tokyo"`, Change: `timezone = "America / New_York"`,
		Differs: "Upstream's `time` and `date` are not arguments: the clock's time is not configuration that a plan can compare " +
			"(it moves on by itself), and NTP (`fwmgr_os_ntp`) sets it; `fwmgr_os_show_time_and_date` reads it. The time zone is " +
			"required (it is all this resource sets), and written as `fwmgr_os_show_timezones` lists it, which upstream's example also does."},
	{Name: "banner", Set: "set-banner", Doc: "The banner: the message shown before login on the web, SSH and serial consoles, and whether it is shown.",
		Fields: loginMessageFields("Banner message"), Example: `enabled = true
message = "Authorized use only. Activity on this gateway is logged."`,
		Change: `enabled = false
message = "Lab gateway: contact the network team before changing it."`,
		Differs: loginMessageDiffers},
	{Name: "message_of_the_day", Set: "set-message-of-the-day",
		Doc:    "The message of the day: the message shown after login on the web, SSH and serial consoles, and whether it is shown.",
		Fields: loginMessageFields("Message of the day"), Example: `enabled = true
message = "Maintenance window: Saturday 02:00-04:00 UTC."`,
		Change: `enabled = false
message = "Change freeze until the end of the quarter."`,
		Differs: loginMessageDiffers},
	{Name: "proxy", Set: "set-proxy", Doc: "The HTTP proxy the OS reaches the internet through (updates, licensing, cloud services).",
		Fields: []OSField{
			{Name: "address", Wire: "address", Rule: CheckProxyAddress,
				Doc: "Proxy server, an IPv4 address or a host name; `\"\"` removes the proxy (and its port). Left out, the device's is kept; while no proxy is configured, `address` and `port` are set together."},
			{Name: "port", Wire: "port", Kind: OSInt, Min: 1, Max: 65535,
				Doc: "Proxy port, 1 to 65535 (the state shows 0 while no proxy is configured). Left out, the device's is kept."},
		},
		Example: `address = "10.1.2.80"
port    = 8080`,
		Change: `address = "proxy.corp.example.net"
port    = 3128`,
		Differs: "Destroy puts back what the device had before Terraform managed the proxy (on a device without one, `set-proxy` with " +
			"address `\"\"` removes it) instead of running upstream's `delete-proxy`, which would also remove a proxy configured " +
			"before. The arguments are optional as upstream's, but a device without a proxy needs both in the first apply (400 otherwise)."},
	{Name: "syslog", Set: "set-syslog",
		Doc: "The local syslog of the gateway, or of one cluster member: the file it writes, the permanent audit log, Check Point logs, " +
			"sending to the management server, and the log files it forwards.",
		Fields: []OSField{
			{Name: "audit_log", Wire: "audit-log", Kind: OSBool, Doc: "Keep the audit log permanently (across reboots). Left out, the device's setting is kept."},
			{Name: "cp_logs", Wire: "cp-logs", Kind: OSBool, Doc: "Send Check Point logs to syslog too. Left out, the device's setting is kept."},
			{Name: "send_to_mgmt", Wire: "send-to-mgmt", Kind: OSBool, Doc: "Send syslog to the management server. Left out, the device's setting is kept."},
			{Name: "filename", Wire: "filename", Rule: CheckLogFilePath,
				Doc: "The file syslog writes to, an absolute path under `/var/log`. Left out, the device's is kept (`/var/log/messages` on a new device)."},
			{Name: "forwarded_logs_files", Wire: "forwarded-logs-files", Kind: OSBlockList,
				Doc: "Log files that syslog forwards. The blocks are the whole list: none removes them.",
				Nested: []OSField{
					{Name: "path", Wire: "path", Required: true, Rule: CheckLogFilePath, Doc: "The forwarded file, an absolute path under `/var/log`."},
					{Name: "tag", Wire: "tag", Rule: CheckSyslogTag,
						Doc: "The tag of the file's lines: 1 to 32 letters, digits, `_`, `-` and `.`. Left out, the file's name without its extension."},
				}},
		},
		Example: `audit_log    = true
cp_logs      = false
filename     = "/var/log/messages"
send_to_mgmt = true
forwarded_logs_files {
  tag  = "conf_point2"
  path = "/var/log/config_point_server.log"
}
forwarded_logs_files {
  path = "/var/log/gaia_api_server.log"
}
forwarded_logs_files {
  path = "/var/log/gaia_init_config.log"
}`,
		Change: `audit_log    = false
cp_logs      = true
filename     = "/var/log/fw-syslog"
send_to_mgmt = false
forwarded_logs_files {
  tag  = "audit"
  path = "/var/log/audit/audit.log"
}`,
		Differs: "`tls_configuration` (a single block, Gaia R82 and later) is not an argument: the generic OS resource has no single " +
			"nested block yet, and the block is optional upstream; the device's TLS configuration is left as it is. " +
			"A forwarded file's `path` is required (a forwarded file is its path; upstream's is optional). Without " +
			"`forwarded_logs_files` blocks the forwarded files are removed (the blocks are the whole list), where upstream keeps the device's."},
	{Name: "snmp", Set: "set-snmp",
		Doc: "The SNMP agent of the gateway, or of one cluster member: whether it runs, its version, trap user, contact, location, " +
			"communities and the interfaces it listens on.",
		Fields: []OSField{
			{Name: "enabled", Wire: "enabled", Kind: OSBool, Doc: "Whether the SNMP agent runs. Left out, the device's state is kept."},
			{Name: "version", Wire: "version", Values: []string{"any", "v3-Only"},
				Doc: "SNMP versions the agent answers: `any` (v1, v2 and v3) or `v3-Only`. Left out, the device's is kept."},
			{Name: "trap_usm", Wire: "trap-usm", Rule: CheckSnmpUserOrNone,
				Doc: "The SNMPv3 (USM) user the traps are sent as; `\"\"` for none. Left out, the device's is kept."},
			{Name: "contact", Wire: "contact", Rule: CheckSnmpText, Doc: "Contact string, at most 128 characters; `\"\"` for none. Left out, the device's is kept."},
			{Name: "location", Wire: "location", Rule: CheckSnmpText, Doc: "Location string of the device, at most 128 characters; `\"\"` for none. Left out, the device's is kept."},
			{Name: "read_only_community", Wire: "read-only-community", Secret: true, Rule: CheckSnmpCommunityOrNone,
				Doc: "Read-only community (SNMP v1 and v2), a write-only argument (Terraform 1.11+): sent with every apply that sets it, never in the plan or the state. `\"\"` removes it."},
			{Name: "read_write_community", Wire: "read-write-community", Secret: true, Rule: CheckSnmpCommunityOrNone,
				Doc: "Read-write community (SNMP v1 and v2), a write-only argument (Terraform 1.11+): sent with every apply that sets it, never in the plan or the state. `\"\"` removes it."},
			{Name: "interfaces", Wire: "interfaces", Rule: CheckSnmpInterfaces,
				Doc: "The interface the agent listens on (of virtual system 0), or `all`. Left out, the device's is kept."},
		},
		Example: `enabled             = true
contact             = "ops-team"
location            = "datacenter-1"
version             = "any"
interfaces          = "all"
read_only_community = "example-ro"`,
		Change: `enabled              = false
contact              = "noc"
location             = "datacenter-2"
version              = "v3-Only"
interfaces           = "eth1"
trap_usm             = "testuser"
read_only_community  = ""
read_write_community = "example-rw"`,
		Differs: "`pre_defined_traps_settings`, `custom_traps_settings` and `vsx_settings` (single blocks, optional upstream) are not " +
			"arguments: the generic OS resource has no single nested block yet; the device's settings are left as they are. " +
			"`read_only_community` and `read_write_community` are write-only arguments (Terraform 1.11+): they are secrets, so they are " +
			"never in the plan or the state, `show-snmp` never answers them (a community changed on the device is no drift), changing " +
			"only them plans no update (change another argument with them, or replace the resource), and destroy cannot put back the " +
			"communities the device had before."},
	{Name: "allowed_clients", Set: "set-allowed-clients",
		Doc: "The clients that may connect to the OS's web, API and SSH interfaces: any host, or the hosts and networks listed.",
		Fields: []OSField{
			{Name: "allowed_networks", Wire: "allowed-networks", Kind: OSBlockSet,
				Doc: "Networks whose hosts may connect. The blocks are the whole list: none removes them.",
				Nested: []OSField{
					{Name: "subnet", Wire: "subnet", Required: true, Rule: CheckIPv4, Doc: "The network's IPv4 address (the network address of its mask: 10.1.0.0 for /16)."},
					{Name: "mask_length", Wire: "mask-length", Kind: OSInt, Required: true, Min: 1, Max: 32, Doc: "The network's mask length, 1 to 32."},
				}},
			{Name: "allowed_hosts", Wire: "allowed-hosts", Kind: OSStringSet, Rule: CheckIPv4,
				Doc: "IPv4 addresses of hosts that may connect; `[]` for none. Left out, the device's are kept."},
			{Name: "allowed_any_host", Wire: "allowed-any-host", Kind: OSBool,
				Doc: "Whether any host may connect (the lists then add nothing). Left out, the device's setting is kept."},
		},
		Example: `allowed_any_host = false
allowed_hosts    = ["192.168.100.20", "192.168.100.21"]
allowed_networks {
  subnet      = "10.20.0.0"
  mask_length = 16
}`,
		Change: `allowed_any_host = true
allowed_hosts    = ["192.168.100.30"]
allowed_networks {
  subnet      = "10.30.0.0"
  mask_length = 24
}
allowed_networks {
  subnet      = "172.16.5.0"
  mask_length = 28
}`,
		Differs: "`allowed_networks` and `allowed_hosts` are sets, not upstream's lists: the device keeps no order of them, so an order " +
			"of the configuration could only show as a change. A network's `subnet` and `mask_length` are required (the OS API needs " +
			"both; upstream leaves out an element without them). Without `allowed_networks` blocks the networks are removed " +
			"(the blocks are the whole list), where upstream sends nothing and keeps them."},

	{Name: "password_policy", Set: "set-password-policy",
		Doc: "The password policy of the OS's local users: password strength, history, expiration and lockout, and whether every user must use two-factor authentication.",
		Fields: []OSField{
			{Name: "password_strength", Wire: "password-strength", Kind: OSBlock,
				Doc: "Password strength. Left out, the device's is kept.",
				Nested: []OSField{
					{Name: "minimum_length", Wire: "minimum-length", Kind: OSInt, Min: 6, Max: 128, Doc: "Shortest password, 6 to 128 characters (factory value 6). Left out, the device's is kept."},
					{Name: "complexity", Wire: "complexity", Kind: OSInt, Min: 1, Max: 4, Doc: "Character classes (lower case, upper case, digits, others) a password needs, 1 to 4 (factory value 2). Left out, the device's is kept."},
					{Name: "palindrome_check_enabled", Wire: "palindrome-check-enabled", Kind: OSBool, Doc: "Refuse palindromes (factory value true). Left out, the device's setting is kept."},
				}},
			{Name: "password_history", Wire: "password-history", Kind: OSBlock,
				Doc: "Password history: a new password may not be one of the last ones. Left out, the device's is kept.",
				Nested: []OSField{
					{Name: "check_history_enabled", Wire: "check-history-enabled", Kind: OSBool, Doc: "Check the history (factory value false). Left out, the device's setting is kept."},
					{Name: "repeated_history_length", Wire: "repeated-history-length", Kind: OSInt, Min: 1, Max: 1000, Doc: "How many earlier passwords are refused, 1 to 1000 (factory value 10). Left out, the device's is kept."},
				}},
			{Name: "lock_settings", Wire: "lock-settings", Kind: OSBlock,
				Doc: "Password expiration and account lockout. Left out, the device's are kept.",
				Nested: []OSField{
					{Name: "password_expiration_days", Wire: "password-expiration-days", Rule: CheckDaysOrNever,
						Doc: "Password lifetime: `never` (factory value) or 1 to 1827 days, as a string. Left out, the device's is kept."},
					{Name: "password_expiration_warning_days", Wire: "password-expiration-warning-days", Kind: OSInt, Min: 1, Max: 366,
						Doc: "Days before expiration that the user is warned, 1 to 366 (factory value 7). Left out, the device's is kept."},
					{Name: "password_expiration_maximum_days_before_lock", Wire: "password-expiration-maximum-days-before-lock", Rule: CheckDaysOrNever,
						Doc: "Days after expiration that the account is locked: `never` (factory value) or 1 to 1827, as a string. Left out, the device's is kept."},
					{Name: "must_one_time_password_enabled", Wire: "must-one-time-password-enabled", Kind: OSBool,
						Doc: "A password set by an administrator (User Management) must be changed at the next login (factory value false). Left out, the device's setting is kept."},
					{Name: "inactivity_settings", Wire: "inactivity-settings", Kind: OSBlock,
						Doc: "Locking unused accounts. Left out, the device's settings are kept.",
						Nested: []OSField{
							{Name: "lock_unused_accounts_enabled", Wire: "lock-unused-accounts-enabled", Kind: OSBool, Doc: "Lock accounts unused for `inactivity_threshold_days` (factory value false). Left out, the device's setting is kept."},
							{Name: "inactivity_threshold_days", Wire: "inactivity-threshold-days", Kind: OSInt, Min: 1, Max: 1827, Doc: "Days without login after which an account is locked, 1 to 1827 (factory value 365). Left out, the device's is kept."},
						}},
					{Name: "failed_attempts_settings", Wire: "failed-attempts-settings", Kind: OSBlock,
						Doc: "Locking a user out after failed logins. Left out, the device's settings are kept.",
						Nested: []OSField{
							{Name: "failed_lock_enabled", Wire: "failed-lock-enabled", Kind: OSBool, Doc: "Lock a user out after `failed_attempts_allowed` failed logins (factory value false). Left out, the device's setting is kept."},
							{Name: "failed_attempts_allowed", Wire: "failed-attempts-allowed", Kind: OSInt, Min: 2, Max: 1000, Doc: "Failed logins allowed before the lockout, 2 to 1000 (factory value 10). Left out, the device's is kept."},
							{Name: "failed_lock_duration_seconds", Wire: "failed-lock-duration-seconds", Kind: OSInt, Min: 60, Max: 604800, Doc: "How long the lockout lasts, 60 to 604800 seconds (factory value 1200). Left out, the device's is kept."},
							{Name: "failed_lock_enforced_on_admin", Wire: "failed-lock-enforced-on-admin", Kind: OSBool, Doc: "Lock out the admin user too (factory value false). Left out, the device's setting is kept."},
						}},
				}},
			{Name: "all_users_require_two_factor_authentication", Wire: "all-users-require-two-factor-authentication", Kind: OSBool,
				Doc: "Every user must use two-factor authentication: at the next login a user without it sets it up. Left out, the device's setting is kept."},
		},
		Example: `password_strength {
  minimum_length           = 8
  complexity               = 3
  palindrome_check_enabled = true
}
password_history {
  check_history_enabled   = true
  repeated_history_length = 10
}
lock_settings {
  password_expiration_days                     = "90"
  password_expiration_warning_days             = 14
  password_expiration_maximum_days_before_lock = "never"
  must_one_time_password_enabled               = true
  inactivity_settings {
    lock_unused_accounts_enabled = true
    inactivity_threshold_days    = 180
  }
  failed_attempts_settings {
    failed_lock_enabled           = true
    failed_attempts_allowed       = 5
    failed_lock_duration_seconds  = 900
    failed_lock_enforced_on_admin = false
  }
}`,
		Change: `all_users_require_two_factor_authentication = true
password_strength {
  minimum_length = 12
  complexity     = 4
}
password_history {
  check_history_enabled   = false
  repeated_history_length = 20
}
lock_settings {
  password_expiration_days                     = "never"
  password_expiration_warning_days             = 7
  password_expiration_maximum_days_before_lock = "30"
  must_one_time_password_enabled               = false
  inactivity_settings {
    lock_unused_accounts_enabled = false
  }
  failed_attempts_settings {
    failed_lock_enabled          = true
    failed_attempts_allowed      = 3
    failed_lock_duration_seconds = 3600
  }
}`,
		Differs: "A block left out keeps the device's settings, and the state then holds no block (a block cannot be computed): " +
			"upstream's state reads every block back even when the configuration has none. The values are not sensitive " +
			"(upstream marks `password_strength`, `password_history` and some `lock_settings` values sensitive, which hides every " +
			"change of them in a plan; they are a policy, not secrets). `lock_settings`'s day counts are checked at plan " +
			"(`never` or 1 to 1827)."},

	// Collections: objects the device holds many of.
	{Name: "static_route", Set: "set-static-route", Delete: "delete-static-route", Plural: "static routes",
		Doc: "A static route of the gateway, or of one cluster member: the destination network (address and mask length), " +
			"its type and next-hop gateways.",
		Key: []string{"address", "mask_length"}, KeySep: "/",
		KeyShape: "<address>/<mask_length>, the destination network as show-static-routes lists it (such as 1.2.3.0/24 or 2001:db8:7::/48)",
		Fields: []OSField{
			{Name: "address", Wire: "address", Required: true, Rule: CheckNetworkAddress,
				Doc: "Destination network's address, IPv4 or IPv6, with no host bits beyond `mask_length` and written as the device writes it (lower case, IPv6 shortened). Changing it replaces the route."},
			{Name: "mask_length", Wire: "mask-length", Kind: OSInt, Required: true, Min: 0, Max: 128,
				Doc: "Destination network's prefix length: 0 to 32 for IPv4, 0 to 128 for IPv6. Changing it replaces the route."},
			{Name: "type", Wire: "type", Required: true, Values: []string{"gateway", "blackhole", "reject"},
				Doc: "Type of next hop: `gateway` (through the `next_hop` gateways), `blackhole` (dropped silently) or `reject` (dropped with an ICMP unreachable)."},
			{Name: "next_hop", Wire: "next-hop", Kind: OSBlockList,
				Doc: "Next-hop gateways of a `gateway` route (at least one; none for `blackhole` and `reject`). The blocks are the whole list: none removes them.",
				Nested: []OSField{
					{Name: "gateway", Wire: "gateway", Required: true, Rule: CheckAddress, Doc: "IPv4 or IPv6 address of the gateway (of the route's family)."},
					{Name: "priority", Wire: "priority", Rule: CheckNextHopPriority,
						Doc: "Which gateway is chosen first: `default` (left out) or 1 to 8, the lower the preferred."},
				}},
			{Name: "ping", Wire: "ping", Kind: OSBool, Doc: "Ping monitoring of the gateways (IPv4). Left out, the device's value is kept (false for a new route)."},
			{Name: "rank", Wire: "rank", Kind: OSInt, Min: 0, Max: 255,
				Doc: "Rank, 0 to 255: among routes to one destination from different protocols the lowest wins. Left out, the device's value is kept (0 for a new route)."},
			{Name: "scope_local", Wire: "scope-local", Kind: OSBool,
				Doc: "Treat the route as directly connected to the machine. Left out, the device's value is kept (false for a new route)."},
			{Name: "comment", Wire: "comment", Doc: `Comment. Left out, the device's is kept ("" for a new route).`},
		},
		Example: `address     = "1.2.3.0"
mask_length = 24
type        = "gateway"
rank        = 25
comment     = "hello"
next_hop {
  gateway  = "10.1.1.254"
  priority = "default"
}`,
		Change: `address     = "1.2.3.0"
mask_length = 24
type        = "gateway"
ping        = true
rank        = 30
scope_local = true
comment     = "two gateways"
next_hop {
  gateway  = "10.1.1.254"
  priority = "1"
}
next_hop {
  gateway  = "10.1.4.254"
  priority = "2"
}`,
		Differs: "`virtual_system_id` is not an argument: static routes are configured on virtual system 0, the only one " +
			"`show-static-routes` lists routes of. `next_hop`'s `gateway` is required (a next hop is a gateway). " +
			"The import ID is `<member_id|all>:<address>/<mask_length>`, and the resource has an identity and a list resource."},
	{Name: "remote_syslog", Add: "add-remote-syslog", Set: "set-remote-syslog", Delete: "delete-remote-syslog", Plural: "remote syslog servers",
		Doc: "A remote syslog server the gateway, or one cluster member, logs to: its address, the lowest level sent, and the port and protocol.",
		Key: []string{"server_ip"}, KeySep: "/",
		KeyShape: "<server_ip>, the server's address or host name as show-remote-syslogs lists it (such as 10.1.2.62 or 10::130)",
		Fields: []OSField{
			{Name: "server_ip", Wire: "server-ip", Required: true, Rule: CheckSyslogServer,
				Doc: "The server: an IPv4 or IPv6 address written as the device writes it (lower case, IPv6 shortened), or a host name. Changing it replaces the server."},
			{Name: "level", Wire: "level", Required: true, Values: SyslogLevels,
				Doc: "The lowest level of the messages sent: `emerg`, `alert`, `crit`, `err`, `warning`, `notice`, `info`, `debug` or `all`."},
			{Name: "port", Wire: "port", Kind: OSInt, Min: 1, Max: 65535, Doc: "Port, 1 to 65535. Left out, the device's is kept (514 for a new server)."},
			{Name: "protocol", Wire: "protocol", Values: []string{"udp", "tcp"}, Doc: "Protocol, `udp` or `tcp`. Left out, the device's is kept (`udp` for a new server)."},
			{Name: "queuing_mechanism", Wire: "queuing-mechanism", Kind: OSBool,
				Doc: "Queue the messages while the server is unreachable. Left out, the device's setting is kept (false for a new server)."},
		},
		Example: `level     = "debug"
server_ip = "10::130"`,
		Change: `level             = "warning"
server_ip         = "10::130"
port              = 6514
protocol          = "tcp"
queuing_mechanism = true`,
		Differs: "`tls_encryption` (a single block, Gaia R82 and later, optional upstream) is not an argument: the generic OS resource has no " +
			"single nested block yet; a server's TLS settings are left as they are (none for a new server). `server_ip` is written as the " +
			"device writes it (an IPv6 address shortened and in lower case). The import ID is `<member_id|all>:<server_ip>`, and the " +
			"resource has an identity and a list resource."},
	{Name: "snmp_trap_receiver", Add: "add-snmp-trap-receiver", Set: "set-snmp-trap-receiver", Delete: "delete-snmp-trap-receiver",
		Plural: "SNMP trap receivers",
		Doc:    "A receiver the SNMP agent of the gateway, or of one cluster member, sends traps to: its address, SNMP version and community string.",
		Key:    []string{"address"}, KeySep: "/",
		KeyShape: "<address>, the receiver's address as show-snmp-trap-receivers lists it (such as 4.4.4.5)",
		Fields: []OSField{
			{Name: "address", Wire: "address", Required: true, Rule: CheckCanonicalAddress,
				Doc: "The receiver's IPv4 or IPv6 address, written as the device writes it (lower case, IPv6 shortened). Changing it replaces the receiver."},
			{Name: "version", Wire: "version", Required: true, Values: []string{"v1", "v2", "v3"}, Doc: "SNMP version of the traps: `v1`, `v2` or `v3`."},
			{Name: "community_string", Wire: "community-string", Secret: true, Rule: CheckSnmpCommunityOrNone,
				Doc: "The community the receiver accepts traps of, required for `v1` and `v2` (the device keeps the one it has when it is left out). " +
					"A write-only argument (Terraform 1.11+): sent with every apply that sets it, never in the plan or the state."},
		},
		Example: `address          = "4.4.4.5"
community_string = "yy"
version          = "v3"`,
		Change: `address          = "4.4.4.5"
community_string = "zz"
version          = "v2"`,
		Differs: "`community_string` is a write-only argument (Terraform 1.11+): it is a secret, so it is never in the plan or the state and " +
			"`show-snmp-trap-receivers` never answers it (a community changed on the device is no drift; changing only it plans no update). " +
			"The import ID is `<member_id|all>:<address>`, and the resource has an identity and a list resource."},
	{Name: "vlan_interface", Add: "add-vlan-interface", Set: "set-vlan-interface", Delete: "delete-vlan-interface",
		Plural: "VLAN interfaces", KeyInput: "name", KeyWire: "name",
		Doc: "A VLAN interface of the gateway, or of one cluster member: the VLAN `resource_id` tagged on the trunk `parent`, " +
			"named `<parent>.<resource_id>`, with its addresses, state, comments and MTU.",
		Key: []string{"parent", "resource_id"}, KeySep: ".",
		KeyShape: "<parent>.<resource_id>, the VLAN interface's name (such as eth2.42)",
		Fields: []OSField{
			{Name: "parent", Wire: "parent", Required: true, Rule: CheckInterfaceName,
				Doc: "The trunk: a physical or bond interface (not `Mgmt`). Changing it replaces the interface."},
			{Name: "resource_id", Wire: "id", Kind: OSInt, Required: true, Min: 2, Max: 4094,
				Doc: "VLAN tag, 2 to 4094 (upstream's `resource_id`: `id` is the import ID). Changing it replaces the interface."},
			{Name: "ipv4_address", Wire: "ipv4-address", Rule: CheckIPv4OrNone, Doc: `IPv4 address; "" for none. Left out, the device's is kept (none for a new interface).`},
			{Name: "ipv4_mask_length", Wire: "ipv4-mask-length", Kind: OSInt, Min: 1, Max: 32, Doc: "IPv4 prefix length, 1 to 32, with `ipv4_address`."},
			{Name: "ipv6_address", Wire: "ipv6-address", Rule: CheckIPv6OrNone, Doc: `IPv6 address; "" for none. Left out, the device's is kept (none for a new interface).`},
			{Name: "ipv6_mask_length", Wire: "ipv6-mask-length", Kind: OSInt, Min: 1, Max: 128, Doc: "IPv6 prefix length, 1 to 128, with `ipv6_address`."},
			{Name: "enabled", Wire: "enabled", Kind: OSBool, Doc: "Whether the interface is up. Left out, the device's state is kept (up for a new interface)."},
			{Name: "comments", Wire: "comments", Doc: `Comments. Left out, the device's are kept ("" for a new interface).`},
			{Name: "mtu", Wire: "mtu", Kind: OSInt, Min: 68, Max: 16000, Doc: "MTU, 68 to 16000. Left out, the device's is kept (1500 for a new interface)."},
			{Name: "name", Wire: "name", Computed: true, Doc: "The interface's name, `<parent>.<resource_id>`."},
			{Name: "ipv6_local_link_address", Wire: "ipv6-local-link-address", Computed: true, Doc: "IPv6 link-local address."},
			{Name: "link_state", Wire: "link-state", Kind: OSBool, Computed: true, Doc: "Whether the link is up."},
			{Name: "speed", Wire: "speed", Computed: true, Doc: "Link speed."},
			{Name: "duplex", Wire: "duplex", Computed: true, Doc: "Duplex mode."},
			{Name: "tx_bytes", Wire: "tx-bytes", Kind: OSInt, Computed: true, Doc: "Bytes sent."},
			{Name: "tx_packets", Wire: "tx-packets", Kind: OSInt, Computed: true, Doc: "Packets sent."},
			{Name: "rx_bytes", Wire: "rx-bytes", Kind: OSInt, Computed: true, Doc: "Bytes received."},
			{Name: "rx_packets", Wire: "rx-packets", Kind: OSInt, Computed: true, Doc: "Packets received."},
		},
		Example: `parent           = "eth2"
resource_id      = 100
enabled          = true
ipv4_address     = "10.42.100.1"
ipv4_mask_length = 24
comments         = "users"`,
		Change: `parent           = "eth2"
resource_id      = 100
enabled          = false
ipv4_address     = "10.42.101.1"
ipv4_mask_length = 25
ipv6_address     = "2001:db8:42::1"
ipv6_mask_length = 64
comments         = "changed"
mtu              = 1400`,
		Differs: "`sd_wan`, `dhcp`, `dhcp6`, `ipv6_autoconfig` and `virtual_system_id` are not arguments (VLAN interfaces of " +
			"virtual system 0, statically addressed). `name` is computed only (it is always `<parent>.<resource_id>`). " +
			"The import ID is `<member_id|all>:<parent>.<resource_id>`, and the resource has an identity and a list resource."},
}

// interfaceName is how the device names an interface.
var interfaceName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]*$`)

// CheckInterfaceName accepts an interface name without a dot or colon (a
// physical or bond interface: eth2, bond0).
func CheckInterfaceName(s string) error {
	if !interfaceName.MatchString(s) {
		return errors.New("must be the name of a physical or bond interface, such as eth2 or bond0")
	}
	return nil
}

// CheckIPv4OrNone accepts an IPv4 address or "".
func CheckIPv4OrNone(s string) error {
	if a, err := netip.ParseAddr(s); s != "" && (err != nil || !a.Is4()) {
		return errors.New(`must be an IPv4 address or "" (none)`)
	}
	return nil
}

// CheckIPv6OrNone accepts an IPv6 address or "".
func CheckIPv6OrNone(s string) error {
	if a, err := netip.ParseAddr(s); s != "" && (err != nil || !a.Is6() || a.Is4In6() || a.Zone() != "") {
		return errors.New(`must be an IPv6 address or "" (none)`)
	}
	return nil
}

// CheckNetworkAddress accepts an IPv4 or IPv6 address written as the
// device writes it (netip's form: lower case, IPv6 shortened, no zone), a
// route's destination.
func CheckNetworkAddress(s string) error {
	a, err := netip.ParseAddr(s)
	if err != nil || a.Zone() != "" || a.Is4In6() || a.String() != s {
		return errors.New("must be an IPv4 or IPv6 network address written as the device writes it (such as 1.2.3.0 or 2001:db8:7::)")
	}
	return nil
}

// CheckNextHopPriority accepts a next hop's priority: default or 1 to 8.
func CheckNextHopPriority(s string) error {
	if s == "default" || (len(s) == 1 && s[0] >= '1' && s[0] <= '8') {
		return nil
	}
	return errors.New(`must be "default" or a whole number from 1 to 8`)
}

// loginMessageFields are the arguments of the banner and the message of
// the day (upstream's message and enabled).
func loginMessageFields(what string) []OSField {
	return []OSField{
		{Name: "message", Wire: "message", Rule: CheckLoginMessage,
			Doc: what + " shown on the web, SSH and serial login: 1 to 2000 characters, lines separated by newlines (`<<-EOT` heredocs work). Left out, the device's is kept."},
		{Name: "enabled", Wire: "enabled", Kind: OSBool, Doc: "Whether the message is shown. Left out, the device's state is kept."},
	}
}

// loginMessageDiffers is how the banner and the message of the day
// differ from upstream's.
const loginMessageDiffers = "`message = \"\"` is refused at plan: the OS API takes an empty message as \"put back the default " +
	"message\" and then shows the default text, which the state could not hold as `\"\"` (upstream never sends an empty " +
	"message, so its plans keep showing the change). To go back to the message the device had before, destroy the resource: " +
	"destroy sets that message back."

// SyslogLevels are the levels of a remote syslog server, lowest first.
var SyslogLevels = []string{"emerg", "alert", "crit", "err", "warning", "notice", "info", "debug", "all"}

// logFilePath is an absolute path under /var/log.
var logFilePath = regexp.MustCompile(`^/var/log(/[A-Za-z0-9_.-]+)+$`)

// LogFilePathRule is the rule of a syslog file's path.
const LogFilePathRule = "must be an absolute path of a file under /var/log: names of letters, digits, _, - and . separated by /, no . or .. names, at most 255 characters"

// CheckLogFilePath accepts a file under /var/log (syslog's file, a
// forwarded file).
func CheckLogFilePath(s string) error {
	if len(s) > 255 || !logFilePath.MatchString(s) || slices.ContainsFunc(strings.Split(s, "/"), func(p string) bool { return p == "." || p == ".." }) {
		return errors.New(LogFilePathRule)
	}
	return nil
}

// syslogTag is a forwarded file's tag.
var syslogTag = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,32}$`)

// CheckSyslogTag accepts a forwarded file's tag.
func CheckSyslogTag(s string) error {
	if !syslogTag.MatchString(s) {
		return errors.New("must be 1 to 32 characters: letters, digits, _, - and dots")
	}
	return nil
}

// CheckCanonicalAddress accepts an IPv4 or IPv6 address written as the
// device writes it (netip's form: lower case, IPv6 shortened, no zone).
func CheckCanonicalAddress(s string) error {
	a, err := netip.ParseAddr(s)
	if err != nil || a.Zone() != "" || a.Is4In6() || a.String() != s {
		return errors.New("must be an IPv4 or IPv6 address written as the device writes it (such as 10.1.2.62 or 2001:db8::62)")
	}
	return nil
}

// CheckSyslogServer accepts a remote syslog server: an address as the
// device writes it, or a host name.
func CheckSyslogServer(s string) error {
	if CheckCanonicalAddress(s) == nil || ValidHostname(s) {
		return nil
	}
	return errors.New("must be an IPv4 or IPv6 address written as the device writes it (such as 10.1.2.62 or 10::130) or a host name")
}

// snmpUser is an SNMPv3 (USM) user name.
var snmpUser = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_.-]{0,31}$`)

// CheckSnmpUserOrNone accepts a USM user name or "".
func CheckSnmpUserOrNone(s string) error {
	if s != "" && !snmpUser.MatchString(s) {
		return errors.New(`must be a USM user name (a letter, then up to 31 letters, digits, _, - and .) or "" (none)`)
	}
	return nil
}

// MaxSnmpText is the longest SNMP contact or location.
const MaxSnmpText = 128

// CheckSnmpText accepts an SNMP contact or location: at most 128
// printable characters (no control characters), or "".
func CheckSnmpText(s string) error {
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) > MaxSnmpText || strings.ContainsFunc(s, unicode.IsControl) {
		return errors.New(`must be at most 128 printable characters (no control characters), or "" (none)`)
	}
	return nil
}

// snmpCommunity is a community: printable ASCII without spaces, quotes or
// backslashes.
var snmpCommunity = regexp.MustCompile(`^[!#-&(-\[\]-~]{1,64}$`)

// CheckSnmpCommunityOrNone accepts an SNMP community or "" (none).
func CheckSnmpCommunityOrNone(s string) error {
	if s != "" && !snmpCommunity.MatchString(s) {
		return errors.New(`must be 1 to 64 printable ASCII characters without spaces, quotes or backslashes, or "" (none)`)
	}
	return nil
}

// snmpInterface is the name of an interface of any type (eth1, eth1.100,
// bond0).
var snmpInterface = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_.:-]{0,31}$`)

// CheckSnmpInterfaces accepts the SNMP agent's interfaces: all, or an
// interface's name.
func CheckSnmpInterfaces(s string) error {
	if s != All && !snmpInterface.MatchString(s) {
		return errors.New("must be all or the name of an interface (such as eth1 or eth1.100)")
	}
	return nil
}

// LookupOSResource returns the row of the given name.// LookupOSResource returns the row of the given name.
func LookupOSResource(name string) (OSResource, bool) {
	for _, r := range OSResources {
		if r.Name == name {
			return r, true
		}
	}
	return OSResource{}, false
}
