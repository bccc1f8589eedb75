import {
  to = fwmgr_os_time_and_date.example
  identity = {
    member_id = "all"
  }
}
