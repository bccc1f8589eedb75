import {
  to = orch_subnet.development
  id = "<model_uuid>:<cidr>"
}
