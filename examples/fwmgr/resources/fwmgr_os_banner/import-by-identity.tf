import {
  to = fwmgr_os_banner.example
  identity = {
    member_id = "all"
  }
}
