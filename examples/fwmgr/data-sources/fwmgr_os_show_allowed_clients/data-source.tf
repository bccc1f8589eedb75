# The hosts and networks that may connect to the OS's web, API and SSH interfaces, or any host.
data "fwmgr_os_show_allowed_clients" "example" {}

output "allowed_clients" {
  value = data.fwmgr_os_show_allowed_clients.example.allowed_hosts
}
