import {
  to = fwmgr_management_https_section.example
  identity = {
    layer = "<layer>"
    id    = "<id>"
  }
}
