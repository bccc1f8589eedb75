import {
  to = fwmgr_management_access_role.example
  identity = {
    id = "<id>"
  }
}
