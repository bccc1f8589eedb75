import {
  to = fwmgr_management_group.example
  id = "<id>"
}
