import {
  to = orch_secret_backend.myvault
  id = "myvault"
}

# The import reads the backend's configuration into config (sensitive);
# terraform plan -generate-config-out (and terraform query) writes
# config = null # sensitive. Replace that line with the configuration, as
# config or, write-only, as config_wo with config_wo_version (the first apply
# then sends config_wo and drops config from the state).
