# Secret backends are imported by their name.
terraform import orch_secret_backend.myvault myvault
