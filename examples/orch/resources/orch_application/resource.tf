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
