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
	// Section is the type of the rulebase's sections, for a rule type of a
	// rulebase that has them; "" for a section type and for a rulebase
	// without sections.
	Section string
	// NameRequired: add-T refuses an entry without a name (a section); a
	// rule may be unnamed.
	NameRequired bool
	// Parent, for the entries of a rule's own rulebase (threat exceptions:
	// the exception rulebase of a threat rule), is the rule type that holds
	// them. The one generalisation such a rulebase needs: its container is a
	// rule within the layer that Container names, so every command names
	// the layer and the rule (ParentSelectors: rule-uid, rule-name or
	// rule-number), the entries are numbered by NumberKey
	// ("exception-number", as "rule-number" selects the rule), and the
	// client names the rulebase by ContainerKey (the layer's and the rule's
	// UIDs). "" for the rulebases of a layer or package.
	Parent string
	// Fields are the type's own fields, after name and Container.
	Fields []Field
	// Example is an add-T body (position aside) for docs and tests; Change
	// is merged over it to change every argument once (as ManagementType's).
	Example map[string]any
	Change  map[string]any
}

// IsSection: the type is a rulebase's section (the Section of a rule row;
// a rulebase without sections, as threat rules', has none).
func (t RulebaseType) IsSection() bool {
	for _, r := range RulebaseTypes {
		if r.Section == t.Name {
			return true
		}
	}
	return false
}

// ParentSelectors are the fields that select the rule of a Parent row's
// entry (with Container, the layer): exactly one of them. The exception
// groups' are upstream's too; the sandbox holds no exception groups and
// refuses them.
var ParentSelectors = []string{"rule-uid", "rule-name", "rule-number", "exception-group-uid", "exception-group-name"}

// IsParentSelector: name is one of ParentSelectors and t has a Parent.
func (t RulebaseType) IsParentSelector(name string) bool {
	if t.Parent == "" {
		return false
	}
	for _, s := range ParentSelectors {
		if s == name {
			return true
		}
	}
	return false
}

// NumberKey is the field that answers an entry's number in its rulebase
// and selects an entry by number: "rule-number", or "exception-number"
// for a Parent row (whose "rule-number" selects the rule).
func (t RulebaseType) NumberKey() string {
	if t.Parent != "" {
		return "exception-number"
	}
	return "rule-number"
}

// ContainerKey is the rulebase an answer of add-T, set-T or show-T is in,
// as one string: the container's UID, or for a Parent row the layer's UID
// and the rule's (answered as rule-uid) joined by ";".
func (t RulebaseType) ContainerKey(answer map[string]any) string {
	ref, _ := answer[t.Container.Name].(map[string]any)
	uid, _ := ref["uid"].(string)
	if t.Parent != "" {
		rule, _ := answer["rule-uid"].(string)
		return uid + ";" + rule
	}
	return uid
}

