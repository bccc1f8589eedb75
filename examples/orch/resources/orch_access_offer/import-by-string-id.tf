import {
  to = orch_access_offer.mysql
  id = "<offer_url>"
}
