package fwmgr

import "strings"

// The management API (context ContextWeb, "web_api"): objects of a security
// management server's database, changed inside sessions and made visible to
// other sessions by publish. Its object commands are alike for every type,
// so one table (ManagementTypes) describes them, and the sandbox's server,
// the client and the provider's resources, data sources and list resources
// are all made from it: a type is a row, not a file.
//
// For a type named T (ManagementType.Name) and plural P:
//
//	add-T     {fields...}                     -> the object (details-level full)
//	set-T     {uid | name, fields...}         -> the object
//	show-T    {uid | name, details-level}     -> the object
//	delete-T  {uid | name}                    -> {"message": "OK"}
//	show-P    {limit, offset, order, filter, details-level} -> {from, to, total, objects}
//
// Every object has the common fields uid, name, type, domain, color,
// comments, tags and meta-info; a reference to another object is sent as its
// name or UID and answered as {uid, name, type}.

// FieldKind is the shape of a field on the wire, and so of its Terraform
// attribute or block.
type FieldKind int

const (
	// KindString is a JSON string; a Terraform string.
	KindString FieldKind = iota
	// KindInt is a JSON number; a Terraform number (int64).
	KindInt
	// KindBool is a JSON boolean; a Terraform bool.
	KindBool
	// KindStringList is an ordered JSON array of strings; a Terraform list
	// of strings.
	KindStringList
	// KindStringSet is an unordered JSON array of strings; a Terraform set
	// of strings. References to objects (RefTypes) are sets of names.
	KindStringSet
	// KindStringMap is a JSON object of string values; a Terraform map of
	// strings.
	KindStringMap
	// KindBlock is one nested JSON object; a Terraform list block of at most
	// one element (the shape upstream's configurations write as
	// `nat_settings { ... }`).
	KindBlock
	// KindBlockList is an ordered JSON array of objects; a Terraform list
	// block.
	KindBlockList
	// KindBlockSet is an unordered JSON array of objects; a Terraform set
	// block.
	KindBlockSet
)

// Field is one field of an object type.
type Field struct {
	// Name is the field's wire name ("ipv4-address"). The Terraform
	// attribute is TF, or Name with every "-" made "_".
	Name string
	TF   string
	Kind FieldKind
	// Doc says what the field is, for the API reference and the
	// attribute's description.
	Doc string
	// Required: add-T refuses an object without it.
	Required bool
	// ForceNew: set-T cannot change it (the provider replaces the object).
	ForceNew bool
	// Default is what show-T answers when the field was never set (nil:
	// the field is absent then). A field with a default is Optional and
	// Computed in Terraform. Its Go type follows Kind: string, int64 or
	// bool.
	Default any
	// ReadOnly: answered by show-T but never sent (the server derives it,
	// as a network's subnet-mask from its mask-length4); Computed only in
	// Terraform.
	ReadOnly bool
	// WriteOnly: sent with add-T and set-T but never answered by show-T
	// (ignore-warnings, ignore-errors, an action's parameters).
	WriteOnly bool
	// Secret: a WriteOnly string that must never be kept anywhere but in
	// the configuration (a password, a pre-shared secret). The provider
	// makes it a Terraform write-only argument (Terraform 1.11+): read
	// from the configuration, sent with add-T and set-T whenever the
	// configuration sets it, never in the plan or the state.
	Secret bool
	// Values, when not empty, are the only values a string field (or each
	// element of a string list or set) may take.
	Values []string
	// Min and Max bound an int field, when Max > Min.
	Min, Max int64
	// Rule names a shape a string value must have (RuleIPv4, RulePort, ...;
	// see CheckRule); "" is any string.
	Rule string
	// RefTypes, when not empty, make the field (a string or a set of
	// strings) a reference to objects of these types: sent as names or
	// UIDs, resolved case-insensitively, answered as {uid, name, type}.
	// "*" is an object of any type.
	RefTypes []string
	// Fields of a block.
	Fields []Field
}

