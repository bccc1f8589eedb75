import {
  to = fwmgr_management_network.example
  identity = {
    id = "<id>"
  }
}
