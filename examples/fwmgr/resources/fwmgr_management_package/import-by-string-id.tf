import {
  to = fwmgr_management_package.example
  id = "<id>"
}
