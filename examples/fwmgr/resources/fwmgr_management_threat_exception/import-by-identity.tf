import {
  to = fwmgr_management_threat_exception.example
  identity = {
    layer    = "<layer>"
    rule_uid = "<rule_uid>"
    id       = "<id>"
  }
}
