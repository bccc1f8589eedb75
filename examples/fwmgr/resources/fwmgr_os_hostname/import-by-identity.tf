import {
  to = fwmgr_os_hostname.example
  identity = {
    member_id = "all"
  }
}
