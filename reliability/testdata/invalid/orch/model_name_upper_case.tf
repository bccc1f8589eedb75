# attribute: name
# expect: must be lower-case letters
resource "orch_model" "bad" {
  name = "Development"
}
