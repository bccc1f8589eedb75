import {
  to = fwmgr_management_threat_layer.example
  identity = {
    id = "<id>"
  }
}
