import {
  to = fwmgr_management_https_layer.example
  identity = {
    id = "<id>"
  }
}
