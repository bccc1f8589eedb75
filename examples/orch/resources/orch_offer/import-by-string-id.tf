import {
  to = orch_offer.mysql
  id = "admin/shop.mysql"
}
