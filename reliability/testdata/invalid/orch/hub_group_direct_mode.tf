# Hub resources need hub mode; the suite's provider is in direct mode.
# attribute: orch_hub_group
# expect: needs hub mode
resource "orch_hub_group" "bad" {
  name = "devops"
}
