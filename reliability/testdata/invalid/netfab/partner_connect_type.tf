# attribute: connect_type
# expect: value must be one of
data "netfab_partner" "bad" {
  connect_type = "AWSX"
}
