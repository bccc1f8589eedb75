# attribute: constraints
# expect: invalid constraints
resource "orch_model" "bad" {
  name        = "development"
  constraints = "cores"
}
