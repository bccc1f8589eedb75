# The dynamic access layers of a virtual system.
data "fwmgr_os_show_dynamic_layers" "example" {}

output "dynamic_layers" {
  value = data.fwmgr_os_show_dynamic_layers.example.layers[*].name
}
