terraform import orch_secret.db_password <model_uuid>:db-password
