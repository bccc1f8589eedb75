import {
  to = orch_hub_access_group.platform
  identity = {
    group_id = "<group_id>"
    access   = "member"
  }
}
