# Configures the demo gateway through the OS API: its host name (every
# cluster member), a static route and a VLAN interface and, read back
# through the show data sources after the apply, what the device now
# answers. Destroy deletes the route and the VLAN and puts the factory host
# name back. The address and the credentials
# come from FWMGR_SERVER, FWMGR_PORT (`sandbox serve` runs the device on
# 127.0.0.1:18445), FWMGR_USERNAME and FWMGR_PASSWORD.
terraform {
  required_providers {
    fwmgr = { source = "iacsuite.example/iacsuite/fwmgr" }
  }
}

provider "fwmgr" {}

resource "fwmgr_os_hostname" "gw" {
  name = "demo-gw"
}

resource "fwmgr_os_static_route" "lab" {
  address     = "172.31.0.0"
  mask_length = 16
  type        = "gateway"
  rank        = 20
  comment     = "demo lab network"
  next_hop {
    gateway  = "10.1.1.254"
    priority = "1"
  }
  next_hop {
    gateway  = "10.1.4.254"
    priority = "2"
  }
}

# VLAN 42 on eth2, named eth2.42.
resource "fwmgr_os_vlan_interface" "lab" {
  parent           = "eth2"
  resource_id      = 42
  ipv4_address     = "10.42.0.1"
  ipv4_mask_length = 24
  comments         = "demo lab VLAN"
}

# Read back after the changes, on each cluster member.
data "fwmgr_os_show_hostname" "member" {
  for_each   = toset(["1", "2"])
  member_id  = each.key
  depends_on = [fwmgr_os_hostname.gw]
}

data "fwmgr_os_show_static_routes" "member" {
  for_each   = toset(["1", "2"])
  member_id  = each.key
  depends_on = [fwmgr_os_static_route.lab]
}

data "fwmgr_os_show_vlan_interfaces" "member" {
  for_each   = toset(["1", "2"])
  member_id  = each.key
  parent     = "eth2"
  depends_on = [fwmgr_os_vlan_interface.lab]
}

output "hostnames" {
  value = { for m, d in data.fwmgr_os_show_hostname.member : m => d.name }
}

output "lab_route" {
  value = {
    for m, d in data.fwmgr_os_show_static_routes.member : m => [
      for r in d.objects : "${r.address}/${r.mask_length} via ${join(", ", [for h in r.next_hop : "${h.gateway} (${h.priority})"])}: ${r.comment}"
      if r.address == fwmgr_os_static_route.lab.address && r.mask_length == fwmgr_os_static_route.lab.mask_length
    ]
  }
}

output "lab_vlan" {
  value = {
    for m, d in data.fwmgr_os_show_vlan_interfaces.member : m => [
      for v in d.objects : "${v.name}: ${v.ipv4_address}/${v.ipv4_mask_length} (${v.comments})" if v.name == fwmgr_os_vlan_interface.lab.name
    ]
  }
}

output "static_route_id" {
  value = fwmgr_os_static_route.lab.id
}
