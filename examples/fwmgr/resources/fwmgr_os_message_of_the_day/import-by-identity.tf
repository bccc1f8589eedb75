import {
  to = fwmgr_os_message_of_the_day.example
  identity = {
    member_id = "all"
  }
}
