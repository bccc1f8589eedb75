# One dynamic access layer: its objects and rulebase.
data "fwmgr_os_show_dynamic_layer" "example" {
  name = "dyn-web-access"
}

output "dynamic_layer" {
  value = data.fwmgr_os_show_dynamic_layer.example.rulebase[*].name
}
