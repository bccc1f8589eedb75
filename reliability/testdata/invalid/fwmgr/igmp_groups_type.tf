# attribute: type
# expect: value must be one of
data "fwmgr_os_show_igmp_groups" "bad" {
  type = "multicast"
}
