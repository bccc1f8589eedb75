data "orch_hub_group" "developers" {
  name = "developers"
}

output "developers_uuid" {
  value = data.orch_hub_group.developers.uuid
}
