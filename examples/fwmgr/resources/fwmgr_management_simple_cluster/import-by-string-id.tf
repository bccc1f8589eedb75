import {
  to = fwmgr_management_simple_cluster.example
  id = "<id>"
}
