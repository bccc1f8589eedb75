resource "orch_model" "databases" {
  name = "databases"
}

resource "orch_application" "postgresql" {
  model_uuid = orch_model.databases.uuid
  name       = "postgresql"

  charm {
    name    = "postgresql"
    channel = "14/stable"
    base    = "ubuntu@22.04"
  }

  units       = 3
  constraints = "mem=2G"
  trust       = true

  config = {
    plugin_pg_trgm_enable = true
  }

  expose {
    cidrs = "10.0.0.0/8"
  }
}

# On a kubernetes model, the credentials of a private image registry; the
# password given write-only (an ephemeral variable; increment
# password_wo_version to send a new one):
#
#   registry_credentials = {
#     "ghcr.io/example" = {
#       username            = "robot"
#       password_wo         = var.registry_password
#       password_wo_version = 1
#     }
#   }
