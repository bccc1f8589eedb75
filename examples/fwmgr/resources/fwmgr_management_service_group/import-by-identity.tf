import {
  to = fwmgr_management_service_group.example
  identity = {
    id = "<id>"
  }
}
