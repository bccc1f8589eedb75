import {
  to = fwmgr_management_user_group.example
  id = "<id>"
}
