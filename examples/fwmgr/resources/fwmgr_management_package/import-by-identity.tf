import {
  to = fwmgr_management_package.example
  identity = {
    id = "<id>"
  }
}
