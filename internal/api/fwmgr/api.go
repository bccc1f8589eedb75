// Package fwmgr holds the wire types of the firewall OS API (docs/api/fwmgr.md),
// shared by the client (internal/client/fwmgr) and the device sandbox
// (internal/sandbox/fwmgr): the session commands (login, keepalive, logout),
// the error body, and the request and response of every show command, with
// the command table (Commands) that both drive their code from.
//
// Every command is a POST of a JSON object to
//
//	[/<cloud-mgmt-id>]/<context>/v<version>/<command>
//
// Field names are those of the OS API: kebab-case JSON keys. A list field
// tagged unordered:"true" is a collection whose order means nothing (the
// OS API's reference declares it a set): the provider types it as a set.
package fwmgr

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// The two access contexts: the OS API of a gateway or management server, and
// the management API. The show commands of Commands exist in ContextOS only.
const (
	ContextOS  = "os_api"
	ContextWeb = "web_api"
)

// API versions. A path without a version segment means CurrentVersion.
const CurrentVersion = "1.8"

// SupportedVersions lists the versions a server answers, oldest first.
var SupportedVersions = []string{"1.6", "1.7", "1.7.1", "1.8"}

// SessionHeader carries the session ID that login returns on every later
// command.
const SessionHeader = "X-chkp-sid"

// Session timeout bounds and default, in seconds.
const (
	MinSessionTimeout     = 10
	MaxSessionTimeout     = 3600
	DefaultSessionTimeout = 600
)

// Paging bounds of the paged show commands.
const (
	DefaultLimit = 50
	MaxLimit     = 1000
)

// Sort directions accepted by the order input of paged show commands.
const (
	OrderAsc  = "ASC"
	OrderDesc = "DESC"
)

// Session commands.
const (
	CommandLogin     = "login"
	CommandKeepalive = "keepalive"
	CommandLogout    = "logout"
)

// LoginRequest is the body of login. Exactly one of User (with Password) or
// APIKey identifies the administrator.
type LoginRequest struct {
	User     string `json:"user,omitempty"`
	Password string `json:"password,omitempty"`
	APIKey   string `json:"api-key,omitempty"`
	// Domain is the name or UID of the domain to log in to; empty means the
	// administrator's default domain.
	Domain             string `json:"domain,omitempty"`
	SessionName        string `json:"session-name,omitempty"`
	SessionDescription string `json:"session-description,omitempty"`
	// SessionTimeout is the idle time in seconds after which the session
	// expires (MinSessionTimeout..MaxSessionTimeout, default
	// DefaultSessionTimeout).
	SessionTimeout *int64 `json:"session-timeout,omitempty"`
	// MemberID makes the show commands of the session run on that cluster
	// member unless a command names another one.
	MemberID string `json:"member-id,omitempty"`
}

// LoginResponse is the answer of login.
type LoginResponse struct {
	SID              string    `json:"sid"`
	UID              string    `json:"uid"`
	URL              string    `json:"url"`
	SessionTimeout   int64     `json:"session-timeout"`
	APIServerVersion string    `json:"api-server-version"`
	Domain           Domain    `json:"domain"`
	LastLoginWasAt   Timestamp `json:"last-login-was-at"`
	ReadOnly         bool      `json:"read-only"`
	MemberID         string    `json:"member-id,omitempty"`
}

// Domain names a domain of the server.
type Domain struct {
	Name       string `json:"name"`
	UID        string `json:"uid"`
	DomainType string `json:"domain-type"`
}

// Timestamp is a point in time as the API writes it.
type Timestamp struct {
	Posix   int64  `json:"posix"`
	ISO8601 string `json:"iso-8601"`
}

// EmptyRequest is the body of commands without inputs (keepalive, logout).
type EmptyRequest struct{}

// MessageResponse is the answer of keepalive and logout.
type MessageResponse struct {
	Message string `json:"message"`
}

// ErrorBody is the body of every answer whose status is not 200.
type ErrorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *ErrorBody) Error() string { return e.Code + ": " + e.Message }

// Error codes of ErrorBody.Code.
const (
	// 400: the body is not JSON of the command's shape.
	CodeInvalidSyntax = "generic_err_invalid_syntax"
	// 400: a required input is missing; the message names it.
	CodeMissingRequired = "generic_err_missing_required_parameters"
	// 400: an input has a value out of its range or set; the message names it.
	CodeInvalidParameter = "generic_err_invalid_parameter"
	// 400: an input the command does not have; the message names it.
	CodeInvalidParameterName = "generic_err_invalid_parameter_name"
	// 401: login refused (wrong user, password, API key or domain).
	CodeLoginFailed = "err_login_failed"
	// 401: the session ID is missing, unknown, logged out or expired.
	CodeWrongSessionID = "generic_err_wrong_session_id"
	// 404: no such command in this context and version.
	CodeCommandNotFound = "generic_err_command_not_found"
	// 404: the API version of the path is not supported.
	CodeInvalidAPIVersion = "generic_err_invalid_api_version"
	// 404: an object the request names (peer, interface, member, layer,
	// virtual system, cloud management ID) does not exist.
	CodeObjectNotFound = "generic_err_object_not_found"
	// 405: a method other than POST.
	CodeMethodNotAllowed = "generic_err_method_not_allowed"
	// 500: the server failed.
	CodeInternal = "generic_error"
)

// Path returns the path of command in context at version; version "" leaves
// the version segment out (the server's current version) and cloudMgmtID ""
// leaves the cloud prefix out.
func Path(cloudMgmtID, context, version, command string) string {
	var b strings.Builder
	if cloudMgmtID != "" {
		b.WriteString("/" + cloudMgmtID)
	}
	b.WriteString("/" + context)
	if version != "" {
		b.WriteString("/v" + version)
	}
	b.WriteString("/" + command)
	return b.String()
}

// All is the word that the filter inputs bootp stats summary, igmp stats
// type and igmp groups interface take for "no filter", as the OS API's own
// examples write it.
const All = "all"

// DiagnosticsCategoryOS is the diagnostics category of the OS API: its
// topics (cpu, disk, memory) are the os answer of show-diagnostics-topics.
const DiagnosticsCategoryOS = "os"

// MaxResults is the max-results input of show-connections: a number of
// connections or the word "all".
type MaxResults struct {
	All bool
	N   int64
}

// MaxResultsAll is MaxResults{All: true}.
var MaxResultsAll = MaxResults{All: true}

// String renders the value as the API does: "all" or the number.
func (m MaxResults) String() string {
	if m.All {
		return "all"
	}
	return strconv.FormatInt(m.N, 10)
}

// MarshalJSON writes "all" or the number.
func (m MaxResults) MarshalJSON() ([]byte, error) {
	if m.All {
		return []byte(`"all"`), nil
	}
	return []byte(strconv.FormatInt(m.N, 10)), nil
}

// UnmarshalJSON reads a number, a string holding a number, or "all".
func (m *MaxResults) UnmarshalJSON(b []byte) error {
	var n int64
	if err := json.Unmarshal(b, &n); err == nil {
		*m = MaxResults{N: n}
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("max-results must be a number or \"all\"")
	}
	return m.parse(s)
}

// ParseMaxResults reads "all" or a decimal number.
func ParseMaxResults(s string) (MaxResults, error) {
	var m MaxResults
	return m, m.parse(s)
}

func (m *MaxResults) parse(s string) error {
	if strings.EqualFold(s, "all") {
		*m = MaxResultsAll
		return nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return fmt.Errorf("max-results must be a number or \"all\", not %q", s)
	}
	*m = MaxResults{N: n}
	return nil
}
