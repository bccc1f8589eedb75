import {
  to = fwmgr_management_service_sctp.example
  id = "<id>"
}
