import {
  to = orch_storage_pool.fast
  id = "<model_uuid>:<pool_name>"
}
