terraform import orch_storage_pool.fast <id>
