import {
  to = fwmgr_management_threat_rule.example
  id = "<layer>;<id>"
}