// Attribute is the Terraform attribute or block name of the field.
func (f Field) Attribute() string {
	if f.TF != "" {
		return f.TF
	}
	b := []byte(f.Name)
	for i, c := range b {
		if c == '-' {
			b[i] = '_'
		}
	}
	return string(b)
}

// ManagementType is one object type of the management API.
type ManagementType struct {
	// Name is the type as commands name it ("host": add-host, ...) and as
	// objects answer it in "type" (APIType when that differs).
	Name string
	// Plural names show-<Plural>.
	Plural string
	// APIType is the object's "type" when it is not Name ("service-tcp"
	// answers "service-tcp"; a dns-domain answers "dns-domain").
	APIType string
	// Category is "object", "service", "application", "policy" or
	// "user" (docs).
	Category string
	// Doc is one paragraph on what the object is.
	Doc string
	// Fields are the type's own fields, after the common ones
	// (CommonFields), in the order the docs list them.
	Fields []Field
	// NoGroups: the type has no "groups" field (a group of groups has
	// one; a tag has not). Upstream's v3.2.0 resources of every row so far
	// lack the attribute, so every row sets it: a groups attribute they do
	// not have would change the shape their configurations are checked
	// against.
	NoGroups bool
	// NameRule is the Rule of the type's "name" (a dns-domain's name is a
	// domain); "" is any name.
	NameRule string
	// Example is the body of an add-T that the docs and tests use. A
	// reference in it to the Example name of another row (or of an
	// ExampleExtra object) makes that object part of the example too
	// (ExampleObjects).
	Example map[string]any
	// ExampleExtra are objects the example references that no row's
	// Example is.
	ExampleExtra []ExampleObject
	// Change is a second body for the Example's object, merged over the
	// Example: a new name and, for every own field a user sets (not
	// ReadOnly, not WriteOnly), a valid value different from the
	// Example's and from the Default, so that a test that applies
	// Example+Change changes every argument once (in place, or by
	// replacement for a ForceNew field). Example+Change is an object the
	// server accepts as a whole (an address within its mask, first <=
	// last, a block's fields together). Its references name predefined
	// objects or objects of the Example's ExampleObjects (or, through
	// ExampleObjects of a row whose Example is Example+Change, other rows'
	// Examples and ExampleExtra).
	Change map[string]any
}

// CommonFields are the fields every object type has, after "name".
var CommonFields = []Field{
	{Name: "tags", Kind: KindStringSet, RefTypes: []string{"tag"}, Doc: "Tags of the object, by name. A tag that does not exist is created."},
	{Name: "color", Kind: KindString, Default: "black", Values: Colors, Doc: "Color of the object."},
	{Name: "comments", Kind: KindString, Default: "", Doc: "Comments."},
	{Name: "ignore-warnings", Kind: KindBool, WriteOnly: true, Doc: "Apply changes ignoring warnings."},
	{Name: "ignore-errors", Kind: KindBool, WriteOnly: true, Doc: "Apply changes ignoring errors. The object cannot be installed on a gateway while it has errors."},
}

// GroupsField is the "groups" field of the types without NoGroups.
var GroupsField = Field{Name: "groups", Kind: KindStringSet, RefTypes: []string{"group"}, Doc: "Groups the object is a member of, by name."}

// Colors are the colors of objects.
var Colors = []string{
	"aquamarine", "black", "blue", "crete blue", "burlywood", "cyan", "dark green", "khaki", "orchid",
	"dark orange", "dark sea green", "pink", "turquoise", "dark blue", "firebrick", "brown", "forest green",
	"gold", "dark gold", "gray", "dark gray", "light green", "lemon chiffon", "coral", "sea green",
	"sky blue", "magenta", "purple", "slate blue", "violet red", "navy blue", "olive", "orange", "red",
	"sienna", "yellow",
	// Not in the management API's own list, but upstream's configurations
	// use it and servers accept it.
	"green",
}

