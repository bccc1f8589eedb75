import {
  to = fwmgr_management_time.example
  id = "<id>"
}
