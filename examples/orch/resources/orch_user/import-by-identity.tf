import {
  to = orch_user.operator
  identity = {
    name = "<name>"
  }
}
