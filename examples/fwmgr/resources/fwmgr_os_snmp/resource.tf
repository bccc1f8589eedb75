# The SNMP agent of the gateway, or of one cluster member: whether it runs, its version, trap user, contact, location, communities and the interfaces it listens on.
# Without member_id it is set on every cluster member; destroy puts back the value the
# device had before (server and credentials from FWMGR_* variables).
resource "fwmgr_os_snmp" "example" {
  enabled             = true
  contact             = "ops-team"
  location            = "datacenter-1"
  version             = "any"
  interfaces          = "all"
  read_only_community = "example-ro"
}