// Value shapes of Field.Rule.
const (
	RuleIPv4       = "ipv4"         // a dotted IPv4 address
	RuleIPv6       = "ipv6"         // an IPv6 address
	RulePort       = "port"         // a port, a range "a-b", or ">a" / "<a", within 1-65535
	RuleDate       = "date"         // dd-Mmm-yyyy (01-Jan-1970)
	RuleHourMinute = "hour-minute"  // hh:mm
	RuleDNSDomain  = "dns-domain"   // a domain name with a leading dot (.www.example.com)
	RuleDayOfMonth = "day-of-month" // a day 1-31, or a range of days "a-b" (a time's recurrence days)
)

// Rules are the Rule values CheckRule knows.
var Rules = []string{RuleIPv4, RuleIPv6, RulePort, RuleDate, RuleHourMinute, RuleDNSDomain, RuleDayOfMonth}

// Session and task commands of the management API.
const (
	CommandPublish         = "publish"
	CommandDiscard         = "discard"
	CommandShowTask        = "show-task"
	CommandShowSessions    = "show-sessions"
	CommandShowSession     = "show-session"
	CommandTakeOverSession = "take-over-session"
	CommandWhereUsed       = "where-used"
)

// Error codes of the management API.
const (
	// CodeObjectLocked: another session holds the object's lock.
	CodeObjectLocked = "err_object_locked"
	// CodeObjectInUse: a delete of an object that other objects use.
	CodeObjectInUse = "err_object_in_use"
	// CodeNameNotUnique: an object of that name exists in the domain.
	CodeNameNotUnique = "err_validation_failed"
	// CodeReadOnly: a change in a read-only session.
	CodeReadOnly = "err_read_only_session"
	// CodeForbidden: the administrator may not do this.
	CodeForbidden = "generic_err_forbidden"
)

// DetailsLevel values of show commands.
const (
	DetailsUID      = "uid"
	DetailsStandard = "standard"
	DetailsFull     = "full"
)

// ObjectRef is a reference to an object as answers give it.
type ObjectRef struct {
	UID  string `json:"uid"`
	Name string `json:"name"`
	Type string `json:"type"`
}

// ByNameOrUID selects one object (show-T, delete-T, where-used).
type ByNameOrUID struct {
	UID          string `json:"uid,omitempty"`
	Name         string `json:"name,omitempty"`
	DetailsLevel string `json:"details-level,omitempty"`
}

// ShowObjectsRequest is show-<Plural>: a page of the type's objects,
// filtered by a text that a name, comment or address contains.
type ShowObjectsRequest struct {
	Limit        *int64 `json:"limit,omitempty"`
	Offset       *int64 `json:"offset,omitempty"`
	Order        string `json:"order,omitempty"`
	Filter       string `json:"filter,omitempty"`
	DetailsLevel string `json:"details-level,omitempty"`
}

// TaskResponse answers an asynchronous command (publish, install-policy).
type TaskResponse struct {
	TaskID string `json:"task-id"`
}

// ShowTaskRequest asks for tasks by ID.
type ShowTaskRequest struct {
	TaskID       []string `json:"task-id"`
	DetailsLevel string   `json:"details-level,omitempty"`
}

// Task states.
const (
	TaskInProgress = "in progress"
	TaskSucceeded  = "succeeded"
	TaskFailed     = "failed"
)

// Task is one asynchronous command's progress.
type Task struct {
	TaskID             string `json:"task-id"`
	TaskName           string `json:"task-name"`
	Status             string `json:"status"`
	ProgressPercentage int64  `json:"progress-percentage"`
	SuppressedWarnings bool   `json:"suppressed"`
	// Comments says what failed, for a failed task.
	Comments string `json:"comments,omitempty"`
	// Session is the UID of the session the task published.
	Session string `json:"session-uid,omitempty"`
	// Details are an install-policy's or verify-policy's outcome per
	// target (details-level full).
	Details []TaskDetail `json:"task-details,omitempty"`
}

// ShowTaskResponse answers show-task.
type ShowTaskResponse struct {
	Tasks []Task `json:"tasks"`
}

// DiscardResponse answers discard.
type DiscardResponse struct {
	NumberOfDiscardedChanges int64  `json:"number-of-discarded-changes"`
	Message                  string `json:"message"`
}

