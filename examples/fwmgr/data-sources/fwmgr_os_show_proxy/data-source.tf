# The HTTP proxy the OS reaches the internet through (address "" and port 0 when none is configured).
data "fwmgr_os_show_proxy" "example" {}

output "proxy" {
  value = data.fwmgr_os_show_proxy.example.address
}
