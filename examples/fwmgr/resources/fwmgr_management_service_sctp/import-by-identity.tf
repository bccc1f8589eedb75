import {
  to = fwmgr_management_service_sctp.example
  identity = {
    id = "<id>"
  }
}
