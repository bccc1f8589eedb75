import {
  to = fwmgr_os_snmp_trap_receiver.example
  identity = {
    member_id = "all"
    address   = "4.4.4.5"
  }
}
