import {
  to = fwmgr_management_interoperable_device.example
  identity = {
    id = "<id>"
  }
}
