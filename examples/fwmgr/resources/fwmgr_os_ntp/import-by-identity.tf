import {
  to = fwmgr_os_ntp.example
  identity = {
    member_id = "all"
  }
}
