# Roles with their features and extended commands.
data "fwmgr_os_show_roles" "example" {}

output "roles" {
  value = data.fwmgr_os_show_roles.example.roles[*].name
}
