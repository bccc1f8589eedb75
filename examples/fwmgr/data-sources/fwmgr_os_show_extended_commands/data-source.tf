# Extended commands (expert-mode commands made available to roles).
data "fwmgr_os_show_extended_commands" "example" {}

output "extended_commands" {
  value = data.fwmgr_os_show_extended_commands.example.extended_commands[*].name
}
