import {
  to = fwmgr_management_service_icmp6.example
  id = "<id>"
}
