package fwmgr

// policyTypes are the object-like policy types of the management API:
// policy packages and their layers, users and the objects that group or
// shape them, and access roles. Like objectTypes, each row has the
// Terraform shape of upstream's (v3.2.0) checkpoint_management_<type>
// resource. Rules and sections, which live inside a layer and have a
// position, are not rows of this table.
var policyTypes = []ManagementType{
	{
		Name: "package", Plural: "packages", Category: "policy", NoGroups: true,
		Doc: "A policy package: the policies installed together on its installation targets. It says which " +
			"policy types it holds (access control, threat prevention, HTTPS inspection, QoS, desktop " +
			"security) and, in order, the access and threat layers whose rules make them up.",
		Fields: []Field{
			{Name: "access", Kind: KindBool, Default: true, Doc: "Whether the package holds an access control policy."},
			{Name: "desktop-security", Kind: KindBool, Default: false, Doc: "Whether the package holds a desktop security policy."},
			{Name: "installation-targets", Kind: KindStringSet, RefTypes: gatewayTypes,
				Doc: "Gateways the package is installed on, by name or UID; none: every gateway."},
			{Name: "access-layers", Kind: KindStringList, RefTypes: []string{"access-layer"},
				Doc: "Access control layers of the package, in the order a connection meets them."},
			{Name: "threat-layers", Kind: KindStringList, RefTypes: []string{"threat-layer"},
				Doc: "Threat prevention layers of the package, in order."},
			{Name: "https-inspection-layers", Kind: KindBlock, Doc: "The HTTPS inspection layers of the package.", Fields: []Field{
				{Name: "inbound-https-layer", Kind: KindString, RefTypes: []string{"https-layer"}, Doc: "Layer that inspects inbound HTTPS traffic, by name or UID."},
				{Name: "outbound-https-layer", Kind: KindString, RefTypes: []string{"https-layer"}, Doc: "Layer that inspects outbound HTTPS traffic, by name or UID."},
			}},
			{Name: "qos", Kind: KindBool, Default: false, Doc: "Whether the package holds a QoS policy."},
			{Name: "qos-policy-type", Kind: KindString, Default: "recommended", Values: []string{"recommended", "express"},
				Doc: "Kind of QoS policy, when qos is true."},
			{Name: "threat-prevention", Kind: KindBool, Default: true, Doc: "Whether the package holds a threat prevention policy."},
			{Name: "vpn-traditional-mode", Kind: KindBool, Default: false,
				Doc: "Whether VPN is configured in traditional mode (encrypt actions in rules) rather than with VPN communities."},
		},
		// Access and threat prevention off, then on with layers: the
		// layers belong to the policies they add.
		Example: map[string]any{
			"name": "New_Standard_Package_1", "comments": "My Comments", "color": "green",
			"access": false, "threat-prevention": false,
		},
		Change: map[string]any{
			"name": "New_Standard_Package_1_renamed", "access": true, "threat-prevention": true,
			"access-layers": []any{"New Layer 1"}, "threat-layers": []any{"New Threat Layer 1"},
			"https-inspection-layers": map[string]any{"outbound-https-layer": "Default Layer"},
			"installation-targets":    []any{"corporate-gateway"},
			"desktop-security":        true, "qos": true, "qos-policy-type": "express", "vpn-traditional-mode": true,
			"comments": "changed by the test", "color": "orange",
		},
	},
	{
		Name: "access-layer", Plural: "access-layers", Category: "policy", NoGroups: true,
		Doc: "An access control layer: an ordered rulebase of a package's access policy, enforced by the " +
			"blades it turns on (firewall, application and URL filtering, content awareness, mobile access). " +
			"A connection no rule matches meets the implicit cleanup action.",
		Fields: []Field{
			addDefaultRule(),
			{Name: "additional-permission-profiles", Kind: KindStringSet,
				Doc: "Permission profiles, besides the administrator's, that may edit the layer, by name."},
			{Name: "applications-and-url-filtering", Kind: KindBool, Default: false, Doc: "Whether the layer's rules may match applications and URLs."},
			{Name: "content-awareness", Kind: KindBool, Default: false, Doc: "Whether the layer's rules may match data types (content awareness)."},
			{Name: "detect-using-x-forward-for", Kind: KindBool, Default: false,
				Doc: "Whether the source of a connection through a proxy is taken from its X-Forwarded-For header."},
			{Name: "firewall", Kind: KindBool, Default: true, Doc: "Whether the firewall blade enforces the layer."},
			{Name: "implicit-cleanup-action", Kind: KindString, Default: "drop", Values: []string{"drop", "accept"},
				Doc: "What happens to a connection that no rule of the layer matches."},
			{Name: "mobile-access", Kind: KindBool, Default: false, Doc: "Whether the layer's rules may match Mobile Access connections."},
			{Name: "shared", Kind: KindBool, Default: false, Doc: "Whether several packages may use the layer."},
		},
		Example: map[string]any{"name": "New Layer 1"},
		Change: map[string]any{
			"name": "New Layer 1 renamed", "additional-permission-profiles": []any{"Read Only All"},
			"applications-and-url-filtering": true, "content-awareness": true, "detect-using-x-forward-for": true,
			"firewall": false, "implicit-cleanup-action": "accept", "mobile-access": true, "shared": true,
			"comments": "changed by the test", "color": "orange",
		},
	},
	{
		Name: "threat-layer", Plural: "threat-layers", Category: "policy", NoGroups: true,
		Doc: "A threat prevention layer: an ordered rulebase of a package's threat prevention policy, whose " +
			"rules say which threat profile protects which traffic.",
		Fields: []Field{
			addDefaultRule(),
			{Name: "ips-layer", Kind: KindBool, ReadOnly: true, Default: false, Doc: "Whether this is the IPS layer of a package upgraded from an older version."},
			{Name: "parent-layer", Kind: KindString, ReadOnly: true, Doc: "UID of the layer this one is inline in, if any."},
		},
		Example: map[string]any{"name": "New Threat Layer 1"},
		Change:  map[string]any{"name": "New Threat Layer 1 renamed", "comments": "changed by the test", "color": "orange"},
	},
	{
		Name: "https-layer", Plural: "https-layers", Category: "policy", NoGroups: true,
		Doc: "An HTTPS inspection layer: an ordered rulebase that says which HTTPS traffic a gateway decrypts " +
			"and inspects, either inbound (to the organization's servers) or outbound (to the internet).",
		Fields: []Field{
			{Name: "layer-type", Kind: KindString, Default: "outbound", Values: []string{"inbound", "outbound"}, ForceNew: true,
				Doc: "Whether the layer inspects inbound or outbound HTTPS traffic."},
			{Name: "shared", Kind: KindBool, Default: false, Doc: "Whether several packages may use the layer."},
		},
		Example: map[string]any{"name": "New HTTPS Layer 1"},
		Change: map[string]any{
			"name": "New HTTPS Layer 1 renamed", "layer-type": "inbound", "shared": true,
			"comments": "changed by the test", "color": "orange",
		},
	},
	{
		Name: "user", Plural: "users", Category: "user", NoGroups: true,
		Doc: "A user of the security management's own user database: how the user authenticates, when and " +
			"from where the user may connect, and IKE encryption for remote access. The user starts from a " +
			"user template.",
		Fields: append([]Field{
			{Name: "email", Kind: KindString, Doc: "The user's email address."},
			{Name: "expiration-date", Kind: KindString, Doc: "Date the user expires, yyyy-MM-dd; show-user answers it as a time (its ISO-8601 form starts with the date)."},
			{Name: "phone-number", Kind: KindString, Doc: "The user's phone number."},
			{Name: "password", Kind: KindString, WriteOnly: true, Secret: true,
				Doc: "The user's Check Point password, for authentication-method \"check point password\"."},
			{Name: "template", Kind: KindString, Default: "Default", RefTypes: []string{"user-template"},
				Doc: "User template the user is made from, by name or UID."},
		}, userSettings(true)...),
		Example: map[string]any{ //nolint:gosec // G101: the example's password is a documented placeholder
			"name": "myuser", "email": "myuser@email.com", "expiration-date": "2030-05-30", "phone-number": "0501112233",
			"authentication-method": "check point password", "password": "Chkp!234-Example", "connect-daily": true,
			"from-hour": "08:00", "to-hour": "17:00",
			"encryption": map[string]any{"enable-ike": true, "enable-shared-secret": true},
		},
		Change: map[string]any{
			"name": "myuser_renamed", "email": "myuser2@email.com", "expiration-date": "2031-01-15", "phone-number": "0502223344",
			"authentication-method": "securid", "connect-daily": false, "connect-on-days": []any{"Mon", "Tue"},
			"from-hour": "07:30", "to-hour": "19:00", "radius-server": "RADIUS_Server_1", "tacacs-server": "TACACS_Server_1",
			"allowed-locations": map[string]any{"sources": []any{"InternalNet"}, "destinations": []any{"DMZNet"}},
			"encryption":        map[string]any{"enable-ike": true, "enable-public-key": true, "enable-shared-secret": false},
			"template":          "myusertemplate",
			"comments":          "changed by the test", "color": "orange",
		},
	},
	{
		Name: "user-group", Plural: "user-groups", Category: "user", NoGroups: true,
		Doc: "A group of users (and of other user groups), usable in access roles and in remote access " +
			"communities in place of its members.",
		Fields: []Field{
			{Name: "email", Kind: KindString, Doc: "Email address of the group."},
			{Name: "members", Kind: KindStringSet, RefTypes: []string{"user", "user-group"}, Doc: "Users and user groups in the group, by name or UID."},
		},
		Example: map[string]any{"name": "myusergroup", "email": "myusergroup@email.com"},
		Change: map[string]any{
			"name": "myusergroup_renamed", "email": "myusergroup2@email.com", "members": []any{"myuser"},
			"comments": "changed by the test", "color": "orange",
		},
	},
	{
		Name: "user-template", Plural: "user-templates", Category: "user", NoGroups: true,
		Doc: "A user template: the settings a new user starts with (authentication, expiration, when and " +
			"from where the user may connect, IKE encryption).",
		Fields: append([]Field{
			{Name: "expiration-by-global-properties", Kind: KindBool, Default: true,
				Doc: "Whether users of the template expire when the global properties say, rather than on expiration-date."},
			{Name: "expiration-date", Kind: KindString, Doc: "Date users of the template expire, yyyy-MM-dd, when expiration-by-global-properties is false; show-user-template answers it as a time."},
		}, userSettings(false)...),
		Example: map[string]any{"name": "myusertemplate", "expiration-date": "2030-05-30", "expiration-by-global-properties": false},
		Change: map[string]any{
			"name": "myusertemplate_renamed", "expiration-date": "2031-06-30", "expiration-by-global-properties": true,
			"authentication-method": "securid", "connect-daily": false, "connect-on-days": []any{"Sat", "Sun"},
			"from-hour": "06:00", "to-hour": "22:00", "radius-server": "RADIUS_Server_1", "tacacs-server": "TACACS_Server_1",
			"allowed-locations": map[string]any{"sources": []any{"DMZNet"}, "destinations": []any{"InternalNet"}},
			"encryption":        map[string]any{"enable-ike": true, "enable-public-key": false, "enable-shared-secret": true},
			"comments":          "changed by the test", "color": "orange",
		},
	},
	{
		Name: "access-role", Plural: "access-roles", Category: "user", NoGroups: true,
		Doc: "An access role: who a connection comes from, as identity awareness knows it (users, machines, " +
			"the networks they connect from and the remote access clients they use), usable as a rule's " +
			"source or destination.",
		Fields: []Field{
			{Name: "machines", Kind: KindBlockList, Doc: "Machines of the role, each from an identity source.", Fields: identitySelection("machines")},
			{Name: "networks", Kind: KindStringSet, RefTypes: networkObjectTypes, Doc: "Networks the role's connections come from, by name or UID; none: any network."},
			{Name: "remote-access-clients", Kind: KindString, Default: "Any",
				Doc: "Remote access client type the role's connections use, by name or UID, or \"Any\"."},
			{Name: "users", Kind: KindBlockList, Doc: "Users of the role, each from an identity source.", Fields: identitySelection("users")},
		},
		Example: map[string]any{
			"name":     "New Access Role 1",
			"machines": []any{map[string]any{"source": "any", "selection": []any{"any"}}},
			"users":    []any{map[string]any{"source": "all identified", "selection": []any{"all identified"}}},
			"tags":     []any{"terraform"},
		},
		Change: map[string]any{
			"name":                  "New Access Role 1 renamed",
			"machines":              []any{map[string]any{"source": "all identified", "selection": []any{"all identified"}}},
			"users":                 []any{map[string]any{"source": "any", "selection": []any{"any"}}},
			"networks":              []any{"InternalNet", "DMZNet"},
			"remote-access-clients": "Endpoint Security VPN",
			"comments":              "changed by the test", "color": "orange",
		},
	},
}

