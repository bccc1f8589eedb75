import {
  to = fwmgr_management_nat_rule.example
  identity = {
    package = "<package>"
    id      = "<id>"
  }
}
