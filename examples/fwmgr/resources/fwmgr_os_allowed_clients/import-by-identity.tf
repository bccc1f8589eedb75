import {
  to = fwmgr_os_allowed_clients.example
  identity = {
    member_id = "all"
  }
}
