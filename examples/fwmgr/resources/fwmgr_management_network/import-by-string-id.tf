import {
  to = fwmgr_management_network.example
  id = "<id>"
}
