# Reads a few things of a device: the cluster, the BGP summary and the first
# BGP peers, and one interface. The address and the credentials come from
# FWMGR_SERVER, FWMGR_PORT (`sandbox serve` runs the device on
# 127.0.0.1:18445), FWMGR_USERNAME and FWMGR_PASSWORD.
terraform {
  required_providers {
    fwmgr = { source = "iacsuite.example/iacsuite/fwmgr" }
  }
}

variable "session_file_name" {
  type        = string
  description = "File that keeps the session between runs."
  default     = "fwmgr-session.json"
}

provider "fwmgr" {
  session_name      = "demo"
  session_file_name = var.session_file_name
}

data "fwmgr_os_show_cluster_members" "this" {}

data "fwmgr_os_show_bgp_summary" "this" {}

data "fwmgr_os_show_bgp_peers" "first" {
  limit = 5
}

data "fwmgr_os_show_interface" "eth1" {
  name = "eth1"
}

output "cluster_members" {
  value = [for m in data.fwmgr_os_show_cluster_members.this.members : "${m.member_id} ${m.hostname}"]
}

output "bgp_as" {
  value = data.fwmgr_os_show_bgp_summary.this.as
}

output "bgp_peers" {
  value = "${data.fwmgr_os_show_bgp_peers.first.total} peers; first: ${join(", ", [for p in data.fwmgr_os_show_bgp_peers.first.objects : "${p.peer} (${p.state})"])}"
}

output "eth1" {
  value = "${data.fwmgr_os_show_interface.eth1.ipv4_address}/${data.fwmgr_os_show_interface.eth1.ipv4_mask_length} (${data.fwmgr_os_show_interface.eth1.type})"
}
