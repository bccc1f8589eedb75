import {
  to = fwmgr_management_time_group.example
  id = "<id>"
}
