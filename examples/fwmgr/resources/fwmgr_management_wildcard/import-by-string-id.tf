import {
  to = fwmgr_management_wildcard.example
  id = "<id>"
}
