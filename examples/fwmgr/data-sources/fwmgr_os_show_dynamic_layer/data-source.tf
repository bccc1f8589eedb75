# One dynamic access layer: its objects and rulebase.
data "fwmgr_os_show_dynamic_layer" "example" {
  name = "dynamic_layer_1"
}

output "dynamic_layer" {
  value = data.fwmgr_os_show_dynamic_layer.example.rulebase[*].name
}
