# The running controllers that the orch CLI knows, with the provider in
# controller mode (controller_mode = true in the .tf files). cloud_credential
# is sensitive and left out of the generated configuration: fill it in for
# each generated orch_controller before the plan.
list "orch_controller" "running" {
  provider         = orch
  include_resource = true

  config {
    orch_binary = "/usr/local/bin/orch"
    status      = "running"
  }
}
