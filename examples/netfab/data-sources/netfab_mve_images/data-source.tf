# Release images of one vendor; every set filter must match exactly.
data "netfab_mve_images" "cisco" {
  vendor_filter        = "Cisco"
  product_code_filter  = "c8000v"
  release_image_filter = true
}

output "cisco_images" {
  value = { for img in data.netfab_mve_images.cisco.mve_images : img.version => img.id }
}
