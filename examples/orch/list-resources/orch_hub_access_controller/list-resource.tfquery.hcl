# Who administers the hub.
list "orch_hub_access_controller" "administrators" {
  provider         = orch
  include_resource = true

  config {}
}
