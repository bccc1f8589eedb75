# Controller mode manages Controller resources only.
# attribute: controller_mode
# expect: controller_mode
provider "orch" {
  controller_mode = true
}

resource "orch_model" "bad" {
  name = "development"
}
