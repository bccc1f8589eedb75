import {
  to = fwmgr_management_https_layer.example
  id = "<id>"
}
