import {
  to = fwmgr_management_user.example
  id = "<id>"
}
