# <model_uuid>:<application>:<endpoint>:<application>:<endpoint>.
# attribute: <endpoint>
# expect: not of the shape
import {
  to = orch_integration.bad
  id = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e:wordpress:db"
}

resource "orch_integration" "bad" {
  model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"

  application {
    name     = "wordpress"
    endpoint = "db"
  }

  application {
    name = "mysql"
  }
}
