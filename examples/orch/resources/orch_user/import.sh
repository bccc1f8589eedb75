terraform import orch_user.operator user:<name>
