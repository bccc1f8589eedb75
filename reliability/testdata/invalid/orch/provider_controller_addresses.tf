# Format <host>:<port>,<host>:<port>.
# attribute: controller_addresses
# expect: controller addresses
provider "orch" {
  controller_addresses = "localhost"
}

resource "orch_model" "bad" {
  name = "development"
}
