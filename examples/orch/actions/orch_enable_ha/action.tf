resource "orch_controller" "this" {
  name = "my-controller"
  # ...
}

action "orch_enable_ha" "this" {
  config {
    api_addresses = orch_controller.this.api_addresses
    ca_cert       = orch_controller.this.ca_cert
    username      = orch_controller.this.username
    password      = orch_controller.this.password
    units         = 3
  }
}

# Run it with `terraform apply -invoke=action.orch_enable_ha.this`, or after
# the controller is bootstrapped:
#
# resource "orch_controller" "this" {
#   ...
#   lifecycle {
#     action_trigger {
#       events  = [after_create]
#       actions = [action.orch_enable_ha.this]
#     }
#   }
# }
