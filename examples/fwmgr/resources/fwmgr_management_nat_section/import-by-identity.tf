import {
  to = fwmgr_management_nat_section.example
  identity = {
    package = "<package>"
    id      = "<id>"
  }
}
