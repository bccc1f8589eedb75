import {
  to = orch_hub_group.developers
  identity = {
    uuid = "<uuid>"
  }
}
