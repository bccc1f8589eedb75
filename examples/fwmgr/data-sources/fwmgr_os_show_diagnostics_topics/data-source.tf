# The diagnostics categories and topics, as text.
data "fwmgr_os_show_diagnostics_topics" "example" {}

output "diagnostics_topics" {
  value = data.fwmgr_os_show_diagnostics_topics.example.os
}