// gatewayTypes are the objects a package is installed on.
var gatewayTypes = []string{"simple-gateway", "simple-cluster"}

// addDefaultRule is add-access-layer's and add-threat-layer's choice of a
// first rule (the layer's cleanup rule); show answers nothing of it.
func addDefaultRule() Field {
	return Field{Name: "add-default-rule", Kind: KindBool, WriteOnly: true,
		Doc: "Whether the new layer gets a default (cleanup) rule; sent with add only (upstream's default is true)."}
}

// userSettings are the fields users and user templates share. withSecret:
// a user's encryption block holds its IKE shared secret, a template's
// does not.
func userSettings(withSecret bool) []Field {
	// The server answers every flag of the block once it is set, so each
	// has its default: an import reads what the configuration wrote.
	encryption := []Field{
		{Name: "enable-ike", Kind: KindBool, Default: false, Doc: "Whether IKE encryption is on for the user."},
		{Name: "enable-public-key", Kind: KindBool, Default: false, Doc: "Whether IKE authenticates the user with a public key."},
		{Name: "enable-shared-secret", Kind: KindBool, Default: false, Doc: "Whether IKE authenticates the user with a shared secret."},
	}
	if withSecret {
		encryption = append(encryption, Field{Name: "shared-secret", Kind: KindString, WriteOnly: true, Secret: true,
			Doc: "IKE shared secret, when enable-shared-secret is true."})
	}
	// Upstream's user resource declares no defaults (its template's are
	// these), but the server answers a user's values as it answers a
	// template's: the defaults make them computed, so that an import or
	// a refresh of a user that leaves them out reads no change.
	return []Field{
		{Name: "allowed-locations", Kind: KindBlock, Doc: "Where the user may connect from and to.", Fields: []Field{
			{Name: "destinations", Kind: KindStringSet, RefTypes: networkObjectTypes, Doc: "Network objects the user may connect to, by name or UID."},
			{Name: "sources", Kind: KindStringSet, RefTypes: networkObjectTypes, Doc: "Network objects the user may connect from, by name or UID."},
		}},
		{Name: "authentication-method", Kind: KindString, Default: "undefined", Values: authenticationMethods, Doc: "How the user authenticates."},
		{Name: "connect-on-days", Kind: KindStringSet, Values: []string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"},
			Doc: "Days of the week the user may connect on, when connect-daily is false."},
		{Name: "connect-daily", Kind: KindBool, Default: true, Doc: "Whether the user may connect on every day of the week."},
		{Name: "encryption", Kind: KindBlock, Doc: "IKE encryption for remote access.", Fields: encryption},
		{Name: "from-hour", Kind: KindString, Default: "00:00", Rule: RuleHourMinute, Doc: "Time of day from which the user may connect, hh:mm."},
		{Name: "radius-server", Kind: KindString, RefTypes: []string{"radius-server"},
			Doc: "RADIUS server, by name or UID, for authentication-method \"radius\"."},
		{Name: "tacacs-server", Kind: KindString, RefTypes: []string{"tacacs-server"},
			Doc: "TACACS server, by name or UID, for authentication-method \"tacacs\"."},
		{Name: "to-hour", Kind: KindString, Default: "23:59", Rule: RuleHourMinute, Doc: "Time of day until which the user may connect, hh:mm."},
	}
}

// authenticationMethods are the ways a user authenticates.
var authenticationMethods = []string{"undefined", "check point password", "os password", "securid", "radius", "tacacs"}

// identitySelection are the fields of an access role's users and
// machines: an identity source ("any", "all identified", or a directory)
// and what of it is selected.
func identitySelection(what string) []Field {
	return []Field{
		{Name: "base-dn", Kind: KindString, Doc: "Base DN of the " + what + " in a directory source."},
		{Name: "selection", Kind: KindStringSet, Doc: "The " + what + " selected from the source, by name; \"any\" or \"all identified\" with such a source."},
		{Name: "source", Kind: KindString, Doc: "Identity source of the " + what + ": \"any\", \"all identified\", or a directory (an LDAP account unit)."},
	}
}
