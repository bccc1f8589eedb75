import {
  to = fwmgr_os_proxy.example
  identity = {
    member_id = "all"
  }
}
