import {
  to = fwmgr_management_threat_indicator.example
  id = "<id>"
}
