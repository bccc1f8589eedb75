# attribute: address_family
# expect: value must be one of
data "fwmgr_os_show_routes" "bad" {
  address_family = "ipv4"
}
