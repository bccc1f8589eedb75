# One diagnostics topic of a category (for example disk or memory usage).
data "fwmgr_os_show_diagnostics" "example" {
  category = "os"
  topic    = "memory"
}

output "diagnostics" {
  value = data.fwmgr_os_show_diagnostics.example.objects
}
