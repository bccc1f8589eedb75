# Detected IPv4 address conflicts (flip-flops and reused Ethernet addresses).
data "fwmgr_os_show_ip_conflicts" "example" {
  limit = 10
}

output "ip_conflicts" {
  value = data.fwmgr_os_show_ip_conflicts.example.flip_flop
}
