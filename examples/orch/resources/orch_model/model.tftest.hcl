# `terraform test` / `tofu test`: applies this example against the service
# (the sandbox in the project's tests), checks what the model reports, and
# destroys it.

run "model_is_created_on_its_cloud" {
  command = apply

  assert {
    condition     = orch_model.development.name == "development"
    error_message = "the model keeps the configured name"
  }
  assert {
    condition     = orch_model.development.cloud[0].name == "localhost" && orch_model.development.cloud[0].region == "localhost"
    error_message = "the model is on the configured cloud and region"
  }
  assert {
    condition     = can(regex("^[0-9a-f-]{36}$", orch_model.development.uuid))
    error_message = "the service gives the model a UUID"
  }
}
