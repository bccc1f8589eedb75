# The MAAS clouds of the controller.
list "orch_cloud" "maas" {
  provider         = orch
  include_resource = true

  config {
    type = "maas"
  }
}
