# The users of the controller but its administrators. The password is not
# read back: add password to each generated orch_user before the plan (the
# first apply sets it).
list "orch_user" "users" {
  provider         = orch
  include_resource = true

  config {
    access = "login"
  }
}
