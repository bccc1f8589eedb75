terraform import orch_application.postgresql <model_uuid>:<name>
