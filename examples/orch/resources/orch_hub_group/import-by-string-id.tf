import {
  to = orch_hub_group.developers
  id = "<uuid>"
}
