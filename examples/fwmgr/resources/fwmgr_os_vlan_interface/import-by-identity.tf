import {
  to = fwmgr_os_vlan_interface.example
  identity = {
    member_id   = "all"
    parent      = "eth2"
    resource_id = 100
  }
}
