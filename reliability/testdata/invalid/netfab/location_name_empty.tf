# attribute: name
# expect: string length must be at least 1
data "netfab_location" "bad" {
  name = ""
}
