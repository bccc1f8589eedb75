import {
  to = fwmgr_management_multicast_address_range.example
  id = "<id>"
}
