import {
  to = fwmgr_management_user.example
  identity = {
    id = "<id>"
  }
}
