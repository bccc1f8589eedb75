data "orch_offer" "mysql" {
  url = "admin/production.mysql"
}
