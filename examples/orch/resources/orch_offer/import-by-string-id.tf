import {
  to = orch_offer.mysql
  id = "admin/development.mysql"
}
