# attribute: name
# expect: must start with a letter
data "orch_hub_group" "bad" {
  name = "dev ops"
}
