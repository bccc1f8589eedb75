import {
  to = orch_offer.mysql
  identity = {
    url = "admin/shop.mysql"
  }
}
