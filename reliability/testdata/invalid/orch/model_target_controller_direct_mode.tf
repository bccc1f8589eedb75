# target_controller is for hub mode only.
# attribute: target_controller
# expect: needs hub mode
resource "orch_model" "bad" {
  name              = "development"
  target_controller = "ctl-1"
}
