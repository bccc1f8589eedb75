import {
  to = fwmgr_management_address_range.example
  identity = {
    id = "<id>"
  }
}
