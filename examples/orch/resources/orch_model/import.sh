terraform import orch_model.development <uuid>
