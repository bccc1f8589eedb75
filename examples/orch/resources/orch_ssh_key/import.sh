terraform import orch_ssh_key.operator <id>
