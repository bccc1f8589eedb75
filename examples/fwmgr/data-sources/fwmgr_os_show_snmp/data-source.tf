# The SNMP agent: enabled, version, trap user, contact, location and the interfaces it listens on (never its communities).
data "fwmgr_os_show_snmp" "example" {}

output "snmp" {
  value = data.fwmgr_os_show_snmp.example.contact
}
