# The features that roles grant access to.
data "fwmgr_os_show_features" "example" {}

output "features" {
  value = data.fwmgr_os_show_features.example.features[*].name
}
