import {
  to = orch_ssh_key.operator
  identity = {
    id = "<id>"
  }
}
