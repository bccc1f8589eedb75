import {
  to = fwmgr_management_access_section.example
  id = "<layer>;<id>"
}
