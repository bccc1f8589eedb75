import {
  to = fwmgr_management_access_rule.example
  identity = {
    layer = "<layer>"
    id    = "<id>"
  }
}
