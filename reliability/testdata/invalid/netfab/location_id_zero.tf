# attribute: id
# expect: must be at least 1
data "netfab_location" "bad" {
  id = 0
}
