# attribute: name
# expect: must start with a letter
data "orch_hub_role" "bad" {
  name = "deployer@example.com"
}
