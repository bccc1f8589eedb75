import {
  to = fwmgr_management_threat_indicator.example
  identity = {
    id = "<id>"
  }
}
