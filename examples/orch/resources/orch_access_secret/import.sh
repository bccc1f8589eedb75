terraform import orch_access_secret.db_password <model_uuid>:<secret_id>
