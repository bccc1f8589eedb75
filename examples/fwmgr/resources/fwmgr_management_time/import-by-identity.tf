import {
  to = fwmgr_management_time.example
  identity = {
    id = "<id>"
  }
}
