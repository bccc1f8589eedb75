# An offer imports by its URL.
# attribute: <owner>/<model>.<offer>
# expect: not of the shape
import {
  to = orch_offer.bad
  id = "mysql"
}

resource "orch_offer" "bad" {
  model_uuid       = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  application_name = "mysql"
  endpoints        = ["mysql"]
}
