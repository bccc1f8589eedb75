# attribute: id_filter
# expect: a number is required
data "netfab_mve_images" "bad" {
  id_filter = "latest"
}
