package idcatalog

// unlisted says, by resource type, why the resource has no list resource:
// its service cannot enumerate it, or enumerating it would adopt nothing a
// user manages. Catalogue.Problems fails for a resource that has neither a
// list resource nor an entry here, so a new resource cannot silently lack
// one; the reason is printed in docs/identity-and-query.md.
var unlisted = map[string]string{
	"orch_action": "a task is the record of one run of a charm action, kept by the model as history: " +
		"the controller lists operations, but adopting a past run into Terraform would only re-record its output, " +
		"and a new run is what `orch_action` or the `orch_run_action` action starts",
	"fwmgr_os_hostname":           osSingleton,
	"fwmgr_os_dns":                osSingleton,
	"fwmgr_os_ntp":                osSingleton,
	"fwmgr_os_time_and_date":      osSingleton,
	"fwmgr_os_banner":             osSingleton,
	"fwmgr_os_message_of_the_day": osSingleton,
	"fwmgr_os_proxy":              osSingleton,
	"fwmgr_os_allowed_clients":    osSingleton,
	"fwmgr_os_password_policy":    osSingleton,
	"fwmgr_os_syslog":             osSingleton,
	"fwmgr_os_snmp":               osSingleton,
}

// osSingleton is why fwmgr's OS configuration resources have no list
// resource.
const osSingleton = "a system setting of the device is a singleton, not a collection: it exists exactly once per cluster " +
	"member (and virtual system), so there is nothing to discover, and an `import` block by member (or `all`) adopts it"

// pending are resource types whose list resource is being added on another
// branch (issue 23): they are expected to have one, and are shown as
// pending until it lands. An entry whose list resource exists is an error
// (Catalogue.Problems), so the list shrinks as they land.
var pending = map[string]string{}

// commands are resource types that model a command, not an object of the
// service, kept because an upstream's configurations use them: there is
// nothing to identify, import or list. Catalogue.Problems exempts them
// from those rules; the reason is printed in docs/identity-and-query.md.
var commands = map[string]string{
	"fwmgr_management_publish": "a publish is a command, not an object of the server: upstream's configurations " +
		"declare it, and it is superseded by the publish that every change of the provider's resources makes",
	"fwmgr_management_install_policy": "an installation is a command, not an object of the server: upstream's " +
		"configurations declare it, and it is superseded by the action fwmgr_management_install_policy",
	"fwmgr_management_verify_policy": "a verification is a command, not an object of the server: upstream's " +
		"configurations declare it, and it is superseded by the action fwmgr_management_verify_policy",
}
