import {
  to = fwmgr_management_application_site.example
  id = "<id>"
}
