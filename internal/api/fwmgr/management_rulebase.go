package fwmgr

import "strings"

// Rulebases of the management API: rules and sections kept in order within
// a container (an access layer, for access rules). A rule is an object of
// the domain's database like any other (sessions, locks, publish, discard,
// where-used), with three things of its own: the container it belongs to,
// its place in the container's order, and a name that need not be unique.
// Its commands, for a type named T (RulebaseType.Name) and rulebase R:
//
//	add-T     {layer, position, fields...}                     -> the rule
//	set-T     {layer, uid | rule-number | name, new-position?, new-name?, fields...}
//	show-T    {layer, uid | rule-number | name, details-level} -> the rule
//	delete-T  {layer, uid | rule-number | name}                -> {"message": "OK"}
//	show-R    {name | uid (of the container), offset, limit, details-level}
//	          -> {uid, name, from, to, total, rulebase: [rule | section{rulebase: [rule...]}]}
//
// A section is an entry of the order like a rule; the rules after it, up
// to the next section, are its rules. Rule numbers count the rules only,
// from 1, in order. A position is "top" | "bottom" (of the container),
// {"top": S} | {"bottom": S} (of section S), {"above": X} | {"below": X}
// (X a rule or section by UID or name, or a rule by number). Below a
// section is after its last rule (the section's bottom), above a section
// is before its header.

// Position keys.
const (
	PositionTop    = "top"
	PositionBottom = "bottom"
	PositionAbove  = "above"
	PositionBelow  = "below"
)

// RulebaseType is one rule or section type of a rulebase.
type RulebaseType struct {
	// Name is the type as commands name it ("access-rule").
	Name string
	// Rulebase names show-<Rulebase> ("access-rulebase").
	Rulebase string
	// Doc is one paragraph on what the rule or section is.
	Doc string
	// Container is the field that names the rulebase the entry belongs to
	// ("layer"), a reference to objects of its RefTypes; Required and
	// ForceNew (an entry never changes rulebase).
	Container Field
	// Section is the type of the rulebase's sections, for a rule type; ""
	// for a section type.
	Section string
	// NameRequired: add-T refuses an entry without a name (a section); a
	// rule may be unnamed.
	NameRequired bool
	// Fields are the type's own fields, after name and Container.
	Fields []Field
	// Example is an add-T body (position aside) for docs and tests; Change
	// is merged over it to change every argument once (as ManagementType's).
	Example map[string]any
	Change  map[string]any
}

// IsSection: the type is a rulebase's section.
func (t RulebaseType) IsSection() bool { return t.Section == "" }

// AllFields are every field of the type: name, the container, then its
// own. The slice is new on each call.
func (t RulebaseType) AllFields() []Field {
	name := Field{Name: "name", Kind: KindString, Required: t.NameRequired,
		Doc: "Name of the " + strings.ReplaceAll(t.Name, "-", " ") + "; names need not be unique within the rulebase."}
	out := []Field{name, t.Container}
	return append(out, t.Fields...)
}

// PositionField is the position block of a rule or section resource
// (upstream's `position { top | above | below | bottom }`). It is not a
// field of the object on the wire: add-T takes it as "position", set-T as
// "new-position", in the shapes the rulebase comment lists.
var PositionField = Field{Name: "position", Kind: KindBlock, Required: true,
	Doc: "Position in the rulebase: exactly one of top, above, below and bottom.", Fields: []Field{
		{Name: PositionTop, Kind: KindString, Doc: `"top" for the top of the rulebase, or a section (name or UID): the section's top.`},
		{Name: PositionAbove, Kind: KindString, Doc: "A rule or section (name or UID), or a rule number: just above it."},
		{Name: PositionBelow, Kind: KindString, Doc: "A rule or section (name or UID), or a rule number: just below it (below a section: at its bottom)."},
		{Name: PositionBottom, Kind: KindString, Doc: `"bottom" for the bottom of the rulebase, or a section (name or UID): the section's bottom.`},
	}}

