import {
  to = fwmgr_management_group_with_exclusion.example
  id = "<id>"
}
