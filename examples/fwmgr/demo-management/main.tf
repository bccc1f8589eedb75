# Manages a few objects of a management server through its management API
# (context = "web_api"): two hosts, a network and a group of them. Every
# change is published before `terraform apply` returns, so another
# administrator's session (./reader) sees them at once. The address and the
# credentials come from FWMGR_SERVER, FWMGR_PORT (`sandbox serve` runs the
# server on 127.0.0.1:18445), FWMGR_USERNAME and FWMGR_PASSWORD.
terraform {
  required_providers {
    fwmgr = { source = "iacsuite.example/iacsuite/fwmgr" }
  }
}

provider "fwmgr" {
  context                 = "web_api"
  session_name            = "demo"
  auto_publish_batch_size = 100
}

resource "fwmgr_management_host" "web" {
  name         = "demo-web-1"
  ipv4_address = "192.0.2.10"
  color        = "blue"
  comments     = "web server of the demo"
}

resource "fwmgr_management_host" "db" {
  name         = "demo-db-1"
  ipv4_address = "192.0.2.20"
  tags         = ["demo"]
}

resource "fwmgr_management_network" "office" {
  name         = "demo-office"
  subnet4      = "198.51.100.0"
  mask_length4 = 24
}

resource "fwmgr_management_group" "servers" {
  name    = "demo-servers"
  members = [fwmgr_management_host.web.name, fwmgr_management_host.db.name, fwmgr_management_network.office.name]
}

output "group" {
  value = "${fwmgr_management_group.servers.name} (${fwmgr_management_group.servers.id})"
}
