import {
  to = fwmgr_management_application_site_category.example
  id = "<id>"
}
