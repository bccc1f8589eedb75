import {
  to = fwmgr_os_static_route.example
  identity = {
    member_id   = "all"
    address     = "1.2.3.0"
    mask_length = 24
  }
}
