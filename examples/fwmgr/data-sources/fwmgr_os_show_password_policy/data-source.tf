# The password policy of local users: strength, history, expiration and lockout, and whether every user must use two-factor authentication.
data "fwmgr_os_show_password_policy" "example" {}

output "password_policy" {
  value = data.fwmgr_os_show_password_policy.example.password_strength
}
