import {
  to = fwmgr_management_interoperable_device.example
  id = "<id>"
}
