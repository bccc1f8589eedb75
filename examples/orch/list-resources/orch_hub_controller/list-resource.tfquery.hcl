# The controllers registered in the hub that it can reach (a provider in
# hub mode). The hub never answers the credentials it connects with: in the
# generated configuration, replace `username = null # sensitive` and
# `password = null # sensitive` with the controller's user and password
# before the plan (the first apply records the password).
list "orch_hub_controller" "available" {
  provider         = orch
  include_resource = true

  config {
    status = "available"
  }
}

# The controllers that have the cloud localhost.
list "orch_hub_controller" "localhost" {
  provider = orch

  config {
    cloud = "localhost"
  }
}
