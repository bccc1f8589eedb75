import {
  to = orch_application.postgresql
  identity = {
    model_uuid = "<model_uuid>"
    name       = "<name>"
  }
}

# terraform plan -generate-config-out writes both `units` and `machines` (the
# machines the units run on), which exclude each other: keep the one the
# application is managed by and delete the other line (or set it to null),
# e.g. keep `units = 3` and write
#   machines = null
