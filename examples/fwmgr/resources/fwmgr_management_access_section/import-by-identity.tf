import {
  to = fwmgr_management_access_section.example
  identity = {
    layer = "<layer>"
    id    = "<id>"
  }
}
