resource "orch_model" "network" {
  name = "subnets-data-source"
}

# The subnets of the model's cloud that are still in alpha, by CIDR.
data "orch_subnets" "unassigned" {
  model_uuid = orch_model.network.uuid
  space_name = "alpha"
}

output "unassigned_cidrs" {
  value = keys(data.orch_subnets.unassigned.subnets)
}
