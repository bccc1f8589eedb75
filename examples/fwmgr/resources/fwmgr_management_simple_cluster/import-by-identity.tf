import {
  to = fwmgr_management_simple_cluster.example
  identity = {
    id = "<id>"
  }
}
