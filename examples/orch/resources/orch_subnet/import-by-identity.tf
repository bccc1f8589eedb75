import {
  to = orch_subnet.development
  identity = {
    id = "<model_uuid>:<cidr>"
  }
}
