import {
  to = fwmgr_management_service_icmp.example
  id = "<id>"
}
