import {
  to = fwmgr_management_user_template.example
  identity = {
    id = "<id>"
  }
}
