import {
  to = fwmgr_management_https_rule.example
  id = "<layer>;<id>"
}
