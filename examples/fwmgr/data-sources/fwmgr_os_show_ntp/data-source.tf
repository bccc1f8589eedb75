# NTP state and time servers.
data "fwmgr_os_show_ntp" "example" {}

output "ntp" {
  value = data.fwmgr_os_show_ntp.example.servers[*].address
}
