import {
  to = fwmgr_os_snmp.example
  identity = {
    member_id = "all"
  }
}
