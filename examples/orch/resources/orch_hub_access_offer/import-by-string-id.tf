import {
  to = orch_hub_access_offer.mysql
  id = "ci@serviceaccount/db.mysql:consumer"
}
