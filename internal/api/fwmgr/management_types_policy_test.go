package fwmgr

// The upstream attributes of the policy rows (management_types_policy.go),
// merged into upstreamAttributes, which TestManagementTypesHaveUpstreamsAttributes
// checks against every row.
func init() {
	for row, attrs := range policyUpstreamAttributes {
		upstreamAttributes[row] = attrs
	}
}

// policyUpstreamAttributes are the attributes of upstream's
// checkpoint_management_<type> resources at v3.2.0 of the policy rows.
var policyUpstreamAttributes = map[string][]string{
	"package": {
		"access TypeBool", "access_layers TypeList", "color TypeString", "comments TypeString",
		"desktop_security TypeBool", "https_inspection_layers TypeList1",
		"https_inspection_layers.inbound_https_layer TypeString",
		"https_inspection_layers.outbound_https_layer TypeString", "ignore_errors TypeBool", "ignore_warnings TypeBool",
		"installation_targets TypeSet", "name TypeString", "qos TypeBool", "qos_policy_type TypeString", "tags TypeSet",
		"threat_layers TypeList", "threat_prevention TypeBool", "vpn_traditional_mode TypeBool",
	},
	"access-layer": {
		"add_default_rule TypeBool", "additional_permission_profiles TypeSet",
		"applications_and_url_filtering TypeBool", "color TypeString", "comments TypeString",
		"content_awareness TypeBool", "detect_using_x_forward_for TypeBool", "firewall TypeBool",
		"ignore_errors TypeBool", "ignore_warnings TypeBool", "implicit_cleanup_action TypeString",
		"mobile_access TypeBool", "name TypeString", "shared TypeBool", "tags TypeSet",
	},
	"threat-layer": {
		"add_default_rule TypeBool", "color TypeString", "comments TypeString", "ignore_errors TypeBool",
		"ignore_warnings TypeBool", "ips_layer TypeBool", "name TypeString", "parent_layer TypeString", "tags TypeSet",
	},
	"https-layer": {
		"color TypeString", "comments TypeString", "ignore_errors TypeBool", "ignore_warnings TypeBool",
		"layer_type TypeString", "name TypeString", "shared TypeBool", "tags TypeSet",
	},
	"user": {
		"allowed_locations TypeList1", "allowed_locations.destinations TypeSet", "allowed_locations.sources TypeSet",
		"authentication_method TypeString", "color TypeString", "comments TypeString", "connect_daily TypeBool",
		"connect_on_days TypeSet", "email TypeString", "encryption TypeList1", "encryption.enable_ike TypeBool",
		"encryption.enable_public_key TypeBool", "encryption.enable_shared_secret TypeBool",
		"encryption.shared_secret TypeString", "expiration_date TypeString", "from_hour TypeString",
		"ignore_errors TypeBool", "ignore_warnings TypeBool", "name TypeString", "password TypeString",
		"phone_number TypeString", "radius_server TypeString", "tacacs_server TypeString", "tags TypeSet",
		"template TypeString", "to_hour TypeString",
	},
	"user-group": {
		"color TypeString", "comments TypeString", "email TypeString", "ignore_errors TypeBool",
		"ignore_warnings TypeBool", "members TypeSet", "name TypeString", "tags TypeSet",
	},
	"user-template": {
		"allowed_locations TypeList1", "allowed_locations.destinations TypeSet", "allowed_locations.sources TypeSet",
		"authentication_method TypeString", "color TypeString", "comments TypeString", "connect_daily TypeBool",
		"connect_on_days TypeSet", "encryption TypeList1", "encryption.enable_ike TypeBool",
		"encryption.enable_public_key TypeBool", "encryption.enable_shared_secret TypeBool",
		"expiration_by_global_properties TypeBool", "expiration_date TypeString", "from_hour TypeString",
		"ignore_errors TypeBool", "ignore_warnings TypeBool", "name TypeString", "radius_server TypeString",
		"tacacs_server TypeString", "tags TypeSet", "to_hour TypeString",
	},
	"access-role": {
		"color TypeString", "comments TypeString", "ignore_errors TypeBool", "ignore_warnings TypeBool",
		"machines TypeList", "machines.base_dn TypeString", "machines.selection TypeSet", "machines.source TypeString",
		"name TypeString", "networks TypeSet", "remote_access_clients TypeString", "tags TypeSet", "users TypeList",
		"users.base_dn TypeString", "users.selection TypeSet", "users.source TypeString",
	},
}
