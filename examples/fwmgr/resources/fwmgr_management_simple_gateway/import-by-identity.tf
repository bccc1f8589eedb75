import {
  to = fwmgr_management_simple_gateway.example
  identity = {
    id = "<id>"
  }
}
