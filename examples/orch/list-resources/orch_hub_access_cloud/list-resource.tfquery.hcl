# Who may add models on (can_addmodel) or administer the cloud localhost:
# one result per access level somebody holds.
list "orch_hub_access_cloud" "localhost" {
  provider         = orch
  include_resource = true

  config {
    cloud_name = "localhost"
  }
}

# Who may add models, on every cloud of the hub's available controllers.
list "orch_hub_access_cloud" "can_addmodel" {
  provider = orch

  config {
    access = "can_addmodel"
  }
}
