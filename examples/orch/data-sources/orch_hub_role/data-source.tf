resource "orch_hub_role" "auditors" {
  name = "auditors"
}

# A role of the hub by its name.
data "orch_hub_role" "auditors" {
  name = orch_hub_role.auditors.name
}

output "auditors_uuid" {
  value = data.orch_hub_role.auditors.uuid
}