// FieldsWithUIDIdentifier is upstream's fields_with_uid_identifier: a
// setting of the provider's state (which reference fields keep UIDs), never
// sent to the server.
var FieldsWithUIDIdentifier = Field{Name: "fields-with-uid-identifier", Kind: KindStringSet, WriteOnly: true,
	Doc: "Reference fields whose values the configuration writes as UIDs. The state keeps every reference as the " +
		"configuration spells it (UID or name) whatever this says; it is accepted for upstream's configurations."}

// RulebaseTypes are the rule and section types.
var RulebaseTypes = []RulebaseType{
	{
		Name: "access-rule", Rulebase: "access-rulebase", Section: "access-section",
		Doc: "An access rule of an access layer: what traffic (source, destination, service, content, time, VPN) " +
			"gets which action, how it is logged and on which gateways it is installed. Rules are matched in " +
			"order, first match wins.",
		Container: accessLayerField,
		Fields: []Field{
			{Name: "action", Kind: KindString, Default: "Drop",
				Values: []string{"Accept", "Drop", "Ask", "Inform", "Reject", "User Auth", "Client Auth", "Apply Layer"},
				Doc:    "What the rule does with the traffic it matches."},
			{Name: "action-settings", Kind: KindBlock, Doc: "Settings of the action.", Fields: []Field{
				{Name: "enable-identity-captive-portal", Kind: KindBool, Doc: "Redirect unidentified users to the captive portal."},
				{Name: "limit", Kind: KindString, Doc: "Limit object (bandwidth) of an Accept."},
			}},
			{Name: "content", Kind: KindStringSet, RefTypes: anyOr("data-type"), Doc: "Data types the rule matches, by name or UID (Any when empty)."},
			{Name: "content-direction", Kind: KindString, Default: "any", Values: []string{"any", "up", "down"},
				Doc: "Direction of the content the rule matches."},
			{Name: "content-negate", Kind: KindBool, Default: false, Doc: "The rule matches content other than content."},
			{Name: "custom-fields", Kind: KindBlock, Doc: "Custom fields of the rule.", Fields: []Field{
				{Name: "field-1", Kind: KindString, Doc: "First custom field."},
				{Name: "field-2", Kind: KindString, Doc: "Second custom field."},
				{Name: "field-3", Kind: KindString, Doc: "Third custom field."},
			}},
			{Name: "destination", Kind: KindStringSet, RefTypes: ruleNetworkTypes, Doc: "Destinations, network objects by name or UID (Any when empty)."},
			{Name: "destination-negate", Kind: KindBool, Default: false, Doc: "The rule matches destinations other than destination."},
			{Name: "enabled", Kind: KindBool, Default: true, Doc: "Whether the rule is in force."},
			{Name: "inline-layer", Kind: KindString, RefTypes: []string{"access-layer"}, Doc: "Layer the rule applies, with action Apply Layer."},
			{Name: "install-on", Kind: KindStringSet, RefTypes: anyOr("simple-gateway", "simple-cluster"),
				Doc: "Gateways the rule is installed on, by name or UID (\"Policy Targets\": every target of the package)."},
			{Name: "service", Kind: KindStringSet, RefTypes: anyOr(append(slicesClone(serviceTypes), "application-site", "application-site-category")...),
				Doc: "Services and applications, by name or UID (Any when empty)."},
			{Name: "service-negate", Kind: KindBool, Default: false, Doc: "The rule matches services other than service."},
			{Name: "source", Kind: KindStringSet, RefTypes: ruleNetworkTypes, Doc: "Sources, network objects by name or UID (Any when empty)."},
			{Name: "source-negate", Kind: KindBool, Default: false, Doc: "The rule matches sources other than source."},
			{Name: "time", Kind: KindStringSet, RefTypes: anyOr("time", "time-group"), Doc: "Time objects when the rule applies (Any when empty)."},
			{Name: "track", Kind: KindBlock, Doc: "Logging of the traffic the rule matches.", Fields: []Field{
				{Name: "accounting", Kind: KindBool, Doc: "Log the bytes of the connection."},
				{Name: "alert", Kind: KindString, Values: []string{"none", "alert", "mail", "snmp", "user alert 1", "user alert 2", "user alert 3"},
					Doc: "Alert raised on a match."},
				{Name: "enable-firewall-session", Kind: KindBool, Doc: "Log sessions of firewall-only connections."},
				{Name: "per-connection", Kind: KindBool, Doc: "Log each connection."},
				{Name: "per-session", Kind: KindBool, Doc: "Log each session."},
				{Name: "type", Kind: KindString, Values: []string{"Log", "Extended Log", "Detailed Log", "None"}, Doc: "How much is logged."},
			}},
			{Name: "user-check", Kind: KindBlock, Doc: "UserCheck interaction of the rule.", Fields: []Field{
				{Name: "confirm", Kind: KindString, Values: []string{"per rule", "per category", "per application/site", "per data type"},
					Doc: "What a user's confirmation covers."},
				{Name: "custom-frequency", Kind: KindBlock, Doc: "How often the user is asked, when frequency is custom.", Fields: []Field{
					{Name: "every", Kind: KindInt, Min: 1, Max: 1000, Doc: "Every how many units."},
					{Name: "unit", Kind: KindString, Values: []string{"hours", "days", "weeks", "months"}, Doc: "Unit of every."},
				}},
				{Name: "frequency", Kind: KindString, Values: []string{"once a day", "once a week", "once a month", "custom frequency..."},
					Doc: "How often the user is asked."},
				{Name: "interaction", Kind: KindString, Doc: "UserCheck interaction object, by name or UID."},
			}},
			{Name: "vpn", Kind: KindString, RefTypes: anyOr("vpn-community-meshed", "vpn-community-star"),
				Doc: `"Any", "All_GwToGw" or a VPN community: the rule matches traffic of that VPN.`},
			{Name: "vpn-communities", Kind: KindStringSet, RefTypes: []string{"vpn-community-meshed", "vpn-community-star", "CpmiAnyObject"},
				Doc: "VPN communities the rule matches, by name."},
			{Name: "vpn-directional", Kind: KindBlockList, Doc: "Directional VPN matches: traffic from one community to another.", Fields: []Field{
				{Name: "from", Kind: KindString, RefTypes: []string{"vpn-community-meshed", "vpn-community-star", "CpmiAnyObject"}, Doc: "From VPN community."},
				{Name: "to", Kind: KindString, RefTypes: []string{"vpn-community-meshed", "vpn-community-star", "CpmiAnyObject"}, Doc: "To VPN community."},
			}},
			{Name: "ignore-warnings", Kind: KindBool, WriteOnly: true, Doc: "Apply changes ignoring warnings."},
			{Name: "ignore-errors", Kind: KindBool, WriteOnly: true, Doc: "Apply changes ignoring errors. A policy with errors cannot be installed."},
			{Name: "comments", Kind: KindString, Default: "", Doc: "Comments."},
			FieldsWithUIDIdentifier,
		},
		Example: map[string]any{"name": "Rule 1", "layer": "Network", "action": "Accept",
			"source": []any{"Any"}, "destination": []any{"Any"}, "service": []any{"https"}, "install-on": []any{"Policy Targets"}},
		Change: map[string]any{
			"name": "Rule 1 renamed", "action": "Reject",
			"action-settings": map[string]any{"enable-identity-captive-portal": true, "limit": "Upload_1Gbps"},
			"content":         []any{"Any"}, "content-direction": "up", "content-negate": true,
			"custom-fields": map[string]any{"field-1": "a", "field-2": "b", "field-3": "c"},
			"destination":   []any{"InternalNet"}, "destination-negate": true, "enabled": false,
			"inline-layer": "Network",
			"install-on":   []any{"corporate-gateway"},
			"service":      []any{"ssh", "http"}, "service-negate": true,
			"source": []any{"DMZNet", "DMZZone"}, "source-negate": true,
			"time":            []any{"Any"},
			"track":           map[string]any{"accounting": true, "alert": "mail", "enable-firewall-session": true, "per-connection": true, "per-session": true, "type": "Extended Log"},
			"user-check":      map[string]any{"confirm": "per rule", "frequency": "once a week", "interaction": "Blocked Message", "custom-frequency": map[string]any{"every": 2, "unit": "days"}},
			"vpn":             "All_GwToGw",
			"vpn-communities": []any{"All_GwToGw"},
			"vpn-directional": []any{map[string]any{"from": "All_GwToGw", "to": "All_GwToGw"}},
			"comments":        "changed by the test",
		},
	},
	{
		Name: "access-section", Rulebase: "access-rulebase", NameRequired: true,
		Doc: "A section of an access layer: a titled group of the rules that follow it, up to the next section. " +
			"Sections order the rulebase for its readers; matching goes by rule order alone.",
		Container: accessLayerField,
		Fields: []Field{
			{Name: "ignore-warnings", Kind: KindBool, WriteOnly: true, Doc: "Apply changes ignoring warnings."},
			{Name: "ignore-errors", Kind: KindBool, WriteOnly: true, Doc: "Apply changes ignoring errors."},
		},
		Example: map[string]any{"name": "New Section 1", "layer": "Network"},
		Change:  map[string]any{"name": "New Section 1 renamed"},
	},
}

