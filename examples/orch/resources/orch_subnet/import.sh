terraform import orch_subnet.development <model_uuid>:<cidr>
