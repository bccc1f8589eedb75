# attribute: location_id
# expect: must be at least 1
data "netfab_partner" "bad" {
  connect_type = "AWS"
  location_id  = 0
}
