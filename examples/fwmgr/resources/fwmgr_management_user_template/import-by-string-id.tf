import {
  to = fwmgr_management_user_template.example
  id = "<id>"
}
