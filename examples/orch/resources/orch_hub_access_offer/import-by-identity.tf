import {
  to = orch_hub_access_offer.mysql
  identity = {
    offer_url = "ci@serviceaccount/db.mysql"
    access    = "consumer"
  }
}
