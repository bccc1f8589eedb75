import {
  to = orch_secret_backend.myvault
  identity = {
    name = "myvault"
  }
}
