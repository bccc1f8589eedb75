terraform import orch_space.public <model_uuid>:<name>
