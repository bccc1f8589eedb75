terraform import orch_machine.web <model_uuid>:<machine_id>:<name>
# The name part is optional; without it the name is machine-<machine_id>:
#   terraform import orch_machine.web <model_uuid>:<machine_id>