// ContainerSelector is the fields of set-T, show-T and delete-T that name
// the rulebase of a ContainerKey.
func (t RulebaseType) ContainerSelector(key string) map[string]any {
	if t.Parent != "" {
		layer, rule, _ := strings.Cut(key, ";")
		return map[string]any{t.Container.Name: layer, "rule-uid": rule}
	}
	return map[string]any{t.Container.Name: key}
}

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
	{
		Name: "nat-rule", Rulebase: "nat-rulebase", Section: "nat-section",
		Doc: "A manual NAT rule of a policy package: which connections (original source, destination, service) are " +
			"translated to what (translated source, destination, service), and how. The automatic rules that objects' " +
			"nat-settings make sit between the manual rules above and below them, and are not managed here.",
		Container: packageField,
		Fields: []Field{
			{Name: "enabled", Kind: KindBool, Default: true, Doc: "Whether the rule is in force."},
			{Name: "install-on", Kind: KindStringSet, RefTypes: anyOr("simple-gateway", "simple-cluster"),
				Doc: "Gateways the rule is installed on, by name or UID (\"Policy Targets\": every target of the package)."},
			{Name: "method", Kind: KindString, Default: "static", Values: []string{"static", "hide", "nat64", "nat46", "cgnat"},
				Doc: "How the rule translates: static (one to one), hide (many behind one), or between IPv4 and IPv6."},
			{Name: "original-destination", Kind: KindString, Default: "Any", RefTypes: ruleNetworkTypes, Doc: "Destination the rule matches, a network object by name or UID."},
			{Name: "original-service", Kind: KindString, Default: "Any", RefTypes: anyOr(serviceTypes...), Doc: "Service the rule matches, by name or UID."},
			{Name: "original-source", Kind: KindString, Default: "Any", RefTypes: ruleNetworkTypes, Doc: "Source the rule matches, a network object by name or UID."},
			{Name: "translated-destination", Kind: KindString, Default: "Original", Doc: `Destination the connection is translated to, a network object by name or UID ("Original": untranslated).`},
			{Name: "translated-service", Kind: KindString, Default: "Original", Doc: `Service the connection is translated to, by name or UID ("Original": untranslated).`},
			{Name: "translated-source", Kind: KindString, Default: "Original", Doc: `Source the connection is translated to, a network object by name or UID ("Original": untranslated).`},
			{Name: "auto-generated", Kind: KindBool, ReadOnly: true, Default: false, Doc: "Whether the server generated the rule from an object's automatic NAT (never, for a rule added here)."},
			{Name: "ignore-warnings", Kind: KindBool, WriteOnly: true, Doc: "Apply changes ignoring warnings."},
			{Name: "ignore-errors", Kind: KindBool, WriteOnly: true, Doc: "Apply changes ignoring errors. A policy with errors cannot be installed."},
			{Name: "comments", Kind: KindString, Default: "", Doc: "Comments."},
		},
		Example: map[string]any{"name": "NAT Rule 1", "package": "Standard", "method": "static",
			"original-source": "InternalNet", "translated-source": "DMZNet"},
		Change: map[string]any{
			"name": "NAT Rule 1 renamed", "enabled": false, "install-on": []any{"corporate-gateway"}, "method": "hide",
			"original-destination": "DMZNet", "original-service": "https", "original-source": "DMZNet",
			"translated-destination": "InternalNet", "translated-service": "http", "translated-source": "InternalNet",
			"comments": "changed by the test",
		},
	},
	{
		Name: "nat-section", Rulebase: "nat-rulebase",
		Doc: "A section of a policy package's NAT rulebase: a titled group of the manual rules that follow it, up to " +
			"the next section.",
		Container: packageField,
		Fields: []Field{
			{Name: "ignore-warnings", Kind: KindBool, WriteOnly: true, Doc: "Apply changes ignoring warnings."},
			{Name: "ignore-errors", Kind: KindBool, WriteOnly: true, Doc: "Apply changes ignoring errors."},
		},
		Example: map[string]any{"name": "NAT Section 1", "package": "Standard"},
		Change:  map[string]any{"name": "NAT Section 1 renamed"},
	},
	{
		Name: "threat-rule", Rulebase: "threat-rulebase",
		Doc: "A threat prevention rule of a threat layer: which traffic (protected scope, source, destination, " +
			"service) the threat profile of its action inspects, and how it is tracked. A threat rulebase has no sections.",
		Container: threatLayerField,
		Fields: []Field{
			{Name: "action", Kind: KindString, Default: "Optimized", Doc: "The threat profile the rule enforces, by name (\"Optimized\", \"Basic\", \"Strict\", ...)."},
			{Name: "destination", Kind: KindStringSet, RefTypes: ruleNetworkTypes, Doc: "Destinations, network objects by name or UID (Any when empty)."},
			{Name: "destination-negate", Kind: KindBool, Default: false, Doc: "The rule matches destinations other than destination."},
			{Name: "enabled", Kind: KindBool, Default: true, Doc: "Whether the rule is in force."},
			{Name: "install-on", Kind: KindStringSet, RefTypes: anyOr("simple-gateway", "simple-cluster"),
				Doc: "Gateways the rule is installed on, by name or UID (\"Policy Targets\": every target of the package)."},
			{Name: "protected-scope", Kind: KindStringSet, RefTypes: ruleNetworkTypes, Doc: "Network objects the rule protects, by name or UID (Any when empty)."},
			{Name: "protected-scope-negate", Kind: KindBool, Default: false, Doc: "The rule protects objects other than protected-scope."},
			{Name: "service", Kind: KindStringSet, RefTypes: anyOr(serviceTypes...), Doc: "Services, by name or UID (Any when empty)."},
			{Name: "service-negate", Kind: KindBool, Default: false, Doc: "The rule matches services other than service."},
			{Name: "source", Kind: KindStringSet, RefTypes: ruleNetworkTypes, Doc: "Sources, network objects by name or UID (Any when empty)."},
			{Name: "source-negate", Kind: KindBool, Default: false, Doc: "The rule matches sources other than source."},
			{Name: "track", Kind: KindString, Default: "Log", Values: []string{"None", "Log", "Alert", "Mail", "SNMP trap", "User Alert", "User Alert 2", "User Alert 3", "Packet Log"},
				Doc: "How a detection is tracked."},
			{Name: "track-settings", Kind: KindBlock, Doc: "Settings of the tracking.", Fields: []Field{
				{Name: "packet-capture", Kind: KindBool, Doc: "Capture the packets of a detection."},
			}},
			{Name: "comments", Kind: KindString, Default: "", Doc: "Comments."},
			{Name: "exceptions", Kind: KindStringSet, ReadOnly: true, Default: []any{}, Doc: "UIDs of the rule's exceptions (fwmgr_management_threat_exception), in their order."},
			{Name: "ignore-warnings", Kind: KindBool, WriteOnly: true, Doc: "Apply changes ignoring warnings."},
			{Name: "ignore-errors", Kind: KindBool, WriteOnly: true, Doc: "Apply changes ignoring errors. A policy with errors cannot be installed."},
		},
		Example: map[string]any{"name": "Threat Rule 1", "layer": "Standard Threat Prevention", "protected-scope": []any{"Any"}, "install-on": []any{"Policy Targets"}},
		Change: map[string]any{
			"name": "Threat Rule 1 renamed", "action": "Strict", "destination": []any{"InternalNet"}, "destination-negate": true,
			"enabled": false, "install-on": []any{"corporate-gateway"}, "protected-scope": []any{"DMZNet"}, "protected-scope-negate": true,
			"service": []any{"https", "http"}, "service-negate": true, "source": []any{"DMZNet"}, "source-negate": true,
			"track": "Alert", "track-settings": map[string]any{"packet-capture": true}, "comments": "changed by the test",
		},
	},
	{
		Name: "threat-exception", Rulebase: "threat-rule-exception-rulebase", Parent: "threat-rule", NameRequired: true,
		Doc: "An exception of a threat prevention rule: traffic (protected scope, source, destination, service) and " +
			"protections or sites for which the rule's profile is overridden by the exception's action. A rule's " +
			"exceptions form a rulebase of their own, without sections, matched before the rule.",
		Container: threatLayerField,
		Fields: []Field{
			{Name: "rule-uid", Kind: KindString, Default: "", ForceNew: true,
				Doc: "UID of the threat rule whose exception rulebase holds the exception; one of rule_uid and rule_name names it (answered in any case)."},
			{Name: "rule-name", Kind: KindString, Default: "", ForceNew: true,
				Doc: "Name of that threat rule (the first of that name in the layer's order); answered as the rule is named now, so renaming the rule replaces the exception when the configuration follows the name."},
			{Name: "exception-group-uid", Kind: KindString, WriteOnly: true,
				Doc: "UID of an exception group holding the exception, instead of a rule (accepted for upstream's configurations; the sandbox holds no exception groups and refuses it)."},
			{Name: "exception-group-name", Kind: KindString, WriteOnly: true,
				Doc: "Name of an exception group holding the exception, instead of a rule (as exception_group_uid)."},
			{Name: "action", Kind: KindString, Default: "Detect", Doc: "What the exception enforces instead of the rule's profile (\"Detect\", \"Prevent\", \"Inactive\", ...)."},
			{Name: "destination", Kind: KindStringSet, RefTypes: ruleNetworkTypes, Doc: "Destinations, network objects by name or UID (Any when empty)."},
			{Name: "destination-negate", Kind: KindBool, Default: false, Doc: "The exception matches destinations other than destination."},
			{Name: "enabled", Kind: KindBool, Default: true, Doc: "Whether the exception is in force."},
			{Name: "install-on", Kind: KindStringSet, RefTypes: anyOr("simple-gateway", "simple-cluster"),
				Doc: "Gateways the exception is installed on, by name or UID (\"Policy Targets\": every target of the package)."},
			{Name: "protected-scope", Kind: KindStringSet, RefTypes: ruleNetworkTypes, Doc: "Network objects the exception covers, by name or UID (Any when empty)."},
			{Name: "protected-scope-negate", Kind: KindBool, Default: false, Doc: "The exception covers objects other than protected-scope."},
			{Name: "protection-or-site", Kind: KindStringSet, Doc: "Protections or sites the exception is about, by name (Any when empty)."},
			{Name: "service", Kind: KindStringSet, RefTypes: anyOr(serviceTypes...), Doc: "Services, by name or UID (Any when empty)."},
			{Name: "service-negate", Kind: KindBool, Default: false, Doc: "The exception matches services other than service."},
			{Name: "source", Kind: KindStringSet, RefTypes: ruleNetworkTypes, Doc: "Sources, network objects by name or UID (Any when empty)."},
			{Name: "source-negate", Kind: KindBool, Default: false, Doc: "The exception matches sources other than source."},
			{Name: "track", Kind: KindString, Default: "Log", Values: []string{"None", "Log", "Alert", "Mail", "SNMP trap", "User Alert", "User Alert 2", "User Alert 3", "Packet Log"},
				Doc: "How a match of the exception is tracked."},
			{Name: "comments", Kind: KindString, Default: "", Doc: "Comments."},
			{Name: "owner", Kind: KindString, ReadOnly: true, Default: "", Doc: "Administrator who created the exception."},
			{Name: "ignore-warnings", Kind: KindBool, WriteOnly: true, Doc: "Apply changes ignoring warnings."},
			{Name: "ignore-errors", Kind: KindBool, WriteOnly: true, Doc: "Apply changes ignoring errors. A policy with errors cannot be installed."},
		},
		Example: map[string]any{"name": "Threat Exception 1", "layer": "Standard Threat Prevention", "rule-name": "Threat Rule 1",
			"protected-scope": []any{"DMZNet"}, "action": "Detect"},
		Change: map[string]any{
			"name": "Threat Exception 1 renamed", "action": "Prevent", "destination": []any{"InternalNet"}, "destination-negate": true,
			"enabled": false, "install-on": []any{"corporate-gateway"}, "protected-scope": []any{"InternalNet"}, "protected-scope-negate": true,
			"protection-or-site": []any{"Example Protection"}, "service": []any{"https", "http"}, "service-negate": true,
			"source": []any{"DMZNet"}, "source-negate": true, "track": "Alert", "comments": "changed by the test",
		},
	},
	{
		Name: "https-rule", Rulebase: "https-rulebase", Section: "https-section",
		Doc: "An HTTPS inspection rule of an HTTPS layer: which connections (source, destination, service, site " +
			"category) are inspected or bypassed, for which blades, with which server certificate.",
		Container: httpsLayerField,
		Fields: []Field{
			{Name: "destination", Kind: KindStringSet, RefTypes: ruleNetworkTypes, Doc: "Destinations, network objects by name or UID (Any when empty)."},
			{Name: "service", Kind: KindStringSet, RefTypes: anyOr(append(slicesClone(serviceTypes), "service-group")...), Doc: "Services, by name or UID (Any when empty)."},
			{Name: "source", Kind: KindStringSet, RefTypes: ruleNetworkTypes, Doc: "Sources, network objects by name or UID (Any when empty)."},
			{Name: "action", Kind: KindString, Default: "Inspect", Values: []string{"Inspect", "Bypass"}, Doc: "Whether matching connections are inspected or bypassed."},
			{Name: "blade", Kind: KindStringSet, Doc: "Blades the inspection is for, by name (\"Any\" when empty)."},
			{Name: "certificate", Kind: KindString, Default: "", Doc: "Internal server certificate, by name or UID, for inbound inspection."},
			{Name: "destination-negate", Kind: KindBool, Default: false, Doc: "The rule matches destinations other than destination."},
			{Name: "enabled", Kind: KindBool, Default: true, Doc: "Whether the rule is in force."},
			{Name: "install-on", Kind: KindStringSet, RefTypes: anyOr("simple-gateway", "simple-cluster"),
				Doc: "Gateways the rule is installed on, by name or UID (\"Policy HTTPS Targets\": every HTTPS target of the package)."},
			{Name: "service-negate", Kind: KindBool, Default: false, Doc: "The rule matches services other than service."},
			{Name: "site-category", Kind: KindStringSet, RefTypes: anyOr("application-site-category"), Doc: "Site categories the rule matches, by name or UID (Any when empty)."},
			{Name: "site-category-negate", Kind: KindBool, Default: false, Doc: "The rule matches site categories other than site-category."},
			{Name: "source-negate", Kind: KindBool, Default: false, Doc: "The rule matches sources other than source."},
			{Name: "track", Kind: KindString, Default: "None", Values: []string{"None", "Log", "Alert", "Mail", "SNMP trap", "User Alert", "User Alert 2", "User Alert 3"},
				Doc: "How a match is tracked."},
			{Name: "comments", Kind: KindString, Default: "", Doc: "Comments."},
			{Name: "ignore-warnings", Kind: KindBool, WriteOnly: true, Doc: "Apply changes ignoring warnings."},
			{Name: "ignore-errors", Kind: KindBool, WriteOnly: true, Doc: "Apply changes ignoring errors."},
		},
		Example: map[string]any{"name": "HTTPS Rule 1", "layer": "Default Layer", "action": "Inspect", "destination": []any{"Internet"}},
		Change: map[string]any{
			"name": "HTTPS Rule 1 renamed", "destination": []any{"DMZNet"}, "service": []any{"https"}, "source": []any{"InternalNet"},
			"action": "Bypass", "blade": []any{"IPS", "Anti-Virus"}, "certificate": "Outbound Certificate", "destination-negate": true,
			"enabled": false, "install-on": []any{"corporate-gateway"}, "service-negate": true, "site-category": []any{"Any"},
			"site-category-negate": true, "source-negate": true, "track": "Log", "comments": "changed by the test",
		},
	},
	{
		Name: "https-section", Rulebase: "https-rulebase", NameRequired: true,
		Doc:       "A section of an HTTPS layer: a titled group of the rules that follow it, up to the next section.",
		Container: httpsLayerField,
		Fields: []Field{
			{Name: "ignore-warnings", Kind: KindBool, WriteOnly: true, Doc: "Apply changes ignoring warnings."},
			{Name: "ignore-errors", Kind: KindBool, WriteOnly: true, Doc: "Apply changes ignoring errors."},
		},
		Example: map[string]any{"name": "HTTPS Section 1", "layer": "Default Layer"},
		Change:  map[string]any{"name": "HTTPS Section 1 renamed"},
	},
}

