import {
  to = fwmgr_management_service_other.example
  id = "<id>"
}
