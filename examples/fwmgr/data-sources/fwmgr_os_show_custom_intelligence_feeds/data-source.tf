# Custom threat-intelligence feeds the device downloads.
data "fwmgr_os_show_custom_intelligence_feeds" "example" {}

output "custom_intelligence_feeds" {
  value = data.fwmgr_os_show_custom_intelligence_feeds.example.objects[*].name
}
