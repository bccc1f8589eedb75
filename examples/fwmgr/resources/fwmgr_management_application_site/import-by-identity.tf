import {
  to = fwmgr_management_application_site.example
  identity = {
    id = "<id>"
  }
}
