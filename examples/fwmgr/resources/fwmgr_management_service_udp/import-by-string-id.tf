import {
  to = fwmgr_management_service_udp.example
  id = "<id>"
}
