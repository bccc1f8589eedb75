# attribute: virtual_system_id
# expect: must be a virtual system number
data "fwmgr_os_show_dynamic_layers" "bad" {
  virtual_system_id = "vs1"
}
