# A receiver the SNMP agent of the gateway, or of one cluster member, sends traps to: its address, SNMP version and community string.
# Without member_id it is added to every cluster member; destroy deletes it
# (server and credentials from FWMGR_* variables).
resource "fwmgr_os_snmp_trap_receiver" "example" {
  address          = "4.4.4.5"
  community_string = "yy"
  version          = "v3"
}
