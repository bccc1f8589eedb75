import {
  to = orch_access_offer.mysql
  identity = {
    offer_url = "<offer_url>"
  }
}
