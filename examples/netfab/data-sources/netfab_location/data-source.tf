# Look a location up by its numeric id: ids are stable.
data "netfab_location" "by_id" {
  id = 1
}

# Or by its exact name, which may change over time.
data "netfab_location" "by_name" {
  name = "Equinix SY1"
}

output "sydney_mcr_speeds" {
  value = data.netfab_location.by_id.products.mcr_speeds
}
