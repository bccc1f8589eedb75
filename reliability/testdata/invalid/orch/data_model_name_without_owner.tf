# attribute: name
# expect: owner
data "orch_model" "bad" {
  name = "development"
}
