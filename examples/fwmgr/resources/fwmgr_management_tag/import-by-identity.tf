import {
  to = fwmgr_management_tag.example
  identity = {
    id = "<id>"
  }
}
