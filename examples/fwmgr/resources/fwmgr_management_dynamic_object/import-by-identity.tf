import {
  to = fwmgr_management_dynamic_object.example
  identity = {
    id = "<id>"
  }
}
