import {
  to = fwmgr_management_group.example
  identity = {
    id = "<id>"
  }
}
