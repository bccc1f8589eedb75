import {
  to = fwmgr_management_service_other.example
  identity = {
    id = "<id>"
  }
}
