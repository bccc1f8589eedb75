import {
  to = fwmgr_management_simple_gateway.example
  id = "<id>"
}
