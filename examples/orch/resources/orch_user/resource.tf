variable "user_password" {
  type      = string
  sensitive = true
}

# A user who logs in to the controller with a password; what it may do in
# models and offers comes from orch_access_model and orch_access_offer.
resource "orch_user" "operator" {
  name         = "example-operator"
  display_name = "Example Operator"
  password     = var.user_password
}
