import {
  to = fwmgr_management_access_role.example
  id = "<id>"
}