var accessLayerField = Field{Name: "layer", Kind: KindString, Required: true, ForceNew: true, RefTypes: []string{"access-layer"},
	Doc: "Layer the entry belongs to, by name or UID."}

// packageField is a NAT entry's container: NAT rulebases are per package.
var packageField = Field{Name: "package", Kind: KindString, Required: true, ForceNew: true, RefTypes: []string{"package"},
	Doc: "Policy package whose NAT rulebase the entry belongs to, by name or UID."}

var threatLayerField = Field{Name: "layer", Kind: KindString, Required: true, ForceNew: true, RefTypes: []string{"threat-layer"},
	Doc: "Threat layer the entry belongs to, by name or UID."}

var httpsLayerField = Field{Name: "layer", Kind: KindString, Required: true, ForceNew: true, RefTypes: []string{"https-layer"},
	Doc: "HTTPS layer the entry belongs to, by name or UID."}

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

// ContainerRequest is the show-<Rulebase> request for the container ref: a
// package's NAT rulebase by "package", a layer's by "uid" (isUID) or
// "name"; a rule's (Parent) by a ContainerKey (isUID: the layer's and the
// rule's UIDs).
func (t RulebaseType) ContainerRequest(ref string, isUID bool) ShowRulebaseRequest {
	switch {
	case t.Parent != "" && isUID:
		layer, rule, _ := strings.Cut(ref, ";")
		return ShowRulebaseRequest{UID: layer, RuleUID: rule}
	case t.Container.Name == "package":
		return ShowRulebaseRequest{Package: ref}
	case isUID:
		return ShowRulebaseRequest{UID: ref}
	}
	return ShowRulebaseRequest{Name: ref}
}

// RulebaseEntry is one entry of a show-<Rulebase> answer as the client reads
// it: a rule, or a section with its rules.
type RulebaseEntry struct {
	UID        string `json:"uid"`
	Name       string `json:"name"`
	Type       string `json:"type"`
	RuleNumber int64  `json:"rule-number,omitempty"`
	// ExceptionNumber is a Parent row's number (NumberKey).
	ExceptionNumber int64           `json:"exception-number,omitempty"`
	Rulebase        []RulebaseEntry `json:"rulebase,omitempty"`
}

// ShowRulebaseRequest is show-<Rulebase>: a page of the container's rules
// (with their sections).
type ShowRulebaseRequest struct {
	Name string `json:"name,omitempty"`
	UID  string `json:"uid,omitempty"`
	// Package names the package of show-nat-rulebase (a NAT rulebase is
	// the package's, not a layer's).
	Package string `json:"package,omitempty"`
	// RuleUID, RuleName and RuleNumber select the rule of a rule's
	// rulebase (show-threat-rule-exception-rulebase), within the layer.
	RuleUID      string `json:"rule-uid,omitempty"`
	RuleName     string `json:"rule-name,omitempty"`
	RuleNumber   *int64 `json:"rule-number,omitempty"`
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
