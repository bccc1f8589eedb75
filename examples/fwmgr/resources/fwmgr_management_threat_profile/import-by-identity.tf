import {
  to = fwmgr_management_threat_profile.example
  identity = {
    id = "<id>"
  }
}
