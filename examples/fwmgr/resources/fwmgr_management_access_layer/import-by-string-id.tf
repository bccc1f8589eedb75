import {
  to = fwmgr_management_access_layer.example
  id = "<id>"
}
