import {
  to = orch_storage_pool.fast
  identity = {
    id = "<model_uuid>:<pool_name>"
  }
}
