data "netfab_nat_gateway_sessions" "available" {}

# Speed (Mbps) => the session counts allowed at that speed.
output "nat_gateway_sessions" {
  value = { for s in data.netfab_nat_gateway_sessions.available.sessions : tostring(s.speed_mbps) => s.session_count }
}

# The largest session count at 1000 Mbps, for a netfab_nat_gateway's session_count.
output "max_sessions_at_1000_mbps" {
  value = max(one([for s in data.netfab_nat_gateway_sessions.available.sessions : s.session_count if s.speed_mbps == 1000])...)
}
