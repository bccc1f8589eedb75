# A role's name has at most 64 characters.
# attribute: name
# expect: at most 64 characters
resource "orch_hub_role" "bad" {
  name = "deployers-of-every-model-of-every-cloud-of-every-controller-of-the-hub"
}
