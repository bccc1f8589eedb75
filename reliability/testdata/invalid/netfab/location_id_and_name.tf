# attribute: name
# expect: exactly one of these attributes must be configured
data "netfab_location" "bad" {
  id   = 1
  name = "Equinix SY1"
}
