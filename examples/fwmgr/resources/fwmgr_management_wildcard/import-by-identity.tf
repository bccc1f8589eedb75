import {
  to = fwmgr_management_wildcard.example
  identity = {
    id = "<id>"
  }
}
