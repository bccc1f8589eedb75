# The internet-exchange connections at one location.
list "netfab_ix" "sydney" {
  provider = netfab

  config {
    location_id = 1
  }
}
