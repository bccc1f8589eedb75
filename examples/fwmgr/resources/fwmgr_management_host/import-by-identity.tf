import {
  to = fwmgr_management_host.example
  identity = {
    id = "<id>"
  }
}
