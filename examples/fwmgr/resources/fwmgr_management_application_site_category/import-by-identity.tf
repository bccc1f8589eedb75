import {
  to = fwmgr_management_application_site_category.example
  identity = {
    id = "<id>"
  }
}
