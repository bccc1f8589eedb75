import {
  to = fwmgr_management_application_site_group.example
  id = "<id>"
}
