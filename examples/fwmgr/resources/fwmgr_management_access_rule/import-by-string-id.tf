import {
  to = fwmgr_management_access_rule.example
  id = "<layer>;<id>"
}
