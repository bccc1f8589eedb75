# A controller the hub connects to and places models on.
resource "orch_hub_controller" "east" {
  name           = "east"
  uuid           = var.east_controller_uuid
  api_addresses  = ["10.0.0.5:17070"]
  ca_certificate = file("east-ca.pem")
  username       = "admin"
  password       = var.east_admin_password

  # Remove it from the hub on destroy even while it is available.
  force = true
}

# Models through the hub name the controller that backs them.
resource "orch_model" "workloads" {
  name              = "workloads"
  target_controller = orch_hub_controller.east.name
  cloud {
    name = "localhost"
  }
}
