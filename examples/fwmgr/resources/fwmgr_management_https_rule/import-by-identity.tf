import {
  to = fwmgr_management_https_rule.example
  identity = {
    layer = "<layer>"
    id    = "<id>"
  }
}
