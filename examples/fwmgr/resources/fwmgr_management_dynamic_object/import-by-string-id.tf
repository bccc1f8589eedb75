import {
  to = fwmgr_management_dynamic_object.example
  id = "<id>"
}
