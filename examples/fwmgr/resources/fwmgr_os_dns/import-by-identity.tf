import {
  to = fwmgr_os_dns.example
  identity = {
    member_id         = "all"
    virtual_system_id = 0
  }
}
