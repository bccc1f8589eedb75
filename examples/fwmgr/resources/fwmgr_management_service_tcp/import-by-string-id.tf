import {
  to = fwmgr_management_service_tcp.example
  id = "<id>"
}
