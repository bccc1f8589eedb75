import {
  to = fwmgr_management_service_tcp.example
  identity = {
    id = "<id>"
  }
}
