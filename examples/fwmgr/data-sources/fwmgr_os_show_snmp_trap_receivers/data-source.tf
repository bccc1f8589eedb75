# The receivers the SNMP agent sends traps to, with their version (never their community strings).
data "fwmgr_os_show_snmp_trap_receivers" "example" {}

output "snmp_trap_receivers" {
  value = data.fwmgr_os_show_snmp_trap_receivers.example.objects[*].address
}
