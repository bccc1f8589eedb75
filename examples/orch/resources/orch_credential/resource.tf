variable "lxd_client_cert" {
  type      = string
  sensitive = true
}

variable "lxd_client_key" {
  type      = string
  sensitive = true
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

  attributes = {
    client-cert = var.lxd_client_cert
    client-key  = var.lxd_client_key
  }
}
