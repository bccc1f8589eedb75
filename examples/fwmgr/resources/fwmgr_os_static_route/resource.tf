# A static route of the gateway, or of one cluster member: the destination network (address and mask length), its type and next-hop gateways.
# Without member_id it is added to every cluster member; destroy deletes it
# (server and credentials from FWMGR_* variables).
resource "fwmgr_os_static_route" "example" {
  address     = "1.2.3.0"
  mask_length = 24
  type        = "gateway"
  rank        = 25
  comment     = "hello"
  next_hop {
    gateway  = "10.1.1.254"
    priority = "default"
  }
}
