import {
  to = orch_credential.rack
  identity = {
    name       = "rack-admin"
    cloud_name = "rack"
  }
}

# terraform plan -generate-config-out writes `attributes = null # sensitive`:
# the credential's attributes are sensitive and never written into
# configuration. Replace that line with them, e.g.
#   attributes = { client-cert = var.lxd_client_cert, client-key = var.lxd_client_key }
