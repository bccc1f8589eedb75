import {
  to = orch_ssh_key.operator
  id = "sshkey:<model_uuid>:<fingerprint>"
}
