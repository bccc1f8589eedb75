import {
  to = orch_access_model.auditors
  id = "<model_uuid>:<access>"
}

# Every user with that level of access is imported; upstream's
# "<model_uuid>:<access>:<user1,user2>" imports only those users.
