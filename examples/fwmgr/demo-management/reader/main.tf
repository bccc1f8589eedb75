# Reads the demo's group in a session of its own (another provider process,
# another login): what it finds was published by the apply of ../main.tf.
terraform {
  required_providers {
    fwmgr = { source = "iacsuite.example/iacsuite/fwmgr" }
  }
}

provider "fwmgr" {
  context      = "web_api"
  session_name = "demo-reader"
}

data "fwmgr_management_group" "servers" {
  name = "demo-servers"
}

data "fwmgr_management_host" "web" {
  name = "demo-web-1"
}

output "members" {
  value = sort(tolist(data.fwmgr_management_group.servers.members))
}

output "web" {
  value = "${data.fwmgr_management_host.web.name}: ${data.fwmgr_management_host.web.ipv4_address} (${data.fwmgr_management_host.web.color})"
}
