import {
  to = fwmgr_management_nat_section.example
  id = "<package>;<id>"
}
