# Filtering by site code is no longer supported.
# attribute: site_code
# expect: site_code
data "netfab_location" "bad" {
  site_code = "SY1"
}
