import {
  to = fwmgr_management_service_group.example
  id = "<id>"
}
