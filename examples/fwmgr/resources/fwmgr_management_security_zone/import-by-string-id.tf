import {
  to = fwmgr_management_security_zone.example
  id = "<id>"
}
