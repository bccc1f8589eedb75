# The banner shown before login (web, SSH and serial), and whether it is shown.
data "fwmgr_os_show_banner" "example" {}

output "banner" {
  value = data.fwmgr_os_show_banner.example.message
}
