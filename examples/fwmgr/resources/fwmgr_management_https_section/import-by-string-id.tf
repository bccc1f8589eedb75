import {
  to = fwmgr_management_https_section.example
  id = "<layer>;<id>"
}
