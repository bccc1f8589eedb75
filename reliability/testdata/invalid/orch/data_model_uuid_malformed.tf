# attribute: uuid
# expect: invalid uuid
data "orch_model" "bad" {
  uuid = "development"
}
