# A charm from the machine running Terraform instead of the store: the
# .charm archive (a zip) packed from the charm's source directory beside this
# file, before the plan (`charmcraft pack` packs a real charm):
#
#   (cd hello-web && zip -r ../hello-web.charm .)
#
# The plan checks the archive (its name, base, config options, resources and
# endpoints) and the apply uploads it to the model. A new build uploads it
# again and upgrades the application in place; a charm changed outside
# Terraform is put back by the next apply.
resource "orch_model" "local_charms" {
  name = "local-charms"
}

resource "orch_application" "hello" {
  model_uuid = orch_model.local_charms.uuid
  name       = "hello"

  local_charm {
    name = "hello-web"
    path = "${path.module}/hello-web.charm"
    base = "ubuntu@22.04"
  }

  units = 2

  config = {
    greeting = "hello from a local charm"
    port     = 8080
  }

  endpoint_bindings = [{
    endpoint = "website"
    space    = "alpha"
  }]
}
