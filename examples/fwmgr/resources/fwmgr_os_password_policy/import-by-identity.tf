import {
  to = fwmgr_os_password_policy.example
  identity = {
    member_id = "all"
  }
}
