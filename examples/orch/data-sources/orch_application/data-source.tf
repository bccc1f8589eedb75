resource "orch_model" "inventory" {
  name = "inventory"
}

resource "orch_application" "mysql" {
  model_uuid = orch_model.inventory.uuid
  name       = "mysql"

  charm {
    name = "mysql"
  }
}

data "orch_application" "mysql" {
  model_uuid = orch_model.inventory.uuid
  name       = orch_application.mysql.name
}

output "mysql_machines" {
  value = data.orch_application.mysql.machines
}
