# Every NAT gateway of the account that is live.
list "netfab_nat_gateway" "live" {
  provider         = netfab
  include_resource = true

  config {
    provisioning_status = "LIVE"
  }
}
