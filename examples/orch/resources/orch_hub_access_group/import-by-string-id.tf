import {
  to = orch_hub_access_group.platform
  id = "<group_id>:member"
}
