import {
  to = fwmgr_management_nat_rule.example
  id = "<package>;<id>"
}
