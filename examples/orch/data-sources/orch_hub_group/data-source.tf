resource "orch_hub_group" "operators" {
  name = "operators"
}

# A group of the hub by its name.
data "orch_hub_group" "operators" {
  name = orch_hub_group.operators.name
}

output "operators_uuid" {
  value = data.orch_hub_group.operators.uuid
}
