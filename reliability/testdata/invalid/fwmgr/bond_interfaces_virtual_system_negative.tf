# attribute: virtual_system_id
# expect: must be at least 0
data "fwmgr_os_show_bond_interfaces" "bad" {
  virtual_system_id = -1
}
