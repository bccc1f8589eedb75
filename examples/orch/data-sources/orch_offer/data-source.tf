data "orch_offer" "mysql" {
  url = "admin/production.mysql"
}

# An offer on another controller, a key of the provider's offering_controllers.
data "orch_offer" "remote_mysql" {
  url                 = "admin/db-model.mysql"
  offering_controller = "db-controller"
}