// SessionInfo is a session as show-sessions and show-session answer it.
type SessionInfo struct {
	UID         string    `json:"uid"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Type        string    `json:"type"` // "session"
	State       string    `json:"state"`
	UserName    string    `json:"user-name"`
	Domain      Domain    `json:"domain"`
	Locks       int64     `json:"locks"`
	Changes     int64     `json:"changes"`
	Connected   bool      `json:"connected"`
	Expired     bool      `json:"expired-session"`
	InWork      bool      `json:"in-work"`
	PublishTime Timestamp `json:"publish-time"`
	LastLogin   Timestamp `json:"last-login-time"`
}

// Session states.
const (
	SessionOpen      = "open"
	SessionPublished = "published"
	SessionDiscarded = "discarded"
)

// ShowSessionsRequest is show-sessions.
type ShowSessionsRequest struct {
	Limit                 *int64 `json:"limit,omitempty"`
	Offset                *int64 `json:"offset,omitempty"`
	DetailsLevel          string `json:"details-level,omitempty"`
	ViewPublishedSessions bool   `json:"view-published-sessions,omitempty"`
}

// ShowSessionsResponse is a page of sessions.
type ShowSessionsResponse = Page[SessionInfo]

// SessionByUID names a session (discard, publish and show-session of
// another session; take-over-session).
type SessionByUID struct {
	UID string `json:"uid,omitempty"`
}

// TakeOverSessionRequest moves another session's changes and locks into the
// caller's (disconnecting the other).
type TakeOverSessionRequest struct {
	UID                     string `json:"uid"`
	DisconnectActiveSession bool   `json:"disconnect-active-session,omitempty"`
}

// WhereUsedResponse lists the objects that use an object.
type WhereUsedResponse struct {
	UsedDirectly struct {
		Total   int64       `json:"total"`
		Objects []ObjectRef `json:"objects"`
	} `json:"used-directly"`
}

// ExampleObject is one object an example creates: an add body of a type.
type ExampleObject struct {
	Type string
	Body map[string]any
}

// Name is the object's name (every example body has one; the table's
// tests check it).
func (o ExampleObject) Name() string {
	name, _ := o.Body["name"].(string)
	return name
}

// ExampleObjects are the objects the row's example creates, each after the
// objects it references: first what the Example's references name (other
// rows' Examples, the row's ExampleExtra), then the Example itself, last.
// A reference to anything else (a predefined object such as "https") is
// left as it is.
func (t ManagementType) ExampleObjects() []ExampleObject {
	known := map[string]ExampleObject{} // lower-case name -> object
	for _, r := range ManagementTypes {
		if name, ok := r.Example["name"].(string); ok {
			known[strings.ToLower(name)] = ExampleObject{Type: r.Name, Body: r.Example}
		}
	}
	for _, o := range t.ExampleExtra {
		known[strings.ToLower(o.Name())] = o
	}
	var out []ExampleObject
	seen := map[string]bool{}
	var visit func(o ExampleObject)
	visit = func(o ExampleObject) {
		name := strings.ToLower(o.Name())
		if seen[name] {
			return
		}
		seen[name] = true
		typ, _ := LookupManagementType(o.Type)
		for _, ref := range typ.exampleReferences(o.Body) {
			if dep, ok := known[strings.ToLower(ref)]; ok {
				visit(dep)
			}
		}
		out = append(out, o)
	}
	visit(ExampleObject{Type: t.Name, Body: t.Example})
	return out
}

// exampleReferences are the names body's reference fields hold.
func (t ManagementType) exampleReferences(body map[string]any) []string {
	var refs []string
	for _, f := range t.AllFields() {
		if len(f.RefTypes) == 0 || f.Name == "tags" {
			continue
		}
		switch v := body[f.Name].(type) {
		case string:
			refs = append(refs, v)
		case []any:
			for _, e := range v {
				if s, ok := e.(string); ok {
					refs = append(refs, s)
				}
			}
		}
	}
	return refs
}
