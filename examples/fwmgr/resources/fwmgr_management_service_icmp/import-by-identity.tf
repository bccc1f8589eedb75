import {
  to = fwmgr_management_service_icmp.example
  identity = {
    id = "<id>"
  }
}
