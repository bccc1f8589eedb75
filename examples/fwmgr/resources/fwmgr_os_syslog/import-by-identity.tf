import {
  to = fwmgr_os_syslog.example
  identity = {
    member_id = "all"
  }
}
