import {
  to = fwmgr_management_threat_rule.example
  identity = {
    layer = "<layer>"
    id    = "<id>"
  }
}
