# Product version, build, kernel and edition of the OS.
data "fwmgr_os_show_version" "example" {}

output "version" {
  value = data.fwmgr_os_show_version.example.product_version
}
