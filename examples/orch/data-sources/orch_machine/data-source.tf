resource "orch_model" "build_farm" {
  name = "build-farm"
}

resource "orch_machine" "builder" {
  model_uuid = orch_model.build_farm.uuid
  name       = "builder"
}

data "orch_machine" "builder" {
  model_uuid = orch_model.build_farm.uuid
  machine_id = orch_machine.builder.machine_id
}

output "builder_id" {
  value = data.orch_machine.builder.id
}
