# Local OS users with their roles and access.
data "fwmgr_os_show_users" "example" {}

output "users" {
  value = data.fwmgr_os_show_users.example.objects[*].name
}
