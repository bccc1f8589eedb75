terraform import orch_model.development <model_uuid>