var accessLayerField = Field{Name: "layer", Kind: KindString, Required: true, ForceNew: true, RefTypes: []string{"access-layer"},
	Doc: "Layer the entry belongs to, by name or UID."}

// ruleNetworkTypes are what a rule's source and destination may hold.
var ruleNetworkTypes = anyOr(append(slicesClone(networkObjectTypes),
	"security-zone", "CpmiHostCkp", "simple-gateway", "simple-cluster", "access-role")...)

// anyOr is types and the predefined "Any" kind of objects (Any, Policy
// Targets, All_GwToGw, Internet).
func anyOr(types ...string) []string { return append([]string{"CpmiAnyObject"}, types...) }

func slicesClone(s []string) []string { return append([]string(nil), s...) }

// LookupRulebaseType finds a row of RulebaseTypes by its Name.
func LookupRulebaseType(name string) (RulebaseType, bool) {
	for _, t := range RulebaseTypes {
		if t.Name == name {
			return t, true
		}
	}
	return RulebaseType{}, false
}

// RulebaseEntry is one entry of a show-<Rulebase> answer as the client reads
// it: a rule, or a section with its rules.
type RulebaseEntry struct {
	UID        string          `json:"uid"`
	Name       string          `json:"name"`
	Type       string          `json:"type"`
	RuleNumber int64           `json:"rule-number,omitempty"`
	Rulebase   []RulebaseEntry `json:"rulebase,omitempty"`
}

// ShowRulebaseRequest is show-<Rulebase>: a page of the container's rules
// (with their sections).
type ShowRulebaseRequest struct {
	Name         string `json:"name,omitempty"`
	UID          string `json:"uid,omitempty"`
	Limit        *int64 `json:"limit,omitempty"`
	Offset       *int64 `json:"offset,omitempty"`
	DetailsLevel string `json:"details-level,omitempty"`
}

// ShowRulebaseResponse is a page of a rulebase: rules From to To (rule
// numbers) of Total.
type ShowRulebaseResponse struct {
	UID      string          `json:"uid"`
	Name     string          `json:"name"`
	From     int64           `json:"from"`
	To       int64           `json:"to"`
	Total    int64           `json:"total"`
	Rulebase []RulebaseEntry `json:"rulebase"`
}
