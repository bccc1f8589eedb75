import {
  to = fwmgr_management_host.example
  id = "<id>"
}
