variable "lxd_client_cert" {
  type      = string
  sensitive = true
}

# The key is given write-only (Terraform 1.11 and newer): it reaches the
# controller and neither the plan nor the state.
variable "lxd_client_key" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "orch_cloud" "rack" {
  name       = "rack"
  type       = "lxd"
  auth_types = ["certificate"]
  endpoint   = "https://10.0.2.1:8443"
}

resource "orch_credential" "rack" {
  name      = "rack-admin"
  auth_type = "certificate"

  cloud {
    name = orch_cloud.rack.name
  }

  # Increment attributes_wo_version to send new attributes. `attributes`
  # instead keeps them in the state (sensitive).
  attributes_wo = {
    client-cert = var.lxd_client_cert
    client-key  = var.lxd_client_key
  }
  attributes_wo_version = 1
}
