import {
  to = fwmgr_management_tag.example
  id = "<id>"
}
