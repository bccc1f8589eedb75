# A VLAN interface of the gateway, or of one cluster member: the VLAN `resource_id` tagged on the trunk `parent`, named `<parent>.<resource_id>`, with its addresses, state, comments and MTU.
# Without member_id it is added to every cluster member; destroy deletes it
# (server and credentials from FWMGR_* variables).
resource "fwmgr_os_vlan_interface" "example" {
  parent           = "eth2"
  resource_id      = 100
  enabled          = true
  ipv4_address     = "10.42.100.1"
  ipv4_mask_length = 24
  comments         = "users"
}
