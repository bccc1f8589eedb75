terraform import orch_access_model.auditors <model_uuid>:<access>
