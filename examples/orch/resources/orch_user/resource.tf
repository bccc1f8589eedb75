# The password is an ephemeral variable given write-only: Terraform hands it
# to the provider at apply and keeps it in neither the plan nor the state
# (Terraform 1.11 and newer). Increment password_wo_version to change it.
variable "user_password" {
  type      = string
  sensitive = true
  ephemeral = true
}

# A user who logs in to the controller with a password; what it may do in
# models and offers comes from orch_access_model and orch_access_offer.
resource "orch_user" "operator" {
  name                = "example-operator"
  display_name        = "Example Operator"
  password_wo         = var.user_password
  password_wo_version = 1
}

# The password can instead be kept in the state (sensitive):
#   password = var.user_password
# with a variable that is not ephemeral.
